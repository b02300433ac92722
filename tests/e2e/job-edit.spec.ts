/**
 * Edit Job (issue 26): from the job page by keyboard, the Create Job form prefilled, the same
 * messages, the warnings that do not block, the history on the job page, and a completed job
 * whose fields are disabled but whose notes still save. Screenshots at 1024x768 and 768x1024
 * go to test-results/job-edit-*.png for a person to look at.
 */
import { expect, expectAccessible, test } from './fixtures';

test.describe('edit job', () => {
  test.describe.configure({ timeout: 120_000 });

  test('edit by keyboard: prefilled, same messages, warnings, then the history on the job page', async ({
    signedIn: page,
    f,
  }) => {
    const company = await f.company({ name: 'Larkspur Commons' });
    const location = await f.location({ companyId: company.id, name: 'Larkspur Plaza', address: '40 Larkspur Rd' });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'LK-RTU-1' });
    await f.unit({ locationId: location.id, unitNumber: 'LK-OLD-2', status: 'inactive' });
    const job = await f.job({
      locationId: location.id,
      unitId: unit.id,
      name: 'Larkspur spring PM',
      description: 'Quarterly maintenance',
      serviceLine: 'HVACGEN',
      timePeriodStart: '2026-03-10',
      timePeriodDue: '2026-03-20',
      status: 'unscheduled',
      scheduleStart: null,
    });

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByRole('heading', { name: `Job #${job.number}` })).toBeVisible();
    await expect(page.getByText('No changes recorded yet')).toBeVisible();

    // Keyboard only: reach Edit Job and open it.
    const edit = page.getByRole('link', { name: 'Edit Job' });
    await edit.focus();
    await expect(edit).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Edit Job #${job.number}` })).toBeVisible();

    // Prefilled with the job.
    await expect(page.getByTestId('picker-selected')).toContainText('Larkspur Commons');
    await expect(page.getByLabel('Service Location')).toHaveValue(location.id);
    await expect(page.getByLabel('Unit', { exact: true })).toHaveValue(unit.id);
    await expect(page.getByLabel('Job Name')).toHaveValue('Larkspur spring PM');
    await expect(page.getByLabel('Due Date')).toHaveValue('2026-03-20');
    await expect(page.getByText('Technicians are changed on the job page (Assign Technicians).')).toBeVisible();

    // The Create Job messages.
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
    await expect(page.getByText('Description is required')).toBeVisible();

    // Warnings as one types, never blocking.
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Quarterly maintenance, east roof');
    await page.getByLabel('Job Name').fill('Larkspur spring PM (east)');
    await page.getByLabel('Unit', { exact: true }).selectOption({ label: 'LK-OLD-2' });
    await page.getByLabel('Schedule Date').fill('2026-03-25');
    await page.getByLabel('Schedule Time').fill('09:30');
    const warnings = page.getByTestId('job-form-warnings');
    await expect(warnings).toContainText('Unit LK-OLD-2 is inactive.');
    await expect(warnings).toContainText('The schedule date is after the due date.');
    await page.getByLabel('Notes').fill('Call ahead: loading dock');
    await expectAccessible(page, 'edit job form with warnings');
    await page.screenshot({ path: 'test-results/job-edit-form-1024x768.png', fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: 'test-results/job-edit-form-768x1024.png', fullPage: true });
    await page.setViewportSize({ width: 1024, height: 768 });

    // Save from the keyboard.
    await page.getByRole('button', { name: 'Save Changes' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `Job #${job.number}` })).toBeVisible();
    await expect(page.getByText('Job saved')).toBeVisible();

    // The history: who, when (labelled with the zone), old -> new with names, not ids.
    const history = page.getByRole('list', { name: 'Job history' });
    await expect(history).toContainText('Job Name:');
    await expect(history).toContainText('Larkspur spring PM (east)');
    await expect(history).toContainText('Unit:');
    await expect(history).toContainText('LK-RTU-1');
    await expect(history).toContainText('LK-OLD-2');
    await expect(history).toContainText('Status:');
    await expect(history).toContainText(/E[SD]T/);
    await expect(history).not.toContainText(unit.id);
    await expect(page.getByText('Call ahead: loading dock').first()).toBeVisible();
    await expectAccessible(page, 'job page with history');
    await page.screenshot({ path: 'test-results/job-edit-history-1024x768.png', fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: 'test-results/job-edit-history-768x1024.png', fullPage: true });
  });

  test('a completed job: fields disabled with why, notes still save', async ({ signedIn: page, f }) => {
    const job = await f.job({
      name: 'Finished rooftop service',
      status: 'completed',
      completedAt: new Date('2026-03-01T15:00:00Z'),
      serviceLine: 'HVACGEN',
    });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/jobs/${job.id}/edit`);
    await expect(page.getByText('This job is completed: its details are kept as they were.')).toBeVisible();
    await expect(page.getByLabel('Job Name')).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Description', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
    await page.getByLabel('Notes').fill('Customer confirmed all good');
    await expectAccessible(page, 'completed job edit');
    await page.screenshot({ path: 'test-results/job-edit-completed-768x1024.png', fullPage: true });
    await page.getByRole('button', { name: 'Save Notes' }).click();
    await expect(page.getByRole('heading', { name: `Job #${job.number}` })).toBeVisible();
    const history = page.getByRole('list', { name: 'Job history' });
    await expect(history).toContainText('Notes:');
    await expect(history).toContainText('Customer confirmed all good');
  });
});
