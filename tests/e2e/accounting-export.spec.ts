/**
 * Issue 31 item 4 end to end: from Settings > Integrations to the accounting export; a period and
 * a format picked with the keyboard alone, the export downloaded (an IIF whose every transaction
 * balances), the export in the log, and a second export of the same period refused with the
 * reason. The screens at 1024x768 are saved for a look (.tmp/screenshots/accounting-export).
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { expect, expectAccessible, tabTo, test } from './fixtures';

test.use({ viewport: { width: 1024, height: 768 } });

const SHOTS = '.tmp/screenshots/accounting-export';

/** MM/DD/YYYY keystrokes for a date field, from YYYY-MM-DD. */
const typed = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

test('export a period for QuickBooks Desktop by keyboard, download it, see it in the log', async ({
  signedIn: page,
  server,
  f,
}) => {
  // One invoice of our own, issued on a day before the demo data's dates, so the period holds it alone.
  const company = await f.company({ name: 'E2E Ledger Partners' });
  const location = await f.location({ companyId: company.id });
  const unit = await f.unit({ locationId: location.id, billingEntity: null });
  const job = await f.job({ locationId: location.id, unitId: unit.id, contactEmail: 'ledger@example.test' });
  await f.jobItem(job.id, {
    type: 'part',
    code: 'CAP',
    name: 'Capacitor',
    quantity: 2,
    unitCost: '50.00',
    totalCost: '100.00',
  });
  const draft = await page.request.post(`/api/jobs/${job.id}/invoices`, { data: { type: 'standard' } });
  expect(draft.status()).toBe(201);
  const invoiceId = ((await draft.json()) as { id: string }).id;
  expect((await page.request.post(`/api/invoices/${invoiceId}/send`, { data: {} })).status()).toBe(200);
  const from = '2019-03-04';
  const to = '2019-03-04';
  await server.db.execute(sql`update job_invoices set issued_date = ${from} where id = ${invoiceId}`);

  // Settings > Integrations > Accounting Export, by keyboard.
  await page.goto('/settings');
  const integrations = page.getByRole('heading', { name: 'Integrations' });
  await expect(integrations).toBeVisible();
  const link = page.getByRole('link', { name: 'Accounting Export' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Accounting Export', level: 1 })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/export-page-1024.png` });

  // The period, the format and the export, keys only.
  const fromTo = {
    from: page.getByRole('textbox', { name: 'From', exact: true }),
    to: page.getByRole('textbox', { name: 'To', exact: true }),
  };
  await fromTo.from.focus();
  await page.keyboard.type(typed(from));
  // Tab leaves the date field (Chromium may first step through the field's own parts).
  await tabTo(page, fromTo.to, 4);
  await page.keyboard.type(typed(to));
  await expect(fromTo.from).toHaveValue(from);
  await expect(fromTo.to).toHaveValue(to);
  await tabTo(page, page.getByRole('combobox', { name: 'Format', exact: true }), 4);
  await expect(page.getByRole('combobox', { name: 'Format', exact: true })).toHaveValue('iif');
  await tabTo(page, page.getByLabel('Include already exported'), 4);
  await tabTo(page, page.getByRole('button', { name: 'Export', exact: true }), 4);
  await page.keyboard.press('Enter');

  const ready = page.getByRole('status').filter({ hasText: 'Exported' });
  await expect(ready).toContainText('1 invoice ($100.00)');
  const fileName = `quickbooks-desktop-${from}-to-${to}.iif`;
  const fileLink = ready.getByRole('link', { name: fileName });
  await fileLink.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe(fileName);
  const iif = await readFile((await download.path())!, 'utf8');
  expect(iif).toContain('E2E Ledger Partners');
  // every TRNS..ENDTRNS block sums to zero
  let sum = 0;
  for (const row of iif
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('\t'))) {
    if (row[0] === 'TRNS') sum = 0;
    if (row[0] === 'TRNS' || row[0] === 'SPL') sum += Math.round(Number(row[6]) * 100);
    if (row[0] === 'ENDTRNS') expect(sum).toBe(0);
  }

  // In the log, with its period, format and totals.
  const row = page
    .getByTestId('export-log-row')
    .filter({ hasText: `${from} to ${to}` })
    .first();
  await expect(row).toContainText('QuickBooks Desktop (IIF)');
  await expect(row).toContainText('1 invoice, $100.00');
  await expectAccessible(page, 'after the export');
  await page.screenshot({ path: `${SHOTS}/export-done-1024.png`, fullPage: true });

  // The same period again: nothing new, and the screen says so.
  await page.getByRole('button', { name: 'Export', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Nothing to export: no issued invoices or payments in this period')).toBeVisible();

  // "Include already exported" sends it again.
  await page.getByLabel('Include already exported').focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Export', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText('1 invoice ($100.00)');
  await expect(page.getByTestId('export-log-row').first()).toContainText('Included already exported');

  // Voided after it was exported: the next export reverses it, and the screen and the log say so (decision 055).
  const voided = await page.request.post(`/api/invoices/${invoiceId}/void`, { data: { reason: 'Billed twice' } });
  expect(voided.status()).toBe(200);
  await page.getByLabel('Include already exported').focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Export', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Exported' })).toContainText(
    'Reversed what was voided after an earlier export: 1 invoice ($100.00)',
  );
  await expect(page.getByTestId('export-log-row').first()).toContainText('1 void reversed, $100.00');
  await expectAccessible(page, 'after a reversal');
  await page.screenshot({ path: `${SHOTS}/export-reversal-1024.png` });

  // The account mapping screen, linked from the export.
  await page.getByRole('link', { name: 'Account Mapping' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Accounting', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Accounts Receivable: account name')).toHaveValue('Accounts Receivable');
  await page.screenshot({ path: `${SHOTS}/account-mapping-1024.png`, fullPage: true });
  await page.getByLabel('Discounts: account name').fill('Sales Discounts');
  await page.getByLabel('Discounts: account name').press('Enter');
  await expect(page.getByText('Account mapping saved')).toBeVisible();
  await expectAccessible(page, 'the account mapping');
});
