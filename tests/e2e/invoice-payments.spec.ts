import { expect, expectAccessible, test } from './fixtures';

/** Issue 27 (decision 036): two partial payments by keyboard, the balance, then paid; the payments list. */
test('record two partial payments by keyboard, see the balance, then paid; the payments list', async ({
  signedIn: page,
  f,
}) => {
  const company = await f.company({ name: 'E2E Payments Holdings' });
  const location = await f.location({ companyId: company.id, name: 'E2E Payments Plaza' });
  const job = await f.job({
    locationId: location.id,
    unitId: null,
    name: 'E2E payments rooftop',
    contactEmail: 'ap@example.com',
  });
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
    quantity: 1,
    unitCost: '540.00',
    totalCost: '540.00',
  });
  const created = await page.request.post(`/api/jobs/${job.id}/invoices`, { data: { type: 'standard' } });
  expect(created.status()).toBe(201);
  const invoice = (await created.json()) as { id: string; invoiceNumber: string };
  expect(
    (await page.request.post(`/api/invoices/${invoice.id}/send`, { data: { email: 'ap@example.com' } })).status(),
  ).toBe(200);

  await page.goto(`/invoices/${invoice.id}`);
  const balance = page.getByTestId('balance-due');
  await expect(balance).toHaveText('$1,080.75');

  for (const [amount, reference, left] of [
    ['500', '1042', '$580.75'],
    ['580.75', '1043', '$0.00'],
  ] as const) {
    await page.getByRole('button', { name: 'Record Payment' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Record Payment' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'Record Payment dialog');
    await dialog.getByLabel('Amount ($)').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(amount);
    await page.keyboard.press('Tab'); // Method
    await page.keyboard.press('Tab'); // Reference
    await page.keyboard.type(reference);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(balance).toHaveText(left);
  }
  await expect(page.getByText('paid', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);

  await page.goto(`/invoices/payments?q=${invoice.invoiceNumber}`);
  const table = page.getByRole('table', { name: 'Payments' });
  await expect(table.getByRole('link', { name: invoice.invoiceNumber })).toHaveCount(2);
  await expect(page.getByTestId('payments-total')).toHaveText('$1,080.75');
  await expect(page.getByTestId('payments-count')).toHaveText('2');
});
