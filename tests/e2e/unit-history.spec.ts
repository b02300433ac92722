import { expect, tabTo, test } from './fixtures';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

/**
 * Unit history across visits (issue 29, item 5): a unit with two past visits shows them on its
 * page, the next job shows the repair the first visit found and nobody sold, and the technician's
 * office marks it resolved there, by keyboard; the unit page then says who resolved it and why.
 */
test.describe('unit history across visits', () => {
  test('two past visits on the unit page, the open recommendation on the next job, marked resolved', async ({
    signedIn: page,
    f,
  }, testInfo) => {
    const company = await f.company({ name: 'History Foods Inc' });
    const location = await f.location({ companyId: company.id, name: 'History Plant' });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'HIST-RTU-7' });
    const visit = (name: string, days: number, status: 'completed' | 'unscheduled') =>
      f.job({
        locationId: location.id,
        unitId: unit.id,
        name,
        status,
        createdAt: daysAgo(days),
        ...(status === 'completed' ? { completedAt: daysAgo(days - 1) } : {}),
      });
    const spring = await visit('Spring PM visit', 200, 'completed');
    const fall = await visit('Fall PM visit', 60, 'completed');
    const springInspection = await f.inspection(spring.id, {
      completed: true,
      modelNumber: '48TC-D08',
      serialNumber: 'SN-HIST-1',
      age: 14,
      tonnage: '7.5',
      systemType: 'RTU',
      unitType: 'Gas',
      createdAt: daysAgo(200),
    });
    await f.repair(
      { jobId: spring.id, inspectionId: springInspection.id },
      {
        phase1Description: 'Replace condenser fan motor',
        phase1Cost: '900.00',
        phase2Description: 'Replace compressor',
        phase2Cost: '4500.00',
        phase3Description: 'Replace the RTU',
        phase3Cost: '11000.00',
        selectedPhase: 'phase2',
        totalCost: '5200.00',
        createdAt: daysAgo(200),
        accessories: [],
        additionalItems: [],
      },
    );
    await f.inspection(fall.id, { completed: true, modelNumber: '48TC-D08', age: 14, createdAt: daysAgo(60) });
    const next = await visit('Winter PM visit', 1, 'unscheduled');

    // The unit page: both past visits (and the next one), newest first, with the repair found.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/units/${unit.id}`);
    await expect(page.getByRole('heading', { name: 'Unit HIST-RTU-7' })).toBeVisible();
    const visits = page.getByTestId('unit-visit');
    await expect(visits).toHaveCount(3);
    await expect(visits.nth(0)).toContainText('Winter PM visit');
    await expect(visits.nth(1)).toContainText('Fall PM visit');
    await expect(visits.nth(2)).toContainText('Spring PM visit');
    await expect(visits.nth(2)).toContainText('RTU · Gas · 7.5 tons · 14 years · Model 48TC-D08 · Serial SN-HIST-1');
    await expect(visits.nth(2)).toContainText('Replace compressor');
    await expect(visits.nth(2)).toContainText('$4,500.00');
    await expect(visits.nth(2)).toContainText('Not yet quoted');
    await expect(visits.nth(1)).toContainText('No repair options recorded.');
    const deficiency = page.getByTestId('unit-deficiency');
    await expect(deficiency).toHaveCount(1);
    await expect(deficiency).toContainText('Not yet quoted');
    await page.getByRole('heading', { name: /Service History/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('unit-history-1024.png'), fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: testInfo.outputPath('unit-history-768.png'), fullPage: true });

    // The next job shows it to the technician.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/jobs/${next.id}`);
    const tab = page.getByRole('tab', { name: 'Inspection/Repair' });
    if ((await tab.count()) && (await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
    const card = page.getByTestId('earlier-recommendations');
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { name: 'Open recommendations from earlier visits (1)' })).toBeVisible();
    await expect(card).toContainText('Standard Option: Replace compressor (job #' + spring.number + ')');
    await expect(card).toContainText('$5,200.00');
    await expect(card).toContainText('Model 48TC-D08');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('job-recommendations-1024.png'), fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: testInfo.outputPath('job-recommendations-768.png'), fullPage: true });

    // Mark resolved, by keyboard: a reason is required.
    const resolveButton = card.getByRole('button', { name: /^Mark resolved:/ });
    await resolveButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mark Resolved' });
    await expect(dialog).toBeVisible();
    await tabTo(page, dialog.getByRole('button', { name: 'Mark Resolved' }), 12);
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('A reason is required')).toBeVisible();
    await dialog.getByLabel('Reason').focus();
    await page.keyboard.type('Compressor replaced under the manufacturer warranty');
    await tabTo(page, dialog.getByRole('button', { name: 'Mark Resolved' }), 12);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Recommendation marked resolved').first()).toBeVisible();
    await expect(card).toBeHidden();

    // The unit page says who resolved it, when and why; nothing is open any more.
    await page.goto(`/units/${unit.id}`);
    await expect(deficiency).toContainText('Resolved');
    await expect(deficiency.getByTestId('repair-resolution')).toContainText(
      'Compressor replaced under the manufacturer warranty',
    );
    await expect(deficiency.getByRole('button', { name: /^Mark resolved/ })).toHaveCount(0);
  });
});
