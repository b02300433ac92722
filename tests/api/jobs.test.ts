/**
 * Jobs (issue 9): Create Job and its messages, the detail, items with their prices, technicians,
 * complete, cancel, delete and its refusal, presets, and who may do what.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES } from '../../src/domain/jobs/index.js';
import { queryRows } from '../../src/server/db/client.js';
import { createInspectionsRepo } from '../../src/server/modules/inspections/index.js';
import { deleteDraftInvoicesOfJob } from '../../src/server/modules/invoices/index.js';
import { createJobsRepo, createJobsService } from '../../src/server/modules/jobs/index.js';
import { createQuotesRepo } from '../../src/server/modules/quotes/index.js';
import { createSettingsRepo } from '../../src/server/modules/settings/index.js';
import { MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { jobsFingerprint } from '../support/db-fingerprint.js';
import { jobCreateBody } from '../support/job-body.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
const NOW = new Date('2026-03-10T15:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  api = await signInAs(ctx, 'user', { unchanged: () => jobsFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

async function activeTechnician(name: string) {
  const { user } = await ctx.f.technician({
    user: {
      firstName: name,
      lastName: 'Tech',
      username: `tech-${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}`,
      password: TEST_PASSWORD,
    },
  });
  return user;
}

const validBody = (overrides: Record<string, unknown> = {}) => jobCreateBody(ctx.f, overrides);

describe('Create Job', () => {
  it('creates an unscheduled job with the defaults, a number from 1001 on, and records who created it', async () => {
    const body = await validBody();
    const response = await api.call('POST', '/api/jobs', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ id: string; number: number }>();
    expect(created.number).toBeGreaterThanOrEqual(1001);
    const detail = (await api.call('GET', `/api/jobs/${created.id}`)).json();
    expect(detail).toMatchObject({
      number: created.number,
      status: 'unscheduled',
      type: 'PM',
      typeName: 'Preventative Maintenance',
      serviceLine: 'HVACGEN',
      office: 'Main Office',
      scheduleStart: null,
      scheduleDuration: 60,
      isTraining: false,
      serviceContract: null,
      tags: [],
      subcontracted: false,
      createdBy: { id: api.userId },
      technicians: [],
      items: [],
      costTotalCents: 0,
      unit: { id: body.unitId },
      location: { id: body.locationId },
    });
  });

  it('schedules a job given a date and a time (company time zone), with its technicians, the first primary', async () => {
    const a = await activeTechnician('Ann');
    const b = await activeTechnician('Bob');
    const body = await validBody({
      scheduleDate: '2026-03-11',
      scheduleTime: '09:30',
      scheduleDuration: 90,
      technicianIds: [b.id, a.id],
      nonContract: true,
      tags: ['vip'],
      subcontracted: true,
    });
    const response = await api.call('POST', '/api/jobs', body);
    expect(response.statusCode, response.body).toBe(201);
    const detail = (await api.call('GET', `/api/jobs/${response.json().id}`)).json();
    // America/New_York in March 2026 (after the 8th) is UTC-4.
    expect(detail).toMatchObject({
      status: 'scheduled',
      scheduleStart: '2026-03-11T13:30:00.000Z',
      scheduleDuration: 90,
      serviceContract: 'Non-Contract',
      tags: ['vip'],
      subcontracted: true,
    });
    expect(detail.technicians.map((t: { id: string; isPrimary: boolean }) => [t.id, t.isPrimary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
  });

  it('keeps tags trimmed, one of each ignoring case (the first spelling); unsubcontracted by default', async () => {
    const response = await api.call(
      'POST',
      '/api/jobs',
      await validBody({ tags: ['  Roof   top ', 'VIP', 'vip', 'Night'] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const detail = (await api.call('GET', `/api/jobs/${response.json().id}`)).json();
    expect(detail).toMatchObject({ tags: ['Roof top', 'VIP', 'Night'], subcontracted: false });
  });

  it('a date without a time leaves the job unscheduled', async () => {
    const response = await api.call('POST', '/api/jobs', await validBody({ scheduleDate: '2026-03-11' }));
    const detail = (await api.call('GET', `/api/jobs/${response.json().id}`)).json();
    expect(detail).toMatchObject({ status: 'unscheduled', scheduleStart: null });
  });

  it('gives every required-field message of the spec, naming each field, and writes nothing', async () => {
    const body = await api.refused('POST', '/api/jobs', {}, 400);
    expect(body.error.fields).toMatchObject({
      locationId: 'Service location is required',
      serviceAddress: 'Service address is required',
      serviceCity: 'Service city is required',
      serviceState: 'Service state is required',
      serviceZip: 'Service zip is required',
      contactType: 'Contact type is required',
      serviceLine: 'Service line is required',
      description: 'Description is required',
      timePeriodStart: 'Start date is required',
      timePeriodDue: 'Due date is required',
    });
  });

  it.each([
    [{ serviceState: 'GAA' }, 'serviceState', 'Service state must be at most 2 characters'],
    [{ description: '  ' }, 'description', 'Description is required'],
    [{ serviceLine: '' }, 'serviceLine', 'Service line is required'],
    [{ contactType: 'boss' }, 'contactType', 'Contact type is required'],
    [{ timePeriodDue: '2026-03-01' }, 'timePeriodDue', 'Due date must be on or after the start date'],
    [{ scheduleDuration: 45 }, 'scheduleDuration', 'Duration must be in 30-minute steps'],
    [{ scheduleDuration: 1500 }, 'scheduleDuration', 'Duration must be between 0:30 and 24:00'],
    [{ scheduleTime: '9am' }, 'scheduleTime', 'Schedule time must be HH:MM'],
    [{ contactEmail: 'nope' }, 'contactEmail', 'Contact email must be a valid email address'],
    [{ tags: 'vip' }, 'tags', 'Tags must be a list of text'],
    [{ tags: ['ok', ' '] }, 'tags.1', 'A tag may not be empty'],
    [{ tags: ['a,b'] }, 'tags.0', 'A tag may not contain a comma'],
    [{ tags: ['x'.repeat(51)] }, 'tags.0', 'A tag must be at most 50 characters'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags', 'At most 20 tags'],
    [{ subcontracted: 'yes' }, 'subcontracted', 'Subcontracted must be true or false'],
  ])('refuses %j', async (overrides, field, message) => {
    await api.refused('POST', '/api/jobs', await validBody(overrides), 400, message, { field });
  });

  it('refuses an unknown location or unit, a unit of another location, an unknown type or service line', async () => {
    const other = await ctx.f.unit();
    await api.refused(
      'POST',
      '/api/jobs',
      await validBody({ locationId: MISSING_ID, unitId: null }),
      400,
      JOB_MESSAGES.unknownLocation,
      { field: 'locationId' },
    );
    await api.refused('POST', '/api/jobs', await validBody({ unitId: MISSING_ID }), 400, JOB_MESSAGES.unknownUnit, {
      field: 'unitId',
    });
    await api.refused('POST', '/api/jobs', await validBody({ unitId: other.id }), 400, JOB_MESSAGES.unitNotAtLocation, {
      field: 'unitId',
    });
    await api.refused('POST', '/api/jobs', await validBody({ type: 'NOPE' }), 400, JOB_MESSAGES.unknownJobType, {
      field: 'type',
    });
    await api.refused(
      'POST',
      '/api/jobs',
      await validBody({ serviceLine: 'NOPE' }),
      400,
      JOB_MESSAGES.unknownServiceLine,
      { field: 'serviceLine' },
    );
    const body = await validBody();
    const location = await ctx.f.location();
    await api.refused(
      'POST',
      '/api/jobs',
      { ...body, companyId: location.companyId },
      400,
      JOB_MESSAGES.locationNotOfCompany,
      { field: 'locationId' },
    );
  });

  it('refuses a technician who is not an active technician', async () => {
    const inactive = await ctx.f.technician({ user: { status: 'inactive' } });
    const office = await ctx.f.user({ role: 'user' });
    for (const id of [inactive.user.id, office.id, MISSING_ID]) {
      await api.refused(
        'POST',
        '/api/jobs',
        await validBody({ technicianIds: [id] }),
        400,
        JOB_MESSAGES.technicianNotActive,
        { field: 'technicianIds' },
      );
    }
  });

  it('writes the job and its technicians in one transaction: a failing technician insert leaves no job', async () => {
    const db = ctx.database.db;
    const repo = createJobsRepo(db);
    const service = createJobsService({
      db,
      repo: {
        ...repo,
        insertTechnicians: async () => {
          throw new Error('technician insert failed');
        },
      },
      settings: createSettingsRepo(db),
      clock: () => NOW,
      withdrawOpenQuotes: (jobId, exec) => createQuotesRepo(db).closeOpen(jobId, 'withdrawn', exec),
      deleteUnansweredQuotes: (jobId, exec) => createQuotesRepo(db).deleteUnanswered(jobId, exec),
      deleteDraftInvoices: (jobId, exec) => deleteDraftInvoicesOfJob(exec, jobId),
      deleteInspections: (jobId, exec) => createInspectionsRepo(db).deleteOfJob(jobId, exec),
      repairsOfJob: (jobId, exec) => createInspectionsRepo(db).repairSummary(jobId, exec),
    });
    const tech = await activeTechnician('Tx');
    const before = await jobsFingerprint(db);
    const { createJobInput } = await import('../../src/domain/jobs/index.js');
    const input = createJobInput.parse(await validBody({ technicianIds: [tech.id] }));
    const fingerprintAfterUnit = await jobsFingerprint(db);
    expect(fingerprintAfterUnit).toEqual(before);
    await expect(
      service.create(
        { id: api.userId, username: 'x', email: 'x@example.com', firstName: null, lastName: null, role: 'user' },
        input,
      ),
    ).rejects.toThrow('technician insert failed');
    expect(await jobsFingerprint(db)).toEqual(before);
  });
});

describe('job detail', () => {
  it('answers 400 for a malformed id and 404 for a missing one', async () => {
    await api.refusesBadIds({
      url: (id) => `/api/jobs/${id}`,
      methods: { GET: undefined, DELETE: undefined },
      malformed: 'Invalid job ID format',
      missing: 'Job not found',
    });
    await api.refusesBadIds({
      url: (id) => `/api/jobs/${id}/complete`,
      methods: { POST: undefined },
      malformed: 'Invalid job ID format',
      missing: 'Job not found',
    });
  });

  it('shows the location with coordinates, the company, the unit with contact and billing, the quote flags and the permissions', async () => {
    const company = await ctx.f.company({ name: 'Detail Co' });
    const location = await ctx.f.location({ companyId: company.id, latitude: 33.75, longitude: -84.39 });
    const unit = await ctx.f.unit({
      locationId: location.id,
      billingEntity: 'Detail Billing',
      primaryContactEmail: 'unit@example.com',
    });
    const job = await ctx.f.job({ locationId: location.id, unitId: unit.id });
    // decision 018: the flags come from the job's latest quote
    await ctx.f.quote(job, { status: 'declined', decidedAt: new Date('2026-01-12T15:00:00Z') });
    const detail = (await api.call('GET', `/api/jobs/${job.id}`)).json();
    expect(detail).toMatchObject({
      company: { id: company.id, name: 'Detail Co' },
      location: { id: location.id, latitude: 33.75, longitude: -84.39 },
      unit: { id: unit.id, billingEntity: 'Detail Billing', primaryContactEmail: 'unit@example.com' },
      quoteSent: true,
      quoteConfirmed: true,
      repairApproved: false,
      can: { edit: true, delete: true, assign: true, complete: true, cancel: true, editItems: true },
    });
  });
});

describe('items', () => {
  it('adds a custom line, computes the total, edits and deletes it; the cost total follows', async () => {
    const job = await ctx.f.job({ serviceLine: 'REFR' });
    const added = await api.call('POST', `/api/jobs/${job.id}/items`, {
      type: 'labor',
      code: 'LAB-1',
      name: 'Labor hour',
      quantity: 3,
      unitPrice: 125.5,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      type: 'labor',
      code: 'LAB-1',
      name: 'Labor hour',
      serviceLine: 'REFR',
      quantity: 3,
      unitCostCents: 12550,
      totalCents: 37650,
    });
    const itemId = added.json().id;
    const edited = await api.call('PATCH', `/api/jobs/${job.id}/items/${itemId}`, { quantity: 2, unitPrice: 10 });
    expect(edited.json()).toMatchObject({ quantity: 2, unitCostCents: 1000, totalCents: 2000 });
    expect((await api.call('GET', `/api/jobs/${job.id}`)).json().costTotalCents).toBe(2000);
    expect((await api.call('DELETE', `/api/jobs/${job.id}/items/${itemId}`)).statusCode).toBe(204);
    expect((await api.call('GET', `/api/jobs/${job.id}`)).json()).toMatchObject({ items: [], costTotalCents: 0 });
    await api.refused('DELETE', `/api/jobs/${job.id}/items/${itemId}`, undefined, 404, 'Item not found');
  });

  it('prices a part from the price book at the PM-contract rate under a service contract, the non-contract rate otherwise', async () => {
    const part = await ctx.f.partPrice({
      code: 'P-COMP',
      name: 'Compressor',
      flatRateNonContract: '230.00',
      flatRatePmContract: '207.00',
      unitCost: '230.00',
    });
    const contract = await ctx.f.job({ serviceContract: 'Standard' });
    const none = await ctx.f.job({ serviceContract: 'Non-Contract' });
    const a = await api.call('POST', `/api/jobs/${contract.id}/items`, {
      type: 'part',
      priceBookItemId: part.id,
      quantity: 2,
    });
    expect(a.statusCode, a.body).toBe(201);
    expect(a.json()).toMatchObject({ code: 'P-COMP', name: 'Compressor', unitCostCents: 20700, totalCents: 41400 });
    const b = await api.call('POST', `/api/jobs/${none.id}/items`, { type: 'part', priceBookItemId: part.id });
    expect(b.json()).toMatchObject({ unitCostCents: 23000, totalCents: 23000 });
    await api.refused(
      'POST',
      `/api/jobs/${none.id}/items`,
      { type: 'labor', priceBookItemId: part.id },
      400,
      JOB_MESSAGES.priceBookItemNotFound,
      { field: 'priceBookItemId' },
    );
  });

  it('refuses quantity 0, a negative or 3-decimal price, a missing code, and items of missing jobs', async () => {
    const job = await ctx.f.job();
    await api.refused(
      'POST',
      `/api/jobs/${job.id}/items`,
      { type: 'part', code: 'X', unitPrice: 1, quantity: 0 },
      400,
      'Quantity must be greater than 0',
      { field: 'quantity' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${job.id}/items`,
      { type: 'part', code: 'X', unitPrice: -1 },
      400,
      'Unit price must be at least 0',
      { field: 'unitPrice' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${job.id}/items`,
      { type: 'part', code: 'X', unitPrice: 1.234 },
      400,
      'Unit price must be in steps of 0.01',
      { field: 'unitPrice' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${job.id}/items`,
      { type: 'item', name: 'Filter', unitPrice: 5 },
      400,
      'Code is required',
      { field: 'code' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${job.id}/items`,
      { type: 'item', code: 'F', name: 'Filter', unitPrice: 0 },
      400,
      'Unit price must be greater than 0',
      { field: 'unitPrice' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${job.id}/items`,
      { type: 'part', code: 'X', unitPrice: 1, serviceLine: 'NOPE' },
      400,
      JOB_MESSAGES.unknownServiceLine,
      { field: 'serviceLine' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${MISSING_ID}/items`,
      { type: 'part', code: 'X', unitPrice: 1 },
      404,
      'Job not found',
    );
    const item = await ctx.f.jobItem(job.id);
    await api.refused(
      'PATCH',
      `/api/jobs/${job.id}/items/${item.id}`,
      { quantity: 0, unitPrice: 1 },
      400,
      'Quantity must be greater than 0',
      { field: 'quantity' },
    );
    const other = await ctx.f.job();
    await api.refused(
      'PATCH',
      `/api/jobs/${other.id}/items/${item.id}`,
      { quantity: 1, unitPrice: 1 },
      404,
      'Item not found',
    );
    await api.refused(
      'PATCH',
      `/api/jobs/${job.id}/items/not-an-id`,
      { quantity: 1, unitPrice: 1 },
      400,
      'Invalid item ID format',
    );
  });
});

describe('technicians', () => {
  it('replaces the list in one go, the first primary; at least one; only active technicians', async () => {
    const a = await activeTechnician('Cy');
    const b = await activeTechnician('Di');
    const job = await ctx.f.job({ technicianIds: [a.id] });
    const response = await api.call('PUT', `/api/jobs/${job.id}/technicians`, { technicianIds: [b.id, a.id] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().technicians.map((t: { id: string; isPrimary: boolean }) => [t.id, t.isPrimary])).toEqual([
      [b.id, true],
      [a.id, false],
    ]);
    await api.refused(
      'PUT',
      `/api/jobs/${job.id}/technicians`,
      { technicianIds: [] },
      400,
      'Select at least one technician',
      { field: 'technicianIds' },
    );
    await api.refused(
      'PUT',
      `/api/jobs/${job.id}/technicians`,
      { technicianIds: [MISSING_ID] },
      400,
      JOB_MESSAGES.technicianNotActive,
      { field: 'technicianIds' },
    );
    await api.refused('PUT', `/api/jobs/${MISSING_ID}/technicians`, { technicianIds: [a.id] }, 404, 'Job not found');
  });
});

describe('edit tags and subcontracted (PATCH /api/jobs/:id)', () => {
  it('changes only the fields sent, moves updated_at, and answers the detail', async () => {
    const job = await ctx.f.job({ tags: ['old'], subcontracted: false });
    const before = (await api.call('GET', `/api/jobs/${job.id}`)).json();
    const tagged = await api.call('PATCH', `/api/jobs/${job.id}`, { tags: ['Rooftop', ' rooftop', 'VIP'] });
    expect(tagged.statusCode, tagged.body).toBe(200);
    expect(tagged.json()).toMatchObject({ tags: ['Rooftop', 'VIP'], subcontracted: false });
    const flagged = await api.call('PATCH', `/api/jobs/${job.id}`, { subcontracted: true });
    expect(flagged.json()).toMatchObject({ tags: ['Rooftop', 'VIP'], subcontracted: true });
    const cleared = await api.call('PATCH', `/api/jobs/${job.id}`, { tags: [], subcontracted: false });
    expect(cleared.json()).toMatchObject({ tags: [], subcontracted: false });
    // The clock is fixed in this file (before the row's creation): the version still moves forward.
    expect(Date.parse(tagged.json().updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(Date.parse(cleared.json().updatedAt)).toBeGreaterThan(Date.parse(flagged.json().updatedAt));
  });

  it('refuses bad bodies, other fields, missing jobs and technicians, changing nothing', async () => {
    const { user } = await ctx.f.technician({ user: { username: 'label-tech', password: TEST_PASSWORD } });
    const job = await ctx.f.job({ tags: ['keep'], technicianIds: [user.id] });
    await api.refused('PATCH', `/api/jobs/${job.id}`, {}, 400, 'Nothing to change: send tags and/or subcontracted');
    await api.refused(
      'PATCH',
      `/api/jobs/${job.id}`,
      { name: 'Renamed' },
      400,
      'Only tags and subcontracted can be changed here',
    );
    await api.refused('PATCH', `/api/jobs/${job.id}`, { tags: ['a,b'] }, 400, 'A tag may not contain a comma', {
      field: 'tags.0',
    });
    await api.refused('PATCH', `/api/jobs/${job.id}`, { tags: null }, 400, 'Tags must be a list of text', {
      field: 'tags',
    });
    await api.refused(
      'PATCH',
      `/api/jobs/${job.id}`,
      { subcontracted: 'true' },
      400,
      'Subcontracted must be true or false',
      { field: 'subcontracted' },
    );
    await api.refused('PATCH', `/api/jobs/${MISSING_ID}`, { subcontracted: true }, 404, JOB_MESSAGES.jobNotFound);
    await api.refused('PATCH', '/api/jobs/not-a-uuid', { subcontracted: true }, 400, JOB_MESSAGES.invalidJobId);
    const tech = api.as(await ctx.login('label-tech'));
    await tech.refused('PATCH', `/api/jobs/${job.id}`, { subcontracted: true }, 403);
    expect((await api.call('GET', `/api/jobs/${job.id}`)).json()).toMatchObject({
      tags: ['keep'],
      subcontracted: false,
    });
  });
});

describe('complete, cancel, delete', () => {
  it('completes an open job once; not a cancelled one', async () => {
    const job = await ctx.f.job({ status: 'unscheduled' });
    const done = await api.call('POST', `/api/jobs/${job.id}/complete`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'completed',
      completedAt: NOW.toISOString(),
      can: { complete: false, cancel: false },
    });
    await api.refused('POST', `/api/jobs/${job.id}/complete`, undefined, 409, JOB_MESSAGES.alreadyCompleted);
    await api.refused('POST', `/api/jobs/${job.id}/cancel`, undefined, 409, JOB_MESSAGES.completedCannotCancel);
    const cancelled = await ctx.f.job({ status: 'cancelled' });
    await api.refused(
      'POST',
      `/api/jobs/${cancelled.id}/complete`,
      undefined,
      409,
      JOB_MESSAGES.cancelledCannotComplete,
    );
  });

  it('cancels an open job', async () => {
    const job = await ctx.f.job();
    const response = await api.call('POST', `/api/jobs/${job.id}/cancel`);
    expect(response.json()).toMatchObject({ status: 'cancelled' });
    await api.refused('POST', `/api/jobs/${job.id}/cancel`, undefined, 409, JOB_MESSAGES.alreadyCancelled);
  });

  it('deletes a job with its items, technicians, inspections, repairs, unanswered quotes and draft invoices', async () => {
    const tech = await activeTechnician('Ed');
    const job = await ctx.f.job({ technicianIds: [tech.id] });
    await ctx.f.jobItem(job.id);
    const inspection = await ctx.f.inspection(job.id);
    await ctx.f.repair({ jobId: job.id, inspectionId: inspection.id });
    await ctx.f.quote(job, { status: 'sent' });
    await ctx.f.invoice(job, { status: 'draft' });
    expect((await api.call('DELETE', `/api/jobs/${job.id}`)).statusCode).toBe(204);
    const left = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select (select count(*) from job_items where job_id = ${job.id})::int + (select count(*) from job_technicians where job_id = ${job.id})::int
        + (select count(*) from job_inspections where job_id = ${job.id})::int + (select count(*) from job_repairs where job_id = ${job.id})::int
        + (select count(*) from jobs where id = ${job.id})::int as n`,
    );
    expect(left[0]!.n).toBe(0);
    await api.refused('DELETE', `/api/jobs/${job.id}`, undefined, 404, 'Job not found');
  });

  it('refuses to delete a job whose quote the customer answered, or with an invoice past draft, and says why', async () => {
    const answered = await ctx.f.job();
    await ctx.f.quote(answered, { status: 'approved', decidedAt: new Date('2026-01-12T15:00:00Z') });
    await api.refused(
      'DELETE',
      `/api/jobs/${answered.id}`,
      undefined,
      409,
      /the customer has answered its quote.*Cancel the job instead/,
    );
    const quoted = await ctx.f.job();
    await ctx.f.quote(quoted, { status: 'declined', decidedAt: new Date('2026-01-12T15:00:00Z') });
    await api.refused('DELETE', `/api/jobs/${quoted.id}`, undefined, 409, /the customer has answered its quote/);
    const invoiced = await ctx.f.job({ status: 'completed' });
    await ctx.f.invoice(invoiced, { status: 'issued', issuedDate: '2026-03-01', dueDate: '2026-03-31' });
    await api.refused(
      'DELETE',
      `/api/jobs/${invoiced.id}`,
      undefined,
      409,
      /it has an invoice that is no longer a draft/,
    );
    // Cancel is what remains.
    expect((await api.call('POST', `/api/jobs/${quoted.id}/cancel`)).json()).toMatchObject({ status: 'cancelled' });
  });
});

describe('presets', () => {
  it('saves, lists (own only) and deletes presets; a name is required', async () => {
    const saved = await api.call('POST', '/api/job-presets', {
      name: 'Quarterly PM',
      data: { type: 'PM', serviceLine: 'HVACGEN', technicianIds: [MISSING_ID], isTraining: false },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ name: 'Quarterly PM', data: { type: 'PM', technicianIds: [MISSING_ID] } });
    const other = await api.withRole('manager');
    expect((await other.call('GET', '/api/job-presets')).json()).toEqual({ items: [] });
    expect((await api.call('GET', '/api/job-presets')).json().items.map((p: { name: string }) => p.name)).toEqual([
      'Quarterly PM',
    ]);
    await other.refused('DELETE', `/api/job-presets/${saved.json().id}`, undefined, 404, 'Preset not found');
    await api.refused('POST', '/api/job-presets', { name: ' ', data: {} }, 400, 'Preset name is required', {
      field: 'name',
    });
    expect((await api.call('DELETE', `/api/job-presets/${saved.json().id}`)).statusCode).toBe(204);
  });
});

describe('roles', () => {
  it('a technician reads jobs, works on items and completes only jobs assigned to them, and may not create, assign, cancel or delete', async () => {
    const { user } = await ctx.f.technician({ user: { username: 'role-tech', password: TEST_PASSWORD } });
    const tech = api.as(await ctx.login('role-tech'));
    const mine = await ctx.f.job({ technicianIds: [user.id] });
    const theirs = await ctx.f.job();

    expect((await tech.call('GET', '/api/jobs')).statusCode).toBe(200);
    const detail = (await tech.call('GET', `/api/jobs/${mine.id}`)).json();
    expect(detail.can).toEqual({
      edit: false,
      delete: false,
      assign: false,
      complete: true,
      cancel: false,
      editItems: true,
    });
    expect((await tech.call('GET', `/api/jobs/${theirs.id}`)).json().can).toMatchObject({
      complete: false,
      editItems: false,
    });

    const added = await tech.call('POST', `/api/jobs/${mine.id}/items`, { type: 'part', code: 'T-1', unitPrice: 5 });
    expect(added.statusCode, added.body).toBe(201);
    expect(
      (await tech.call('PATCH', `/api/jobs/${mine.id}/items/${added.json().id}`, { quantity: 2, unitPrice: 5 }))
        .statusCode,
    ).toBe(200);
    await tech.refused(
      'POST',
      `/api/jobs/${theirs.id}/items`,
      { type: 'part', code: 'T-1', unitPrice: 5 },
      403,
      JOB_MESSAGES.notAssigned,
    );
    await tech.refused('POST', `/api/jobs/${theirs.id}/complete`, undefined, 403, JOB_MESSAGES.notAssigned);
    await tech.refused('POST', '/api/jobs', await validBody(), 403);
    await tech.refused('PUT', `/api/jobs/${mine.id}/technicians`, { technicianIds: [user.id] }, 403);
    await tech.refused('POST', `/api/jobs/${mine.id}/cancel`, undefined, 403);
    await tech.refused('DELETE', `/api/jobs/${mine.id}`, undefined, 403);
    await tech.refused('GET', '/api/job-presets', undefined, 403);
    expect((await tech.call('POST', `/api/jobs/${mine.id}/complete`)).json()).toMatchObject({ status: 'completed' });
  });

  it('a manager and an admin do everything', async () => {
    for (const role of ['manager', 'admin'] as const) {
      const client = await api.withRole(role);
      const created = await client.call('POST', '/api/jobs', await validBody());
      expect(created.statusCode, created.body).toBe(201);
      expect((await client.call('DELETE', `/api/jobs/${created.json().id}`)).statusCode).toBe(204);
    }
  });
});

describe('options', () => {
  it('offers active job types, service lines, offices, active technicians and the defaults', async () => {
    const tech = await activeTechnician('Opt');
    const inactive = await ctx.f.technician({ user: { status: 'inactive' } });
    const options = (await api.call('GET', '/api/jobs/options')).json();
    expect(options).toMatchObject({
      defaultJobType: 'PM',
      defaultOffice: 'Main Office',
      today: '2026-03-10',
      timeZone: 'America/New_York',
    });
    expect(options.jobTypes).toContainEqual({ code: 'PM', name: 'Preventative Maintenance' });
    expect(options.serviceLines).toContainEqual({ code: 'HVACGEN', name: 'HVAC General' });
    expect(options.offices).toContain('Main Office');
    expect(options.serviceContracts).toEqual([
      'Standard',
      'Financial',
      'Management',
      'On-site',
      'Owner',
      'Sales',
      'Non-Contract',
    ]);
    const ids = options.technicians.map((t: { id: string }) => t.id);
    expect(ids).toContain(tech.id);
    expect(ids).not.toContain(inactive.user.id);
  });
});
