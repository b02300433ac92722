/**
 * Agreement billing (issue 29 item 3, decision 052): the generator creates each billing period's
 * invoice once (twice run, two servers at once), taxed and numbered like other invoices, draft or
 * issued by the setting; per-visit agreements bill a visit's job when it is completed; cancel
 * withdraws the draft of a period not begun and leaves issued invoices; every invoice list and the
 * financial report include them; deferred revenue is billed in advance and earned visit by visit.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { queryRows } from '../../src/server/db/client.js';
import { apiClient, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, testConfig, type TestContext } from '../support/test-app.js';
import { agreementPayload } from '../support/agreements.js';

let now = new Date('2027-01-05T15:00:00Z');
const setToday = async (iso: string) => {
  now = new Date(`${iso}T15:00:00Z`);
  api = await signInAs(ctx, 'user');
  admin = await api.withRole('admin');
};

let ctx: TestContext;
let api: ApiClient;
let admin: ApiClient;
let companyId: string;
let unitId: string;
let otherUnitId: string;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  api = await signInAs(ctx, 'user');
  admin = await api.withRole('admin');
  const group = await admin.call('POST', '/api/settings/tax-groups', { code: 'AB-7', name: 'Test Tax', rate: 7 });
  expect(group.statusCode, group.body).toBe(201);
  companyId = (await ctx.f.company({ name: 'Billing Properties' })).id;
  const tower = await ctx.f.location({ companyId, name: 'Billing Tower' });
  unitId = (
    await ctx.f.unit({
      locationId: tower.id,
      unitNumber: 'B-1',
      taxable: true,
      taxGroupCode: 'AB-7',
      billingEmail: null,
      billingEntity: null,
      billingCity: null,
      billingState: null,
      billingZip: null,
    })
  ).id;
  const otherCompany = (await ctx.f.company({ name: 'Mailing Holdings' })).id;
  const site = await ctx.f.location({ companyId: otherCompany, name: 'Mailing Site' });
  otherUnitId = (
    await ctx.f.unit({
      locationId: site.id,
      unitNumber: 'M-1',
      taxable: false,
      billingEmail: 'ap@mailing.example.com',
    })
  ).id;
});
afterAll(() => ctx.close());

const agreement = (overrides: Record<string, unknown> = {}) =>
  agreementPayload(
    { companyId, unitIds: [unitId], technicianId: null },
    { name: 'Billing Quarterly PM', visitDuration: 60, ...overrides },
  );

async function create(overrides: Record<string, unknown> = {}) {
  const response = await api.call('POST', '/api/agreements', agreement(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: number };
}

async function generate(client: ApiClient = admin) {
  const response = await client.call('POST', '/api/agreements/generate-visits');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().error).toBeNull();
  return response.json();
}

type Row = {
  id: string;
  invoice_number: string;
  status: string;
  job_id: string | null;
  period_start: string;
  period_end: string;
  subtotal: string;
  tax: string;
  amount: string;
  company_id: string | null;
  service_line: string | null;
  bill_to_name: string | null;
};
const invoicesOf = (agreementId: string) =>
  queryRows<Row>(
    ctx.database.db,
    sql`select id, invoice_number, status, job_id, period_start::text, period_end::text, subtotal::text, tax::text,
               amount::text, company_id, service_line, bill_to_name
        from job_invoices where agreement_id = ${agreementId}::uuid order by period_start, created_at`,
  );

async function setInvoiceStatus(status: 'draft' | 'issued') {
  const settings = (await admin.call('GET', '/api/settings/company')).json();
  const { managementTitle: _t, ...values } = settings;
  const saved = await admin.call('PUT', '/api/settings/company', { ...values, agreement_invoice_status: status });
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('agreement billing: the generator', () => {
  let first: { id: string; number: number };

  it('bills the quarter that has begun, taxed and numbered, as a draft by default; a second run makes nothing', async () => {
    first = await create();
    await generate();
    const rows = await invoicesOf(first.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'draft',
      job_id: null,
      period_start: '2027-01-01',
      period_end: '2027-03-31',
      subtotal: '300.00',
      tax: '21.00',
      amount: '321.00',
      company_id: companyId,
      service_line: 'HVACGEN',
      bill_to_name: 'Billing Properties',
    });
    expect(rows[0]!.invoice_number).toMatch(new RegExp(`^AGR-${first.number}-INV-\\d{4}$`));
    await generate();
    expect(await invoicesOf(first.id)).toHaveLength(1);
  });

  it('reads, lists and prints like any invoice', async () => {
    const [row] = await invoicesOf(first.id);
    const detail = await api.call('GET', `/api/invoices/${row!.id}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json()).toMatchObject({
      job: null,
      agreement: { id: first.id, number: first.number, periodStart: '2027-01-01', periodEnd: '2027-03-31' },
      customer: { companyName: 'Billing Properties' },
      totals: { subtotalCents: 30_000, taxCents: 2_100, totalCents: 32_100 },
    });
    expect(detail.json().lines[0].name).toContain(`Service agreement #${first.number}`);
    const list = await api.call('GET', '/api/invoices?search=AGR-');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((i: { id: string }) => i.id)).toContain(row!.id);
    const all = await api.call('GET', '/api/invoices?status=draft');
    const item = all.json().items.find((i: { id: string }) => i.id === row!.id);
    expect(item).toMatchObject({ jobId: null, companyName: 'Billing Properties', agreement: { number: first.number } });
    const pdf = await api.call('GET', `/api/invoices/${row!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const technician = await api.withRole('technician');
    expect((await technician.call('GET', `/api/invoices/${row!.id}`)).statusCode).toBe(403);
  });

  it('sends, takes a payment, appears in pending, paid and the financial report', async () => {
    const [row] = await invoicesOf(first.id);
    const sent = await api.call('POST', `/api/invoices/${row!.id}/send`, { email: 'office@billing.example.com' });
    expect(sent.statusCode, sent.body).toBe(200);
    const pending = await api.call('GET', '/api/invoices/pending');
    expect(pending.json().items.map((i: { id: string }) => i.id)).toContain(row!.id);
    const paid = await api.call('POST', `/api/invoices/${row!.id}/mark-paid`, { method: 'check', reference: '77' });
    expect(paid.statusCode, paid.body).toBe(200);
    const paidList = await api.call('GET', '/api/invoices/paid');
    expect(paidList.json().items.map((i: { id: string }) => i.id)).toContain(row!.id);
    const report = await admin.call('GET', '/api/invoices/reports?year=2027');
    expect(report.statusCode, report.body).toBe(200);
    expect(JSON.stringify(report.json())).toContain('Billing Properties');
  });

  it('catches up after downtime: every quarter begun since is billed once', async () => {
    await setToday('2027-07-02');
    await generate();
    const rows = await invoicesOf(first.id);
    expect(rows.map((r) => r.period_start)).toEqual(['2027-01-01', '2027-04-01', '2027-07-01']);
    expect(rows.map((r) => r.subtotal)).toEqual(['300.00', '300.00', '300.00']);
  });

  it('two servers at once bill each period once', async () => {
    const twins = [
      await create({ name: 'Twin billing A' }),
      await create({ name: 'Twin billing B', billingPlan: 'monthly' }),
    ];
    const second: FastifyInstance = await buildApp({
      config: testConfig(),
      database: ctx.database,
      webDir: null,
      clock: () => now,
      agreementGenerator: 'off',
    });
    await second.ready();
    try {
      const other = apiClient({ app: second }, admin.cookie);
      await Promise.all([generate(admin), generate(other), generate(admin), generate(other)]);
      // A is entered in July: its plan runs from today, so the July quarter is billed; B: July.
      expect((await invoicesOf(twins[0]!.id)).map((r) => r.period_start)).toEqual(['2027-07-01']);
      expect((await invoicesOf(twins[1]!.id)).map((r) => [r.period_start, r.subtotal])).toEqual([
        ['2027-07-01', '100.00'],
      ]);
    } finally {
      await second.close();
    }
  });

  it('issued by setting: sent to the billing e-mail at once; cancel keeps it', async () => {
    await setInvoiceStatus('issued');
    try {
      const other = (
        await queryRows<{ company_id: string }>(
          ctx.database.db,
          sql`select l.company_id from units u join locations l on l.id = u.location_id where u.id = ${otherUnitId}::uuid`,
        )
      )[0]!.company_id;
      const issued = await create({
        name: 'Issued billing',
        companyId: other,
        unitIds: [otherUnitId],
        startDate: '2027-07-02',
        endDate: '2028-07-01',
        billingPlan: 'annually',
      });
      await generate();
      const [row] = await invoicesOf(issued.id);
      expect(row).toMatchObject({ status: 'issued', subtotal: '1200.00', tax: '0.00', amount: '1200.00' });
      const outbox = await queryRows<{ to_address: string }>(
        ctx.database.db,
        sql`select to_address from outbox where related_id = ${row!.id}::uuid`,
      );
      expect(outbox.map((o) => o.to_address)).toEqual(['ap@mailing.example.com']);
      const cancelled = await admin.call('POST', `/api/agreements/${issued.id}/cancel`);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await invoicesOf(issued.id)).map((r) => r.status)).toEqual(['issued']);
    } finally {
      await setInvoiceStatus('draft');
    }
  });

  it('cancel deletes the draft of a period that begins today', async () => {
    const today = await create({
      name: 'Cancelled billing',
      startDate: '2027-07-02',
      endDate: '2028-07-01',
      billingPlan: 'quarterly',
    });
    await generate();
    expect(await invoicesOf(today.id)).toHaveLength(1);
    const cancelled = await admin.call('POST', `/api/agreements/${today.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await invoicesOf(today.id)).toHaveLength(0);
  });

  it("per visit: the visit's job is billed when it is completed, once", async () => {
    const perVisit = await create({
      name: 'Per visit billing',
      startDate: '2027-07-02',
      endDate: '2028-07-01',
      billingPlan: 'per_visit',
    });
    await generate();
    expect(await invoicesOf(perVisit.id)).toHaveLength(0);
    const [visit] = await queryRows<{ job_id: string; number: number }>(
      ctx.database.db,
      sql`select v.job_id, j.number from agreement_visits v join jobs j on j.id = v.job_id
          where v.agreement_id = ${perVisit.id}::uuid order by v.visit_date limit 1`,
    );
    const done = await admin.call('POST', `/api/jobs/${visit!.job_id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    await generate();
    await generate();
    const rows = await invoicesOf(perVisit.id);
    expect(rows).toHaveLength(1);
    // $1,200.00 over the term's 4 visits; taxed at 7%.
    expect(rows[0]).toMatchObject({ job_id: visit!.job_id, subtotal: '300.00', tax: '21.00', amount: '321.00' });
    expect(rows[0]!.invoice_number).toMatch(new RegExp(`^JOB-${visit!.number}-INV-\\d{4}$`));
    const jobInvoices = await api.call('GET', `/api/jobs/${visit!.job_id}/invoices`);
    expect(jobInvoices.statusCode, jobInvoices.body).toBe(200);
    const card = await api.call('GET', `/api/agreements/${perVisit.id}/invoices`);
    expect(card.json().items).toHaveLength(1);
    // The agreement's own invoice, once issued, is its revenue, not a repair sold on the visit.
    await ctx.database.db.execute(
      sql`update job_invoices set status = 'issued', issued_date = '2027-07-02' where id = ${rows[0]!.id}::uuid`,
    );
    const figures = (await admin.call('GET', `/api/agreements/${perVisit.id}/pull-through`)).json();
    expect(figures).toMatchObject({ visitsDone: 1, repairRevenueCents: 0 });
  });

  it("deferred revenue: billed in advance when issued, earned when the visit's job is completed", async () => {
    // The first agreement's January quarter ($300.00 pre-tax) was issued on 2027-01-05 and its one
    // visit (January 15) is still open; the cancelled annual agreement's $1,200.00 was issued on
    // 2027-07-02 and its visits were withdrawn: it stays deferred.
    const before = await api.call('GET', '/api/agreements/deferred-revenue?from=2027-01&to=2027-07');
    expect(before.statusCode, before.body).toBe(200);
    const months = before.json().months as {
      month: string;
      billedCents: number;
      earnedCents: number;
      deferredCents: number;
    }[];
    expect(months[0]).toEqual({ month: '2027-01-01', billedCents: 30_000, earnedCents: 0, deferredCents: 30_000 });
    expect(months[6]).toEqual({ month: '2027-07-01', billedCents: 120_000, earnedCents: 0, deferredCents: 150_000 });
    expect(before.json().deferredTodayCents).toBe(150_000);

    const [visit] = await queryRows<{ job_id: string }>(
      ctx.database.db,
      sql`select v.job_id from agreement_visits v join agreements a on a.id = v.agreement_id
          where a.name = 'Billing Quarterly PM' and v.visit_date = '2027-01-15'`,
    );
    const done = await admin.call('POST', `/api/jobs/${visit!.job_id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    const after = await api.call('GET', '/api/agreements/deferred-revenue?from=2027-01&to=2027-07');
    const july = (after.json().months as { month: string }[])[6];
    expect(july).toEqual({ month: '2027-07-01', billedCents: 120_000, earnedCents: 30_000, deferredCents: 120_000 });
    const summary = await api.call('GET', '/api/agreements/deferred-revenue/summary');
    expect(summary.json()).toEqual({ deferredCents: 120_000, asOf: '2027-07-02' });

    const technician = await api.withRole('technician');
    expect((await technician.call('GET', '/api/agreements/deferred-revenue')).statusCode).toBe(403);
    const bad = await api.call('GET', '/api/agreements/deferred-revenue?from=2027-13');
    expect(bad.statusCode).toBe(400);
  });
});
