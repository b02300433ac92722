import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { jobInspections, jobRepairLines, jobRepairs } from '../../src/server/db/schema.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { signedOut, signInAs, type ApiClient } from '../support/api.js';
import { inspectionFingerprint, loginTechnician, MISSING_ID } from './inspection-helpers.js';

let ctx: TestContext;
let office: ApiClient;
let clock = Date.parse('2026-11-20T14:00:00Z');
/** Moves the app's clock on: every request sees a later time than the one before. */
const tick = (ms = 60_000) => (clock += ms);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => new Date(tick(1000)) });
  office = await signInAs(ctx, 'user', { unchanged: () => inspectionFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

const fullInspection = {
  modelNumber: ' 48TC-D08 ',
  serialNumber: '2304G10012',
  age: 12,
  tonnage: '7.5',
  unitType: 'Gas',
  systemType: 'RTU',
};

describe('inspections of a job', () => {
  it('lists nothing for a new job, with no quote sent', async () => {
    const job = await ctx.f.job();
    const response = await office.call('GET', `/api/jobs/${job.id}/inspections`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [],
      quote: { quoteSentAt: null, lastChangedAt: null, changedSinceQuote: false },
      hasCompletedInspection: false,
    });
  });

  it('adds inspections (not completed, empty fields as null) and lists them newest first with repairs and photos', async () => {
    const job = await ctx.f.job();
    const first = await office.call('POST', `/api/jobs/${job.id}/inspections`, fullInspection);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      jobId: job.id,
      modelNumber: '48TC-D08',
      serialNumber: '2304G10012',
      age: 12,
      tonnage: '7.5',
      unitType: 'Gas',
      systemType: 'RTU',
      completed: false,
      repair: null,
      photos: [],
    });
    const second = await office.call('POST', `/api/jobs/${job.id}/inspections`, {
      modelNumber: '',
      serialNumber: '  ',
      unitType: '',
      systemType: null,
      age: 0,
    });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({
      modelNumber: null,
      serialNumber: null,
      age: 0,
      tonnage: null,
      unitType: null,
      systemType: null,
    });
    const empty = await office.call('POST', `/api/jobs/${job.id}/inspections`, {});
    expect(empty.statusCode, empty.body).toBe(201);

    const list = (await office.call('GET', `/api/jobs/${job.id}/inspections`)).json();
    expect(list.items.map((i: { id: string }) => i.id)).toEqual([empty.json().id, second.json().id, first.json().id]);
    expect((await office.call('GET', `/api/inspections/${first.json().id}`)).json()).toEqual(first.json());
  });

  it('edits every field and keeps the completed flag', async () => {
    const job = await ctx.f.job();
    const at = new Date(tick());
    const created = await ctx.f.inspection(job.id, { completed: true, createdAt: at, updatedAt: at });
    const response = await office.call('PUT', `/api/inspections/${created.id}`, {
      modelNumber: 'YSC120',
      serialNumber: 'N1K',
      age: 3,
      tonnage: '10 ton',
      unitType: 'Electric',
      systemType: 'Split System',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      modelNumber: 'YSC120',
      serialNumber: 'N1K',
      age: 3,
      tonnage: '10 ton',
      unitType: 'Electric',
      systemType: 'Split System',
      completed: true,
    });
    expect(Date.parse(response.json().updatedAt)).toBeGreaterThan(Date.parse(response.json().createdAt));
  });

  it('refuses bad input on every field, on add and on edit, and changes nothing', async () => {
    const job = await ctx.f.job();
    const existing = await ctx.f.inspection(job.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ modelNumber: 'M'.repeat(101) }, 'Model number must be at most 100 characters'],
      [{ modelNumber: 48 }, 'Model number must be text'],
      [{ serialNumber: 'S'.repeat(101) }, 'Serial number must be at most 100 characters'],
      [{ serialNumber: ['x'] }, 'Serial number must be text'],
      [{ age: -1 }, 'Age must be 0 or more'],
      [{ age: 2.5 }, 'Age must be a whole number of years'],
      [{ age: '12' }, 'Age must be a number of years'],
      [{ age: 151 }, 'Age must be at most 150 years'],
      [{ tonnage: '1'.repeat(21) }, 'Tonnage must be at most 20 characters'],
      [{ tonnage: 7.5 }, 'Tonnage must be text'],
      [{ unitType: 'Oil' }, 'Unit type must be Gas or Electric'],
      [{ unitType: 'gas' }, 'Unit type must be Gas or Electric'],
      [{ systemType: 'Chiller' }, 'System type must be RTU or Split System'],
    ];
    for (const [patch, message] of cases) {
      await office.refused('POST', `/api/jobs/${job.id}/inspections`, { ...fullInspection, ...patch }, 400, message);
      await office.refused('PUT', `/api/inspections/${existing.id}`, { ...fullInspection, ...patch }, 400, message);
    }
    await office.refused(
      'POST',
      `/api/jobs/${job.id}/inspections`,
      '{"age": 1',
      400,
      'The request body is not valid JSON',
      {
        headers: { 'content-type': 'application/json' },
      },
    );
  });

  it('answers a malformed id with 400 and an unknown one with 404, changing nothing', async () => {
    for (const url of [
      '/api/jobs/123/inspections',
      '/api/jobs/3f1c2a4e-5b6d-1e7f-8a9b-0c1d2e3f4a5b/inspections',
      '/api/jobs/abc/repairs/summary',
      '/api/jobs/abc/inspections/quote-state',
    ]) {
      expect((await office.call('GET', url)).json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Invalid job ID format',
        fields: { id: 'Invalid job ID format' },
      });
    }
    await office.refused('POST', '/api/jobs/not-a-job/inspections', fullInspection, 400, 'Invalid job ID format');
    await office.refused('POST', '/api/jobs/x/inspections/complete', undefined, 400, 'Invalid job ID format');
    await office.refused('POST', '/api/jobs/x/repairs/finish', undefined, 400, 'Invalid job ID format');
    for (const url of [
      `/api/jobs/${MISSING_ID}/inspections`,
      `/api/jobs/${MISSING_ID}/repairs/summary`,
      `/api/jobs/${MISSING_ID}/inspections/quote-state`,
    ]) {
      expect((await office.call('GET', url)).json().error).toEqual({ code: 'NOT_FOUND', message: 'Job not found' });
    }
    await office.refused('POST', `/api/jobs/${MISSING_ID}/inspections`, fullInspection, 404, 'Job not found');
    await office.refused('POST', `/api/jobs/${MISSING_ID}/inspections/complete`, undefined, 404, 'Job not found');
    await office.refused('POST', `/api/jobs/${MISSING_ID}/repairs/finish`, undefined, 404, 'Job not found');

    expect((await office.call('GET', '/api/inspections/12')).json().error.message).toBe('Invalid inspection ID format');
    expect((await office.call('GET', `/api/inspections/${MISSING_ID}`)).json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Inspection not found',
    });
    await office.refused('PUT', '/api/inspections/12', fullInspection, 400, 'Invalid inspection ID format');
    await office.refused('PUT', `/api/inspections/${MISSING_ID}`, fullInspection, 404, 'Inspection not found');
    await office.refused('DELETE', '/api/inspections/%27%3B--', undefined, 400, 'Invalid inspection ID format');
    await office.refused('DELETE', `/api/inspections/${MISSING_ID}`, undefined, 404, 'Inspection not found');
    await office.refused('PUT', `/api/inspections/${MISSING_ID}/repair`, {}, 404, 'Inspection not found');
  });
});

describe('deleting an inspection', () => {
  it('deletes one that is not completed, its repair record and lines with it', async () => {
    const job = await ctx.f.job();
    const kept = await ctx.f.inspection(job.id);
    const doomed = await ctx.f.inspection(job.id);
    const repair = await ctx.f.repair(
      { jobId: job.id, inspectionId: doomed.id },
      {
        accessories: [{ name: 'Curb adapter', cost: '850.00' }],
        additionalItems: [{ name: 'Crane', cost: '1800.00' }],
      },
    );
    expect(repair.lines).toHaveLength(2);
    const response = await office.call('DELETE', `/api/inspections/${doomed.id}`);
    expect(response.statusCode, response.body).toBe(204);
    const db = ctx.database.db;
    expect(await db.select().from(jobInspections).where(eq(jobInspections.id, doomed.id))).toEqual([]);
    expect(await db.select().from(jobRepairs).where(eq(jobRepairs.id, repair.id))).toEqual([]);
    expect(await db.select().from(jobRepairLines).where(eq(jobRepairLines.repairId, repair.id))).toEqual([]);
    expect(await db.select().from(jobInspections).where(eq(jobInspections.id, kept.id))).toHaveLength(1);
    expect((await office.call('DELETE', `/api/inspections/${doomed.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a completed inspection, for every role, and changes nothing', async () => {
    const job = await ctx.f.job();
    const completed = await ctx.f.inspection(job.id, { completed: true });
    await ctx.f.repair({ jobId: job.id, inspectionId: completed.id });
    for (const role of ['admin', 'manager', 'user'] as const) {
      const api = await office.withRole(role);
      await api.refused(
        'DELETE',
        `/api/inspections/${completed.id}`,
        undefined,
        409,
        'A completed inspection cannot be deleted',
      );
    }
  });
});

describe('Mark Complete', () => {
  async function jobWithThreeInspections() {
    const job = await ctx.f.job();
    const done = await ctx.f.inspection(job.id, { completed: true });
    const doneRepair = await ctx.f.repair(
      { jobId: job.id, inspectionId: done.id },
      { selectedPhase: 'phase3', accessories: [{ name: 'Economizer', cost: '1200.00' }] },
    );
    const bare = await ctx.f.inspection(job.id);
    const priced = await ctx.f.inspection(job.id);
    const pricedRepair = await ctx.f.repair({ jobId: job.id, inspectionId: priced.id });
    return { job, done, doneRepair, bare, priced, pricedRepair };
  }

  it('completes every inspection and creates a $0 repair record only for the one without', async () => {
    const { job, done, doneRepair, bare, priced, pricedRepair } = await jobWithThreeInspections();
    const response = await office.call('POST', `/api/jobs/${job.id}/inspections/complete`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ completedInspections: 2, createdRepairs: 1 });
    expect(answer.items.every((i: { completed: boolean }) => i.completed)).toBe(true);
    const byId = new Map(answer.items.map((i: { id: string }) => [i.id, i]));
    expect((byId.get(bare.id) as { repair: unknown }).repair).toMatchObject({
      phase1: { description: 'Economy Option', costCents: 0 },
      phase2: { description: 'Standard Option', costCents: 0 },
      phase3: { description: 'Premium Option', costCents: 0 },
      laborCents: 0,
      accessories: [],
      additionalItems: [],
      selectedPhase: 'phase2',
      totalCents: 0,
      needsCrane: false,
    });
    // The records that existed are left exactly as they were.
    const [doneAfter] = await ctx.database.db.select().from(jobRepairs).where(eq(jobRepairs.id, doneRepair.id));
    const { lines: _doneLines, ...doneRow } = doneRepair;
    expect(doneAfter).toEqual(doneRow);
    const { lines: _pricedLines, ...pricedRow } = pricedRepair;
    expect((await ctx.database.db.select().from(jobRepairs).where(eq(jobRepairs.id, pricedRepair.id)))[0]).toEqual(
      pricedRow,
    );
    expect((byId.get(done.id) as { repair: { accessories: unknown } }).repair.accessories).toEqual([
      { name: 'Economizer', costCents: 120000 },
    ]);
    expect((byId.get(priced.id) as { repair: { id: string } }).repair.id).toBe(pricedRepair.id);
    const [counted] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*) as n from job_repairs where job_id = ${job.id}`,
    );
    expect(Number(counted!.n)).toBe(3);
  });

  it('is idempotent: a second run changes nothing at all', async () => {
    const { job } = await jobWithThreeInspections();
    expect((await office.call('POST', `/api/jobs/${job.id}/inspections/complete`)).statusCode).toBe(200);
    const before = await inspectionFingerprint(ctx.database.db);
    const again = await office.call('POST', `/api/jobs/${job.id}/inspections/complete`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ completedInspections: 0, createdRepairs: 0 });
    expect(await inspectionFingerprint(ctx.database.db)).toEqual(before);
  });

  it('many at once still give one repair record per inspection', async () => {
    const job = await ctx.f.job();
    for (let i = 0; i < 4; i++) await ctx.f.inspection(job.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => office.call('POST', `/api/jobs/${job.id}/inspections/complete`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.json().createdRepairs, 0)).toBe(4);
    const [counted] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*) as n from job_repairs where job_id = ${job.id}`,
    );
    expect(Number(counted!.n)).toBe(4);
  });

  it('is one transaction: when creating a repair record fails, no inspection was completed', async () => {
    const { job, bare, priced } = await jobWithThreeInspections();
    const db = ctx.database.db;
    // Make the insert of a $0 record fail after the inspections were updated in the same transaction.
    await db.execute(sql`alter table job_repairs add constraint test_no_zero_total check (total_cost > 0) not valid`);
    try {
      const before = await inspectionFingerprint(db);
      const response = await office.call('POST', `/api/jobs/${job.id}/inspections/complete`);
      expect(response.statusCode, response.body).toBe(400);
      expect(await inspectionFingerprint(db)).toEqual(before);
      const rows = await db
        .select({ id: jobInspections.id, completed: jobInspections.completed })
        .from(jobInspections)
        .where(eq(jobInspections.jobId, job.id));
      expect(rows.find((r) => r.id === bare.id)?.completed).toBe(false);
      expect(rows.find((r) => r.id === priced.id)?.completed).toBe(false);
    } finally {
      await db.execute(sql`alter table job_repairs drop constraint test_no_zero_total`);
    }
  });

  it('refuses a job with no inspections, and Finish Repair Details does the same', async () => {
    const job = await ctx.f.job();
    await office.refused(
      'POST',
      `/api/jobs/${job.id}/inspections/complete`,
      undefined,
      409,
      'This job has no inspections to complete. Add an inspection first.',
    );
    await office.refused(
      'POST',
      `/api/jobs/${job.id}/repairs/finish`,
      undefined,
      409,
      'This job has no inspections to complete. Add an inspection first.',
    );
  });
});

describe('roles', () => {
  it('a technician reads every job but changes inspections only on jobs assigned to them', async () => {
    const tech = await loginTechnician(ctx);
    const techApi = office.as(tech.cookie);
    const other = await ctx.f.job();
    const inspection = await ctx.f.inspection(other.id);
    const message = 'You can change inspections and repairs only on jobs you are assigned to';
    expect((await techApi.call('GET', `/api/jobs/${other.id}/inspections`)).statusCode).toBe(200);
    expect((await techApi.call('GET', `/api/inspections/${inspection.id}`)).statusCode).toBe(200);
    expect((await techApi.call('GET', `/api/jobs/${other.id}/repairs/summary`)).statusCode).toBe(200);
    await techApi.refused('POST', `/api/jobs/${other.id}/inspections`, fullInspection, 403, message);
    await techApi.refused('PUT', `/api/inspections/${inspection.id}`, fullInspection, 403, message);
    await techApi.refused('DELETE', `/api/inspections/${inspection.id}`, undefined, 403, message);
    await techApi.refused('PUT', `/api/inspections/${inspection.id}/repair`, { labor: 100 }, 403, message);
    await techApi.refused('POST', `/api/jobs/${other.id}/inspections/complete`, undefined, 403, message);
    await techApi.refused('POST', `/api/jobs/${other.id}/repairs/finish`, undefined, 403, message);
  });

  it('on an assigned job a technician adds, edits, completes and prices, deletes an open inspection, and nothing completed', async () => {
    const tech = await loginTechnician(ctx);
    const techApi = office.as(tech.cookie);
    const job = await ctx.f.job({ technicianIds: [tech.technicianId] });
    const added = await techApi.call('POST', `/api/jobs/${job.id}/inspections`, fullInspection);
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().id;
    expect((await techApi.call('PUT', `/api/inspections/${id}`, { ...fullInspection, age: 13 })).statusCode).toBe(200);
    const spare = (await techApi.call('POST', `/api/jobs/${job.id}/inspections`, {})).json().id;
    expect((await techApi.call('DELETE', `/api/inspections/${spare}`)).statusCode).toBe(204);
    expect((await techApi.call('POST', `/api/jobs/${job.id}/inspections/complete`)).statusCode).toBe(200);
    const saved = await techApi.call('PUT', `/api/inspections/${id}/repair`, {
      phase2: { description: 'Replace compressor', cost: 3000 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().totalCents).toBe(500000);
    await techApi.refused(
      'DELETE',
      `/api/inspections/${id}`,
      undefined,
      409,
      'A completed inspection cannot be deleted',
    );
  });

  it('admin, manager and office user may do everything', async () => {
    for (const role of ['admin', 'manager', 'user'] as const) {
      const api = await office.withRole(role);
      const job = await ctx.f.job();
      const id = (await api.call('POST', `/api/jobs/${job.id}/inspections`, fullInspection)).json().id;
      expect((await api.call('PUT', `/api/inspections/${id}`, fullInspection)).statusCode).toBe(200);
      expect((await api.call('PUT', `/api/inspections/${id}/repair`, { labor: 60 })).statusCode).toBe(200);
      const spare = (await api.call('POST', `/api/jobs/${job.id}/inspections`, {})).json().id;
      expect((await api.call('DELETE', `/api/inspections/${spare}`)).statusCode).toBe(204);
      expect((await api.call('POST', `/api/jobs/${job.id}/repairs/finish`)).statusCode).toBe(200);
    }
  });

  it('every route asks for a session', async () => {
    const job = await ctx.f.job();
    for (const [method, url] of [
      ['GET', `/api/jobs/${job.id}/inspections`],
      ['POST', `/api/jobs/${job.id}/inspections`],
      ['POST', `/api/jobs/${job.id}/inspections/complete`],
      ['GET', `/api/jobs/${job.id}/repairs/summary`],
      ['GET', `/api/units/${MISSING_ID}/deficiencies`],
    ] as const) {
      await signedOut(ctx, { unchanged: () => inspectionFingerprint(ctx.database.db) }).refused(
        method,
        url,
        undefined,
        401,
      );
    }
  });
});

describe('changed after the quote was sent', () => {
  const state = async (jobId: string) =>
    (await office.call('GET', `/api/jobs/${jobId}/inspections/quote-state`)).json();

  it('is false before any quote and right after one, true once an inspection or a repair changes', async () => {
    const job = await ctx.f.job();
    const inspection = (await office.call('POST', `/api/jobs/${job.id}/inspections`, fullInspection)).json();
    expect(await state(job.id)).toMatchObject({ quoteSentAt: null, changedSinceQuote: false });
    await office.call('POST', `/api/jobs/${job.id}/inspections/complete`);

    const sentAt = new Date(tick());
    await ctx.f.quote(job, { createdAt: sentAt });
    expect(await state(job.id)).toEqual({
      quoteSentAt: sentAt.toISOString(),
      lastChangedAt: expect.any(String),
      changedSinceQuote: false,
    });
    // Mark Complete again changes nothing, so the quote is still current.
    await office.call('POST', `/api/jobs/${job.id}/inspections/complete`);
    expect((await state(job.id)).changedSinceQuote).toBe(false);

    await office.call('PUT', `/api/inspections/${inspection.id}/repair`, {
      phase2: { description: 'New coil', cost: 900 },
    });
    expect(await state(job.id)).toMatchObject({ changedSinceQuote: true });
    expect((await office.call('GET', `/api/jobs/${job.id}/inspections`)).json().quote.changedSinceQuote).toBe(true);

    // A newer send is current again; then an edit of the inspection flags it.
    await ctx.f.quote(job, { createdAt: new Date(tick()) });
    expect((await state(job.id)).changedSinceQuote).toBe(false);
    await office.call('PUT', `/api/inspections/${inspection.id}`, { ...fullInspection, age: 14 });
    expect((await state(job.id)).changedSinceQuote).toBe(true);
  });

  it('a deleted inspection counts as a change', async () => {
    const job = await ctx.f.job();
    const spare = (await office.call('POST', `/api/jobs/${job.id}/inspections`, {})).json();
    await ctx.f.quote(job, { createdAt: new Date(tick()) });
    expect((await state(job.id)).changedSinceQuote).toBe(false);
    expect((await office.call('DELETE', `/api/inspections/${spare.id}`)).statusCode).toBe(204);
    expect((await state(job.id)).changedSinceQuote).toBe(true);
  });

  it('the Send Quote hint: a completed inspection exists', async () => {
    const job = await ctx.f.job();
    await ctx.f.inspection(job.id);
    expect((await office.call('GET', `/api/jobs/${job.id}/inspections`)).json().hasCompletedInspection).toBe(false);
    await office.call('POST', `/api/jobs/${job.id}/inspections/complete`);
    expect((await office.call('GET', `/api/jobs/${job.id}/inspections`)).json().hasCompletedInspection).toBe(true);
  });
});
