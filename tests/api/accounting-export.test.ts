/**
 * The accounting export (issue 31 item 4, decision 051): every IIF transaction balances, the
 * export's totals tie out to the financial report of the same period, the log keeps a payment
 * (or invoice) from being exported twice unless "include already exported" is asked, the CSV
 * formats, the account mapping, who may export, and bad periods refused with 4xx.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountingExportList, AccountingExportSummary } from '../../src/domain/accounting-export.js';
import type { InvoiceDetail, InvoiceReport } from '../../src/domain/invoices/index.js';
import { MALFORMED_IDS, MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { queryRows } from '../../src/server/db/client.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const now = new Date('2025-06-20T16:00:00Z'); // 2025-06-20 in New York
let ctx: TestContext;
let admin: ApiClient;
let manager: ApiClient;
let office: ApiClient;
let tech: ApiClient;

const TABLES = ['accounting_settings', 'accounting_exports', 'accounting_export_items', 'accounting_export_files'];

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  admin = await signInAs(ctx, 'admin', { unchanged: () => tableFingerprint(ctx.database.db, TABLES) });
  manager = await admin.withRole('manager');
  office = await admin.withRole('user');
  tech = await admin.withRole('technician');
  const group = await admin.call('POST', '/api/settings/tax-groups', {
    code: 'GA-7',
    name: 'Georgia Sales Tax',
    rate: 7,
  });
  expect(group.statusCode, group.body).toBe(201);
});
afterAll(async () => ctx?.close());

let companies = 0;
/**
 * An invoice issued on `issuedOn`: 3 x $180.25 of parts and 1.5 h of labor at $95.00 on a unit
 * taxed in GA-7 (or not taxable), with a 10% discount when asked. Created and sent through the
 * API (so its figures are the invoices module's), then dated back.
 */
async function issuedInvoice(issuedOn: string, options: { taxable?: boolean; discount?: boolean } = {}) {
  const company = await ctx.f.company({ name: `Peachtree Offices, Suite ${++companies}` });
  const location = await ctx.f.location({ companyId: company.id });
  const unit = await ctx.f.unit({
    locationId: location.id,
    billingEntity: null,
    billingEmail: null,
    taxable: options.taxable ?? true,
    taxGroupCode: 'GA-7',
  });
  const job = await ctx.f.job({ contactEmail: 'pat@example.com', locationId: unit.locationId, unitId: unit.id });
  await ctx.f.jobItem(job.id, {
    code: 'CAP',
    name: 'Capacitor',
    type: 'part',
    quantity: 3,
    unitCost: '180.25',
    totalCost: '540.75',
  });
  await ctx.f.jobItem(job.id, {
    code: 'LAB',
    name: 'Labor',
    type: 'labor',
    quantity: 1.5,
    unitCost: '95.00',
    totalCost: '142.50',
  });
  const draft = await office.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' });
  expect(draft.statusCode, draft.body).toBe(201);
  const id = draft.json<InvoiceDetail>().id;
  if (options.discount) {
    const d = await office.call('POST', `/api/invoices/${id}/discounts`, {
      kind: 'percent',
      percent: 10,
      reason: 'Loyal',
    });
    expect(d.statusCode, d.body).toBe(201);
  }
  const sent = await office.call('POST', `/api/invoices/${id}/send`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  await ctx.database.db.execute(sql`update job_invoices set issued_date = ${issuedOn} where id = ${id}`);
  return (await office.call('GET', `/api/invoices/${id}`)).json<InvoiceDetail>();
}

async function pay(invoiceId: string, paymentDate: string, amountCents: number) {
  const res = await office.call('POST', `/api/invoices/${invoiceId}/payments`, {
    paymentDate,
    amountCents,
    method: 'check',
    reference: 'CHK',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoiceDetail>();
}

async function exportPeriod(body: Record<string, unknown>, as: ApiClient = manager) {
  const res = await as.call('POST', '/api/accounting-exports', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AccountingExportSummary>();
}

const download = async (id: string, position = 1) => {
  const res = await manager.call('GET', `/api/accounting-exports/${id}/files/${position}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

const toCents = (text: string) => Math.round(Number(text) * 100);

/** Each TRNS..ENDTRNS block of an IIF file: its type and its lines' amounts. */
function iifTransactions(text: string) {
  const rows = text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split('\t'));
  const header = rows.find((r) => r[0] === '!TRNS')!;
  const amountAt = header.indexOf('AMOUNT');
  const typeAt = header.indexOf('TRNSTYPE');
  const blocks: { type: string; amounts: number[] }[] = [];
  let open: { type: string; amounts: number[] } | null = null;
  for (const r of rows) {
    if (r[0] === 'TRNS') open = { type: r[typeAt]!, amounts: [toCents(r[amountAt]!)] };
    else if (r[0] === 'SPL') open!.amounts.push(toCents(r[amountAt]!));
    else if (r[0] === 'ENDTRNS') {
      blocks.push(open!);
      open = null;
    }
  }
  expect(open).toBeNull();
  return blocks;
}

const report = async (year: number, month: number) =>
  (await manager.call('GET', `/api/invoices/reports?period=monthly&year=${year}&month=${month}`)).json<InvoiceReport>();

describe('an IIF export of March 2025', () => {
  let first: AccountingExportSummary;
  let taxed: InvoiceDetail;

  it('balances every transaction and ties out to the financial report of the month', async () => {
    taxed = await issuedInvoice('2025-03-05', { discount: true });
    const exempt = await issuedInvoice('2025-03-20', { taxable: false });
    const voided = await issuedInvoice('2025-03-22');
    const v = await manager.call('POST', `/api/invoices/${voided.id}/void`, { reason: 'Billed the wrong unit' });
    expect(v.statusCode, v.body).toBe(200);
    await issuedInvoice('2025-04-02'); // next month: not in this export
    await pay(taxed.id, '2025-03-10', 30_000);
    const cardPaid = await pay(exempt.id, '2025-03-25', 10_000);
    const voidedPayment = cardPaid.payments.find((p) => p.amountCents === 10_000)!;
    const pv = await manager.call('POST', `/api/invoices/${exempt.id}/payments/${voidedPayment.id}/void`, {
      reason: 'Bounced',
    });
    expect(pv.statusCode, pv.body).toBe(200);
    await pay(exempt.id, '2025-03-28', 20_000);

    first = await exportPeriod({ from: '2025-03-01', to: '2025-03-31', format: 'iif' });
    expect(first).toMatchObject({
      format: 'iif',
      from: '2025-03-01',
      to: '2025-03-31',
      includeExported: false,
      invoiceCount: 2,
      paymentCount: 2,
      customerCount: 2,
      paymentsCents: 50_000,
      files: [{ name: 'quickbooks-desktop-2025-03-01-to-2025-03-31.iif' }],
    });
    expect(first.invoicesCents).toBe(taxed.amountCents + exempt.amountCents);
    expect(first.createdBy).toBeTruthy();

    const file = await download(first.id);
    expect(file.headers['content-disposition']).toBe(
      'attachment; filename="quickbooks-desktop-2025-03-01-to-2025-03-31.iif"',
    );
    const blocks = iifTransactions(file.body);
    expect(blocks.map((b) => b.type)).toEqual(['INVOICE', 'INVOICE', 'PAYMENT', 'PAYMENT']);
    for (const b of blocks) expect(b.amounts.reduce((a, c) => a + c, 0)).toBe(0);
    // the A/R debits are the invoices' stored totals
    expect(blocks.filter((b) => b.type === 'INVOICE').map((b) => b.amounts[0])).toEqual([
      taxed.amountCents,
      exempt.amountCents,
    ]);
    expect(file.body).toContain('\tSales Tax Payable\t');
    expect(file.body).toContain('Sales tax: Georgia Sales Tax (GA-7) 7%');

    // tie-out: sales (paid + outstanding), sales tax collected, payments received of the same month
    const r = await report(2025, 3);
    expect(first.invoicesCents).toBe(r.cards.paid.amountCents + r.cards.outstanding.amountCents);
    expect(first.invoiceCount).toBe(r.cards.paid.count + r.cards.outstanding.count);
    expect(first.taxCents).toBe(r.salesTax.totalCents);
    expect(first.taxCents).toBeGreaterThan(0);
    expect(first.paymentsCents).toBe(r.paymentsReceived.amountCents);
    expect(first.paymentCount).toBe(r.paymentsReceived.count);
  });

  it('never exports the same payment or invoice twice: a second export takes only what is new', async () => {
    await manager.refused(
      'POST',
      '/api/accounting-exports',
      { from: '2025-03-01', to: '2025-03-31', format: 'iif' },
      409,
      'Nothing to export: no issued invoices or payments in this period that were not exported before',
    );
    const later = await pay(taxed.id, '2025-03-31', 5_000);
    const second = await exportPeriod({ from: '2025-03-01', to: '2025-03-31', format: 'iif' });
    expect(second).toMatchObject({ invoiceCount: 0, paymentCount: 1, paymentsCents: 5_000 });
    const blocks = iifTransactions((await download(second.id)).body);
    expect(blocks).toEqual([{ type: 'PAYMENT', amounts: [5_000, -5_000] }]);
    expect(later.payments).toHaveLength(2);
    // an overlapping period does not take March again either
    const overlap = await exportPeriod({ from: '2025-03-15', to: '2025-04-30', format: 'iif' });
    expect(overlap).toMatchObject({ invoiceCount: 1, paymentCount: 0 });
  });

  it('"Include already exported" takes everything of the period again, and the log says so', async () => {
    const again = await exportPeriod({ from: '2025-03-01', to: '2025-03-31', format: 'iif', includeExported: true });
    expect(again).toMatchObject({ includeExported: true, invoiceCount: 2, paymentCount: 3, paymentsCents: 55_000 });
    expect(again.invoicesCents).toBe(first.invoicesCents);
    const log = (await admin.call('GET', '/api/accounting-exports')).json<AccountingExportList>();
    expect(log.items.slice(0, 4).map((e) => [e.from, e.to, e.invoiceCount, e.paymentCount, e.includeExported])).toEqual(
      [
        ['2025-03-01', '2025-03-31', 2, 3, true],
        ['2025-03-15', '2025-04-30', 1, 0, false],
        ['2025-03-01', '2025-03-31', 0, 1, false],
        ['2025-03-01', '2025-03-31', 2, 2, false],
      ],
    );
    const [items] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from accounting_export_items`,
    );
    expect(Number(items!.n)).toBe(4 + 1 + 1 + 5);
  });
});

describe('QuickBooks Online and Xero', () => {
  it('write the invoices, customers and payments CSVs; each invoice’s lines add up to its total', async () => {
    const invoice = await issuedInvoice('2025-05-06', { discount: true });
    await pay(invoice.id, '2025-05-07', invoice.amountCents);
    const qbo = await exportPeriod({ from: '2025-05-01', to: '2025-05-31', format: 'qbo' });
    expect(qbo.files.map((f) => f.name)).toEqual([
      'quickbooks-online-invoices-2025-05-01-to-2025-05-31.csv',
      'quickbooks-online-customers-2025-05-01-to-2025-05-31.csv',
      'quickbooks-online-payments-2025-05-01-to-2025-05-31.csv',
    ]);
    const invoices = await download(qbo.id, 1);
    expect(invoices.headers['content-type']).toContain('text/csv');
    const rows = invoices.body.trimEnd().split('\r\n');
    expect(rows[0]!.startsWith('InvoiceNo,Customer,InvoiceDate,DueDate')).toBe(true);
    // the customer's name holds a comma, so it is quoted; ItemAmount is the 11th column from the end's side
    const amounts = rows.slice(1).map((l) => toCents(l.split(',').at(-2)!));
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(invoice.amountCents);
    expect(rows[1]).toContain(`"Peachtree Offices, Suite ${companies}"`);
    const customers = (await download(qbo.id, 2)).body;
    expect(customers.split('\r\n')[0]).toBe('Name,Company,Email,Street,City,State,ZIP code,Country');
    const payments = (await download(qbo.id, 3)).body.trimEnd().split('\r\n');
    expect(payments).toHaveLength(2);
    await manager.refused(
      'GET',
      `/api/accounting-exports/${qbo.id}/files/5`,
      undefined,
      400,
      'File must be a number from 1 to 4',
    );
    await manager.refused('GET', `/api/accounting-exports/${qbo.id}/files/4`, undefined, 404, 'File not found');

    const xero = await exportPeriod({ from: '2025-05-01', to: '2025-05-31', format: 'xero', includeExported: true });
    const xrows = (await download(xero.id, 1)).body.trimEnd().split('\r\n');
    expect(xrows[0]!.split(',').slice(0, 1)).toEqual(['*ContactName']);
    expect(xrows[0]).toContain(
      '*InvoiceNumber,Reference,*InvoiceDate,*DueDate,Description,*Quantity,*UnitAmount,*AccountCode,*TaxType',
    );
    expect(xrows).toHaveLength(1 + 4); // two lines, the discount, the tax
  });
});

describe('the account mapping (Settings > Accounting)', () => {
  it('starts from the defaults; a service line mapped to its own income account is used by the next export', async () => {
    const defaults = (await manager.call('GET', '/api/settings/accounting')).json();
    expect(defaults).toMatchObject({
      receivable: { name: 'Accounts Receivable' },
      undepositedFunds: { name: 'Undeposited Funds' },
      salesTaxPayable: { name: 'Sales Tax Payable' },
      discounts: { name: 'Discounts Given' },
      defaultIncome: { name: 'Services' },
      income: [],
    });
    const lines = (await manager.call('GET', '/api/settings/service-types')).json<{ code: string }[]>();
    expect(lines.length).toBeGreaterThan(0);
    const saved = await admin.call('PUT', '/api/settings/accounting', {
      ...defaults,
      // every service line on one account, and one left blank (the default income account)
      income: [
        ...lines.map((l) => ({ serviceLine: l.code, account: { name: 'Income:HVAC Service', code: '4010' } })),
        { serviceLine: 'NOLINE', account: { name: '', code: '' } },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().income.map((m: { serviceLine: string }) => m.serviceLine)).toEqual(lines.map((l) => l.code));
    await issuedInvoice('2025-02-03');
    const e = await exportPeriod({ from: '2025-02-01', to: '2025-02-28', format: 'iif' });
    expect((await download(e.id)).body).toContain('\tIncome:HVAC Service\t');

    await admin.refused(
      'PUT',
      '/api/settings/accounting',
      { ...defaults, receivable: { name: 'A\tR', code: '' } },
      400,
      undefined,
      { field: 'receivable.name' },
    );
  });
});

describe('who may export', () => {
  it('admins and managers (the bookkeeping roles); office users and technicians get 403 and nothing changes', async () => {
    const body = { from: '2025-01-01', to: '2025-12-31', format: 'iif' };
    for (const role of [office, tech]) {
      await role.refused('POST', '/api/accounting-exports', body, 403);
      await role.refused('GET', '/api/accounting-exports', undefined, 403);
      await role.refused('GET', '/api/settings/accounting', undefined, 403);
      await role.refused('PUT', '/api/settings/accounting', {}, 403);
    }
    const log = (await admin.call('GET', '/api/accounting-exports')).json<AccountingExportList>();
    await office.refused('GET', `/api/accounting-exports/${log.items[0]!.id}/files/1`, undefined, 403);
  });
});

describe('bad periods and ids', () => {
  it.each([
    [{ from: '2025-03-31', to: '2025-03-01', format: 'iif' }, 'To date must be on or after the from date', 'to'],
    [{ from: '2025-02-30', to: '2025-03-01', format: 'iif' }, 'Enter a date as YYYY-MM-DD', 'from'],
    [{ from: '2024-01-01', to: '2025-03-01', format: 'iif' }, 'The period can be at most 366 days', 'to'],
    [
      { from: '2025-03-01', to: '2025-03-31', format: 'sage' },
      'Format must be QuickBooks Desktop (IIF), QuickBooks Online or Xero',
      'format',
    ],
    [{ to: '2025-03-31', format: 'iif' }, 'From date is required', 'from'],
  ])('%j is refused: %s', async (body, message, field) => {
    const refused = await manager.refused('POST', '/api/accounting-exports', body, 400, undefined, { field });
    expect(refused.error.fields?.[field]).toBe(message);
  });

  it('a file of a malformed id is 400, of an unknown export 404', async () => {
    for (const id of MALFORMED_IDS) {
      await manager.refused('GET', `/api/accounting-exports/${id}/files/1`, undefined, 400, 'Invalid export ID format');
    }
    await manager.refused('GET', `/api/accounting-exports/${MISSING_ID}/files/1`, undefined, 404, 'Export not found');
  });
});

describe('an invoice or payment voided after it was exported (decision 055)', () => {
  it('is reversed by the next export, once, so the books tie out to the report again', async () => {
    const kept = await issuedInvoice('2024-08-05', { discount: true });
    const wrong = await issuedInvoice('2024-08-06');
    const paid = await pay(kept.id, '2024-08-10', 10_000);
    const payment = paid.payments.find((p) => p.amountCents === 10_000)!;
    const august = await exportPeriod({ from: '2024-08-01', to: '2024-08-31', format: 'iif' });
    expect(august).toMatchObject({ invoiceCount: 2, paymentCount: 1, reversedInvoiceCount: 0 });

    // After the export: the payment bounced, the second invoice billed the wrong unit.
    const pv = await manager.call('POST', `/api/invoices/${kept.id}/payments/${payment.id}/void`, {
      reason: 'Bounced',
    });
    expect(pv.statusCode, pv.body).toBe(200);
    const v = await manager.call('POST', `/api/invoices/${wrong.id}/void`, { reason: 'Billed the wrong unit' });
    expect(v.statusCode, v.body).toBe(200);

    // The next export (September: nothing new of its own) carries both reversals.
    const next = await exportPeriod({ from: '2024-09-01', to: '2024-09-30', format: 'iif' });
    expect(next).toMatchObject({
      invoiceCount: 0,
      paymentCount: 0,
      reversedInvoiceCount: 1,
      reversedInvoicesCents: wrong.amountCents,
      reversedTaxCents: wrong.totals.taxCents,
      reversedPaymentCount: 1,
      reversedPaymentsCents: 10_000,
    });
    const file = (await download(next.id)).body;
    const blocks = iifTransactions(file);
    expect(blocks.map((b) => b.type)).toEqual(['CREDIT MEMO', 'GENERAL JOURNAL']);
    for (const b of blocks) expect(b.amounts.reduce((a, c) => a + c, 0)).toBe(0);
    // the credit memo takes the invoice's total off A/R; the journal puts the payment back on it
    expect(blocks[0]!.amounts[0]).toBe(-wrong.amountCents);
    expect(blocks[1]!.amounts).toEqual([-10_000, 10_000]);
    // dated as the originals, named and explained
    expect(file).toContain(`CREDIT MEMO\t08/06/2024\tAccounts Receivable`);
    expect(file).toContain(
      `\tCN-${wrong.invoiceNumber}\tReverses invoice ${wrong.invoiceNumber}, voided 06/20/2025: Billed the wrong unit`,
    );
    expect(file).toContain(`GENERAL JOURNAL\t08/10/2024\tUndeposited Funds`);

    // Tie-out: what the exports posted for August, less what they reversed, is August's report.
    const r = await report(2024, 8);
    expect(august.invoicesCents - next.reversedInvoicesCents).toBe(
      r.cards.paid.amountCents + r.cards.outstanding.amountCents,
    );
    expect(august.invoiceCount - next.reversedInvoiceCount).toBe(r.cards.paid.count + r.cards.outstanding.count);
    expect(august.taxCents - next.reversedTaxCents).toBe(r.salesTax.totalCents);
    expect(august.paymentsCents - next.reversedPaymentsCents).toBe(r.paymentsReceived.amountCents);
    expect(august.paymentCount - next.reversedPaymentCount).toBe(r.paymentsReceived.count);

    // Reversed once: nothing is owed any more, and the log lists the reversal.
    await manager.refused(
      'POST',
      '/api/accounting-exports',
      { from: '2024-09-01', to: '2024-09-30', format: 'iif' },
      409,
      'Nothing to export: no issued invoices or payments in this period that were not exported before',
    );
    const log = (await manager.call('GET', '/api/accounting-exports')).json<AccountingExportList>();
    expect(log.items[0]).toMatchObject({ id: next.id, reversedInvoiceCount: 1, reversedPaymentCount: 1 });
    // "Include already exported" copies August as it stands now: the void is simply not in it.
    const copy = await exportPeriod({ from: '2024-08-01', to: '2024-08-31', format: 'iif', includeExported: true });
    expect(copy).toMatchObject({ invoiceCount: 1, paymentCount: 0, reversedInvoiceCount: 0, reversedPaymentCount: 0 });
    expect(copy.invoicesCents).toBe(kept.amountCents);
  });

  it('QuickBooks Online and Xero get a credit note file in their import columns, and the payments list a negative row', async () => {
    const invoice = await issuedInvoice('2024-10-07', { discount: true });
    const paid = await pay(invoice.id, '2024-10-08', 2_500);
    await exportPeriod({ from: '2024-10-01', to: '2024-10-31', format: 'qbo' });
    const payment = paid.payments.find((p) => p.amountCents === 2_500)!;
    expect(
      (await manager.call('POST', `/api/invoices/${invoice.id}/payments/${payment.id}/void`, { reason: 'Duplicate' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await manager.call('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Customer cancelled' })).statusCode,
    ).toBe(200);

    const qbo = await exportPeriod({ from: '2024-11-01', to: '2024-11-30', format: 'qbo' });
    expect(qbo.files.map((f) => f.name)).toEqual([
      'quickbooks-online-invoices-2024-11-01-to-2024-11-30.csv',
      'quickbooks-online-customers-2024-11-01-to-2024-11-30.csv',
      'quickbooks-online-payments-2024-11-01-to-2024-11-30.csv',
      'quickbooks-online-credit-memos-2024-11-01-to-2024-11-30.csv',
    ]);
    const memos = (await download(qbo.id, 4)).body.trimEnd().split('\r\n');
    expect(memos[0]).toBe(
      'CreditMemoNo,Customer,CreditMemoDate,Memo,Item(Product/Service),ItemDescription,ItemQuantity,ItemRate,ItemAmount,ItemTaxCode',
    );
    // the invoice's own lines (two billed lines, the discount, the tax), adding up to its total
    expect(memos).toHaveLength(1 + 4);
    expect(memos.slice(1).every((l) => l.startsWith(`CN-${invoice.invoiceNumber},`))).toBe(true);
    expect(memos.slice(1).reduce((sum, l) => sum + toCents(l.split(',').at(-2)!), 0)).toBe(invoice.amountCents);
    const payments = (await download(qbo.id, 3)).body.trimEnd().split('\r\n');
    expect(payments[0]!.endsWith(',Memo')).toBe(true);
    expect(payments.slice(1)).toHaveLength(1);
    expect(payments[1]).toContain(',-25.00,');
    expect(payments[1]).toContain('Reverses payment for invoice');

    // Xero: the same reversal in its credit note template (positive amounts: the type credits).
    const invoice2 = await issuedInvoice('2024-10-09');
    await exportPeriod({ from: '2024-10-09', to: '2024-10-09', format: 'xero' });
    expect((await manager.call('POST', `/api/invoices/${invoice2.id}/void`, { reason: 'Duplicate' })).statusCode).toBe(
      200,
    );
    const xero = await exportPeriod({ from: '2024-11-01', to: '2024-11-30', format: 'xero' });
    expect(xero.files.at(-1)!.name).toBe('xero-credit-notes-2024-11-01-to-2024-11-30.csv');
    const notes = (await download(xero.id, 4)).body.trimEnd().split('\r\n');
    expect(notes[0]).toContain('*CreditNoteNumber,Reference,*CreditNoteDate,Description,*Quantity,*UnitAmount');
    expect(
      notes.slice(1).every((l) => l.includes(`CN-${invoice2.invoiceNumber},${invoice2.invoiceNumber},10/09/2024`)),
    ).toBe(true);
  });
});
