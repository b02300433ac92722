import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

/** The job page with its Inspection/Repair tab open. */
async function openInspectionTab(page: Page, jobId: string) {
  await page.goto(`/jobs/${jobId}`);
  const tab = page.getByRole('tab', { name: 'Inspection/Repair' });
  if ((await tab.count()) && (await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  await expect(page.getByTestId('inspection-repair-tab')).toBeVisible();
}

const rows = (page: Page) => page.getByTestId('inspection-row');
const repairForm = (page: Page, label: string) => page.getByRole('form', { name: `Repair details of ${label}` });

async function addInspection(
  page: Page,
  fields: { model: string; serial: string; age: string; tonnage: string; unitType: string; systemType: string },
) {
  await page.getByRole('button', { name: 'Add Inspection' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Inspection' });
  await dialog.getByLabel('Model Number').fill(fields.model);
  await dialog.getByLabel('Serial Number').fill(fields.serial);
  await dialog.getByLabel('Age (years)').fill(fields.age);
  await dialog.getByLabel('Tonnage').fill(fields.tonnage);
  await dialog.getByLabel('Unit Type').selectOption(fields.unitType);
  await dialog.getByLabel('System Type').selectOption(fields.systemType);
  await dialog.getByRole('button', { name: 'Save Inspection' }).click();
  return dialog;
}

test.describe('inspections and repairs (job page, Inspection/Repair tab)', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('adds two inspections, completes them, prices both repairs, edits one, and cannot delete a completed inspection', async ({
    signedIn: page,
    f,
  }) => {
    test.slow();
    const job = await f.job({ name: 'E2E inspection job' });
    await openInspectionTab(page, job.id);
    await expect(page.getByText('No inspection data available')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark Complete' })).toBeDisabled();

    // Two inspections; the form refuses an age below 0.
    let dialog = await addInspection(page, {
      model: 'E2E-RTU-48',
      serial: 'SN-A-100',
      age: '12',
      tonnage: '7.5',
      unitType: 'Gas',
      systemType: 'RTU',
    });
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Inspection data saved successfully').first()).toBeVisible();
    dialog = await addInspection(page, {
      model: 'E2E-SPLIT-3',
      serial: 'SN-B-200',
      age: '-1',
      tonnage: '3',
      unitType: 'Electric',
      systemType: 'Split System',
    });
    await expect(dialog.getByText('Age must be 0 or more')).toBeVisible();
    await dialog.getByLabel('Age (years)').fill('4');
    await dialog.getByRole('button', { name: 'Save Inspection' }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(2);
    // newest first
    await expect(rows(page).nth(0)).toContainText('Inspection 2');
    await expect(rows(page).nth(0)).toContainText('E2E-SPLIT-3');
    await expect(rows(page).nth(1)).toContainText('E2E-RTU-48');

    // A photo on the selected (newest) inspection; a file that is not an image is refused.
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: { r: 30, g: 110, b: 190 } },
    })
      .png()
      .toBuffer();
    const input = page.getByTestId('photo-input');
    const addPhotos = page.getByRole('button', { name: 'Add photos to Inspection 2' });
    await addPhotos.focus();
    await input.setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') },
      { name: 'condenser.png', mimeType: 'image/png', buffer: photo },
    ]);
    await expect(page.getByText('notes.txt: The file is not a JPEG, PNG or WebP image')).toBeVisible();
    await expect(page.getByTestId('inspection-photo')).toHaveCount(1);
    await expect(page.getByRole('img', { name: 'Photo 1 of Inspection 2: condenser.png' })).toBeVisible();
    // the keyboard keeps its place while the upload runs
    await expect(addPhotos).toBeFocused();

    // Mark Complete: both completed, each with a repair record.
    const markComplete = page.getByRole('button', { name: 'Mark Complete' });
    await markComplete.press('Enter');
    await expect(page.getByText('2 inspections marked complete; 2 repair forms ready to price')).toBeVisible();
    // now unavailable (nothing left to complete), yet it keeps the keyboard focus
    await expect(markComplete).toBeDisabled();
    await expect(markComplete).toBeFocused();
    await expect(rows(page).filter({ hasText: 'Completed' })).toHaveCount(2);

    // Repair of Inspection 1: Standard Option (the default), the live total and its arithmetic.
    await page.getByRole('button', { name: 'Select Inspection 1' }).click();
    let form = repairForm(page, 'Inspection 1');
    await expect(form.getByLabel('Standard Option', { exact: true })).toBeChecked();
    await form.getByLabel('Standard Option cost').fill('004500');
    await expect(form.getByLabel('Standard Option cost')).toHaveValue('4500');
    await form.getByLabel('Labor', { exact: true }).fill('1200');
    await form.getByLabel('Permit Cost').fill('200');
    await expect(form.getByTestId('repair-total')).toHaveText('$9,833.00');
    await expect(form.getByTestId('why-this-price')).toContainText(
      '$5,900.00 / 0.6 (40% gross margin) = $9,833.3333..., rounded to the whole dollar: $9,833.00',
    );
    await expect(form.getByRole('button', { name: 'Remove accessory 1' })).toHaveCount(0);
    await form.getByRole('button', { name: 'Save Repair Details' }).click();
    await expect(page.getByText('Repair data saved successfully').first()).toBeVisible();
    await expect(page.getByTestId('repair-details').getByTestId('repair-total')).toHaveText('$9,833.00');

    // Repair of Inspection 2: Premium Option and an accessory.
    await page.getByRole('button', { name: 'Select Inspection 2' }).click();
    form = repairForm(page, 'Inspection 2');
    await form.getByLabel('Premium Option', { exact: true }).check();
    await form.getByLabel('Premium Option description').fill('Replace the condenser coil and fan motor');
    await form.getByLabel('Premium Option cost').fill('3000');
    await form.getByLabel('Labor', { exact: true }).fill('600');
    await form.getByRole('button', { name: 'Add Accessory' }).click();
    await form.getByLabel('Accessory 2', { exact: true }).fill('Hail guard');
    await form.getByLabel('Accessory 2 cost').fill('300');
    await expect(form.getByTestId('repair-total')).toHaveText('$6,500.00');
    await form.getByRole('button', { name: 'Save Repair Details' }).click();
    await expect(page.getByTestId('repair-details')).toContainText('Hail guard');

    // Repair Details for All Inspections: each chosen option and total, and the combined total.
    const summary = page.getByTestId('repair-summary');
    await expect(summary.getByTestId('repair-summary-row')).toHaveCount(2);
    await expect(summary.getByTestId('repair-summary-row').nth(0)).toContainText(
      'Premium Option: Replace the condenser coil and fan motor',
    );
    await expect(summary.getByTestId('repair-summary-row').nth(0)).toContainText('$6,500.00');
    await expect(summary.getByTestId('repair-summary-row').nth(1)).toContainText('Standard Option');
    await expect(summary.getByTestId('combined-total')).toHaveText('$16,333.00');

    // Edit a repair: the saved summary turns back into the form with the saved figures.
    await page.getByRole('button', { name: 'Edit Repair Details of Inspection 2' }).click();
    form = repairForm(page, 'Inspection 2');
    // focus follows the toggle, so the keyboard keeps its place
    await expect(form.getByLabel('Needs Crane')).toBeFocused();
    await expect(form.getByLabel('Premium Option cost')).toHaveValue('3000');
    await form.getByLabel('Labor', { exact: true }).fill('900');
    await expect(form.getByTestId('repair-total')).toHaveText('$7,000.00');
    await form.getByRole('button', { name: 'Save Repair Details' }).press('Enter');
    await expect(page.getByRole('button', { name: 'Edit Repair Details of Inspection 2' })).toBeFocused();
    await expect(summary.getByTestId('combined-total')).toHaveText('$16,833.00');

    // Finish Repair Details keeps everything complete and the same totals.
    await summary.getByRole('button', { name: 'Finish Repair Details' }).click();
    await expect(summary.getByTestId('combined-total')).toHaveText('$16,833.00');

    // A completed inspection cannot be deleted: the delete is not offered, and says why.
    const remove = page.getByRole('button', { name: 'Delete Inspection 1' });
    await expect(remove).toHaveAttribute('aria-disabled', 'true');
    await expect(remove).toHaveAccessibleDescription('A completed inspection cannot be deleted');
    // aria-disabled keeps it focusable: Enter and a click (Playwright waits for enabled, so dispatched) ask nothing.
    await remove.focus();
    await page.keyboard.press('Enter');
    await remove.dispatchEvent('click');
    await expect(page.getByRole('alertdialog', { name: 'Delete inspection?' })).toHaveCount(0);
    await expect(rows(page)).toHaveCount(2);
  });
});
