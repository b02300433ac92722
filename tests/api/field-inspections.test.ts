/**
 * Inspections and repair options done on the phone, offline (issue 30, decision 054): the phone
 * gives a new inspection its own id, so the repair options queued after it can name it before the
 * server has answered; each write goes through the field module's Idempotency-Key (the same change
 * sent 5 times lands once) and only the technician assigned to the job may make it (another
 * technician and office staff get 403, an unknown job 404, and nothing changes). My Day and the
 * bundle carry each job's inspections with their repair options, so the phone can show and edit
 * them with no connection.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, type FieldBundle, type FieldJob, type MyDay } from '../../src/domain/field.js';
import { INSPECTION_MESSAGES, type Inspection } from '../../src/domain/inspections.js';
import type { Repair } from '../../src/domain/repairs.js';
import { queryRows } from '../../src/server/db/client.js';
import { MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { loginTechnician } from './inspection-helpers.js';

// 9:00 AM in New York (the company's zone) on Friday 27 November 2026.
const NOW = new Date('2026-11-27T14:00:00Z');

let ctx: TestContext;
let office: ApiClient;
let tech: ApiClient;
let techId: string;
let other: ApiClient;

const TABLES = [
  'job_inspections',
  'job_repairs',
  'job_repair_lines',
  'job_inspection_changes',
  'field_idempotency',
  'jobs',
];
const unchanged = () => tableFingerprint(ctx.database.db, TABLES);

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
const key = () => `inspection-key-${++keys}-${Date.now()}`;
const withKey = (k: string) => ({ headers: { 'idempotency-key': k } });

const myJob = (overrides: Record<string, unknown> = {}) =>
  ctx.f.job({
    technicianIds: [techId],
    status: 'scheduled',
    scheduleStart: new Date('2026-11-27T15:00:00Z'),
    type: 'PM',
    ...overrides,
  });

async function count(table: string, jobId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where job_id = ${jobId}`,
  );
  return row!.n;
}

const fields = { modelNumber: 'RTU-48', serialNumber: 'SN-77', age: 12, tonnage: '7.5', unitType: 'Gas' };
// The Standard Option at $1,200 and $300 of labor: (1,200 + 300) / 0.6 = $2,500.
const options = {
  phase1: { description: 'Economy: coil clean (price book CC-1)', cost: 800 },
  phase2: { description: 'Standard: compressor (price book CMP-5)', cost: 1200 },
  phase3: { description: 'Premium: replace the unit', cost: 9000 },
  labor: 300,
  selectedPhase: 'phase2',
};

describe('the same change sent 5 times lands once', () => {
  it('an inspection made on the phone, its edit and its repair options', async () => {
    const job = await myJob();
    const id = randomUUID();

    const createKey = key();
    const created = [];
    for (let i = 0; i < 5; i++)
      created.push(
        await tech.call('POST', `/api/field/jobs/${job.id}/inspections`, { id, ...fields }, withKey(createKey)),
      );
    expect(created.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(created[0]!.headers['idempotent-replayed']).toBeUndefined();
    expect(created[4]!.headers['idempotent-replayed']).toBe('true');
    expect(created[0]!.json<Inspection>()).toMatchObject({ id, jobId: job.id, modelNumber: 'RTU-48', age: 12 });
    expect(created.every((a) => a.json<Inspection>().id === id)).toBe(true);
    expect(await count('job_inspections', job.id)).toBe(1);

    // The repair options, queued right after the inspection (they name the phone's id).
    const repairKey = key();
    const saved = [];
    for (let i = 0; i < 5; i++)
      saved.push(
        await tech.call('PUT', `/api/field/jobs/${job.id}/inspections/${id}/repair`, options, withKey(repairKey)),
      );
    expect(saved.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const repair = saved[0]!.json<Repair>();
    expect(repair).toMatchObject({
      inspectionId: id,
      selectedPhase: 'phase2',
      phase2: { description: 'Standard: compressor (price book CMP-5)', costCents: 120000 },
      laborCents: 30000,
      totalCents: 250000,
    });
    expect(new Set(saved.map((a) => a.json<Repair>().id)).size).toBe(1);
    expect(await count('job_repairs', job.id)).toBe(1);

    // A correction of the fields, sent 5 times: one change (the same answer every time).
    const editKey = key();
    const edits = [];
    for (let i = 0; i < 5; i++)
      edits.push(
        await tech.call(
          'PUT',
          `/api/field/jobs/${job.id}/inspections/${id}`,
          { ...fields, serialNumber: 'SN-78' },
          withKey(editKey),
        ),
      );
    expect(edits.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(edits.map((a) => a.json<Inspection>().updatedAt)).size).toBe(1);

    // The office's Inspection/Repair tab shows what the phone sent.
    const tab = (await office.call('GET', `/api/jobs/${job.id}/inspections`)).json<{ items: Inspection[] }>();
    expect(tab.items).toHaveLength(1);
    expect(tab.items[0]).toMatchObject({ id, serialNumber: 'SN-78', repair: { totalCents: 250000 } });

    // Five sends at once (a flaky connection retrying): still one inspection.
    const burstKey = key();
    const burstId = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 5 }, () =>
        tech.call('POST', `/api/field/jobs/${job.id}/inspections`, { id: burstId }, withKey(burstKey)),
      ),
    );
    expect(burst.map((b) => b.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(await count('job_inspections', job.id)).toBe(2);

    // The same key for another change is refused; the same id under another key too.
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/inspections`,
      { id: randomUUID(), modelNumber: 'Other' },
      409,
      FIELD_MESSAGES.keyReused,
      withKey(createKey),
    );
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/inspections`,
      { id, ...fields },
      409,
      INSPECTION_MESSAGES.inspectionIdTaken,
      withKey(key()),
    );
  });

  it('a refused write keeps nothing, so its replay is refused the same way', async () => {
    const job = await myJob();
    const id = randomUUID();
    const badKey = key();
    for (let i = 0; i < 3; i++)
      await tech.refused(
        'POST',
        `/api/field/jobs/${job.id}/inspections`,
        { id, age: -1 },
        400,
        'Age must be 0 or more',
        withKey(badKey),
      );
    await tech.refused(
      'PUT',
      `/api/field/jobs/${job.id}/inspections/${id}/repair`,
      options,
      404,
      INSPECTION_MESSAGES.inspectionNotFound,
      withKey(key()),
    );
    await tech.refused(
      'PUT',
      `/api/field/jobs/${job.id}/inspections/${id}/repair`,
      { ...options, labor: -5 },
      400,
      'Labor must be at least 0',
      withKey(key()),
    );
  });
});

describe("the technician's limits", () => {
  it("another technician's job, office staff, an unknown job: refused, and nothing changes", async () => {
    const job = await myJob();
    const theirs = await ctx.f.job({ status: 'scheduled', scheduleStart: new Date('2026-11-27T16:00:00Z') });
    const existing = await ctx.f.inspection(theirs.id, { modelNumber: 'Office made' });
    const m = FIELD_MESSAGES.notYourJob;

    await other.refused('POST', `/api/field/jobs/${job.id}/inspections`, { id: randomUUID() }, 403, m, withKey(key()));
    await tech.refused(
      'POST',
      `/api/field/jobs/${theirs.id}/inspections`,
      { id: randomUUID() },
      403,
      m,
      withKey(key()),
    );
    await tech.refused(
      'PUT',
      `/api/field/jobs/${theirs.id}/inspections/${existing.id}`,
      fields,
      403,
      m,
      withKey(key()),
    );
    await tech.refused(
      'PUT',
      `/api/field/jobs/${theirs.id}/inspections/${existing.id}/repair`,
      options,
      403,
      m,
      withKey(key()),
    );
    // Naming their inspection under my job does not reach it.
    await tech.refused(
      'PUT',
      `/api/field/jobs/${job.id}/inspections/${existing.id}`,
      fields,
      404,
      INSPECTION_MESSAGES.inspectionNotFound,
      withKey(key()),
    );
    await tech.refused(
      'PUT',
      `/api/field/jobs/${job.id}/inspections/${existing.id}/repair`,
      options,
      404,
      INSPECTION_MESSAGES.inspectionNotFound,
      withKey(key()),
    );
    // Office staff change inspections on the job page, not through the phone's routes.
    for (const role of ['user', 'manager', 'admin'] as const) {
      const staff = role === 'user' ? office : await office.withRole(role);
      await staff.refused(
        'POST',
        `/api/field/jobs/${job.id}/inspections`,
        { id: randomUUID() },
        403,
        m,
        withKey(key()),
      );
    }
    await tech.refused(
      'POST',
      `/api/field/jobs/${MISSING_ID}/inspections`,
      { id: randomUUID() },
      404,
      FIELD_MESSAGES.jobNotFound,
      withKey(key()),
    );
    await tech.refused(
      'PUT',
      `/api/field/jobs/${job.id}/inspections/not-an-id`,
      fields,
      400,
      INSPECTION_MESSAGES.invalidInspectionId,
      withKey(key()),
    );
    await tech.refused(
      'POST',
      `/api/field/jobs/${job.id}/inspections`,
      { id: 'not-a-uuid' },
      400,
      INSPECTION_MESSAGES.invalidInspectionId,
      withKey(key()),
    );
  });
});

describe('what the phone reads', () => {
  it("My Day, the bundle and the job carry the job's inspections with their repair options", async () => {
    const job = await myJob({ name: 'Inspections on the phone' });
    const id = randomUUID();
    await tech.call('POST', `/api/field/jobs/${job.id}/inspections`, { id, ...fields }, withKey(key()));
    await tech.call('PUT', `/api/field/jobs/${job.id}/inspections/${id}/repair`, options, withKey(key()));

    const day = (await tech.call('GET', '/api/field/my-day')).json<MyDay>();
    const listed = day.jobs.find((j) => j.id === job.id)!;
    expect(listed.inspections.map((i) => i.id)).toEqual([id]);
    expect(listed.inspections[0]!.repair?.totalCents).toBe(250000);

    const bundle = (await tech.call('GET', '/api/field/bundle')).json<FieldBundle>();
    expect(bundle.jobs.find((j) => j.id === job.id)!.inspections[0]!.modelNumber).toBe('RTU-48');
    // Other jobs of the bundle do not carry this job's inspection.
    expect(bundle.jobs.filter((j) => j.id !== job.id).some((j) => j.inspections.some((i) => i.id === id))).toBe(false);

    const one = (await tech.call('GET', `/api/field/jobs/${job.id}`)).json<FieldJob>();
    expect(one.inspections[0]!.repair?.phase2.costCents).toBe(120000);
  });
});
