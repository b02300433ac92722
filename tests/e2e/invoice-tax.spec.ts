import { expect, expectAccessible, test } from './fixtures';

/**
 * Issue 27: a taxable unit's invoice shows subtotal, tax by group and total; labor 1.5 h is billed
 * untaxed; a 10% discount (added with the keyboard only) lowers the taxable base in proportion.
 */
test('a taxed invoice with 1.5 h of labor and a discount, by keyboard', async ({ signedIn: page, f }) => {
  const group = await page.request.post('/api/settings/tax-groups', {
    data: { code: 'E2E-7', name: 'E2E Sales Tax', rate: 7 },
  });
  expect([201, 409]).toContain(group.status());
  const company = await f.company({ name: 'E2E Tax Holdings' });
  const location = await f.location({ companyId: company.id, name: 'E2E Tax Plaza' });
  const unit = await f.unit({ locationId: location.id, taxable: true, taxGroupCode: 'E2E-7', unitNumber: 'E2E-RTU-7' });
  const job = await f.job({ locationId: location.id, unitId: unit.id, name: 'E2E tax rooftop' });
  await f.jobItem(job.id, {
    type: 'part',
    code: 'CAP',
    name: 'Capacitor',
    quantity: 3,
    unitCost: '180.25',
    totalCost: '540.75',
  });
  await f.jobItem(job.id, {
    type: 'labor',
    code: 'LAB',
    name: 'Labor',
    quantity: 1.5,
    unitCost: '95.00',
    totalCost: '142.50',
  });
  const created = await page.request.post(`/api/jobs/${job.id}/invoices`, { data: { type: 'standard' } });
  expect(created.status()).toBe(201);
  const invoice = await created.json();

  await page.goto(`/invoices/${invoice.id}`);
  const sheet = page.locator('#invoice-sheet');
  await expect(sheet.getByText('1.50', { exact: true })).toBeVisible();
  await expect(page.getByTestId('invoice-subtotal')).toContainText('$683.25');
  await expect(page.getByTestId('invoice-tax')).toContainText('E2E Sales Tax (E2E-7) 7%');
  await expect(page.getByTestId('invoice-tax')).toContainText('$37.85');
  await expect(page.getByTestId('invoice-total')).toHaveText('$721.10');

  // Keyboard only: tab to the discount form, type 10 % with a reason, submit with Enter.
  const percent = page.getByLabel('Percent (%)');
  for (let i = 0; i < 60 && !(await percent.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(percent).toBeFocused();
  await page.keyboard.type('10');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Loyal customer');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-discount')).toContainText('-$68.33');
  await expect(page.getByTestId('invoice-tax')).toContainText('$34.07');
  await expect(page.getByTestId('invoice-total')).toHaveText('$648.99');
  await expectAccessible(page, 'invoice with tax and discount');
});
