import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';

const table = (page: Page) => page.getByRole('table', { name: 'Item prices' });
const rows = (page: Page) => table(page).locator('tbody tr');

test.describe('price book (/item-prices)', () => {
  test('adds a part, labor and an item; the part shows its price live; search and filters find them', async ({
    signedIn: page,
  }) => {
    await page.goto('/item-prices');
    await expect(page.getByRole('heading', { name: 'Service', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
    for (const header of ['Type', 'Code', 'Item', 'Service Line', 'Unit Cost', 'Details', 'Actions']) {
      await expect(table(page).getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }

    // Part: the figures follow the inputs, with the formula spelled out.
    await page.getByRole('button', { name: 'Add Service Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Service Item' });
    await expect(dialog.getByRole('tab', { name: 'Part' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByLabel('Service Line')).toHaveValue('HVACGEN');
    await expect(dialog.getByLabel('Labor Rate (per hour)')).toHaveValue('60');
    await expect(dialog.getByLabel('Truck Fee')).toHaveValue('10');
    await expect(dialog.getByLabel('Roof Access Fee', { exact: true })).toHaveValue('75');
    await dialog.getByLabel('Code').fill('PBK-PART-1');
    await dialog.getByLabel('Name').fill('E2E condenser fan motor');
    await dialog.getByLabel('Parts Cost').fill('100');
    await expect(dialog.getByLabel('Total Base Cost', { exact: true })).toHaveText('$170.00');
    await dialog.getByLabel('Include roof access fee').check();
    await expect(dialog.getByLabel('Total Base Cost', { exact: true })).toHaveText('$245.00');
    await expect(dialog.getByLabel('Flat Rate (Non-Contract)')).toHaveText('$331.00');
    await expect(dialog.getByLabel('Flat Rate (PM Contract)')).toHaveText('$298.00');
    await expect(dialog.getByLabel('Unit Cost', { exact: true })).toHaveText('$331.00');
    await expect(dialog.getByTestId('why-this-price')).toContainText(
      'Non-contract flat rate = $245.00 x 1.35 = $330.75, rounded to $331.00',
    );
    await dialog.getByLabel('Complexity Multiplier').fill('0.05');
    await dialog.getByRole('button', { name: 'Add Part' }).click();
    await expect(dialog.getByText('Complexity must be at least 0.1')).toBeVisible();
    await dialog.getByLabel('Complexity Multiplier').fill('1');
    await dialog.getByRole('button', { name: 'Add Part' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Price item added')).toBeVisible();

    // Labor: the add rules, then a good one.
    await page.getByRole('button', { name: 'Add Service Item' }).click();
    await dialog.getByRole('tab', { name: 'Labor' }).click();
    await dialog.getByRole('button', { name: 'Add Labor' }).click();
    await expect(dialog.getByText('Code is required')).toBeVisible();
    await expect(dialog.getByText('Name is required')).toBeVisible();
    await expect(dialog.getByText('Unit cost is required')).toBeVisible();
    await dialog.getByLabel('Code').fill('PBK-LAB-1');
    await dialog.getByLabel('Name').fill('E2E rooftop labor');
    await dialog.getByLabel('Unit Cost').fill('0');
    await dialog.getByLabel('Duration (hours)').fill('0.05');
    await dialog.getByRole('button', { name: 'Add Labor' }).click();
    await expect(dialog.getByText('Unit cost must be greater than 0')).toBeVisible();
    await expect(dialog.getByText('Duration must be at least 0.1 hours')).toBeVisible();
    await dialog.getByLabel('Unit Cost').fill('95');
    await dialog.getByLabel('Duration (hours)').fill('1.5');
    await dialog.getByRole('button', { name: 'Add Labor' }).click();
    await expect(dialog).toBeHidden();

    // Item on another service line; a duplicate code is refused at the field.
    await page.getByRole('button', { name: 'Add Service Item' }).click();
    await dialog.getByRole('tab', { name: 'Item' }).click();
    await dialog.getByLabel('Code').fill('itm-trip');
    await dialog.getByLabel('Name').fill('E2E trip');
    await dialog.getByLabel('Unit Cost').fill('12.5');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog.getByText('An item with the code ITM-TRIP already exists')).toBeVisible();
    await dialog.getByLabel('Code').fill('PBK-ITEM-1');
    await dialog.getByLabel('Category').fill('');
    await dialog.getByLabel('Service Line').selectOption('REFR');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await expect(dialog).toBeHidden();

    // Search, type and service line filters (in the URL). The codes start with PBK- so that items other
    // specs add to this worker's database (E2E-JOB-COIL...) never match the search.
    await page.getByLabel('Search items').fill('pbk-');
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).nth(0)).toContainText('PBK-ITEM-1');
    await expect(rows(page).nth(0)).toContainText('Category: General');
    await expect(rows(page).nth(0)).toContainText('Refrigeration');
    await expect(rows(page).nth(1)).toContainText('Skill: Standard');
    await expect(rows(page).nth(1)).toContainText('Duration: 1.5 h');
    await expect(rows(page).nth(2)).toContainText('Parts cost: $100.00');
    await expect(rows(page).nth(2)).toContainText('Est. hours: 1.0');
    await expect(rows(page).nth(2)).toContainText('$331.00');
    await expect(page).toHaveURL(/q=pbk-/);

    await page.getByLabel('Type').selectOption('part');
    await expect(page).toHaveURL(/type=part/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('PBK-PART-1');
    await page.getByLabel('Type').selectOption('');
    await page.getByLabel('Service line').selectOption('REFR');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText('PBK-ITEM-1');

    await page.getByLabel('Search items').fill('no-such-price-anywhere');
    await expect(page.getByText('No items found. Try adjusting your filters or add a new item.')).toBeVisible();

    // The filters survive a reload.
    await page.getByLabel('Search items').fill('PBK-LAB');
    await page.getByLabel('Service line').selectOption('');
    await expect(rows(page)).toHaveCount(1);
    await page.reload();
    await expect(page.getByLabel('Search items')).toHaveValue('PBK-LAB');
    await expect(rows(page)).toHaveCount(1);
  });

  test('edits a price (code read-only, Save disabled without a name or price) and deletes it', async ({
    signedIn: page,
    f,
  }) => {
    await f.laborPrice({ code: 'E2E-EDIT-1', name: 'E2E labor to edit', unitCost: '80.00' });
    await page.goto('/item-prices?q=E2E-EDIT-1');
    await page.getByRole('button', { name: 'Edit E2E-EDIT-1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Item Price' });
    await expect(dialog.getByLabel('Code')).toHaveValue('E2E-EDIT-1');
    await expect(dialog.getByLabel('Code')).toHaveAttribute('readonly', '');
    await expect(dialog.getByText('Item code cannot be changed')).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save Changes' });
    await dialog.getByLabel('Name').fill('');
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Name').fill('E2E labor edited');
    await expect(save).toBeEnabled();
    await dialog.getByLabel('Unit Cost').fill('0');
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Unit Cost').fill('120');
    await dialog.getByLabel('Skill Level').selectOption('senior');
    await dialog.getByLabel('Description').fill('Edited in the browser');
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(rows(page).first()).toContainText('E2E labor edited');
    await expect(rows(page).first()).toContainText('Edited in the browser');
    await expect(rows(page).first()).toContainText('$120.00');
    await expect(rows(page).first()).toContainText('Skill: Senior');

    await page.getByRole('button', { name: 'Delete E2E-EDIT-1' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Item Price' });
    await expect(confirm).toContainText('E2E-EDIT-1');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByText('No items found. Try adjusting your filters or add a new item.')).toBeVisible();
  });

  test('imports a small spreadsheet after a preview, then exports the filtered list and opens the file', async ({
    signedIn: page,
  }, testInfo) => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Type', 'Code', 'Name', 'Service Line', 'Unit Cost', 'Parts Cost', 'Estimated Hours', 'Category']);
    sheet.addRow(['Item', 'E2E-IMP-1', 'E2E imported filter', 'HVACGEN', 14.25, null, null, 'Materials']);
    sheet.addRow(['Part', 'E2E-IMP-2', 'E2E imported relay', 'CTRL', null, 40, 0.5, null]);
    sheet.addRow(['Labor', 'E2E-IMP-3', 'E2E free labor', 'HVACGEN', 0, null, null, null]);
    const file = testInfo.outputPath('e2e-prices.xlsx');
    await workbook.xlsx.writeFile(file);

    await page.goto('/item-prices');
    await page.getByRole('button', { name: 'Import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Price Book' });
    await dialog.getByLabel('Spreadsheet file').setInputFiles(file);
    const summary = dialog.getByLabel('Import summary');
    await expect(summary).toContainText('New: 2');
    await expect(summary).toContainText('Invalid: 1');
    await expect(dialog.getByTestId('import-row-4')).toContainText('Unit cost must be greater than 0');
    // 40 + 0.5 x 60 + 10 = 80 x 1.35 = 108
    await expect(dialog.getByTestId('import-row-3')).toContainText('$108.00');
    await dialog.getByRole('button', { name: 'Import 2 rows' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Import finished: 2 added, 0 updated, 1 invalid rows skipped')).toBeVisible();

    await page.getByLabel('Search items').fill('E2E-IMP');
    await expect(rows(page)).toHaveCount(2);
    await expect(rows(page).nth(1)).toContainText('Controls');

    // A file that is not a spreadsheet is refused with a message.
    await page.getByRole('button', { name: 'Import' }).click();
    await dialog.getByLabel('Spreadsheet file').setInputFiles({
      name: 'scan.xlsx',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.7\n%\u00e2\u00e3'),
    });
    await expect(dialog.getByRole('alert')).toHaveText(
      'The file is named .xlsx but is not an Excel spreadsheet. Choose an .xlsx or .csv file with a header row.',
    );
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await page.keyboard.press('Escape');

    // Export the filtered list and open the file.
    await page.getByLabel('Type').selectOption('part');
    await expect(rows(page)).toHaveCount(1);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^price-book-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const exported = new ExcelJS.Workbook();
    await exported.xlsx.readFile(await download.path());
    const values: unknown[][] = [];
    exported.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]!.slice(0, 6)).toEqual(['Type', 'Code', 'Name', 'Description', 'Service Line', 'Unit Cost']);
    expect(values.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual([['Part', 'E2E-IMP-2', 108]]);
  });

  test('a technician can read and export the price book but not change it', async ({ page, f }) => {
    await f.user({
      role: 'technician',
      username: 'e2e-pricebook-tech',
      email: 'e2e-pricebook-tech@example.com',
      password: 'tech-password-1',
    });
    const login = await page.request.post('/api/auth/login', {
      data: { username: 'e2e-pricebook-tech', password: 'tech-password-1' },
    });
    expect(login.status()).toBe(200);
    await page.goto('/item-prices');
    await expect(rows(page).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Export' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Service Item' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Import' })).toHaveCount(0);
    await expect(rows(page).first()).toContainText('View only');
  });
});
