import { expect, tabTo, test } from './fixtures';

/**
 * Service Opportunities (issue 28): the office finds the unsold work of one company, sets a
 * follow-up, dismisses a row with a reason and brings it back, by keyboard alone.
 */
test.describe('Service Opportunities', () => {
  test('filters to a company, sets a follow-up, dismisses and restores, by keyboard', async ({ signedIn: page, f }) => {
    const company = await f.company({ name: 'Keyboard Opportunity Co' });
    const location = await f.location({ companyId: company.id, name: 'Keyboard Plant' });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'KB-1' });
    const job = await f.job({ locationId: location.id, unitId: unit.id, name: 'Keyboard repair job' });
    const inspection = await f.inspection(job.id, { age: 4, createdAt: new Date(Date.now() - 3 * 86_400_000) });
    const repair = await f.repair(
      { jobId: job.id, inspectionId: inspection.id },
      { totalCost: '2468.00', createdAt: new Date(Date.now() - 3 * 86_400_000) },
    );

    await page.goto('/jobs/opportunities');
    await expect(page.getByRole('heading', { name: 'Service Opportunities', level: 1 })).toBeVisible();
    await expect(page.getByTestId('total-unquoted_repair')).toContainText(/\d/);

    // Company: type, pick the suggestion with the keyboard
    const picker = page.getByRole('combobox', { name: 'Company' });
    await picker.focus();
    await page.keyboard.type('Keyboard Opp');
    await expect(page.getByRole('option', { name: 'Keyboard Opportunity Co' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/companyId=/);
    const row = page.getByTestId(`opportunity-unquoted_repair-${repair.id}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Repair not quoted');
    await expect(row).toContainText('$2,468.00');
    await expect(row).toContainText('3 days');
    await expect(page.getByTestId('total-unquoted_repair')).toContainText('1');
    await expect(page.getByTestId('total-unquoted_repair')).toContainText('$2,468.00');
    await expect(page.getByRole('link', { name: /Send Quote: job/ })).toHaveAttribute('href', `/jobs/${job.id}#quotes`);

    // Set follow-up: open by keyboard, type the date and a note, save
    await page.getByRole('button', { name: /^Set follow-up:/ }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Set Follow-up' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Follow up on').focus();
    await page.keyboard.type('01152031');
    await tabTo(page, dialog.getByLabel('Note'), 12);
    await page.keyboard.type('Call the facilities manager');
    await tabTo(page, dialog.getByRole('button', { name: 'Save Follow-up' }), 12);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('1/15/2031');
    await expect(row).toContainText('Call the facilities manager');
    await expect(page.getByRole('button', { name: /^Set follow-up:/ })).toBeFocused();

    // Dismiss: a reason is required
    await page.getByRole('button', { name: /^Dismiss:/ }).focus();
    await page.keyboard.press('Enter');
    const dismiss = page.getByRole('dialog', { name: 'Dismiss Opportunity' });
    await dismiss.getByRole('button', { name: 'Dismiss' }).focus();
    await page.keyboard.press('Enter');
    await expect(dismiss.getByText('A reason is required')).toBeVisible();
    await dismiss.getByLabel('Reason').focus();
    await page.keyboard.type('Customer is selling the building');
    await tabTo(page, dismiss.getByRole('button', { name: 'Dismiss' }), 12);
    await page.keyboard.press('Enter');
    await expect(dismiss).toBeHidden();
    await expect(row).toBeHidden();
    await expect(page.getByText('No service opportunities found.')).toBeVisible();

    // Show dismissed brings it back, with its reason; Restore returns it to the list
    await page.getByLabel('Show dismissed').focus();
    await page.keyboard.press('Space');
    await expect(row).toBeVisible();
    await expect(row).toContainText('Customer is selling the building');
    await page.getByRole('button', { name: /^Restore:/ }).focus();
    await page.keyboard.press('Enter');
    await expect(row).toBeHidden();
    await page.getByLabel('Show dismissed').focus();
    await page.keyboard.press('Space');
    await expect(row).toBeVisible();

    // Send Quote opens the job's Quotes card, in view and focused
    await page.getByRole('link', { name: /Send Quote: job/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/jobs/${job.id}#quotes$`));
    await expect(page.locator('#quotes')).toBeFocused();
    await expect(page.locator('#quotes').getByRole('tab', { name: 'Repair Quote' })).toBeVisible();
  });

  test('a replacement candidate offers a new job for its unit', async ({ signedIn: page, f }) => {
    const company = await f.company({ name: 'Old Units Holdings' });
    const location = await f.location({ companyId: company.id });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'OLD-99' });
    const job = await f.job({ locationId: location.id, unitId: unit.id });
    await f.inspection(job.id, { age: 24, createdAt: new Date() });

    await page.goto(`/jobs/opportunities?companyId=${company.id}&companyName=Old+Units+Holdings&kind=replacement`);
    const row = page.getByTestId(`opportunity-replacement-${unit.id}`);
    await expect(row).toContainText('24 years old');
    await expect(row).toContainText('Not priced');
    await page.getByRole('link', { name: 'Create job for unit OLD-99' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/jobs/create\\?unitId=${unit.id}`));
  });
});
