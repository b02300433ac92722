/**
 * Service agreements (issue 29, decision 043): create, edit, cancel, renew, and the visit
 * generator: idempotent, safe with two app servers at once, catching up after downtime, and a
 * plan edit or a cancel changing only the visits not yet scheduled.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { queryRows } from '../../src/server/db/client.js';
import { AGREEMENT_STATUSES, BILLING_PLANS, VISIT_FREQUENCIES } from '../../src/domain/agreements/index.js';
import {
  AGREEMENT_BILLING_PLAN_VALUES,
  AGREEMENT_FREQUENCY_VALUES,
  AGREEMENT_STATUS_VALUES,
  jobs,
  jobTechnicians,
} from '../../src/server/db/schema.js';
import { apiClient, MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, testConfig, type TestContext } from '../support/test-app.js';
import { agreementPayload } from '../support/agreements.js';

let now = new Date('2027-01-05T15:00:00Z');
/** Moves the app's clock; sessions end after their idle time on that clock, so both sign in again. */
const setToday = async (iso: string) => {
  now = new Date(`${iso}T15:00:00Z`);
  api = await signInAs(ctx, 'user', { unchanged: fingerprint });
  admin = await api.withRole('admin');
};

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

const fingerprint = () =>
  tableFingerprint(ctx.database.db, ['agreements', 'agreement_units', 'agreement_visits', 'jobs', 'job_technicians']);

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
});
afterAll(() => ctx.close());

const valid = (overrides: Record<string, unknown> = {}) =>
  agreementPayload(
    { companyId, unitIds, technicianId },
    {
      checklist: 'Replace filters\nCheck belts\n\nClean coils',
      notToExceed: '500',
      escalatorPercent: '3.5',
      ...overrides,
    },
  );

async function create(overrides: Record<string, unknown> = {}) {
  const response = await api.call('POST', '/api/agreements', valid(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; number: number; status: string; nextVisitOn: string | null };
}

async function generate(client: ApiClient = admin) {
  const response = await client.call('POST', '/api/agreements/generate-visits');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    visitsCreated: number;
    agreementsRenewed: number;
    error: string | null;
    finishedAt: string;
  };
}

type VisitRow = { id: string; visitDate: string; locationName: string; jobId: string | null; state: string };
async function visitsOf(id: string): Promise<VisitRow[]> {
  const response = await api.call('GET', `/api/agreements/${id}/visits`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as VisitRow[];
}

describe('agreements: create and read', () => {
  it('the database knows the same statuses, frequencies and billing plans as the domain', () => {
    expect([...AGREEMENT_STATUS_VALUES]).toEqual([...AGREEMENT_STATUSES]);
    expect([...AGREEMENT_FREQUENCY_VALUES]).toEqual([...VISIT_FREQUENCIES]);
    expect([...AGREEMENT_BILLING_PLAN_VALUES]).toEqual([...BILLING_PLANS]);
  });

  it('creates an active agreement with its units, plan, price and the first visit it owes', async () => {
    const created = await create();
    const detail = (await api.call('GET', `/api/agreements/${created.id}`)).json();
    expect(detail).toMatchObject({
      name: 'Acme Quarterly PM',
      companyName: 'Acme Properties',
      status: 'active',
      planText: 'Quarterly (January, April, July, October) on the 15th',
      checklist: ['Replace filters', 'Check belts', 'Clean coils'],
      priceCents: 120_000,
      notToExceedCents: 50_000,
      escalatorPercent: '3.50',
      billingPlan: 'quarterly',
      nextVisitOn: '2027-01-15',
      technicianId,
    });
    expect(detail.units.map((u: { unitNumber: string }) => u.unitNumber).sort()).toEqual(['AHU-9', 'RTU-1', 'RTU-2']);
  });

  it('refuses bad input with the field and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [{ unitIds: [] }, 'unitIds', 'Choose at least one unit the agreement covers'],
      [{ endDate: '2026-12-31' }, 'endDate', 'End date must be on or after the start date'],
      [{ startDate: '2027-02-30' }, 'startDate', 'Start date must be a date'],
      [{ frequency: 'months', months: [] }, 'months', 'Choose at least one month for the visits'],
      [{ dayOfMonth: 31 }, 'dayOfMonth', 'Day of the month must be a whole number from 1 to 28'],
      [{ price: 'abc' }, 'price', 'Price must be an amount such as 1200.00'],
      [{ escalatorPercent: '3.125' }, 'escalatorPercent', /Price escalator must be a percentage/],
      [{ name: '  ' }, 'name', 'Agreement name is required'],
      [{ unitIds: [otherUnitId] }, 'unitIds', 'Every unit must belong to the chosen company'],
      [{ jobType: 'NOPE' }, 'jobType', 'Choose an active job type'],
      [{ serviceLine: 'NOPE' }, 'serviceLine', 'Choose an active service line'],
      [{ technicianId: MISSING_ID }, 'technicianId', 'The preferred technician is not an active technician'],
      [{ companyId: MISSING_ID, unitIds: [unitIds[0]] }, 'companyId', 'Company not found'],
    ];
    for (const [overrides, field, message] of cases)
      await api.refused('POST', '/api/agreements', valid(overrides), 400, message, { field });
    await api.refusesBadIds({
      url: (id) => `/api/agreements/${id}`,
      methods: { GET: undefined, PUT: valid() },
      malformed: 'Invalid agreement ID format',
      missing: 'Agreement not found',
    });
    await api.refused(
      'GET',
      '/api/agreements?status=paused',
      undefined,
      400,
      'Status must be draft, active, expired or cancelled',
    );
    await api.refused('GET', '/api/agreements?endingBefore=soon', undefined, 400, 'Ending before must be a date');
  });

  it('lists by end date with the status, company and ending-before filters, and exports them', async () => {
    await create({ name: 'Acme Draft', status: 'draft', endDate: '2027-06-30' });
    await create({ name: 'Other Annual', companyId: otherCompanyId, unitIds: [otherUnitId], frequency: 'annual' });
    const names = async (query: string) =>
      ((await api.call('GET', `/api/agreements${query}`)).json().items as { name: string }[]).map((x) => x.name);
    expect(await names('?status=draft')).toEqual(['Acme Draft']);
    expect(await names(`?companyId=${otherCompanyId}`)).toEqual(['Other Annual']);
    expect(await names('?endingBefore=2027-07-01')).toEqual(['Acme Draft']);
    expect((await names('')).slice(0, 1)).toEqual(['Acme Draft']);
    const file = await api.call('GET', '/api/agreements/export?status=draft');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain('agreements-2027-01-05.xlsx');
  });
});

describe('the visit generator', () => {
  let agreementId: string;

  it('makes each visit due within 30 days a job per location, unscheduled, due in its window, with units and checklist', async () => {
    await setToday('2027-01-05');
    agreementId = (await create({ name: 'Generator PM' })).id;
    // An endpoint that listens for generated visits (decision 048): the event is written with the visit.
    const hook = await admin.call('POST', '/api/webhooks', {
      url: 'https://hooks.example.com/visits',
      description: 'Visits',
      events: ['agreement.visit_generated'],
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const run = await generate();
    expect(run.error).toBeNull();
    expect(run.finishedAt).toBeTruthy();
    const visits = (await visitsOf(agreementId)).filter((v) => v.visitDate === '2027-01-15');
    expect(visits.map((v) => v.locationName).sort()).toEqual(['Acme Annex', 'Acme Tower']);
    expect(visits.every((v) => v.state === 'unscheduled' && v.jobId)).toBe(true);
    const events = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`select body from webhook_events where type = 'agreement.visit_generated'`,
    );
    const generated = (await visitsOf(agreementId)).filter((v) => v.jobId);
    expect(
      events
        .map((e) => JSON.parse(e.body).data as { agreementId: string; jobId: string })
        .filter((d) => d.agreementId === agreementId)
        .map((d) => d.jobId)
        .sort(),
    ).toEqual(generated.map((v) => v.jobId).sort());
    expect(events).toHaveLength(run.visitsCreated);
    const [tower] = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, visits.find((v) => v.locationName === 'Acme Tower')!.jobId!));
    expect(tower).toMatchObject({
      status: 'unscheduled',
      type: 'PM',
      serviceLine: 'HVACGEN',
      timePeriodStart: '2027-01-15',
      timePeriodDue: '2027-01-28',
      scheduleDuration: 120,
      unitId: null,
      name: 'Generator PM: January 2027 visit',
    });
    expect(tower!.description).toContain('Units: RTU-1, RTU-2');
    expect(tower!.description).toContain('- Check belts');
    expect(tower!.description).toContain('Repairs up to $500.00 need no new approval.');
    const [annex] = await ctx.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, visits.find((v) => v.locationName === 'Acme Annex')!.jobId!));
    expect(annex!.unitId).toBe(unitIds[2]);
    const techs = await ctx.database.db.select().from(jobTechnicians).where(eq(jobTechnicians.jobId, tower!.id));
    expect(techs.map((t) => t.technicianId)).toEqual([technicianId]);
    // The job page links back to the agreement.
    const link = (await api.call('GET', `/api/agreements/by-job/${tower!.id}`)).json();
    expect(link.agreement).toEqual({
      agreementId,
      number: expect.any(Number),
      name: 'Generator PM',
      visitDate: '2027-01-15',
      notToExceedCents: 50_000,
    });
  });

  it('run twice, creates nothing twice; each run is recorded', async () => {
    const before = await visitsOf(agreementId);
    const run = await generate();
    expect(run.visitsCreated).toBe(0);
    expect(await visitsOf(agreementId)).toEqual(before);
    const runs = (await admin.call('GET', '/api/agreements/generator-runs')).json().items;
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs[0]).toMatchObject({ trigger: 'manual', visitsCreated: 0, error: null });
  });

  it('two app servers on one database, at once, create each visit once', async () => {
    const ids = [(await create({ name: 'Twin A' })).id, (await create({ name: 'Twin B', frequency: 'monthly' })).id];
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
      const runs = await Promise.all([generate(admin), generate(other), generate(admin), generate(other)]);
      expect(runs.every((r) => r.error === null)).toBe(true);
      // Twin A: January at two locations; Twin B: January 15 at two locations (February 15 is past the horizon).
      expect(runs.reduce((sum, r) => sum + r.visitsCreated, 0)).toBe(4);
      for (const id of ids) {
        const visits = await visitsOf(id);
        expect(visits).toHaveLength(2);
        expect(new Set(visits.map((v) => v.jobId)).size).toBe(2);
      }
      const [count] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from ${jobs} where ${jobs.name} like 'Twin %'`,
      );
      expect(count!.n).toBe(4);
    } finally {
      await second.close();
    }
  });

  it('catches up after downtime: every missed visit whose window started is made', async () => {
    await setToday('2027-05-01');
    const run = await generate();
    expect(run.error).toBeNull();
    const april = (await visitsOf(agreementId)).filter((v) => v.visitDate === '2027-04-15');
    expect(april).toHaveLength(2);
  });

  it('a plan edit moves only the unscheduled future visits; scheduled and past ones stay', async () => {
    await setToday('2027-06-20');
    await generate();
    const july = (await visitsOf(agreementId)).filter((v) => v.visitDate === '2027-07-15');
    expect(july).toHaveLength(2);
    const tower = july.find((v) => v.locationName === 'Acme Tower')!;
    const annex = july.find((v) => v.locationName === 'Acme Annex')!;
    await ctx.database.db
      .update(jobs)
      .set({ status: 'scheduled', scheduleStart: new Date('2027-07-14T13:00:00Z') })
      .where(eq(jobs.id, tower.jobId!));
    const past = (await visitsOf(agreementId)).filter((v) => v.visitDate < '2027-06-20');

    const edit = await api.call(
      'PUT',
      `/api/agreements/${agreementId}`,
      valid({ name: 'Generator PM', dayOfMonth: 20 }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().visitsWithdrawn).toBe(1);
    const [gone] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, annex.jobId!));
    expect(gone).toBeUndefined();

    const run = await generate();
    expect(run.visitsCreated).toBe(1);
    const after = await visitsOf(agreementId);
    expect(after.filter((v) => v.visitDate < '2027-06-20')).toEqual(past);
    expect(after.find((v) => v.id === tower.id)).toMatchObject({ state: 'scheduled', visitDate: '2027-07-15' });
    expect(after.find((v) => v.locationName === 'Acme Annex' && v.visitDate.startsWith('2027-07'))).toMatchObject({
      visitDate: '2027-07-20',
      state: 'unscheduled',
    });
  });

  it('an edit that leaves the plan as it was withdraws nothing', async () => {
    const edit = await api.call(
      'PUT',
      `/api/agreements/${agreementId}`,
      valid({ name: 'Generator PM (renamed)', dayOfMonth: 20 }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().visitsWithdrawn).toBe(0);
  });

  it('cancelling removes the unscheduled future visits and leaves completed, invoiced and scheduled work alone', async () => {
    const visits = await visitsOf(agreementId);
    const aprilTower = visits.find((v) => v.visitDate === '2027-04-15' && v.locationName === 'Acme Tower')!;
    await ctx.database.db
      .update(jobs)
      .set({ status: 'completed', completedAt: now })
      .where(eq(jobs.id, aprilTower.jobId!));
    const [aprilJob] = await ctx.database.db.select().from(jobs).where(eq(jobs.id, aprilTower.jobId!));
    await ctx.f.invoice(
      { id: aprilJob!.id, number: aprilJob!.number },
      { status: 'issued', issuedDate: '2027-06-01', dueDate: '2027-07-01' },
    );
    const invoicesBefore = await tableFingerprint(ctx.database.db, ['job_invoices']);

    await api.refused('POST', `/api/agreements/${agreementId}/cancel`, undefined, 403);
    const preview = (await admin.call('GET', `/api/agreements/${agreementId}/cancel-preview`)).json();
    expect(preview).toEqual({ removable: 1, staying: 1 });

    const cancelled = await admin.call('POST', `/api/agreements/${agreementId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ visitsRemoved: 1, agreement: { status: 'cancelled', nextVisitOn: null } });

    const after = await visitsOf(agreementId);
    expect(after.find((v) => v.id === aprilTower.id)).toMatchObject({ state: 'completed' });
    expect(after.filter((v) => v.state === 'scheduled')).toHaveLength(1);
    expect(after.filter((v) => v.visitDate >= '2027-06-20' && v.state === 'unscheduled')).toHaveLength(0);
    expect(await tableFingerprint(ctx.database.db, ['job_invoices'])).toEqual(invoicesBefore);

    expect((await generate()).visitsCreated).toBe(0);
    await api.refused('PUT', `/api/agreements/${agreementId}`, valid(), 409, 'A cancelled agreement cannot be edited');
    const again = await admin.call('POST', `/api/agreements/${agreementId}/cancel`);
    expect(again.statusCode).toBe(409);
  });

  it('a draft makes no visits until it is activated', async () => {
    const draft = await create({ name: 'Later PM', status: 'draft' });
    await generate();
    expect(await visitsOf(draft.id)).toHaveLength(0);
    const activated = await api.call('POST', `/api/agreements/${draft.id}/activate`);
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json()).toMatchObject({ status: 'active', nextVisitOn: '2027-07-15' });
    expect((await api.call('POST', `/api/agreements/${draft.id}/activate`)).statusCode).toBe(409);
  });
});

describe('renewal', () => {
  it('renews into the next term at the escalated price, once', async () => {
    await setToday('2027-06-20');
    const current = await create({ name: 'Renewing PM', price: '1200.00', escalatorPercent: '3.5' });
    const renewed = await api.call('POST', `/api/agreements/${current.id}/renew`);
    expect(renewed.statusCode, renewed.body).toBe(201);
    expect(renewed.json()).toMatchObject({
      name: 'Renewing PM',
      status: 'active',
      startDate: '2028-01-01',
      endDate: '2028-12-31',
      priceCents: 124_200,
      renewedFromId: current.id,
      nextVisitOn: '2028-01-15',
    });
    expect(renewed.json().units).toHaveLength(3);
    expect((await api.call('GET', `/api/agreements/${current.id}`)).json().renewedById).toBe(renewed.json().id);
    await api.refused(
      'POST',
      `/api/agreements/${current.id}/renew`,
      undefined,
      409,
      'This agreement has been renewed already',
    );
  });

  it('the generator renews an auto-renewing agreement ending within the days ahead', async () => {
    await setToday('2027-12-10');
    const ending = await create({ name: 'Auto PM', autoRenew: true, escalatorPercent: '2.5', price: '999.99' });
    const run = await generate();
    expect(run.agreementsRenewed).toBeGreaterThanOrEqual(1);
    const next = (await api.call('GET', `/api/agreements/${ending.id}`)).json().renewedById;
    expect(next).toBeTruthy();
    expect((await api.call('GET', `/api/agreements/${next}`)).json()).toMatchObject({
      priceCents: 102_499,
      startDate: '2028-01-01',
    });
  });
});

describe('the days ahead come from Settings', () => {
  it('makes visits as far ahead as Settings > Company says, and refuses a bad number', async () => {
    await setToday('2027-12-10');
    const company = (await admin.call('GET', '/api/settings/company')).json();
    const { managementTitle: _title, ...settings } = company;
    const bad = await admin.call('PUT', '/api/settings/company', { ...settings, agreement_lead_days: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('agreement_lead_days');
    const next = await create({ name: 'Far PM', frequency: 'monthly', startDate: '2028-01-01', endDate: '2028-12-31' });
    await generate();
    expect(await visitsOf(next.id)).toHaveLength(0);
    const saved = await admin.call('PUT', '/api/settings/company', { ...settings, agreement_lead_days: 60 });
    expect(saved.statusCode, saved.body).toBe(200);
    await generate();
    expect((await visitsOf(next.id)).map((v) => v.visitDate)).toEqual(['2028-01-15', '2028-01-15']);
  });
});

describe('agreements: who may', () => {
  it('refuses a technician everything, and a user the generator and cancel', async () => {
    const tech = await api.withRole('technician');
    await tech.refused('GET', '/api/agreements', undefined, 403);
    await tech.refused('POST', '/api/agreements', valid(), 403);
    await tech.refused('POST', '/api/agreements/generate-visits', undefined, 403);
    await api.refused('POST', '/api/agreements/generate-visits', undefined, 403);
    await api.refused('GET', '/api/agreements/generator-runs', undefined, 403);
    const manager = await api.withRole('manager');
    expect((await manager.call('POST', '/api/agreements/generate-visits')).statusCode).toBe(200);
  });
});
