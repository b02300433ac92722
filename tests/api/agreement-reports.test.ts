/**
 * The agreements' reports (issue 29 items 4 and 6, decision 053): one agreement's pull-through and
 * profitability, worked out by hand below; the report across agreements (filters, sorts, export,
 * roles); renewals in 60 or 90 days; the visits due this month not scheduled and Home's counts;
 * the generator's runs.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { fieldTimeEvents, jobRepairs, jobs } from '../../src/server/db/schema.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { agreementPayload } from '../support/agreements.js';

let now = new Date('2027-01-05T15:00:00Z');
let ctx: TestContext;
let api: ApiClient;
let admin: ApiClient;
let companyId: string;
let otherCompanyId: string;
let towerId: string;
let annexId: string;
const unitIds: string[] = [];
let otherUnitId: string;
let technicianId: string;
const ids: Record<string, string> = {};

const fingerprint = () =>
  tableFingerprint(ctx.database.db, ['agreements', 'agreement_units', 'agreement_visits', 'jobs', 'settings']);

const setToday = async (iso: string) => {
  now = new Date(`${iso}T15:00:00Z`);
  api = await signInAs(ctx, 'user', { unchanged: fingerprint });
  admin = await api.withRole('admin');
};

const valid = (overrides: Record<string, unknown> = {}) =>
  agreementPayload(
    { companyId, unitIds, technicianId },
    { billingPlan: 'annually', escalatorPercent: '3.5', ...overrides },
  );

async function create(overrides: Record<string, unknown> = {}) {
  const response = await api.call('POST', '/api/agreements', valid(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: number };
}

async function visitJobs(agreementId: string) {
  const items = (await api.call('GET', `/api/agreements/${agreementId}/visits`)).json().items as {
    locationName: string;
    jobId: string;
  }[];
  return items;
}

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  api = await signInAs(ctx, 'user', { unchanged: fingerprint });
  admin = await api.withRole('admin');
  companyId = (await ctx.f.company({ name: 'Acme Properties' })).id;
  otherCompanyId = (await ctx.f.company({ name: 'Other Holdings' })).id;
  towerId = (await ctx.f.location({ companyId, name: 'Acme Tower' })).id;
  annexId = (await ctx.f.location({ companyId, name: 'Acme Annex' })).id;
  unitIds.push((await ctx.f.unit({ locationId: towerId, unitNumber: 'RTU-1' })).id);
  unitIds.push((await ctx.f.unit({ locationId: towerId, unitNumber: 'RTU-2' })).id);
  unitIds.push((await ctx.f.unit({ locationId: annexId, unitNumber: 'AHU-9' })).id);
  const otherLocation = await ctx.f.location({ companyId: otherCompanyId, name: 'Other Site' });
  otherUnitId = (await ctx.f.unit({ locationId: otherLocation.id, unitNumber: 'X-1' })).id;
  technicianId = (await ctx.f.technician()).user.id;

  // Everything is made on January 5th, then the generator makes the visits due by February 4th.
  ids.a = (await create({ name: 'A Acme Tower and Annex' })).id;
  ids.b = (
    await create({
      name: 'B Other Annual',
      companyId: otherCompanyId,
      unitIds: [otherUnitId],
      frequency: 'annual',
      startDate: '2027-06-01',
      endDate: '2028-05-31',
      price: '300.00',
    })
  ).id;
  ids.c = (await create({ name: 'C Ends March 1', unitIds: [unitIds[0]], endDate: '2027-03-01' })).id;
  ids.d = (await create({ name: 'D Ends April 10', unitIds: [unitIds[0]], endDate: '2027-04-10' })).id;
  ids.e = (await create({ name: 'E Renewed Already', unitIds: [unitIds[0]], endDate: '2027-03-10' })).id;
  expect((await api.call('POST', `/api/agreements/${ids.e}/renew`)).statusCode).toBe(201);
  const run = await admin.call('POST', '/api/agreements/generate-visits');
  expect(run.statusCode, run.body).toBe(200);
});
afterAll(() => ctx.close());

describe("an agreement's pull-through and profitability", () => {
  it('counts visits done against planned, repairs quoted and approved, repair revenue and profit', async () => {
    const db = ctx.database.db;
    const visits = await visitJobs(ids.a!);
    const tower = visits.find((v) => v.locationName === 'Acme Tower')!.jobId;
    const annex = visits.find((v) => v.locationName === 'Acme Annex')!.jobId;
    const towerJob = (await db.select().from(jobs).where(eq(jobs.id, tower)))[0]!;
    const annexJob = (await db.select().from(jobs).where(eq(jobs.id, annex)))[0]!;
    await db
      .update(jobs)
      .set({ status: 'completed', completedAt: new Date('2027-01-16T20:00:00Z') })
      .where(inArray(jobs.id, [tower, annex]));
    // The Annex visit's technician recorded 1:30 on site; the Tower's counts its scheduled 2:00.
    await db.insert(fieldTimeEvents).values([
      { jobId: annex, userId: technicianId, kind: 'arrived', deviceAt: new Date('2027-01-16T15:00:00Z') },
      { jobId: annex, userId: technicianId, kind: 'work_finished', deviceAt: new Date('2027-01-16T16:30:00Z') },
    ]);
    // Parts: 2 x FLT-1 at the price book's cost $12.50, and a custom part at its own $10.00.
    await ctx.f.partPrice({ code: 'FLT-1', name: 'Filter', unitCost: '30.00', partsCost: '12.50' });
    await ctx.f.jobItem(tower, {
      code: 'FLT-1',
      name: 'Filter',
      type: 'part',
      quantity: 2,
      unitCost: '30.00',
      totalCost: '60.00',
    });
    await ctx.f.jobItem(tower, {
      code: 'CUSTOM',
      name: 'Bracket',
      type: 'part',
      quantity: 1,
      unitCost: '10.00',
      totalCost: '10.00',
    });
    await ctx.f.jobItem(tower, {
      code: 'LAB',
      name: 'Labor',
      type: 'labor',
      quantity: 1,
      unitCost: '95.00',
      totalCost: '95.00',
    });
    // Quotes: a superseded $500 repair quote, then an approved $800 one; an inspection quote (not a repair);
    // a declined $2,000 replacement on the Annex.
    await ctx.f.quote(towerJob, { quoteType: 'repair', amount: '500.00' });
    await ctx.f.quote(towerJob, { quoteType: 'repair', amount: '800.00' });
    await db.execute(
      sql`update job_quotes set status = 'approved', decided_at = now() where job_id = ${tower} and amount = 800`,
    );
    await ctx.f.quote(annexJob, { quoteType: 'inspection', amount: '180.00' });
    await db.execute(sql`update job_quotes set status = 'withdrawn' where job_id = ${annex}`);
    await ctx.f.quote(annexJob, { quoteType: 'replacement', amount: '2000.00' });
    await db.execute(
      sql`update job_quotes set status = 'declined', decided_at = now() where job_id = ${annex} and amount = 2000`,
    );
    // Invoices on the Tower visit: issued $850.00 with $50.00 tax counts $800.00; a draft and a void do not.
    await ctx.f.invoice(towerJob, {
      status: 'issued',
      issuedDate: '2027-01-17',
      amount: '850.00',
      subtotal: '800.00',
      tax: '50.00',
    });
    await ctx.f.invoice(towerJob, { status: 'draft', amount: '100.00', subtotal: '100.00' });
    await ctx.f.invoice(towerJob, { status: 'void', amount: '999.00', subtotal: '999.00', voidReason: 'Wrong' });
    // A repair recommended on the Annex visit, carried to a later job that billed $300.00.
    const inspection = await ctx.f.inspection(annex);
    const recommended = await ctx.f.repair({ jobId: annex, inspectionId: inspection.id });
    const later = await ctx.f.job({ locationId: annexId, name: 'Annex compressor repair' });
    const laterInspection = await ctx.f.inspection(later.id);
    const carried = await ctx.f.repair({ jobId: later.id, inspectionId: laterInspection.id });
    await db.update(jobRepairs).set({ carriedToRepairId: carried.id }).where(eq(jobRepairs.id, recommended.id));
    await ctx.f.invoice(later, {
      status: 'issued',
      issuedDate: '2027-01-18',
      amount: '300.00',
      subtotal: '300.00',
      tax: '0',
    });
    // Labor costs $45.50 an hour.
    const company = (await admin.call('GET', '/api/settings/company')).json();
    const put = await admin.call('PUT', '/api/settings/company', { ...company, labor_cost_per_hour: '45.50' });
    expect(put.statusCode, put.body).toBe(200);

    await setToday('2027-01-20');
    const figures = (await admin.call('GET', `/api/agreements/${ids.a}/pull-through`)).json();
    expect(figures).toEqual({
      agreementId: ids.a,
      visitsDone: 2,
      // January at two buildings so far; four quarters at two buildings in the term.
      visitsPlannedToDate: 2,
      visitsPlannedTerm: 8,
      repairsQuotedCount: 2,
      repairsQuotedCents: 280_000,
      repairsApprovedCount: 1,
      repairsApprovedCents: 80_000,
      repairRevenueCents: 110_000,
      agreementRevenueCents: 120_000,
      profitability: {
        // 2:00 scheduled + 1:30 recorded = 210 minutes at $45.50 = $159.25.
        laborMinutes: 210,
        laborRateCents: 4_550,
        laborCostCents: 15_925,
        // 2 x $12.50 + $10.00
        partsCostCents: 3_500,
        // 1,200.00 + 1,100.00 - 159.25 - 35.00 = 2,105.75; / 2,300.00 = 91.6 %
        profitCents: 210_575,
        marginPermille: 916,
      },
    });
  });

  it('shows office staff the pull-through without costs; technicians not at all', async () => {
    const figures = (await api.call('GET', `/api/agreements/${ids.a}/pull-through`)).json();
    expect(figures).toMatchObject({ visitsDone: 2, repairRevenueCents: 110_000, profitability: null });
    const technician = await api.withRole('technician');
    await technician.refused('GET', `/api/agreements/${ids.a}/pull-through`, undefined, 403);
    await api.refusesBadIds({
      url: (id) => `/api/agreements/${id}/pull-through`,
      methods: { GET: undefined },
      malformed: 'Invalid agreement ID format',
      missing: 'Agreement not found',
    });
  });

  it('a draft plans nothing; one with no work has its price as profit', async () => {
    const b = (await admin.call('GET', `/api/agreements/${ids.b}/pull-through`)).json();
    expect(b).toMatchObject({
      visitsDone: 0,
      visitsPlannedToDate: 0,
      visitsPlannedTerm: 1,
      repairRevenueCents: 0,
      profitability: { laborMinutes: 0, partsCostCents: 0, profitCents: 30_000, marginPermille: 1000 },
    });
  });
});

describe('the pull-through report', () => {
  type Item = { name: string; profitCents: number; visitsDone: number; repairRevenueCents: number };
  const names = async (query: string) =>
    ((await admin.call('GET', `/api/agreements/report${query}`)).json().items as Item[]).map((x) => x.name);

  it('sorts by the figures both ways and filters by company and status', async () => {
    expect((await names('?sort=profit&dir=desc'))[0]).toBe('A Acme Tower and Annex');
    expect((await names('?sort=profit&dir=asc'))[0]).toBe('B Other Annual');
    expect((await names('?sort=repairRevenue&dir=desc'))[0]).toBe('A Acme Tower and Annex');
    expect(await names(`?companyId=${otherCompanyId}`)).toEqual(['B Other Annual']);
    expect(await names('?status=cancelled')).toEqual([]);
    // By end date (the default): C ends first.
    expect((await names(''))[0]).toBe('C Ends March 1');
    const page = (await admin.call('GET', '/api/agreements/report?sort=number&dir=desc&pageSize=25')).json();
    expect(page).toMatchObject({ total: 6, totalCapped: false, page: 1, pageSize: 25 });
    const a = (page.items as (Item & { laborCostCents: number })[]).find((x) => x.name.startsWith('A '))!;
    expect(a).toMatchObject({ profitCents: 210_575, laborCostCents: 15_925, visitsDone: 2 });
  });

  it('exports the sorted report as .xlsx', async () => {
    const file = await admin.call('GET', '/api/agreements/report/export?sort=profit&dir=desc');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('agreement-pull-through-2027-01-20.xlsx');
  });

  it('refuses bad filters and roles without costs', async () => {
    await admin.refused('GET', '/api/agreements/report?sort=name', undefined, 400, /Sort must be one of/);
    await admin.refused('GET', '/api/agreements/report?dir=up', undefined, 400, 'Direction must be asc or desc');
    await admin.refused('GET', '/api/agreements/report?status=paused', undefined, 400, /Status must be/);
    await admin.refused('GET', '/api/agreements/report?companyId=x', undefined, 400, 'Invalid company ID format');
    await api.refused('GET', '/api/agreements/report', undefined, 403);
    await api.refused('GET', '/api/agreements/report/export', undefined, 403);
  });
});

describe('renewals', () => {
  it('lists active agreements not yet renewed ending in the next 60 or 90 days, with the renewal price', async () => {
    const list = async (days?: number) =>
      (await api.call('GET', `/api/agreements/renewals${days ? `?days=${days}` : ''}`)).json();
    const sixty = await list();
    expect(sixty).toMatchObject({ days: 60, through: '2027-03-21', total: 1 });
    expect(sixty.items.map((x: { name: string }) => x.name)).toEqual(['C Ends March 1']);
    expect(sixty.items[0]).toMatchObject({
      priceCents: 120_000,
      // $1,200.00 + 3.5 % = $1,242.00
      renewalPriceCents: 124_200,
      escalatorPercent: '3.50',
      daysLeft: 40,
      autoRenew: false,
      visitsPlannedTerm: 1,
    });
    const ninety = await list(90);
    expect(ninety.items.map((x: { name: string }) => x.name)).toEqual(['C Ends March 1', 'D Ends April 10']);
    await api.refused('GET', '/api/agreements/renewals?days=30', undefined, 400, 'Days must be 60 or 90');
    await (await api.withRole('technician')).refused('GET', '/api/agreements/renewals', undefined, 403);
  });
});

describe("visits due this month not scheduled, and Home's counts", () => {
  it('counts the unscheduled visits of this month and the agreements renewing in 60 days', async () => {
    const counts = (await api.call('GET', '/api/agreements/home-counts')).json();
    // C, D and E's January visits are unscheduled; A's two were completed; B visits in June.
    expect(counts).toEqual({
      visitsDueNotScheduled: { count: 3, month: '2027-01' },
      renewingSoon: { count: 1, days: 60 },
    });
    const due = (await api.call('GET', '/api/agreements/visits-due')).json();
    expect(due).toMatchObject({ total: 3, month: '2027-01' });
    expect(due.items.map((x: { agreementName: string }) => x.agreementName).sort()).toEqual([
      'C Ends March 1',
      'D Ends April 10',
      'E Renewed Already',
    ]);
    // Scheduling one takes it off.
    const c = due.items.find((x: { agreementName: string }) => x.agreementName === 'C Ends March 1');
    await ctx.database.db
      .update(jobs)
      .set({ status: 'scheduled', scheduleStart: new Date('2027-01-22T14:00:00Z') })
      .where(eq(jobs.id, c.jobId));
    expect((await api.call('GET', '/api/agreements/home-counts')).json().visitsDueNotScheduled.count).toBe(2);
  });

  it('next month counts nothing from January', async () => {
    await setToday('2027-02-03');
    expect((await api.call('GET', '/api/agreements/home-counts')).json().visitsDueNotScheduled.count).toBe(0);
    await setToday('2027-01-20');
  });

  it('counts a visit of the longest window (92 days) whose last day is the first of the month', async () => {
    // The count reads visits from the month's first day less 91 days (the longest window's reach).
    const d = (await api.call('GET', '/api/agreements/visits-due'))
      .json()
      .items.find((x: { agreementName: string }) => x.agreementName === 'D Ends April 10');
    const move = (visitDate: string, windowEnd: string) =>
      ctx.database.db.execute(
        sql`update agreement_visits set visit_date = ${visitDate}::date, period = date_trunc('month', ${visitDate}::date)::date,
              window_end = ${windowEnd}::date where job_id = ${d.jobId}::uuid`,
      );
    const due = async () => {
      const counts = (await api.call('GET', '/api/agreements/home-counts')).json().visitsDueNotScheduled.count;
      const list = (await api.call('GET', '/api/agreements/visits-due')).json();
      expect(list.total).toBe(counts);
      return counts;
    };
    const [before] = await queryRows<{ visit_date: string; window_end: string }>(
      ctx.database.db,
      sql`select visit_date::text, window_end::text from agreement_visits where job_id = ${d.jobId}::uuid`,
    );
    await setToday('2027-02-03');
    // 2 November + 91 days = 1 February: the window touches February.
    await move('2026-11-02', '2027-02-01');
    expect(await due()).toBe(1);
    await move('2026-11-01', '2027-01-31');
    expect(await due()).toBe(0);
    await move(before!.visit_date, before!.window_end);
    await setToday('2027-01-20');
  });

  it('is for the office, not technicians', async () => {
    const technician = await api.withRole('technician');
    await technician.refused('GET', '/api/agreements/home-counts', undefined, 403);
    await technician.refused('GET', '/api/agreements/visits-due', undefined, 403);
  });
});

describe("the generator's runs", () => {
  it('lists runs newest first, paged, with who ran one and what it did', async () => {
    const second = await admin.call('POST', '/api/agreements/generate-visits');
    expect(second.statusCode).toBe(200);
    const runs = (await admin.call('GET', '/api/agreements/generator-runs?pageSize=25')).json();
    expect(runs).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(runs.items[0]).toMatchObject({
      trigger: 'manual',
      throughDate: '2027-02-19',
      visitsCreated: 0,
      agreementsExpired: 0,
      error: null,
    });
    expect(runs.items[1]).toMatchObject({ throughDate: '2027-02-04', visitsCreated: 5 });
    expect(runs.items[0].triggeredByName).toBeTruthy();
    expect(runs.items[0].server).toBeTruthy();
    await api.refused('GET', '/api/agreements/generator-runs', undefined, 403);
    await admin.refused('GET', '/api/agreements/generator-runs?page=0', undefined, 400, 'Page must be 1 or more');
  });
});
