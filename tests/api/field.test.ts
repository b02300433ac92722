/**
 * The technician's day in the field (issue 30, decision 045): My Day lists only the technician's
 * jobs from today on; every write takes an Idempotency-Key and the same change sent 5 times lands
 * once; other technicians' jobs are refused (403) and unknown ones answer 404; office staff read
 * the field work and settle conflicts but record none; a change made on the phone applies field by
 * field where the office left the value as the phone saw it, and a real conflict is kept with both
 * values; completion keeps the customer's signature (a PNG checked by content and size).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  type FieldBundle,
  type FieldJob,
  type JobFieldWork,
  type MyDay,
} from '../../src/domain/field.js';
import { queryRows } from '../../src/server/db/client.js';
import { signInAs, type ApiClient, MISSING_ID } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { jobCreateBody } from '../support/job-body.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { loginTechnician, makeImage } from './inspection-helpers.js';

// 9:00 AM in New York (the company's zone) on Friday 27 November 2026.
const NOW = new Date('2026-11-27T14:00:00Z');
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
let office: ApiClient;
let tech: ApiClient;
let techId: string;
let other: ApiClient;

const FIELD_TABLES = [
  'field_time_events',
  'field_notes',
  'field_checklist_marks',
  'field_signatures',
  'field_photos',
  'field_conflicts',
  'field_idempotency',
  'jobs',
  'job_changes',
  'stored_files',
];
const unchanged = () => tableFingerprint(ctx.database.db, FIELD_TABLES);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  office = await signInAs(ctx, 'user', { unchanged });
  const mine = await loginTechnician(ctx);
  techId = mine.technicianId;
  tech = office.as(mine.cookie);
  other = office.as((await loginTechnician(ctx)).cookie);
});
afterAll(() => ctx.close());

let keys = 0;
const key = () => `test-key-${++keys}-${Date.now()}`;
const withKey = (k: string) => ({ headers: { 'idempotency-key': k } });

async function myJob(overrides: Record<string, unknown> = {}) {
  return ctx.f.job({
    technicianIds: [techId],
    status: 'scheduled',
    scheduleStart: at('2026-11-27T15:00:00Z'),
    type: 'PM',
    ...overrides,
  });
}

async function count(table: string, jobId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where job_id = ${jobId}`,
  );
  return row!.n;
}

describe('My Day and the bundle', () => {
  it("lists only the technician's jobs of today and the next two days, in schedule order, with what the phone needs", async () => {
    const later = await myJob({ name: 'Later today', scheduleStart: at('2026-11-27T19:00:00Z') });
    const first = await myJob({ name: 'First today', scheduleStart: at('2026-11-27T13:30:00Z') });
    const sunday = await myJob({ name: 'Sunday', scheduleStart: at('2026-11-29T15:00:00Z') });
    await myJob({ name: 'Monday: past the three days', scheduleStart: at('2026-11-30T15:00:00Z') });
    await myJob({ name: 'Yesterday', scheduleStart: at('2026-11-26T15:00:00Z') });
    await myJob({ name: 'Cancelled', status: 'cancelled' });
    await ctx.f.job({ name: 'Not mine', status: 'scheduled', scheduleStart: at('2026-11-27T16:00:00Z') });

    const response = await tech.call('GET', '/api/field/my-day');
    expect(response.statusCode, response.body).toBe(200);
    const day = response.json<MyDay>();
    expect(day.today).toBe('2026-11-27');
    expect(day.jobs.map((j) => j.name)).toEqual(['First today', 'Later today', 'Sunday']);
    const job = day.jobs[0]!;
    expect(job.id).toBe(first.id);
    expect(job.location.address).toBeTruthy();
    expect(job.unit?.unitNumber).toBeTruthy();
    expect(job.checklist[0]).toEqual({ item: 'Replace air filters', done: false, doneBy: null, deviceAt: null });
    expect([later.id, sunday.id]).toEqual(day.jobs.slice(1).map((j) => j.id));

    // An office user has no jobs of their own.
    expect((await office.call('GET', '/api/field/my-day')).json<MyDay>().jobs).toEqual([]);
    await office.refused('GET', '/api/field/my-day?days=9', undefined, 400);
  });

  it("the bundle carries the jobs, the price book and each unit's latest inspection", async () => {
    const job = await myJob({ name: 'Bundle job', scheduleStart: at('2026-11-28T15:00:00Z') });
    await ctx.f.inspection(job.id, { modelNumber: 'XR-14' });
    const response = await tech.call('GET', '/api/field/bundle?days=3');
    expect(response.statusCode, response.body).toBe(200);
    const bundle = response.json<FieldBundle>();
    expect(bundle.generatedAt).toBe(NOW.toISOString());
    expect(bundle.jobs.some((j) => j.id === job.id)).toBe(true);
    expect(Array.isArray(bundle.priceBook)).toBe(true);
    expect(bundle.inspections.find((i) => i.jobId === job.id)?.modelNumber).toBe('XR-14');
  });
});

describe('access', () => {
  it("another technician's job is refused (403), an unknown job is 404, and nothing changes", async () => {
    const job = await ctx.f.job({ status: 'scheduled', scheduleStart: at('2026-11-27T16:00:00Z') });
    const deviceAt = NOW.toISOString();
    const m = FIELD_MESSAGES.notYourJob;
    await other.refused('GET', `/api/field/jobs/${job.id}`, undefined, 403, m);
    await other.refused(
      'POST',
      `/api/field/jobs/${job.id}/time-events`,
      { kind: 'arrived', deviceAt },
      403,
      m,
      withKey(key()),
    );
    await other.refused('POST', `/api/field/jobs/${job.id}/notes`, { body: 'x', deviceAt }, 403, m);
    await other.refused(
      'PUT',
      `/api/field/jobs/${job.id}/checklist`,
      { item: 'Replace air filters', done: true, deviceAt },
      403,
      m,
    );
    await other.refused(
      'PATCH',
      `/api/field/jobs/${job.id}`,
      { base: { contactName: null }, changes: { contactName: 'Me' }, deviceAt },
      403,
      m,
    );
    await other.refused('POST', `/api/field/jobs/${job.id}/complete`, { signerName: 'Ann', deviceAt }, 403, m);
    await other.refused(
      'POST',
      `/api/field/jobs/${MISSING_ID}/notes`,
      { body: 'x', deviceAt },
      404,
      FIELD_MESSAGES.jobNotFound,
    );
    await other.refused(
      'POST',
      `/api/field/jobs/not-an-id/notes`,
      { body: 'x', deviceAt },
      400,
      FIELD_MESSAGES.invalidJobId,
    );
  });

  it('office staff read the field work of any job but record none; technicians cannot settle conflicts', async () => {
    const job = await myJob();
    const deviceAt = NOW.toISOString();
    expect((await office.call('GET', `/api/jobs/${job.id}/field`)).statusCode).toBe(200);
    expect((await office.call('GET', `/api/field/jobs/${job.id}`)).statusCode).toBe(200);
    for (const role of ['user', 'manager', 'admin'] as const) {
      const staff = role === 'user' ? office : await office.withRole(role);
      await staff.refused(
        'POST',
        `/api/field/jobs/${job.id}/time-events`,
        { kind: 'arrived', deviceAt },
        403,
        FIELD_MESSAGES.notYourJob,
      );
      await staff.refused(
        'POST',
        `/api/field/jobs/${job.id}/complete`,
        { signerName: 'Ann', deviceAt },
        403,
        FIELD_MESSAGES.notYourJob,
      );
    }
    await tech.refused('POST', `/api/field/conflicts/${MISSING_ID}/resolve`, { keep: 'office' }, 403);
  });

  it('refuses a bad Idempotency-Key, a device time a day ahead, and an unknown checklist item', async () => {
    const job = await myJob();
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/notes`,
      { body: 'x', deviceAt: NOW.toISOString() },
      400,
      FIELD_MESSAGES.invalidKey,
      withKey('short'),
    );
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/notes`,
      { body: 'x', deviceAt: '2026-11-29T14:00:00Z' },
      400,
      FIELD_MESSAGES.deviceTimeFuture,
    );
    await tech.refused(
      'PUT',
      `/api/field/jobs/${job.id}/checklist`,
      { item: 'Paint the roof', done: true, deviceAt: NOW.toISOString() },
      400,
      FIELD_MESSAGES.unknownChecklistItem,
    );
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/notes`,
      { body: '   ', deviceAt: NOW.toISOString() },
      400,
      FIELD_MESSAGES.noteRequired,
    );
  });
});

describe('idempotent replays: the same change sent 5 times lands once', () => {
  it('a time event and a note', async () => {
    const job = await myJob();
    const eventKey = key();
    const body = { kind: 'travel_started', deviceAt: '2026-11-27T13:50:00Z' };
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await tech.call('POST', `/api/field/jobs/${job.id}/time-events`, body, withKey(eventKey)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(answers[0]!.headers['idempotent-replayed']).toBeUndefined();
    expect(answers[4]!.headers['idempotent-replayed']).toBe('true');
    expect(answers[0]!.json()).toMatchObject({
      kind: 'travel_started',
      deviceAt: '2026-11-27T13:50:00.000Z',
      serverAt: NOW.toISOString(),
    });
    expect(await count('field_time_events', job.id)).toBe(1);

    const noteKey = key();
    for (let i = 0; i < 5; i++)
      await tech.call(
        'POST',
        `/api/field/jobs/${job.id}/notes`,
        { body: 'Roof hatch locked', deviceAt: NOW.toISOString() },
        withKey(noteKey),
      );
    expect(await count('field_notes', job.id)).toBe(1);
    // Five sends at once (a flaky connection retrying): still one.
    const burstKey = key();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        tech.call(
          'POST',
          `/api/field/jobs/${job.id}/notes`,
          { body: 'Burst', deviceAt: NOW.toISOString() },
          withKey(burstKey),
        ),
      ),
    );
    expect(burst.every((b) => b.statusCode === 201)).toBe(true);
    expect(await count('field_notes', job.id)).toBe(2);
    // The same key for another change is refused, and changes nothing.
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/notes`,
      { body: 'Something else', deviceAt: NOW.toISOString() },
      409,
      FIELD_MESSAGES.keyReused,
      withKey(noteKey),
    );
    // Without a key, two sends are two notes (the phone always sends one).
    await tech.call('POST', `/api/field/jobs/${job.id}/notes`, { body: 'No key', deviceAt: NOW.toISOString() });
    expect(await count('field_notes', job.id)).toBe(3);
  });

  it('a completion with the signature: one signature, one stored PNG, the job completed once', async () => {
    const job = await myJob({ contactEmail: null });
    const png = (await makeImage('png', 600, 200)).toString('base64');
    const completeKey = key();
    const body = { signerName: 'Ann Lee', signaturePng: png, deviceAt: '2026-11-27T13:59:00Z' };
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await tech.call('POST', `/api/field/jobs/${job.id}/complete`, body, withKey(completeKey)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[0]!.json()).toMatchObject({
      status: 'completed',
      alreadyCompleted: false,
      signature: { signerName: 'Ann Lee', hasImage: true },
    });
    expect(await count('field_signatures', job.id)).toBe(1);
    const [status] = await queryRows<{ status: string }>(
      ctx.database.db,
      sql`select status from jobs where id = ${job.id}`,
    );
    expect(status!.status).toBe('completed');

    const work = (await office.call('GET', `/api/jobs/${job.id}/field`)).json<JobFieldWork>();
    const image = await office.call('GET', `/api/jobs/${job.id}/field/signatures/${work.signatures[0]!.id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('a photo: sent 5 times, kept once, as a JPEG; a file that is not an image is refused', async () => {
    const job = await myJob();
    const photoKey = key();
    const body = { imageBase64: (await makeImage('png', 2400, 1800)).toString('base64'), deviceAt: NOW.toISOString() };
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await tech.call('POST', `/api/field/jobs/${job.id}/photos`, body, withKey(photoKey)));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[0]!.json()).toMatchObject({ width: 1600, height: 1200 });
    expect(await count('field_photos', job.id)).toBe(1);
    const image = await office.call('GET', `/api/jobs/${job.id}/field/photos/${answers[0]!.json().id}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const text = Buffer.from('not an image at all').toString('base64');
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/photos`,
      { imageBase64: text, deviceAt: NOW.toISOString() },
      400,
      FIELD_MESSAGES.photoNotImage,
    );
  });

  it('a signature that is not a PNG, or too large, is refused and nothing is kept', async () => {
    const job = await myJob();
    const jpeg = (await makeImage('jpeg', 300, 100)).toString('base64');
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/complete`,
      { signerName: 'Ann', signaturePng: jpeg, deviceAt: NOW.toISOString() },
      400,
      FIELD_MESSAGES.signatureNotPng,
    );
    const wide = (await makeImage('png', 2400, 200)).toString('base64');
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/complete`,
      { signerName: 'Ann', signaturePng: wide, deviceAt: NOW.toISOString() },
      400,
      FIELD_MESSAGES.signatureTooBig,
    );
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/complete`,
      { signerName: ' ', deviceAt: NOW.toISOString() },
      400,
      FIELD_MESSAGES.signerRequired,
    );
  });

  it('a completion after the office completed the job keeps the signature', async () => {
    const job = await myJob({ contactEmail: null });
    expect((await office.call('POST', `/api/jobs/${job.id}/complete`)).statusCode).toBe(200);
    const answer = await tech.call(
      'POST',
      `/api/field/jobs/${job.id}/complete`,
      { signerName: 'Late Signer', deviceAt: NOW.toISOString() },
      withKey(key()),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      alreadyCompleted: true,
      signature: { signerName: 'Late Signer', hasImage: false },
    });
  });
});

describe('changes merged field by field, conflicts kept', () => {
  it('applies what the office left alone, keeps a conflict for what it changed, and the office settles it', async () => {
    const createBody = await jobCreateBody(ctx.f, {
      technicianIds: [techId],
      contactName: 'Pat Lee',
      contactPhone: '4045550100',
      problemDescription: 'No cooling',
      timePeriodStart: '2026-11-27',
      timePeriodDue: '2026-11-30',
      scheduleDate: '2026-11-27',
      scheduleTime: '10:00',
    });
    const created = await office.call('POST', '/api/jobs', createBody);
    expect(created.statusCode, created.body).toBe(201);
    const jobId = created.json<{ id: string }>().id;
    const seen = (await tech.call('GET', `/api/field/jobs/${jobId}`)).json<FieldJob>();
    const base = {
      contactName: seen.contactName,
      contactPhone: seen.contactPhone,
      problemDescription: seen.problemDescription,
    };

    // Meanwhile the office changes the phone number (Edit Job).
    const edit = await office.call('PUT', `/api/jobs/${jobId}`, { ...createBody, contactPhone: '4045550111' });
    expect(edit.statusCode, edit.body).toBe(200);

    const changeKey = key();
    const change = {
      base,
      changes: { contactName: 'Pat Leigh', contactPhone: '4045550199', problemDescription: 'Compressor failed' },
      deviceAt: '2026-11-27T13:55:00Z',
    };
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await tech.call('PATCH', `/api/field/jobs/${jobId}`, change, withKey(changeKey)));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const answer = answers[0]!.json<{
      applied: string[];
      conflicts: { id: string; field: string; office: string; technician: string }[];
    }>();
    expect(answer.applied.sort()).toEqual(['contactName', 'problemDescription']);
    expect(answer.conflicts).toMatchObject([
      { field: 'contactPhone', office: '4045550111', technician: '4045550199', base: '4045550100' },
    ]);
    expect(await count('field_conflicts', jobId)).toBe(1);

    const [job] = await queryRows<{ contact_name: string; contact_phone: string; problem_description: string }>(
      ctx.database.db,
      sql`select contact_name, contact_phone, problem_description from jobs where id = ${jobId}`,
    );
    expect(job).toEqual({
      contact_name: 'Pat Leigh',
      contact_phone: '4045550111',
      problem_description: 'Compressor failed',
    });
    // The technician's change is in the job's history, once.
    const history = (await office.call('GET', `/api/jobs/${jobId}/history`)).json<{
      items: { changes: { field: string }[] }[];
    }>();
    expect(history.items.filter((h) => h.changes.some((c) => c.field === 'problemDescription'))).toHaveLength(1);

    // Both sides see the conflict: the phone's job and the office's field work.
    expect((await tech.call('GET', `/api/field/jobs/${jobId}`)).json<FieldJob>().conflicts).toHaveLength(1);
    const work = (await office.call('GET', `/api/jobs/${jobId}/field`)).json<JobFieldWork>();
    expect(work.conflicts[0]).toMatchObject({ label: 'Contact phone', resolvedAt: null });

    // The office takes the technician's value.
    const conflictId = answer.conflicts[0]!.id;
    expect(
      (await office.call('POST', `/api/field/conflicts/${conflictId}/resolve`, { keep: 'field' })).statusCode,
    ).toBe(204);
    const [after] = await queryRows<{ contact_phone: string }>(
      ctx.database.db,
      sql`select contact_phone from jobs where id = ${jobId}`,
    );
    expect(after!.contact_phone).toBe('4045550199');
    await office.refused(
      'POST',
      `/api/field/conflicts/${conflictId}/resolve`,
      { keep: 'office' },
      409,
      FIELD_MESSAGES.conflictResolved,
    );
    const settled = (await office.call('GET', `/api/jobs/${jobId}/field`)).json<JobFieldWork>();
    expect(settled.conflicts[0]).toMatchObject({ resolution: 'field' });
    expect(settled.version).not.toBe(work.version);
  });
});

describe('the timesheet the office sees', () => {
  it('per technician and day, from the device times, and the checklist ticks', async () => {
    const job = await myJob();
    const send = (kind: string, deviceAt: string) =>
      tech.call('POST', `/api/field/jobs/${job.id}/time-events`, { kind, deviceAt }, withKey(key()));
    await send('travel_started', '2026-11-27T12:30:00Z');
    await send('arrived', '2026-11-27T12:50:00Z');
    await send('work_started', '2026-11-27T13:00:00Z');
    await send('work_finished', '2026-11-27T13:45:00Z');
    const tick = await tech.call(
      'PUT',
      `/api/field/jobs/${job.id}/checklist`,
      { item: 'Replace air filters', done: true, deviceAt: NOW.toISOString() },
      withKey(key()),
    );
    expect(tick.statusCode, tick.body).toBe(200);
    const work = (await office.call('GET', `/api/jobs/${job.id}/field`)).json<JobFieldWork>();
    expect(work.events.map((e) => e.kind)).toEqual(['travel_started', 'arrived', 'work_started', 'work_finished']);
    expect(work.timesheet).toMatchObject([
      { date: '2026-11-27', travelMinutes: 20, onSiteMinutes: 55, workMinutes: 45 },
    ]);
    const phone = (await tech.call('GET', `/api/field/jobs/${job.id}`)).json<FieldJob>();
    expect(phone.checklist[0]).toMatchObject({ item: 'Replace air filters', done: true });
  });
});

describe('a deleted job takes its field work with it', () => {
  it('the signature and photo files go with their rows (triggers field_*_remove_file)', async () => {
    const job = await myJob({ status: 'unscheduled', scheduleStart: null });
    const png = (await makeImage('png', 300, 100)).toString('base64');
    const photo = await tech.call(
      'POST',
      `/api/field/jobs/${job.id}/photos`,
      { imageBase64: png, deviceAt: NOW.toISOString() },
      withKey(key()),
    );
    expect(photo.statusCode, photo.body).toBe(201);
    await tech.call(
      'POST',
      `/api/field/jobs/${job.id}/notes`,
      { body: 'Gone soon', deviceAt: NOW.toISOString() },
      withKey(key()),
    );
    const files = async () => {
      const [row] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from stored_files where purpose in ('field-photo', 'field-signature') and id in (select file_id from field_photos where job_id = ${job.id} union all select file_id from field_signatures where job_id = ${job.id})`,
      );
      return row!.n;
    };
    expect(await files()).toBe(1);
    const [before] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from stored_files`);
    expect((await office.call('DELETE', `/api/jobs/${job.id}`)).statusCode).toBe(204);
    const [after] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from stored_files`);
    expect(after!.n).toBe(before!.n - 1);
    expect(await count('field_notes', job.id)).toBe(0);
  });
});
