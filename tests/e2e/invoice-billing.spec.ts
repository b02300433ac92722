/**
 * Issue 27, points 2 and 5, end to end: an invoice for a unit with its own billing party shows Bill
 * To beside the Service Location, is sent to the billing e-mail by default and reaches a real SMTP
 * server (tests/support/fake-smtp.ts, the fixtures' `withSmtp`) with a PDF showing Bill To and the
 * total; a second invoice billing the same items warns with the lines and goes ahead only with a
 * reason, shown on the new invoice.
 */
import type { Page } from '@playwright/test';
import { attachedPdfText, deliveredMail } from '../support/received-mail.js';
import { expect, expectAccessible, test } from './fixtures';

// The smaller of the two sizes: every step runs at it; the screenshots add 768x1024.
test.use({ withSmtp: true, viewport: { width: 1024, height: 768 } });

const BILLING_EMAIL = 'ap@peachtree-billing.test';

/** Screenshots at the two sizes the issue names (full page, or the viewport for an open dialog). */
async function shoot(page: Page, name: string, fullPage = true) {
  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}x${height}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1024, height: 768 });
}

test.describe('the billing party and double billing', () => {
  test('Bill To from the unit on the page and in the e-mailed PDF; a second invoice of the same items warns and needs a reason', async ({
    signedIn: page,
    server,
    f,
  }) => {
    const smtp = server.smtp!;
    const company = await f.company({
      name: 'E2E Billing Acme Office Park',
      address: '100 Main St',
      city: 'Atlanta',
      state: 'GA',
      zip: '30301',
    });
    const location = await f.location({
      companyId: company.id,
      name: 'E2E Billing Midtown Tower',
      address: '200 Peach St',
      city: 'Atlanta',
      state: 'GA',
      zip: '30308',
    });
    const unit = await f.unit({
      locationId: location.id,
      unitNumber: 'RTU-7',
      // no sales tax on this unit (tax is invoice-bookkeeping.spec.ts's): the total is the lines' sum
      taxable: false,
      billingEntity: 'Peachtree Property Management',
      billingEmail: BILLING_EMAIL,
      billingCity: 'Marietta',
      billingState: 'GA',
      billingZip: '30060',
    });
    const job = await f.job({
      locationId: location.id,
      unitId: unit.id,
      name: 'E2E Billing no cooling',
      contactName: 'Pat Lee',
      contactEmail: 'pat@tenant-contact.test',
    });
    await f.jobItem(job.id, {
      type: 'part',
      code: 'CAP-45',
      name: 'Capacitor 45/5',
      quantity: 3,
      unitCost: '18.00',
      totalCost: '54.00',
    });
    await f.jobItem(job.id, {
      type: 'labor',
      code: 'LAB-1H',
      name: 'Labor 1 hour',
      quantity: 1,
      unitCost: '95.00',
      totalCost: '95.00',
    });

    // Create the standard invoice from the job page.
    await page.goto(`/jobs/${job.id}`);
    const card = page.getByTestId('job-invoices-card');
    await card.getByRole('button', { name: 'Create Invoice' }).click();
    const create = page.getByRole('dialog', { name: 'Create Invoice' });
    await create.getByRole('radio', { name: /Standard/ }).check();
    await create.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(create).toBeHidden();
    const details = card.getByTestId('invoice-details');
    const first = /JOB-\d+-INV-\d{4}/.exec((await details.getByRole('heading').textContent()) ?? '')?.[0];
    expect(first).toBeTruthy();

    // The invoice page: Bill To (the unit's billing party) beside the Service Location (with the unit).
    await details.getByRole('link', { name: 'View Invoice' }).click();
    await expect(page.getByRole('heading', { name: `Invoice ${first}` })).toBeVisible();
    const billTo = page.getByTestId('invoice-bill-to');
    await expect(billTo.getByRole('heading', { name: 'Bill To' })).toBeVisible();
    await expect(billTo).toContainText('Peachtree Property Management');
    await expect(billTo).toContainText('Marietta, GA 30060');
    await expect(billTo).toContainText(BILLING_EMAIL);
    const service = page.getByTestId('invoice-service-location');
    await expect(service).toContainText('E2E Billing Midtown Tower');
    await expect(service).toContainText('E2E Billing Acme Office Park');
    await expect(service).toContainText('200 Peach St');
    await expect(service).toContainText('Unit RTU-7');
    await expect(page.getByTestId('invoice-total')).toHaveText('$149.00');
    await shoot(page, 'invoice-page');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('invoice-bill-to')).toBeVisible();
    await shoot(page, 'invoice-printable');
    await page.emulateMedia({ media: 'screen' });

    // Send: the dialog offers the billing e-mail, not the job contact's; sent with the keyboard.
    await page.getByRole('button', { name: 'Send Invoice' }).click();
    const send = page.getByRole('dialog', { name: 'Send Invoice' });
    await expect(send.getByLabel('Customer Email')).toHaveValue(BILLING_EMAIL);
    await send.getByLabel('Customer Email').focus();
    await page.keyboard.press('Enter');
    await expect(send).toBeHidden();
    await expect(
      page.getByRole('article', { name: `Invoice ${first}` }).getByText('issued', { exact: true }),
    ).toBeVisible();

    // The e-mail reaches the SMTP server, its PDF showing Bill To and the total.
    const mail = await deliveredMail(smtp, BILLING_EMAIL, first!);
    const pdf = attachedPdfText(mail);
    for (const expected of ['Bill To', 'Peachtree Property Management', 'Marietta, GA 30060', BILLING_EMAIL])
      expect(pdf).toContain(expected);
    expect(pdf).toContain('Service Location');
    expect(pdf).toContain('Unit RTU-7');
    expect(pdf).toMatch(/Total\s+\$149\.00/);

    // A replacement invoice would bill the capacitors again: the dialog lists the line and asks why.
    await page.goto(`/jobs/${job.id}`);
    await card.getByRole('button', { name: 'Create Invoice' }).click();
    await create.getByRole('radio', { name: /Replacement/ }).check();
    await create.getByRole('button', { name: 'Create Invoice' }).click();
    const warning = create.getByTestId('double-billing-warning');
    await expect(warning).toContainText(`1 job item is already billed on invoice ${first}`);
    const line = warning.getByRole('row', { name: /Capacitor 45\/5/ });
    await expect(line).toContainText('3');
    await expect(line).toContainText(first!);
    await expect(line).toContainText('issued');
    const reason = create.getByLabel('Reason for billing again');
    await expect(reason).toBeFocused();
    await expectAccessible(page, 'the double-billing warning');
    await shoot(page, 'create-invoice-warning', false);

    // Without a reason nothing is created; with one (typed and submitted by keyboard) it is.
    await create.getByRole('button', { name: 'Create Invoice Anyway' }).click();
    await expect(create.getByText('A reason is required to bill these items again')).toBeVisible();
    await reason.focus();
    await page.keyboard.type('Customer asked for a separate parts invoice');
    await page.keyboard.press('Tab');
    await expect(create.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(create.getByRole('button', { name: 'Create Invoice Anyway' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(create).toBeHidden();
    await expect(details.getByText('Customer asked for a separate parts invoice')).toBeVisible();

    // The new invoice's page says it is a rebill, and why; its history keeps the reason too.
    await details.getByRole('link', { name: 'View Invoice' }).click();
    await expect(page.getByTestId('invoice-rebill-reason')).toContainText(
      'Reason: Customer asked for a separate parts invoice',
    );
    await expect(page.getByRole('list', { name: 'Status changes' })).toContainText(
      'Rebill: Customer asked for a separate parts invoice',
    );
    await shoot(page, 'invoice-rebill');
  });
});
