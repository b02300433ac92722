/**
 * Payments of invoices through the API (issue 27, decision 036): partial payments to zero, an
 * overpayment refused, a voided payment reopening the balance, roles, the payments list and its
 * export, and the lists' kept totals against a direct aggregate.
 */
import ExcelJS from 'exceljs';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail, PaymentList, PendingInvoiceList } from '../../src/domain/invoices/index.js';
import { queryRows } from '../../src/server/db/client.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { invoiceFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const now = new Date('2025-06-20T16:00:00Z'); // 2025-06-20 in New York
let ctx: TestContext;
let user: ApiClient;
let manager: ApiClient;
let technician: ApiClient;

const fingerprint = () => invoiceFingerprint(ctx.database.db);
const rows = <T>(query: SQL) => queryRows<T>(ctx.database.db, query);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  user = await signInAs(ctx, 'user', { unchanged: fingerprint });
  manager = await user.withRole('manager');
  technician = await user.withRole('technician');
});
afterAll(async () => ctx?.close());

/** An issued invoice of $1,080.75 (3 x $180.25 + 1 x $540.00), sent today and dated back to 2025-06-10 (issued then). */
let companies = 0;
async function issuedInvoice(): Promise<InvoiceDetail> {
  const company = await ctx.f.company({ name: `Peachtree Offices ${++companies}` });
  const location = await ctx.f.location({ companyId: company.id });
  const unit = await ctx.f.unit({ billingEmail: null, locationId: location.id });
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
    quantity: 1,
    unitCost: '540.00',
    totalCost: '540.00',
  });
  const draft = (await user.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' })).json<InvoiceDetail>();
  const sent = await user.call('POST', `/api/invoices/${draft.id}/send`, {});
  expect(sent.statusCode, sent.body).toBe(200);
  await ctx.database.db.execute(sql`update job_invoices set issued_date = '2025-06-10' where id = ${draft.id}`);
  return (await user.call('GET', `/api/invoices/${draft.id}`)).json<InvoiceDetail>();
}

const pay = (id: string, body: Record<string, unknown>, as: ApiClient = user) =>
  as.call('POST', `/api/invoices/${id}/payments`, body);

/** The kept totals and copies against a direct aggregate of job_invoices: empty when they agree. */
async function totalsDisagreements() {
  const due = await rows<Record<string, unknown>>(sql`
    (select due_date, n::bigint, amount::numeric from invoice_due_totals where n <> 0 or amount <> 0)
    except all
    (select due_date, count(*)::bigint, sum(amount - amount_paid)::numeric from job_invoices where status = 'issued' group by 1)`);
  const due2 = await rows<Record<string, unknown>>(sql`
    (select due_date, count(*)::bigint, sum(amount - amount_paid)::numeric from job_invoices where status = 'issued' group by 1)
    except all
    (select due_date, n::bigint, amount::numeric from invoice_due_totals where n <> 0 or amount <> 0)`);
  const paid = await rows<Record<string, unknown>>(sql`
    ((select paid_date, n::bigint, amount::numeric from invoice_paid_totals where n <> 0 or amount <> 0)
     except all
     (select paid_date, count(*)::bigint, sum(amount)::numeric from job_invoices where status = 'paid' group by 1))
    union all
    ((select paid_date, count(*)::bigint, sum(amount)::numeric from job_invoices where status = 'paid' group by 1)
     except all
     (select paid_date, n::bigint, amount::numeric from invoice_paid_totals where n <> 0 or amount <> 0))`);
  const search = await rows<Record<string, unknown>>(sql`
    select i.id from job_invoices i join invoice_search s on s.invoice_id = i.id
    where (s.status, s.amount, s.amount_paid, s.paid_date) is distinct from (i.status, i.amount, i.amount_paid, i.paid_date)`);
  const kept = await rows<Record<string, unknown>>(sql`
    select i.id from job_invoices i
    where i.amount_paid <> coalesce((select sum(p.amount) from job_invoice_payments p where p.invoice_id = i.id and p.voided_at is null), 0)`);
  return { due: [...due, ...due2], paid, search, kept };
}
const agree = { due: [], paid: [], search: [], kept: [] };

describe('payments on an invoice', () => {
  it('partial payments to zero: paid, dated the latest payment; the history says each', async () => {
    const invoice = await issuedInvoice();
    expect(invoice).toMatchObject({ amountCents: 108_075, amountPaidCents: 0, balanceCents: 108_075, payments: [] });
    expect(invoice.actions).toMatchObject({ recordPayment: true, voidPayment: false });

    const first = await pay(invoice.id, {
      paymentDate: '2025-06-15',
      amountCents: 54_000,
      method: 'check',
      reference: '1042',
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<InvoiceDetail>()).toMatchObject({
      status: 'issued',
      amountPaidCents: 54_000,
      balanceCents: 54_075,
      paidDate: null,
    });
    // the second is dated earlier than the first: the paid date is the latest payment's date
    const second = (
      await pay(invoice.id, {
        paymentDate: '2025-06-12',
        amountCents: 54_075,
        method: 'ach',
        reference: 'TX-77',
        note: 'Rest',
      })
    ).json<InvoiceDetail>();
    expect(second).toMatchObject({ status: 'paid', amountPaidCents: 108_075, balanceCents: 0, paidDate: '2025-06-15' });
    expect(second.payments.map((p) => [p.paymentDate, p.amountCents, p.method, p.reference, p.voidedAt])).toEqual([
      ['2025-06-12', 54_075, 'ach', 'TX-77', null],
      ['2025-06-15', 54_000, 'check', '1042', null],
    ]);
    expect(second.history.map((h) => h.note).slice(-2)).toEqual([
      'Payment recorded: $540.00 by Check #1042 dated 2025-06-15',
      'Payment recorded: $540.75 by ACH TX-77 dated 2025-06-12',
    ]);
    expect(await totalsDisagreements()).toEqual(agree);
  });

  it('the /invoices Outstanding card sums what the issued invoices still owe, not their amounts', async () => {
    type Cards = { summary: { outstanding: { amountCents: number; count: number } } };
    const outstanding = async (query: string) =>
      (await user.call('GET', `/api/invoices${query}`)).json<Cards>().summary.outstanding;
    const invoice = await issuedInvoice();
    const company = `Peachtree Offices ${companies}`;
    const before = { all: await outstanding(''), issued: await outstanding('?status=issued') };
    expect(await outstanding(`?q=${encodeURIComponent(company)}`)).toEqual({ amountCents: 108_075, count: 1 });
    await pay(invoice.id, { paymentDate: '2025-06-15', amountCents: 30_000, method: 'cash' });
    // the totals' way (no filter, or a status alone), the search's way and the filters' way agree
    expect(await outstanding('')).toEqual({ amountCents: before.all.amountCents - 30_000, count: before.all.count });
    expect(await outstanding('?status=issued')).toEqual({
      amountCents: before.issued.amountCents - 30_000,
      count: before.issued.count,
    });
    expect(await outstanding(`?q=${encodeURIComponent(company)}`)).toEqual({ amountCents: 78_075, count: 1 });
    expect(await outstanding('?from=2025-06-10&to=2025-06-10')).toMatchObject({ count: expect.any(Number) });
    expect(await outstanding('?status=paid')).toEqual({ amountCents: 0, count: 0 });
  });

  it('refuses an overpayment, a future or pre-issue date, a bad method, and changes nothing', async () => {
    const invoice = await issuedInvoice();
    await pay(invoice.id, { paymentDate: '2025-06-15', amountCents: 54_000, method: 'cash' });
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/payments`,
      { paymentDate: '2025-06-16', amountCents: 60_000, method: 'card' },
      409,
      'The payment of $600.00 is more than the balance due of $540.75',
    );
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/payments`,
      { paymentDate: '2025-06-21', amountCents: 100, method: 'card' },
      400,
      'Payment date cannot be in the future',
      { field: 'paymentDate' },
    );
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/payments`,
      { paymentDate: '2025-06-09', amountCents: 100, method: 'card' },
      400,
      "Payment date cannot be before the invoice's issue date (2025-06-10)",
    );
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/payments`,
      { paymentDate: '2025-06-16', amountCents: 100, method: 'bitcoin' },
      400,
      'Method must be Check, Card, ACH, Cash or Other',
    );
    await user.refused(
      'POST',
      `/api/invoices/${invoice.id}/payments`,
      { paymentDate: '2025-06-16', amountCents: 0, method: 'card' },
      400,
      'Amount must be more than $0.00',
    );
  });

  it('refuses a payment on a draft', async () => {
    const job = await ctx.f.job();
    await ctx.f.jobItem(job.id, {
      code: 'LAB',
      name: 'Labor',
      type: 'labor',
      quantity: 1,
      unitCost: '95.00',
      totalCost: '95.00',
    });
    const draft = (await user.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' })).json<InvoiceDetail>();
    await user.refused(
      'POST',
      `/api/invoices/${draft.id}/payments`,
      { paymentDate: '2025-06-10', amountCents: 100, method: 'cash' },
      409,
      'Only an issued invoice can take a payment; this invoice is draft',
    );
  });

  it('a voided payment reopens the balance and returns a paid invoice to issued; void needs a reason', async () => {
    const invoice = await issuedInvoice();
    const paid = (
      await pay(invoice.id, { paymentDate: '2025-06-18', amountCents: 108_075, method: 'check', reference: '5001' })
    ).json<InvoiceDetail>();
    expect(paid).toMatchObject({ status: 'paid', paidDate: '2025-06-18' });
    const paymentId = paid.payments[0]!.id;
    const url = `/api/invoices/${invoice.id}/payments/${paymentId}/void`;
    await user.refused('POST', url, { reason: 'Bounced' }, 403);
    await manager.refused('POST', url, { reason: '  ' }, 400, 'A reason is required to void a payment', {
      field: 'reason',
    });
    const voided = await manager.call('POST', url, { reason: 'Check bounced' });
    expect(voided.statusCode, voided.body).toBe(200);
    const body = voided.json<InvoiceDetail>();
    expect(body).toMatchObject({ status: 'issued', paidDate: null, amountPaidCents: 0, balanceCents: 108_075 });
    expect(body.payments[0]).toMatchObject({ voidReason: 'Check bounced' });
    expect(body.payments[0]!.voidedAt).not.toBeNull();
    expect(body.history.at(-1)).toMatchObject({
      fromStatus: 'paid',
      toStatus: 'issued',
      note: 'Payment voided: $1,080.75 by Check #5001 dated 2025-06-18. Reason: Check bounced',
    });
    await manager.refused('POST', url, { reason: 'Again' }, 409, 'This payment is already void');
    // an invoice with a live payment is not voided (void the payments first)
    await pay(invoice.id, { paymentDate: '2025-06-19', amountCents: 100, method: 'cash' });
    await manager.refused(
      'POST',
      `/api/invoices/${invoice.id}/void`,
      { reason: 'Wrong' },
      409,
      'This invoice has payments; void its payments before voiding the invoice',
    );
    expect(await totalsDisagreements()).toEqual(agree);
  });

  it('roles: a technician may not record, a user records but does not void', async () => {
    const invoice = await issuedInvoice();
    await technician.refused(
      'POST',
      `/api/invoices/${invoice.id}/payments`,
      { paymentDate: '2025-06-15', amountCents: 100, method: 'cash' },
      403,
    );
    const ok = await pay(invoice.id, { paymentDate: '2025-06-15', amountCents: 100, method: 'cash' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<InvoiceDetail>().actions).toMatchObject({ recordPayment: true, voidPayment: false });
    const asManager = (await manager.call('GET', `/api/invoices/${invoice.id}`)).json<InvoiceDetail>();
    expect(asManager.actions).toMatchObject({ recordPayment: true, voidPayment: true });
    await technician.refused('GET', '/api/invoices/payments', undefined, 403);
  });

  it('Mark as Paid records one payment of the balance, today, by the method given', async () => {
    const invoice = await issuedInvoice();
    await pay(invoice.id, { paymentDate: '2025-06-12', amountCents: 8_075, method: 'cash' });
    const paid = (
      await user.call('POST', `/api/invoices/${invoice.id}/mark-paid`, { method: 'card', reference: 'AUTH-9' })
    ).json<InvoiceDetail>();
    expect(paid).toMatchObject({ status: 'paid', paidDate: '2025-06-20', balanceCents: 0 });
    expect(paid.payments.map((p) => [p.paymentDate, p.amountCents, p.method, p.reference])).toEqual([
      ['2025-06-12', 8_075, 'cash', null],
      ['2025-06-20', 100_000, 'card', 'AUTH-9'],
    ]);
  });
});

describe('the lists', () => {
  it('pending shows the balance and its cards sum balances; paid totals agree with a direct aggregate', async () => {
    const invoice = await issuedInvoice();
    await pay(invoice.id, { paymentDate: '2025-06-15', amountCents: 8_075, method: 'cash' });
    const pending = (await user.call('GET', '/api/invoices/pending?pageSize=100')).json<PendingInvoiceList>();
    const row = pending.items.find((i) => i.id === invoice.id)!;
    expect(row).toMatchObject({ amountCents: 108_075, amountPaidCents: 8_075, balanceCents: 100_000 });
    const [direct] = await rows<{ amount: string }>(
      sql`select coalesce(sum(amount - amount_paid), 0)::text as amount from job_invoices where status = 'issued'`,
    );
    expect(pending.summary!.totalOutstanding.amountCents).toBe(Math.round(Number(direct!.amount) * 100));
    // searched: the same balance from invoice_search
    const searched = (
      await user.call('GET', `/api/invoices/pending?q=${encodeURIComponent(invoice.invoiceNumber)}`)
    ).json<PendingInvoiceList>();
    expect(searched.summary!.totalOutstanding.amountCents).toBe(100_000);
    expect(await totalsDisagreements()).toEqual(agree);
  });

  it('payments list: date range, method, search, voided toggle, summary and export', async () => {
    const invoice = await issuedInvoice();
    const a = (
      await pay(invoice.id, { paymentDate: '2025-06-11', amountCents: 1_000, method: 'check', reference: 'CHK-314159' })
    ).json<InvoiceDetail>();
    await pay(invoice.id, { paymentDate: '2025-06-13', amountCents: 2_000, method: 'card' });
    await manager.call('POST', `/api/invoices/${invoice.id}/payments/${a.payments[0]!.id}/void`, {
      reason: 'Entered twice',
    });

    const listed = await user.call('GET', `/api/invoices/payments?q=${invoice.invoiceNumber}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const byNumber = listed.json<PaymentList>();
    expect(byNumber.items.map((p) => [p.paymentDate, p.amountCents, p.method])).toEqual([
      ['2025-06-13', 2_000, 'card'],
    ]);
    expect(byNumber.summary).toEqual({ count: 1, amountCents: 2_000 });
    expect(byNumber.items[0]).toMatchObject({
      invoiceNumber: invoice.invoiceNumber,
      companyName: `Peachtree Offices ${companies}`,
    });

    const withVoided = (
      await user.call('GET', `/api/invoices/payments?q=${invoice.invoiceNumber}&includeVoided=true`)
    ).json<PaymentList>();
    expect(withVoided.items.map((p) => p.paymentDate)).toEqual(['2025-06-13', '2025-06-11']);
    expect(withVoided.summary).toEqual({ count: 2, amountCents: 3_000 });

    const byRef = (
      await user.call('GET', '/api/invoices/payments?q=CHK-314159&includeVoided=true')
    ).json<PaymentList>();
    expect(byRef.items.map((p) => p.reference)).toEqual(['CHK-314159']);
    const byMethod = (
      await user.call('GET', `/api/invoices/payments?method=check&q=${invoice.invoiceNumber}`)
    ).json<PaymentList>();
    expect(byMethod.total).toBe(0);
    const byRange = (
      await user.call('GET', '/api/invoices/payments?from=2025-06-13&to=2025-06-13&includeVoided=1')
    ).json<PaymentList>();
    expect(byRange.items.every((p) => p.paymentDate === '2025-06-13')).toBe(true);
    expect(byRange.items.length).toBeGreaterThan(0);
    await user.refused(
      'GET',
      '/api/invoices/payments?from=2025-06-14&to=2025-06-13',
      undefined,
      400,
      'The from date must not be after the to date',
    );

    const response = await user.call(
      'GET',
      `/api/invoices/payments/export?q=${invoice.invoiceNumber}&includeVoided=true`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('payments-2025-06-20.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Payment Date');
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(4).value).toBe('Card');
    expect(sheet.getRow(3).getCell(9).value).toBe('Void');
  });
});

describe('the financial report', () => {
  it("Payments Received: the period's non-void payments by payment date, per method, against a direct sum", async () => {
    type Report = {
      paymentsReceived: {
        byMethod: { method: string; count: number; amountCents: number }[];
        count: number;
        amountCents: number;
      };
    };
    const received = async () =>
      (await user.call('GET', '/api/invoices/reports?period=monthly&year=2025&month=6')).json<Report>()
        .paymentsReceived;
    const before = await received();
    const invoice = await issuedInvoice();
    expect(
      (await pay(invoice.id, { paymentDate: '2025-06-12', amountCents: 30_000, method: 'check', reference: '77' }))
        .statusCode,
    ).toBe(200);
    const card = (
      await pay(invoice.id, { paymentDate: '2025-06-14', amountCents: 10_000, method: 'card' })
    ).json<InvoiceDetail>();
    const voided = card.payments.find((p) => p.method === 'card')!;
    expect(
      (
        await manager.call('POST', `/api/invoices/${invoice.id}/payments/${voided.id}/void`, {
          reason: 'Card declined',
        })
      ).statusCode,
    ).toBe(200);

    const after = await received();
    expect(after.amountCents - before.amountCents).toBe(30_000);
    expect(after.count - before.count).toBe(1);
    const [direct] = await rows<{ n: string; cents: string }>(sql`
      select count(*) as n, coalesce(round(sum(amount) * 100), 0) as cents from job_invoice_payments
      where voided_at is null and payment_date >= '2025-06-01' and payment_date < '2025-07-01'`);
    expect({ count: after.count, cents: after.amountCents }).toEqual({
      count: Number(direct!.n),
      cents: Number(direct!.cents),
    });
    expect(after.byMethod.map((m) => m.method)).toEqual(
      ['check', 'card', 'ach', 'cash', 'other'].filter((m) => after.byMethod.some((r) => r.method === m)),
    );
  });
});
