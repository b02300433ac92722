/**
 * The agreements' reports (issue 29 items 4 and 6, decision 053): an agreement made in the UI, its
 * visit generated, scheduled on the dispatch board from the keyboard and completed; the
 * agreement's Pull-through card counts it. Then the renewals, the pull-through report, the
 * generator's runs and Home's agreement cards, axe-checked, with screenshots at 1024x768 and
 * 768x1024 in test-results/agreement-reports-*.png.
 */
import { eq } from 'drizzle-orm';
import { dateInZone } from '../../src/domain/dates.js';
import { jobs } from '../../src/server/db/schema.js';
import { agreementPayload } from '../support/agreements.js';
import { chooseOption, expect, expectAccessible, tabTo, test } from './fixtures';

function visitDay(): string {
  const day = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', day: 'numeric' }).format(new Date()),
  );
  return String(Math.min(day, 28));
}

test.describe('agreement reports', () => {
  test.describe.configure({ timeout: 180_000 });

  test("generate a visit, schedule it on the board, complete it: the agreement's figures change", async ({
    signedIn: page,
    f,
    server,
  }, testInfo) => {
    const company = await f.company({ name: 'Quill Plaza' });
    const location = await f.location({ companyId: company.id, name: 'Quill East' });
    await f.unit({ locationId: location.id, unitNumber: 'QP-RTU-1' });
    await f.technician({ user: { firstName: 'Pia', lastName: 'Pullthrough' } });
    const shot = async (name: string) => {
      for (const [w, h] of [
        [1024, 768],
        [768, 1024],
      ] as const) {
        await page.setViewportSize({ width: w, height: h });
        await page.screenshot({ path: testInfo.outputPath(`agreement-reports-${name}-${w}.png`), fullPage: true });
      }
      await page.setViewportSize({ width: 1024, height: 768 });
    };

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/agreements/create');
    await page.getByLabel('Agreement Name').fill('Quill Monthly PM');
    await page.getByLabel('Company').focus();
    await page.keyboard.type('Quill');
    await chooseOption(page, page.getByRole('option', { name: /Quill Plaza/ }));
    await expect(page.getByRole('checkbox', { name: 'QP-RTU-1' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('checkbox', { name: 'QP-RTU-1' }).check();
    await page.getByRole('combobox', { name: 'Visits', exact: true }).selectOption('monthly');
    await page.getByLabel('Day of the Month (1 to 28)').fill(visitDay());
    await page.getByLabel('Price ($)').fill('1800.00');
    await page.getByRole('button', { name: 'Create Agreement' }).click();
    await expect(page.getByRole('heading', { name: 'Quill Monthly PM', level: 1 })).toBeVisible();
    const agreementUrl = page.url();

    await page.getByRole('button', { name: 'Generate visits now' }).click();
    await expect(page.getByText(/became (a job|jobs)|No new visits were due/)).toBeVisible();
    const visitsDone = page.getByText(/^\d+ of \d+$/).first();
    // Planned to date depends on today's date against the visit day; the done count is what moves.
    await expect(visitsDone).toHaveText(/^0 of \d+$/);
    await expect(page.getByText('Repair revenue')).toBeVisible();
    await expect(page.getByText('Profit', { exact: true })).toBeVisible();
    await expectAccessible(page, 'the agreement with its pull-through');
    await shot('detail');

    // The visit's job on the dispatch board, scheduled from the keyboard.
    const jobLink = page
      .getByTestId('visit-row')
      .first()
      .getByRole('link', { name: /Job #\d+/ });
    const jobNumber = (await jobLink.textContent())!.replace(/\D/g, '');
    // The board's tray shows this month's unscheduled jobs: the visit may fall next month (its day
    // is at most the 28th), so its window is moved to today first.
    const today = dateInZone(new Date(), 'America/New_York');
    await server.db
      .update(jobs)
      .set({ timePeriodStart: today, timePeriodDue: today })
      .where(eq(jobs.number, Number(jobNumber)));
    await page.goto('/jobs/dispatch');
    const schedule = page.getByRole('button', { name: new RegExp(`Reschedule Job #${jobNumber}\\b`) });
    await schedule.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Reschedule Job #${jobNumber}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Technician').selectOption({ label: 'Pia Pullthrough' });
    await dialog.getByLabel('Start Time').fill('09:00');
    await dialog.getByLabel('Start Time').press('Enter');
    const confirm = page.getByRole('alertdialog');
    if (await confirm.isVisible().catch(() => false)) await confirm.getByRole('button').first().click();
    await expect(page.getByText(new RegExp(`Job #${jobNumber} scheduled`))).toBeVisible();

    // Completed on its job page.
    await page.goto(agreementUrl);
    await page
      .getByTestId('visit-row')
      .first()
      .getByRole('link', { name: /Job #\d+/ })
      .click();
    await page.getByRole('button', { name: 'Complete Job' }).click();
    await page
      .getByRole('alertdialog', { name: `Complete Job #${jobNumber}?` })
      .getByRole('button', { name: 'Complete Job' })
      .click();
    await expect(page.getByText(/Completed/).first()).toBeVisible();

    // The agreement counts it.
    await page.goto(agreementUrl);
    await expect(page.getByText(/^\d+ of \d+$/).first()).toHaveText(/^1 of \d+$/);
    await expect(page.getByTestId('visit-row').first()).toContainText('Completed');

    // The report lists it with its visit done; sorted by profit, from the header.
    await page.goto('/agreements');
    await page.getByRole('link', { name: 'Pull-through' }).click();
    await expect(page.getByRole('heading', { name: 'Agreement Pull-through', level: 1 })).toBeVisible();
    await page
      .getByRole('button', { name: /^Profit/ })
      .first()
      .click();
    await expect(page).toHaveURL(/sort=profit/);
    await expect(page.getByTestId('report-row').filter({ hasText: 'Quill Monthly PM' })).toContainText(/1 of \d+/);
    await shot('report');

    // Renewals: the 60/90 switch by keyboard.
    await page.goto('/agreements');
    await page.getByRole('link', { name: 'Renewals' }).click();
    await expect(page.getByRole('heading', { name: 'Renewals', level: 1 })).toBeVisible();
    await page.getByRole('radio', { name: '90 days' }).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/days=90/);
    await expectAccessible(page, 'renewals');
    await shot('renewals');

    // The generator's runs, newest first, with Run now.
    await page.goto('/agreements');
    await page.getByRole('link', { name: 'Generator runs' }).click();
    await expect(page.getByRole('heading', { name: 'Visit Generator Runs', level: 1 })).toBeVisible();
    await expect(page.getByTestId('run-row').first()).toContainText(/Run now|Schedule/);
    await page.getByRole('button', { name: 'Generate visits now' }).click();
    await expect(page.getByText(/became (a job|jobs)|No new visits were due/)).toBeVisible();
    await expectAccessible(page, 'generator runs');
    await shot('runs');

    // Home's agreement cards open their lists.
    await page.goto('/');
    await expect(page.getByTestId('count-Agreements Renewing in 60 Days')).not.toHaveText('–');
    await shot('home');
    await page.getByRole('link', { name: /Visits Due This Month Not Scheduled/ }).click();
    await expect(page.getByRole('heading', { name: 'Visits Due This Month, Not Scheduled', level: 1 })).toBeVisible();
    await expectAccessible(page, 'visits due');
    await shot('visits-due');
  });

  test('the reports by keyboard alone: filter, sort, details, export, renew, months', async ({ signedIn: page, f }) => {
    const company = await f.company({ name: 'Keyes Tower' });
    const location = await f.location({ companyId: company.id, name: 'Keyes North' });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'KT-RTU-1' });
    // A term that ends in 30 days: it is on the renewals list.
    const day = (offset: number) => dateInZone(new Date(Date.now() + offset * 86_400_000), 'America/New_York');
    const created = await page.request.post('/api/agreements', {
      data: agreementPayload(
        { companyId: company.id, unitIds: [unit.id], technicianId: null },
        { name: 'Keyes Quarterly PM', startDate: day(-335), endDate: day(30), price: '2400.00', escalatorPercent: '3' },
      ),
    });
    expect(created.status()).toBe(201);

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/agreements');
    await tabTo(page, page.getByRole('link', { name: 'Pull-through' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Agreement Pull-through', level: 1 })).toBeVisible();

    // The company filter: typed, chosen with the arrows.
    await tabTo(page, page.getByRole('combobox', { name: 'Company' }));
    await page.keyboard.type('Keyes');
    await chooseOption(page, page.getByRole('option', { name: 'Keyes Tower' }));
    await expect(page).toHaveURL(new RegExp(`companyId=${company.id}`));
    const rows = page.getByTestId('report-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Keyes Quarterly PM');

    // Sorted by profit from its header, then the row's folded figures.
    await tabTo(page, page.getByRole('button', { name: /^Profit/ }).first());
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=profit/);
    const details = page.getByRole('button', { name: 'Details of agreement Keyes Quarterly PM' });
    await tabTo(page, details);
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('aria-expanded', 'true');

    // The export, of what is shown.
    await tabTo(page, page.getByRole('link', { name: 'Export to Spreadsheet' }));
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toMatch(/\.xlsx$/);
    await expectAccessible(page, 'the report by keyboard');

    // Renewals: 90 days by the arrow keys, then Renew opens the agreement's renew dialog.
    await page.goto('/agreements/renewals');
    await tabTo(page, page.getByRole('radio', { name: '60 days' }));
    await page.keyboard.press('ArrowRight');
    await expect(page).toHaveURL(/days=90/);
    await tabTo(page, page.getByRole('link', { name: 'Renew Keyes Quarterly PM' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toBeHidden();

    // Deferred revenue: the months are typed.
    await page.goto('/agreements/deferred-revenue');
    await tabTo(page, page.getByLabel('From Month'));
    await expect(page.getByLabel('From Month')).toBeFocused();
    await tabTo(page, page.getByLabel('To Month'), 4);

    // Visits due: on to the dispatch board.
    await page.goto('/agreements/visits-due');
    await tabTo(page, page.getByRole('link', { name: 'Open the dispatch board' }));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/jobs\/dispatch/);
  });
});
