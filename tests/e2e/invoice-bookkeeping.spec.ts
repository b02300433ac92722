/**
 * Issue 27 end to end, as a bookkeeper meets it: an invoice for a taxable unit with its own billing
 * party (3 x $180.25 taxable parts, 1.5 h of untaxed labor at $95, 10% off) is created on the job
 * page, shows subtotal, discount, tax by group and total, is sent to the billing e-mail through a
 * real SMTP server started by the test (its PDF showing Bill To, the tax and the total), takes two
 * partial payments and shows paid.
 */
import { attachedPdfText, deliveredMail } from '../support/received-mail.js';
import { expect, expectAccessible, test } from './fixtures';

test.use({ withSmtp: true, viewport: { width: 1024, height: 768 } });

const BILLING_EMAIL = 'ap@bookkeeping-billing.test';

test('tax, discount, Bill To in the e-mailed PDF, two partial payments, then paid', async ({
  signedIn: page,
  server,
  f,
}) => {
  const group = await page.request.post('/api/settings/tax-groups', {
    data: { code: 'BK-7', name: 'Bookkeeping Tax', rate: 7 },
  });
  expect([201, 409]).toContain(group.status());
  const company = await f.company({ name: 'E2E Bookkeeping Holdings' });
  const location = await f.location({ companyId: company.id, name: 'E2E Bookkeeping Plaza' });
  const unit = await f.unit({
    locationId: location.id,
    unitNumber: 'BK-RTU-1',
    taxable: true,
    taxGroupCode: 'BK-7',
    billingEntity: 'Bookkeeping Property Management',
    billingEmail: BILLING_EMAIL,
    billingCity: 'Marietta',
    billingState: 'GA',
    billingZip: '30060',
  });
  const job = await f.job({ locationId: location.id, unitId: unit.id, name: 'E2E bookkeeping rooftop' });
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

  // Create the invoice on the job page and open it.
  await page.goto(`/jobs/${job.id}`);
  const card = page.getByTestId('job-invoices-card');
  await card.getByRole('button', { name: 'Create Invoice' }).click();
  const create = page.getByRole('dialog', { name: 'Create Invoice' });
  await create.getByRole('radio', { name: /Standard/ }).check();
  await create.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(create).toBeHidden();
  const details = card.getByTestId('invoice-details');
  const number = /JOB-\d+-INV-\d{4}/.exec((await details.getByRole('heading').textContent()) ?? '')?.[0];
  expect(number).toBeTruthy();
  await details.getByRole('link', { name: 'View Invoice' }).click();
  await expect(page.getByRole('heading', { name: `Invoice ${number}` })).toBeVisible();

  // Subtotal, tax by group and total; then 10% off, which lowers the taxable base in proportion.
  await expect(page.getByTestId('invoice-subtotal')).toContainText('$683.25');
  await expect(page.getByTestId('invoice-tax')).toContainText('Bookkeeping Tax (BK-7) 7%');
  await expect(page.getByTestId('invoice-tax')).toContainText('$37.85');
  await page.getByLabel('Percent (%)').fill('10');
  await page.getByLabel('Percent (%)').press('Tab');
  await page.keyboard.type('Loyal customer');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('invoice-discount')).toContainText('-$68.33');
  await expect(page.getByTestId('invoice-tax')).toContainText('$34.07');
  await expect(page.getByTestId('invoice-total')).toHaveText('$648.99');
  await expect(page.getByTestId('invoice-bill-to')).toContainText('Bookkeeping Property Management');

  // Send to the billing e-mail (the default); the PDF that arrives shows Bill To, the tax, the total.
  await page.getByRole('button', { name: 'Send Invoice' }).click();
  const send = page.getByRole('dialog', { name: 'Send Invoice' });
  await expect(send.getByLabel('Customer Email')).toHaveValue(BILLING_EMAIL);
  await send.getByLabel('Customer Email').press('Enter');
  await expect(send).toBeHidden();
  const pdf = attachedPdfText(await deliveredMail(server.smtp!, BILLING_EMAIL, number!));
  for (const expected of ['Bill To', 'Bookkeeping Property Management', 'Marietta, GA 30060', BILLING_EMAIL])
    expect(pdf).toContain(expected);
  expect(pdf).toMatch(/Subtotal\s+\$683\.25/);
  expect(pdf).toMatch(/Bookkeeping Tax \(BK-7\) 7%\s+\$34\.07/);
  expect(pdf).toMatch(/Total\s+\$648\.99/);

  // Two partial payments by keyboard: the balance falls to zero and the invoice is paid.
  const balance = page.getByTestId('balance-due');
  await expect(balance).toHaveText('$648.99');
  for (const [amount, reference, left] of [
    ['300', '2001', '$348.99'],
    ['348.99', '2002', '$0.00'],
  ] as const) {
    await page.getByRole('button', { name: 'Record Payment' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Record Payment' });
    await dialog.getByLabel('Amount ($)').focus();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(amount);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.type(reference);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(balance).toHaveText(left);
  }
  await expect(
    page.getByRole('article', { name: `Invoice ${number}` }).getByText('paid', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Record Payment' })).toHaveCount(0);
  await expectAccessible(page, 'a paid invoice with tax, a discount and payments');
});
