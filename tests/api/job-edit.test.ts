/**
 * Edit Job (issue 26): the Create Job form's fields and rules on PUT /api/jobs/:id, the history of
 * every edit (who, when, which fields, old and new values), a sent quote marked as needing an
 * update, completed and cancelled jobs read-only but for their notes, and the warnings (inactive
 * unit, scheduled after due) that never refuse. Every refusal changes nothing (jobsFingerprint,
 * which holds job_changes).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedJobMessage, JOB_MESSAGES, type EditJobAnswer, type JobHistory } from '../../src/domain/jobs/index.js';
import { queryRows } from '../../src/server/db/client.js';
import { jobTypes } from '../../src/server/db/schema.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { jobsFingerprint } from '../support/db-fingerprint.js';
import { jobCreateBody } from '../support/job-body.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
const NOW = new Date('2026-03-10T15:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  api = await signInAs(ctx, 'user', { unchanged: () => jobsFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

type Body = Awaited<ReturnType<typeof jobCreateBody>>;

/** A job created through the API, and the body that created it (which is also a valid edit body). */
async function newJob(overrides: Record<string, unknown> = {}): Promise<{ id: string; number: number; body: Body }> {
  const body = await jobCreateBody(ctx.f, overrides);
  const response = await api.call('POST', '/api/jobs', body);
  expect(response.statusCode, response.body).toBe(201);
  const { id, number } = response.json<{ id: string; number: number }>();
  return { id, number, body };
}

const edit = (id: string, body: Record<string, unknown>) => api.call('PUT', `/api/jobs/${id}`, body);
const history = async (id: string) => (await api.call('GET', `/api/jobs/${id}/history`)).json<JobHistory>();
const historyCount = async (id: string) => {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from job_changes where job_id = ${id}::uuid`,
  );
  return Number(row?.n);
};

describe('Edit Job: the create form’s fields, prefilled, with the same rules', () => {
  it('saves the changed fields and records who, when, which fields, and the old and new values with names', async () => {
    const job = await newJob();
    const otherUnit = await ctx.f.unit({ locationId: job.body.locationId, unitNumber: 'RTU-9' });
    const response = await edit(job.id, {
      ...job.body,
      unitId: otherUnit.id,
      name: 'Spring PM (rooftop)',
      type: 'SC',
      problemDescription: 'Belt squeal',
      scheduleDate: '2026-03-11',
      scheduleTime: '09:30',
      notes: 'Gate code 1234',
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<EditJobAnswer>();
    expect(answer.changed).toEqual(
      expect.arrayContaining(['unitId', 'type', 'name', 'problemDescription', 'scheduleStart', 'status', 'notes']),
    );
    expect(answer.changed).toHaveLength(7);
    expect(answer.job).toMatchObject({
      name: 'Spring PM (rooftop)',
      type: 'SC',
      status: 'scheduled',
      // America/New_York in March 2026 (after the 8th) is UTC-4.
      scheduleStart: '2026-03-11T13:30:00.000Z',
      notes: 'Gate code 1234',
      unit: { id: otherUnit.id, unitNumber: 'RTU-9' },
    });
    expect(answer.job.updatedAt).not.toBe(answer.job.createdAt);

    const found = await history(job.id);
    expect(found.total).toBe(1);
    expect(found.timeZone).toBe('America/New_York');
    const [entry] = found.items;
    expect(entry).toMatchObject({ at: NOW.toISOString(), user: { id: api.userId }, quoteRelevant: true });
    expect(entry!.user!.name).not.toBe('');
    const byField = Object.fromEntries(entry!.changes.map((c) => [c.field, c]));
    expect(byField.name).toMatchObject({ old: 'Spring PM', new: 'Spring PM (rooftop)' });
    expect(byField.type).toMatchObject({
      old: 'PM',
      new: 'SC',
      oldLabel: 'Preventative Maintenance',
      newLabel: 'Service Call',
    });
    expect(byField.unitId).toMatchObject({ old: job.body.unitId, new: otherUnit.id, newLabel: 'RTU-9' });
    expect(byField.unitId!.oldLabel).toEqual(expect.any(String));
    expect(byField.status).toMatchObject({ old: 'unscheduled', new: 'scheduled' });
    expect(byField.scheduleStart).toMatchObject({ old: null, new: '2026-03-11T13:30:00.000Z' });
    expect(byField.problemDescription).toMatchObject({ old: null, new: 'Belt squeal' });
  });

  it('records nothing when nothing changed, and keeps the schedule when its wall-clock time is the same', async () => {
    const job = await newJob({ scheduleDate: '2026-03-12', scheduleTime: '08:00' });
    const response = await edit(job.id, job.body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<EditJobAnswer>().changed).toEqual([]);
    expect(await historyCount(job.id)).toBe(0);
  });

  it('clearing the schedule makes the job unscheduled', async () => {
    const job = await newJob({ scheduleDate: '2026-03-12', scheduleTime: '08:00' });
    const answer = (await edit(job.id, { ...job.body, scheduleDate: '', scheduleTime: '' })).json<EditJobAnswer>();
    expect(answer.job).toMatchObject({ status: 'unscheduled', scheduleStart: null });
    expect(answer.changed).toEqual(['scheduleStart', 'status']);
  });

  it('refuses bad input with the Create Job messages, and changes nothing', async () => {
    const job = await newJob();
    const url = `/api/jobs/${job.id}`;
    await api.refused('PUT', url, { ...job.body, description: '  ' }, 400, undefined, {
      field: 'description',
    });
    const body = await api.refused('PUT', url, { ...job.body, description: '' }, 400);
    expect(body.error.fields?.description).toBe(JOB_MESSAGES.descriptionRequired);
    const missing = await api.refused('PUT', url, { ...job.body, serviceLine: '', locationId: '' }, 400);
    expect(missing.error.fields).toMatchObject({
      serviceLine: JOB_MESSAGES.serviceLineRequired,
      locationId: JOB_MESSAGES.locationRequired,
    });
    const state = await api.refused('PUT', url, { ...job.body, serviceState: 'GAA' }, 400);
    expect(state.error.fields?.serviceState).toBe(JOB_MESSAGES.stateTooLong);
    const due = await api.refused('PUT', url, { ...job.body, timePeriodDue: '2026-03-01' }, 400);
    expect(due.error.fields?.timePeriodDue).toBe(JOB_MESSAGES.dueBeforeStart);
    await api.refused('PUT', url, { ...job.body, scheduleTime: '25:00' }, 400, undefined, { field: 'scheduleTime' });
    await api.refused('PUT', url, { ...job.body, scheduleDuration: 45 }, 400, undefined, {
      field: 'scheduleDuration',
    });
  });

  it('refuses references the create form would refuse, naming the field, and changes nothing', async () => {
    const job = await newJob();
    const url = `/api/jobs/${job.id}`;
    const elsewhere = await ctx.f.unit();
    await api.refused('PUT', url, { ...job.body, unitId: elsewhere.id }, 400, JOB_MESSAGES.unitNotAtLocation, {
      field: 'unitId',
    });
    await api.refused(
      'PUT',
      url,
      { ...job.body, locationId: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b' },
      400,
      JOB_MESSAGES.unknownLocation,
      { field: 'locationId' },
    );
    await api.refused('PUT', url, { ...job.body, type: 'NOPE' }, 400, JOB_MESSAGES.unknownJobType, { field: 'type' });
    await api.refused('PUT', url, { ...job.body, serviceLine: 'NOPE' }, 400, JOB_MESSAGES.unknownServiceLine, {
      field: 'serviceLine',
    });
    const company = await ctx.f.company();
    await api.refused('PUT', url, { ...job.body, companyId: company.id }, 400, JOB_MESSAGES.locationNotOfCompany, {
      field: 'locationId',
    });
  });

  it('keeps a job type retired after the job was created, while other fields change', async () => {
    const job = await newJob({ type: 'INSP' });
    const retire = (isActive: boolean) =>
      ctx.database.db
        .update(jobTypes)
        .set({ isActive })
        .where(sql`${jobTypes.code} = 'INSP'`);
    await retire(false);
    try {
      const response = await edit(job.id, { ...job.body, name: 'Renamed' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<EditJobAnswer>().job).toMatchObject({ type: 'INSP', name: 'Renamed' });
      // Choosing the retired type again, once changed, is refused like on Create Job.
      await edit(job.id, { ...job.body, name: 'Renamed', type: 'PM' });
      await api.refused(
        'PUT',
        `/api/jobs/${job.id}`,
        { ...job.body, name: 'Renamed' },
        400,
        JOB_MESSAGES.unknownJobType,
        {
          field: 'type',
        },
      );
    } finally {
      await retire(true);
    }
  });

  it('answers 400 for a malformed id and 404 for an unknown job, changing nothing', async () => {
    const job = await newJob();
    await api.refusesBadIds({
      url: (id) => `/api/jobs/${id}`,
      methods: { PUT: job.body },
      malformed: JOB_MESSAGES.invalidJobId,
      missing: JOB_MESSAGES.jobNotFound,
    });
    await api.refusesBadIds({
      url: (id) => `/api/jobs/${id}/history`,
      methods: { GET: undefined },
      malformed: JOB_MESSAGES.invalidJobId,
      missing: JOB_MESSAGES.jobNotFound,
    });
  });

  it('is refused to a technician (403) and to no session (401)', async () => {
    const tech = await api.withRole('technician');
    const job = await newJob();
    await tech.refused('PUT', `/api/jobs/${job.id}`, { ...job.body, name: 'Mine now' }, 403);
    // A technician reads the history of a job like the job itself.
    expect((await tech.call('GET', `/api/jobs/${job.id}/history`)).statusCode).toBe(200);
    const anonymous = await ctx.app.inject({ method: 'PUT', url: `/api/jobs/${job.id}`, payload: job.body });
    expect(anonymous.statusCode).toBe(401);
  });

  it('admin and manager edit like office users', async () => {
    for (const role of ['admin', 'manager'] as const) {
      const other = await api.withRole(role);
      const job = await newJob();
      const response = await other.call('PUT', `/api/jobs/${job.id}`, { ...job.body, customerPo: `PO-${role}` });
      expect(response.statusCode, response.body).toBe(200);
      expect((await history(job.id)).items[0]!.user!.id).toBe(other.userId);
    }
  });
});

describe('Completed and cancelled jobs: read-only except notes', () => {
  for (const status of ['completed', 'cancelled'] as const) {
    it(`a ${status} job refuses every change but its notes (409, nothing changes), and takes a notes change`, async () => {
      const job = await newJob({ scheduleDate: '2026-03-11', scheduleTime: '10:00' });
      const action = status === 'completed' ? 'complete' : 'cancel';
      expect((await api.call('POST', `/api/jobs/${job.id}/${action}`)).statusCode).toBe(200);
      const url = `/api/jobs/${job.id}`;
      const refused = await api.refused(
        'PUT',
        url,
        { ...job.body, name: 'Changed after the fact' },
        409,
        closedJobMessage(status),
      );
      expect(refused.error.fields?.name).toBe(closedJobMessage(status));
      await api.refused('PUT', url, { ...job.body, scheduleDate: '', scheduleTime: '' }, 409, closedJobMessage(status));
      await api.refused('PUT', url, { ...job.body, notes: 'ok', tags: ['late'] }, 409, closedJobMessage(status));

      const response = await edit(job.id, { ...job.body, notes: 'Customer called: all good' });
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<EditJobAnswer>();
      expect(answer.changed).toEqual(['notes']);
      expect(answer.job).toMatchObject({ status, notes: 'Customer called: all good' });
      expect((await history(job.id)).items[0]!.changes).toEqual([
        { field: 'notes', old: null, new: 'Customer called: all good' },
      ]);
    });
  }
});

describe('A sent quote needs an update when what it covers changes', () => {
  const quotesView = async (id: string) =>
    (await api.call('GET', `/api/jobs/${id}/quotes`)).json<{
      types: Record<string, { needsUpdate: boolean; buttonLabel: string }>;
    }>();

  it('an edit of what the quote shows marks it; an edit of anything else does not', async () => {
    const job = await newJob();
    await ctx.f.quote(job, { quoteType: 'repair', createdAt: new Date('2026-03-09T15:00:00Z') });
    expect((await quotesView(job.id)).types.repair).toMatchObject({ needsUpdate: false, buttonLabel: 'Resend Quote' });

    const internal = (
      await edit(job.id, { ...job.body, notes: 'internal', problemDescription: 'noisy' })
    ).json<EditJobAnswer>();
    expect(internal.quoteNeedsUpdate).toBe(false);
    expect((await history(job.id)).items[0]!.quoteRelevant).toBe(false);
    expect((await quotesView(job.id)).types.repair!.needsUpdate).toBe(false);

    const covered = (
      await edit(job.id, {
        ...job.body,
        notes: 'internal',
        problemDescription: 'noisy',
        contactEmail: 'new@example.com',
      })
    ).json<EditJobAnswer>();
    expect(covered.quoteNeedsUpdate).toBe(true);
    // Both edits share the test clock's instant: find the entry by its field.
    const entries = (await history(job.id)).items;
    expect(entries.find((e) => e.changes.some((c) => c.field === 'contactEmail'))!.quoteRelevant).toBe(true);
    expect((await quotesView(job.id)).types.repair).toMatchObject({ needsUpdate: true, buttonLabel: 'Update Quote' });
  });

  it('before any quote is sent, an edit marks nothing to update', async () => {
    const job = await newJob();
    const answer = (await edit(job.id, { ...job.body, name: 'New name' })).json<EditJobAnswer>();
    expect(answer.quoteNeedsUpdate).toBe(false);
    expect((await quotesView(job.id)).types.repair).toMatchObject({ needsUpdate: false, buttonLabel: 'Send Quote' });
  });
});

describe('Warnings, never refusals', () => {
  it('creating a job on an inactive unit, or scheduled after its due date, warns and saves', async () => {
    const unit = await ctx.f.unit({ status: 'inactive', unitNumber: 'OLD-1' });
    const body = await jobCreateBody(ctx.f, {
      locationId: unit.locationId,
      unitId: unit.id,
      scheduleDate: '2026-03-20',
      scheduleTime: '09:00',
    });
    const response = await api.call('POST', '/api/jobs', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ warnings: { code: string; message: string }[] }>().warnings).toEqual([
      { code: 'unitInactive', message: 'Unit OLD-1 is inactive. Check that this job is meant for it.' },
      {
        code: 'scheduledAfterDue',
        message: 'The schedule date is after the due date. The job will be overdue when it is done.',
      },
    ]);
  });

  it('editing warns the same way and saves; a fine job has no warnings', async () => {
    const job = await newJob();
    const fine = (
      await edit(job.id, { ...job.body, scheduleDate: '2026-03-12', scheduleTime: '09:00' })
    ).json<EditJobAnswer>();
    expect(fine.warnings).toEqual([]);
    const late = (
      await edit(job.id, { ...job.body, scheduleDate: '2026-03-13', scheduleTime: '09:00' })
    ).json<EditJobAnswer>();
    expect(late.warnings.map((w) => w.code)).toEqual(['scheduledAfterDue']);
    expect(late.job.status).toBe('scheduled');
    const inactive = await ctx.f.unit({ locationId: job.body.locationId, status: 'inactive' });
    const onInactive = (await edit(job.id, { ...job.body, unitId: inactive.id })).json<EditJobAnswer>();
    expect(onInactive.warnings.map((w) => w.code)).toEqual(['unitInactive']);
    expect(onInactive.job.unit?.id).toBe(inactive.id);
  });
});

describe('The dispatch labels (PATCH) are recorded too', () => {
  it('tags and subcontracted changes land in the history', async () => {
    const job = await newJob();
    expect((await api.call('PATCH', `/api/jobs/${job.id}`, { tags: ['vip'], subcontracted: true })).statusCode).toBe(
      200,
    );
    expect((await history(job.id)).items[0]!.changes).toEqual([
      { field: 'tags', old: [], new: ['vip'] },
      { field: 'subcontracted', old: false, new: true },
    ]);
  });
});
