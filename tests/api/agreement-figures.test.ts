/**
 * The agreements' kept pull-through figures (agreement_figures, decision 060): after each change
 * that moves a figure (a visit completed through the API, field time recorded, a quote approved by
 * the customer, an invoice issued, its tax changed and voided, a part's price-book cost changed, a
 * repair carried to a later job, the labor cost setting changed, the agreement's price edited, a
 * job and a visit deleted, a plain-SQL bulk update) the kept rows equal the figures recomputed from
 * the source rows (tests/support/agreement-figures.ts), the kept labor cost and profit equal the
 * domain's agreementProfitability at the company's rate (the trigger function is its one SQL twin),
 * and the report sorts by them. Each step also states the figure it moved, worked out by hand.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementProfitability } from '../../src/domain/agreements/pull-through.js';
import { toCents } from '../../src/domain/money.js';
import { queryRows } from '../../src/server/db/client.js';
import { callRoute, signInAs, type ApiClient } from '../support/api.js';
import { agreementPayload } from '../support/agreements.js';
import { KEPT_AGREEMENT_FIGURES, RECOMPUTED_AGREEMENT_FIGURES } from '../support/agreement-figures.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const now = new Date('2027-01-05T15:00:00Z');
let ctx: TestContext;
let api: ApiClient;
let admin: ApiClient;
let companyId: string;
let technicianId: string;
const unitIds: string[] = [];
const ids: Record<string, string> = {};

const run = (query: ReturnType<typeof sql>) => ctx.database.db.execute(query);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);

interface Kept {
  agreement_id: string;
  visits_done: number;
  quoted_count: number;
  quoted_cents: number;
  approved_count: number;
  approved_cents: number;
  repair_revenue_cents: number;
  parts_cost_cents: number;
  labor_minutes: number;
  revenue_cents: number;
  labor_rate_cents: number;
  labor_cost_cents: number;
  profit_cents: number;
}

async function kept(agreementId: string): Promise<Kept> {
  const [row] = await rows<Record<string, unknown>>(
    sql`select * from agreement_figures where agreement_id = ${agreementId}::uuid`,
  );
  expect(row, `agreement_figures row of ${agreementId}`).toBeDefined();
  return Object.fromEntries(
    Object.entries(row!).map(([k, v]) => [k, k === 'agreement_id' ? v : Number(v)]),
  ) as unknown as Kept;
}

/** The rate Settings > Company holds, read as the settings repo reads it (the domain's toCents). */
async function companyRate(): Promise<number> {
  const company = (await admin.call('GET', '/api/settings/company')).json() as { labor_cost_per_hour?: string };
  return company.labor_cost_per_hour ? toCents(company.labor_cost_per_hour) : 0;
}

/** Every kept row equals its recomputation, and its cost and profit the domain's arithmetic. */
async function expectKept(when: string) {
  const diff = await rows<Record<string, unknown>>(sql`
    (select 'kept only' as side, * from ((${KEPT_AGREEMENT_FIGURES}) except all (${RECOMPUTED_AGREEMENT_FIGURES})) k)
    union all
    (select 'recomputed only' as side, * from ((${RECOMPUTED_AGREEMENT_FIGURES}) except all (${KEPT_AGREEMENT_FIGURES})) r)`);
  expect(diff, `agreement_figures ${when}`).toEqual([]);
  const rate = await companyRate();
  const all = await rows<{ agreement_id: string }>(sql`select agreement_id from agreement_figures`);
  for (const { agreement_id } of all) {
    const row = await kept(agreement_id);
    const domain = agreementProfitability({
      agreementRevenueCents: row.revenue_cents,
      repairRevenueCents: row.repair_revenue_cents,
      laborMinutes: row.labor_minutes,
      laborRateCents: rate,
      partsCostCents: row.parts_cost_cents,
    });
    expect(
      { rate: row.labor_rate_cents, labor: row.labor_cost_cents, profit: row.profit_cents },
      `profit of ${agreement_id} ${when}`,
    ).toEqual({ rate, labor: domain.laborCostCents, profit: domain.profitCents });
  }
}

async function visitJob(agreementId: string, locationName: string) {
  const [row] = await rows<{ id: string; number: number }>(
    sql`select j.id, j.number from agreement_visits v join jobs j on j.id = v.job_id join locations l on l.id = v.location_id
        where v.agreement_id = ${agreementId}::uuid and l.name = ${locationName} order by v.visit_date limit 1`,
  );
  expect(row, `a visit job of ${agreementId} at ${locationName}`).toBeDefined();
  return row!;
}

const reportNames = async (query: string) =>
  ((await admin.call('GET', `/api/agreements/report${query}`)).json().items as { name: string }[]).map((x) => x.name);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  api = await signInAs(ctx, 'user');
  admin = await api.withRole('admin');
  companyId = (await ctx.f.company({ name: 'Figures Properties' })).id;
  const tower = (await ctx.f.location({ companyId, name: 'Figures Tower' })).id;
  const annex = (await ctx.f.location({ companyId, name: 'Figures Annex' })).id;
  unitIds.push((await ctx.f.unit({ locationId: tower, unitNumber: 'RTU-1' })).id);
  unitIds.push((await ctx.f.unit({ locationId: annex, unitNumber: 'AHU-2' })).id);
  technicianId = (await ctx.f.technician()).user.id;
  const create = async (overrides: Record<string, unknown>) => {
    const response = await api.call(
      'POST',
      '/api/agreements',
      agreementPayload({ companyId, unitIds, technicianId }, { billingPlan: 'annually', ...overrides }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  };
  ids.a = await create({ name: 'A Figures', price: '1200.00' });
  ids.b = await create({ name: 'B Figures', price: '1500.00' });
  const generated = await admin.call('POST', '/api/agreements/generate-visits');
  expect(generated.statusCode, generated.body).toBe(200);
});
afterAll(() => ctx.close());

describe("the agreements' kept figures", () => {
  it('start with the agreement: its price as revenue and profit, nothing else', async () => {
    expect(await kept(ids.a!)).toMatchObject({ visits_done: 0, revenue_cents: 120_000, profit_cents: 120_000 });
    await expectKept('after the agreements and their visits are made');
    expect(await reportNames('?sort=profit&dir=desc')).toEqual(['B Figures', 'A Figures']);
  });

  it('follow a visit completed, its field time and the labor cost setting', async () => {
    const tower = await visitJob(ids.a!, 'Figures Tower');
    const done = await admin.call('POST', `/api/jobs/${tower.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    // completed with no field time: its scheduled 2:00
    expect(await kept(ids.a!)).toMatchObject({ visits_done: 1, labor_minutes: 120, labor_cost_cents: 0 });
    await expectKept('after a visit is completed');
    // the technician recorded 1:30 (Arrive to Finish): the recorded time counts instead
    await run(sql`insert into field_time_events (job_id, user_id, kind, device_at)
                  values (${tower.id}, ${technicianId}, 'arrived', '2027-01-16T15:00:00Z'),
                         (${tower.id}, ${technicianId}, 'work_finished', '2027-01-16T16:30:00Z')`);
    expect((await kept(ids.a!)).labor_minutes).toBe(90);
    await expectKept('after field time is recorded');
    // $45.50 an hour: 90 minutes cost $68.25; profit 1,200.00 - 68.25
    const company = (await admin.call('GET', '/api/settings/company')).json();
    const put = await admin.call('PUT', '/api/settings/company', { ...company, labor_cost_per_hour: '45.50' });
    expect(put.statusCode, put.body).toBe(200);
    expect(await kept(ids.a!)).toMatchObject({
      labor_rate_cents: 4_550,
      labor_cost_cents: 6_825,
      profit_cents: 113_175,
    });
    await expectKept('after the labor cost setting changed');
    // the finish moved 20 minutes later: 110 minutes at $45.50 = $83.42 (83.416... half up)
    await run(
      sql`update field_time_events set device_at = '2027-01-16T16:50:00Z' where job_id = ${tower.id} and kind = 'work_finished'`,
    );
    expect(await kept(ids.a!)).toMatchObject({ labor_minutes: 110, labor_cost_cents: 8_342 });
    await expectKept('after field time is corrected');
    // the setting cleared: hours cost nothing again
    const cleared = await admin.call('PUT', '/api/settings/company', { ...company, labor_cost_per_hour: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await kept(ids.a!)).toMatchObject({ labor_rate_cents: 0, labor_cost_cents: 0, profit_cents: 120_000 });
    await expectKept('after the labor cost setting is cleared');
    const again = await admin.call('PUT', '/api/settings/company', { ...company, labor_cost_per_hour: '45.50' });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('follow a repair quote approved by the customer', async () => {
    const tower = await visitJob(ids.a!, 'Figures Tower');
    const quote = await ctx.f.quote(tower, {
      quoteType: 'repair',
      amount: '640.00',
      sentAt: new Date('2027-01-05T15:00:00Z'),
      expiresAt: new Date('2027-02-05T15:00:00Z'),
    });
    expect(await kept(ids.a!)).toMatchObject({ quoted_count: 1, quoted_cents: 64_000, approved_cents: 0 });
    const decided = await callRoute(ctx, undefined, 'POST', `/api/public/quotes/${quote.token}/decision`, {
      approve: true,
      signerName: 'Dana Reed',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await kept(ids.a!)).toMatchObject({ approved_count: 1, approved_cents: 64_000 });
    await expectKept('after a quote is approved');
  });

  it('follow an invoice issued, its tax changed and the invoice voided', async () => {
    const tower = await visitJob(ids.a!, 'Figures Tower');
    const invoice = await ctx.f.invoice(tower, {
      status: 'issued',
      issuedDate: '2027-01-17',
      amount: '690.00',
      subtotal: '640.00',
      tax: '50.00',
    });
    // 690.00 less 50.00 tax
    expect((await kept(ids.a!)).repair_revenue_cents).toBe(64_000);
    await expectKept('after an invoice is issued');
    expect(await reportNames('?sort=repairRevenue&dir=desc')).toEqual(['A Figures', 'B Figures']);
    expect(await reportNames('?sort=profit&dir=desc')).toEqual(['A Figures', 'B Figures']);
    await run(sql`update job_invoices set tax = 40.00, amount = 680.00 where id = ${invoice.id}`);
    expect((await kept(ids.a!)).repair_revenue_cents).toBe(64_000);
    await run(sql`update job_invoices set tax = 30.00 where id = ${invoice.id}`);
    expect((await kept(ids.a!)).repair_revenue_cents).toBe(65_000);
    await expectKept('after the tax changed');
    const voided = await admin.call('POST', `/api/invoices/${invoice.id}/void`, { reason: 'Billed the wrong unit' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await kept(ids.a!)).repair_revenue_cents).toBe(0);
    await expectKept('after the invoice is voided');
    // A: 1,200.00 - 83.42 of labor < B's 1,500.00
    expect(await reportNames('?sort=profit&dir=desc')).toEqual(['B Figures', 'A Figures']);
  });

  it("follow parts and the price book's parts cost", async () => {
    const annex = await visitJob(ids.a!, 'Figures Annex');
    await ctx.f.partPrice({ code: 'FIG-FLT', name: 'Filter', unitCost: '30.00', partsCost: '12.50' });
    const line = await ctx.f.jobItem(annex.id, {
      code: 'FIG-FLT',
      name: 'Filter',
      type: 'part',
      quantity: 2,
      unitCost: '30.00',
      totalCost: '60.00',
    });
    // 2 x the price book's $12.50
    expect((await kept(ids.a!)).parts_cost_cents).toBe(2_500);
    await run(sql`update job_part_prices set parts_cost = 14.00 where code = 'FIG-FLT'`);
    expect((await kept(ids.a!)).parts_cost_cents).toBe(2_800);
    await expectKept("after the price book's cost changed");
    // the price book loses the part: the line's own price is its cost
    await run(sql`delete from job_part_prices where code = 'FIG-FLT'`);
    expect((await kept(ids.a!)).parts_cost_cents).toBe(6_000);
    await run(sql`update job_items set quantity = 3 where id = ${line.id}`);
    expect((await kept(ids.a!)).parts_cost_cents).toBe(9_000);
    await expectKept('after the part line changed');
  });

  it('follow a repair carried from a visit to a later job, and the carry undone', async () => {
    const annex = await visitJob(ids.a!, 'Figures Annex');
    const inspection = await ctx.f.inspection(annex.id);
    const recommended = await ctx.f.repair({ jobId: annex.id, inspectionId: inspection.id });
    const annexLocation = (
      await rows<{ location_id: string }>(sql`select location_id from jobs where id = ${annex.id}`)
    )[0]!.location_id;
    const later = await ctx.f.job({ locationId: annexLocation, name: 'Annex compressor repair' });
    await ctx.f.invoice(later, {
      status: 'paid',
      issuedDate: '2027-01-18',
      paidDate: '2027-01-19',
      amount: '300.00',
      subtotal: '300.00',
      tax: '0',
    });
    expect((await kept(ids.a!)).repair_revenue_cents).toBe(0);
    const laterInspection = await ctx.f.inspection(later.id);
    const carried = await ctx.f.repair({ jobId: later.id, inspectionId: laterInspection.id });
    await run(sql`update job_repairs set carried_to_repair_id = ${carried.id} where id = ${recommended.id}`);
    expect((await kept(ids.a!)).repair_revenue_cents).toBe(30_000);
    await expectKept('after a repair is carried to a later job');
    // deleting the copy sets the carry back to null: the later job is no longer the agreement's
    await run(sql`delete from job_repairs where id = ${carried.id}`);
    expect((await kept(ids.a!)).repair_revenue_cents).toBe(0);
    await expectKept('after the carried copy is deleted');
  });

  it("follow the agreement's price edited", async () => {
    const current = (await api.call('GET', `/api/agreements/${ids.b}`)).json();
    const edited = await api.call(
      'PUT',
      `/api/agreements/${ids.b}`,
      agreementPayload(
        { companyId, unitIds, technicianId },
        {
          name: 'B Figures',
          billingPlan: 'annually',
          price: '900.00',
          startDate: current.startDate,
          endDate: current.endDate,
        },
      ),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await kept(ids.b!)).toMatchObject({ revenue_cents: 90_000, profit_cents: 90_000 });
    await expectKept('after the price is edited');
  });

  it('follow a job un-completed in a bulk update, a deleted visit job and a deleted agreement', async () => {
    const before = await kept(ids.a!);
    expect(before.visits_done).toBe(1);
    await run(sql`update jobs set status = 'unscheduled', completed_at = null where status = 'completed'`);
    // the visit is no longer done; its recorded 1:50 still counts (field time counts whatever the status)
    expect(await kept(ids.a!)).toMatchObject({ visits_done: 0, labor_minutes: 110 });
    await expectKept('after a bulk update of jobs');
    const annex = await visitJob(ids.a!, 'Figures Annex');
    await run(sql`delete from job_items where job_id = ${annex.id}`);
    await run(sql`delete from job_repairs where job_id = ${annex.id}`);
    await run(sql`delete from job_inspections where job_id = ${annex.id}`);
    await run(sql`delete from jobs where id = ${annex.id}`);
    expect((await kept(ids.a!)).parts_cost_cents).toBe(0);
    await expectKept('after a visit job is deleted');
    await run(sql`delete from agreement_visits where agreement_id = ${ids.a!}::uuid`);
    expect(await kept(ids.a!)).toMatchObject({ visits_done: 0, quoted_cents: 0, labor_minutes: 0 });
    await expectKept("after the agreement's visits are deleted");
    // its own billing first (an agreement's invoices restrict its delete)
    await run(sql`delete from job_invoices where agreement_id = ${ids.b!}::uuid`);
    await run(sql`delete from agreements where id = ${ids.b!}::uuid`);
    expect(await rows(sql`select 1 from agreement_figures where agreement_id = ${ids.b!}::uuid`)).toEqual([]);
    await expectKept('after an agreement is deleted');
  });

  it('are rebuilt after a TRUNCATE of a source table', async () => {
    await run(sql`update agreement_figures set visits_done = 99`);
    await run(sql`truncate field_time_events`);
    await expectKept('after a truncate');
  });
});
