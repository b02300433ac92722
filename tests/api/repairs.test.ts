import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairFormValues, repairPayloadFromForm } from '../../src/domain/repairs.js';
import { queryRows } from '../../src/server/db/client.js';
import { jobRepairLines, jobRepairs } from '../../src/server/db/schema.js';
import { createInspectionsRepo, createInspectionsService } from '../../src/server/modules/inspections/index.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { inspectionFingerprint, MISSING_ID } from './inspection-helpers.js';

let ctx: TestContext;
let office: ApiClient;
let clock = Date.parse('2026-11-20T14:00:00Z');
const tick = (ms = 60_000) => (clock += ms);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => new Date(tick(1000)) });
  office = await signInAs(ctx, 'user', { unchanged: () => inspectionFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

/** A job with one inspection added through the API (so its times follow the app's clock). */
async function inspectionOnNewJob(fields: Record<string, unknown> = {}) {
  const job = await ctx.f.job();
  const inspection = (
    await office.call('POST', `/api/jobs/${job.id}/inspections`, { modelNumber: '48TC', ...fields })
  ).json();
  return { job, inspection };
}

const fullRepair = {
  needsCrane: true,
  phase1: { description: 'Replace capacitor and contactor', cost: 3000 },
  phase2: { description: 'Replace compressor', cost: 4500 },
  phase3: { description: 'Replace the unit', cost: 7200 },
  labor: 1200,
  refrigerationRecovery: 350,
  startUpCosts: 250,
  thermostatStartup: 150,
  removalCost: 400,
  permitCost: 200,
  accessories: [
    { name: 'Curb adapter', cost: 850 },
    { name: 'Hail guard', cost: 125.5 },
  ],
  additionalItems: [{ name: 'Crane rental', cost: 1800 }],
  warranty: '5 years compressor, 1 year labor',
  selectedPhase: 'phase2',
};

describe('saving the repair form', () => {
  it('stores every field, the lists as numeric rows, and the total the server computes', async () => {
    const { inspection } = await inspectionOnNewJob();
    const response = await office.call('PUT', `/api/inspections/${inspection.id}/repair`, {
      ...fullRepair,
      totalCost: 1,
      totalCents: 99,
      total_cost: 5,
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = response.json();
    expect(saved).toMatchObject({
      inspectionId: inspection.id,
      needsCrane: true,
      phase1: { description: 'Replace capacitor and contactor', costCents: 300000 },
      phase2: { description: 'Replace compressor', costCents: 450000 },
      phase3: { description: 'Replace the unit', costCents: 720000 },
      laborCents: 120000,
      refrigerationRecoveryCents: 35000,
      startUpCostsCents: 25000,
      thermostatStartupCents: 15000,
      removalCostCents: 40000,
      permitCostCents: 20000,
      accessories: [
        { name: 'Curb adapter', costCents: 85000 },
        { name: 'Hail guard', costCents: 12550 },
      ],
      additionalItems: [{ name: 'Crane rental', costCents: 180000 }],
      warranty: '5 years compressor, 1 year labor',
      selectedPhase: 'phase2',
      // 9,825.50 / 0.6 = 16,375.83 -> 16,376, whatever the browser said
      totalCents: 1637600,
    });
    const db = ctx.database.db;
    const [stored] = await db.select().from(jobRepairs).where(eq(jobRepairs.id, saved.id));
    expect(stored!.totalCost).toBe('16376.00');
    const lines = await db
      .select()
      .from(jobRepairLines)
      .where(eq(jobRepairLines.repairId, saved.id))
      .orderBy(asc(jobRepairLines.kind), asc(jobRepairLines.position));
    expect(lines.map((l) => [l.kind, l.position, l.name, l.cost])).toEqual([
      ['accessory', 0, 'Curb adapter', '850.00'],
      ['accessory', 1, 'Hail guard', '125.50'],
      ['additional', 0, 'Crane rental', '1800.00'],
    ]);
    // SQL can add the money up: numeric, not numbers inside JSON.
    const [sum] = await queryRows<{ s: string }>(
      db,
      sql`select sum(${jobRepairLines.cost})::text as s from ${jobRepairLines} where ${jobRepairLines.repairId} = ${saved.id}`,
    );
    expect(sum!.s).toBe('2775.50');
    // The inspection answers with it.
    expect((await office.call('GET', `/api/inspections/${inspection.id}`)).json().repair).toEqual(saved);
  });

  it('a second save replaces the record and its rows (one record per inspection)', async () => {
    const { inspection } = await inspectionOnNewJob();
    const first = (await office.call('PUT', `/api/inspections/${inspection.id}/repair`, fullRepair)).json();
    const second = await office.call('PUT', `/api/inspections/${inspection.id}/repair`, {
      ...fullRepair,
      selectedPhase: 'phase1',
      accessories: [{ name: 'Hail guard', cost: 125.5 }],
      additionalItems: [],
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({
      id: first.id,
      createdAt: first.createdAt,
      selectedPhase: 'phase1',
      accessories: [{ name: 'Hail guard', costCents: 12550 }],
      additionalItems: [],
    });
    // 3,000 + 1,200 + 350 + 250 + 150 + 400 + 200 + 125.50 = 5,675.50 / 0.6 = 9,459.17 -> 9,459
    expect(second.json().totalCents).toBe(945900);
    expect(Date.parse(second.json().updatedAt)).toBeGreaterThan(Date.parse(first.updatedAt));
    const [counted] = await queryRows<{ n: string }>(
      ctx.database.db,
      sql`select count(*) as n from job_repairs where inspection_id = ${inspection.id}`,
    );
    expect(Number(counted!.n)).toBe(1);
    const lines = await ctx.database.db.select().from(jobRepairLines).where(eq(jobRepairLines.repairId, first.id));
    expect(lines).toHaveLength(1);
  });

  it('costs the form could not read arrive as 0; blank rows and defaults are filled in', async () => {
    const { inspection } = await inspectionOnNewJob();
    const values = repairFormValues(null);
    values.phase2.cost = '0045';
    values.labor = 'abc';
    values.permitCost = '';
    values.removalCost = '-20';
    values.accessories = [{ name: '', cost: '' }];
    values.additionalItems = [
      { name: 'Disposal', cost: '$1,200' },
      { name: '', cost: '' },
    ];
    const response = await office.call(
      'PUT',
      `/api/inspections/${inspection.id}/repair`,
      repairPayloadFromForm(values),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      phase1: { description: 'Economy Option', costCents: 0 },
      phase2: { description: 'Standard Option', costCents: 4500 },
      laborCents: 0,
      permitCostCents: 0,
      removalCostCents: 0,
      accessories: [],
      additionalItems: [{ name: 'Disposal', costCents: 120000 }],
      warranty: null,
      selectedPhase: 'phase2',
      totalCents: 207500, // 1,245 / 0.6 = 2,075
    });
  });

  it('an empty form saves a $0 record with the option names', async () => {
    const { inspection } = await inspectionOnNewJob();
    const response = await office.call('PUT', `/api/inspections/${inspection.id}/repair`, {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      phase1: { description: 'Economy Option', costCents: 0 },
      selectedPhase: 'phase2',
      totalCents: 0,
      needsCrane: false,
    });
  });

  it('refuses bad input on every field and changes nothing', async () => {
    const { inspection } = await inspectionOnNewJob();
    await office.call('PUT', `/api/inspections/${inspection.id}/repair`, fullRepair);
    const url = `/api/inspections/${inspection.id}/repair`;
    const cases: [Record<string, unknown>, string][] = [
      [{ needsCrane: 'yes' }, 'Needs crane must be yes or no'],
      [{ phase1: { description: 'x', cost: -1 } }, 'Economy Option cost must be at least 0'],
      [{ phase2: { description: 'x', cost: '4500' } }, 'Standard Option cost must be a number'],
      [{ phase3: { description: 'x', cost: 10_000_000.01 } }, 'Premium Option cost must be at most $10,000,000.00'],
      [
        { phase1: { description: 'd'.repeat(1001), cost: 1 } },
        'Economy Option description must be at most 1000 characters',
      ],
      [{ phase2: 45 }, 'Standard Option must have a description and a cost'],
      [{ labor: -0.01 }, 'Labor must be at least 0'],
      [{ labor: 'twelve' }, 'Labor must be a number'],
      [{ refrigerationRecovery: 12.345 }, 'Refrigeration recovery must be in steps of 0.01'],
      [{ startUpCosts: 1e12 }, 'Start-up costs must be at most $10,000,000.00'],
      [{ thermostatStartup: false }, 'Thermostat startup must be a number'],
      [{ removalCost: {} }, 'Removal cost must be a number'],
      [{ permitCost: -5 }, 'Permit cost must be at least 0'],
      [{ accessories: { name: 'Curb', cost: 1 } }, 'The accessories must be a list'],
      [{ accessories: [{ name: '', cost: 80 }] }, 'Accessory 1 has a cost but no name'],
      [{ accessories: [{ name: 'Curb', cost: -80 }] }, 'Accessory cost must be at least 0'],
      [{ accessories: [{ name: 12, cost: 80 }] }, 'Accessory name must be text'],
      [{ accessories: ['Curb'] }, 'Each of the accessories must have a name and a cost'],
      [{ accessories: Array.from({ length: 51 }, (_, i) => ({ name: `A${i}`, cost: 1 })) }, 'At most 50 accessories'],
      [{ additionalItems: [{ name: 'Crane', cost: 'lots' }] }, 'Additional item cost must be a number'],
      [
        { additionalItems: [{ name: 'n'.repeat(201), cost: 1 }] },
        'Additional item name must be at most 200 characters',
      ],
      [
        {
          additionalItems: [
            { name: 'Crane', cost: 1 },
            { name: '', cost: 2 },
          ],
        },
        'Additional item 2 has a cost but no name',
      ],
      [{ warranty: 'w'.repeat(2001) }, 'Warranty must be at most 2000 characters'],
      [{ warranty: 5 }, 'Warranty must be text'],
      [
        { selectedPhase: 'phase4' },
        'Selected option must be Economy Option (phase1), Standard Option (phase2) or Premium Option (phase3)',
      ],
      [
        { selectedPhase: 'Standard Option' },
        'Selected option must be Economy Option (phase1), Standard Option (phase2) or Premium Option (phase3)',
      ],
    ];
    for (const [patch, message] of cases) await office.refused('PUT', url, { ...fullRepair, ...patch }, 400, message);
    await office.refused('PUT', url, '[1,2]', 400, undefined, { headers: { 'content-type': 'application/json' } });
  });
});

describe('Repair Details for All Inspections and Finish Repair Details', () => {
  it('lists every repair with its chosen option and total, and the combined total', async () => {
    const job = await ctx.f.job();
    const older = (
      await office.call('POST', `/api/jobs/${job.id}/inspections`, { modelNumber: 'OLD-1', serialNumber: 'S1' })
    ).json();
    const newer = (await office.call('POST', `/api/jobs/${job.id}/inspections`, { modelNumber: 'NEW-2' })).json();
    const bare = (await office.call('POST', `/api/jobs/${job.id}/inspections`, {})).json();
    await office.call('PUT', `/api/inspections/${older.id}/repair`, { ...fullRepair, selectedPhase: 'phase3' });
    await office.call('PUT', `/api/inspections/${newer.id}/repair`, {
      phase1: { description: 'Clean coils', cost: 600 },
      selectedPhase: 'phase1',
    });

    const summary = await office.call('GET', `/api/jobs/${job.id}/repairs/summary`);
    expect(summary.statusCode, summary.body).toBe(200);
    // older: 7,200 + 1,200 + 350 + 250 + 150 + 400 + 200 + 975.50 + 1,800 = 12,525.50 / 0.6 = 20,875.83 -> 20,876
    expect(summary.json()).toEqual({
      items: [
        {
          inspectionId: newer.id,
          repairId: expect.any(String),
          modelNumber: 'NEW-2',
          serialNumber: null,
          selectedPhase: 'phase1',
          optionLabel: 'Economy Option',
          optionDescription: 'Clean coils',
          optionCostCents: 60000,
          totalCents: 100000,
        },
        {
          inspectionId: older.id,
          repairId: expect.any(String),
          modelNumber: 'OLD-1',
          serialNumber: 'S1',
          selectedPhase: 'phase3',
          optionLabel: 'Premium Option',
          optionDescription: 'Replace the unit',
          optionCostCents: 720000,
          totalCents: 2087600,
        },
      ],
      totalCents: 2187600,
    });

    const finish = await office.call('POST', `/api/jobs/${job.id}/repairs/finish`);
    expect(finish.statusCode, finish.body).toBe(200);
    expect(finish.json()).toMatchObject({
      completedInspections: 3,
      createdRepairs: 1,
      summary: { totalCents: 2187600 },
    });
    expect(finish.json().summary.items.map((i: { inspectionId: string }) => i.inspectionId)).toEqual([
      bare.id,
      newer.id,
      older.id,
    ]);
    expect(finish.json().summary.items[0]).toMatchObject({
      optionLabel: 'Standard Option',
      optionDescription: 'Standard Option',
      totalCents: 0,
    });
    const list = (await office.call('GET', `/api/jobs/${job.id}/inspections`)).json();
    expect(list.items.every((i: { completed: boolean }) => i.completed)).toBe(true);
    // Finishing twice is harmless.
    expect((await office.call('POST', `/api/jobs/${job.id}/repairs/finish`)).json()).toMatchObject({
      completedInspections: 0,
      createdRepairs: 0,
    });
  });

  it('an empty summary for a job without repairs', async () => {
    const job = await ctx.f.job();
    expect((await office.call('GET', `/api/jobs/${job.id}/repairs/summary`)).json()).toEqual({
      items: [],
      totalCents: 0,
    });
  });
});

describe("the unit's Deficiencies card", () => {
  it("lists the unit's repair records across its jobs, newest first, with the customer's decision on the latest quote", async () => {
    const unit = await ctx.f.unit();
    const otherUnit = await ctx.f.unit({ locationId: unit.locationId });
    const at = (minutes: number) => new Date(Date.parse('2026-06-01T12:00:00Z') + minutes * 60_000);
    const approvedJob = await ctx.f.job({ unitId: unit.id, locationId: unit.locationId, name: 'Approved job' });
    const pendingJob = await ctx.f.job({ unitId: unit.id, locationId: unit.locationId, name: 'Pending job' });
    const resentJob = await ctx.f.job({ unitId: unit.id, locationId: unit.locationId, name: 'Resent job' });
    const elsewhere = await ctx.f.job({ unitId: otherUnit.id, locationId: unit.locationId });

    const repairOn = async (jobId: string, minutes: number, overrides: Record<string, unknown> = {}) => {
      const inspection = await ctx.f.inspection(jobId, { completed: true });
      return ctx.f.repair(
        { jobId, inspectionId: inspection.id },
        { createdAt: at(minutes), updatedAt: at(minutes), ...overrides },
      );
    };
    const a = await repairOn(approvedJob.id, 1, { selectedPhase: 'phase3', phase3Description: 'New 10-ton RTU' });
    const b = await repairOn(pendingJob.id, 2);
    const c = await repairOn(resentJob.id, 3, { selectedPhase: 'phase1' });
    await repairOn(elsewhere.id, 4);
    await ctx.f.quote(approvedJob, { createdAt: at(10), status: 'approved', decidedAt: at(20) });
    await ctx.f.quote(pendingJob, { createdAt: at(10) });
    // Declined once, then sent again: the latest quote has no answer yet.
    await ctx.f.quote(resentJob, { createdAt: at(10), status: 'declined', decidedAt: at(11) });
    await ctx.f.quote(resentJob, { createdAt: at(30) });

    const response = await office.call('GET', `/api/units/${unit.id}/deficiencies`);
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ total: 3, page: 1, pageSize: 10 });
    expect(answer.items.map((i: { repairId: string }) => i.repairId)).toEqual([c.id, b.id, a.id]);
    expect(answer.items[2]).toMatchObject({
      repairId: a.id,
      inspectionId: a.inspectionId,
      jobId: approvedJob.id,
      jobNumber: approvedJob.number,
      jobName: 'Approved job',
      selectedPhase: 'phase3',
      optionLabel: 'Premium Option',
      optionDescription: 'New 10-ton RTU',
      totalCents: Number(a.totalCost) * 100,
      decision: 'approved',
      decidedAt: at(20).toISOString(),
      outcome: 'approved',
      open: false,
      resolvedAt: null,
      carriedToJobId: null,
      createdAt: at(1).toISOString(),
      updatedAt: at(1).toISOString(),
    });
    expect(answer.items[2].tiers.map((t: { description: string }) => t.description)).toEqual([
      'Economy Option',
      'Standard Option',
      'New 10-ton RTU',
    ]);
    expect(answer.items[1]).toMatchObject({
      jobId: pendingJob.id,
      decision: null,
      decidedAt: null,
      optionLabel: 'Standard Option',
    });
    expect(answer.items[0]).toMatchObject({
      jobId: resentJob.id,
      decision: null,
      optionLabel: 'Economy Option',
      outcome: 'quoted',
      open: true,
    });

    const declinedJob = await ctx.f.job({ unitId: unit.id, locationId: unit.locationId });
    await repairOn(declinedJob.id, 5);
    await ctx.f.quote(declinedJob, { createdAt: at(10), status: 'declined', decidedAt: at(12) });
    expect((await office.call('GET', `/api/units/${unit.id}/deficiencies`)).json().items[0]).toMatchObject({
      jobId: declinedJob.id,
      decision: 'declined',
    });
  });

  it('pages by 10 and refuses a bad unit id or page', async () => {
    const unit = await ctx.f.unit();
    const job = await ctx.f.job({ unitId: unit.id, locationId: unit.locationId });
    for (let i = 0; i < 12; i++) {
      const inspection = await ctx.f.inspection(job.id);
      await ctx.f.repair({ jobId: job.id, inspectionId: inspection.id });
    }
    const second = (await office.call('GET', `/api/units/${unit.id}/deficiencies?page=2`)).json();
    expect(second).toMatchObject({ total: 12, page: 2, pageSize: 10 });
    expect(second.items).toHaveLength(2);
    expect((await office.call('GET', `/api/units/${MISSING_ID}/deficiencies`)).json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Unit not found',
    });
    expect((await office.call('GET', '/api/units/RTU-1/deficiencies')).json().error.message).toBe(
      'Invalid unit ID format',
    );
    expect((await office.call('GET', `/api/units/${unit.id}/deficiencies?page=0`)).json().error.message).toBe(
      'Page must be 1 or more',
    );
    expect((await office.call('GET', `/api/units/${unit.id}/deficiencies?page=x`)).json().error.message).toBe(
      'Page must be a number',
    );
    const empty = await ctx.f.unit();
    expect((await office.call('GET', `/api/units/${empty.id}/deficiencies`)).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 10,
    });
  });
});

describe("the customer's choice of options (for the quotes module)", () => {
  it('sets the chosen options and recomputes their totals without flagging a change after the send', async () => {
    const { job, inspection } = await inspectionOnNewJob();
    const saved = (await office.call('PUT', `/api/inspections/${inspection.id}/repair`, fullRepair)).json();
    await ctx.f.quote(job, { createdAt: new Date(tick()) });
    const service = createInspectionsService({
      db: ctx.database.db,
      repo: createInspectionsRepo(ctx.database.db),
      storage: createFileStorage(),
      clock: () => new Date(tick()),
    });
    const updated = await ctx.database.db.transaction((tx) =>
      service.applyCustomerChoices(tx, job.id, [
        { inspectionId: inspection.id, selectedPhase: 'phase3' },
        { inspectionId: MISSING_ID, selectedPhase: 'phase1' },
      ]),
    );
    // 7,200 + 1,200 + 350 + 250 + 150 + 400 + 200 + 975.50 + 1,800 = 12,525.50 / 0.6 -> 20,876
    expect(updated).toEqual([{ ...saved, selectedPhase: 'phase3', totalCents: 2087600 }]);
    const after = (await office.call('GET', `/api/inspections/${inspection.id}`)).json().repair;
    expect(after).toEqual({ ...saved, selectedPhase: 'phase3', totalCents: 2087600 });
    expect((await office.call('GET', `/api/jobs/${job.id}/inspections/quote-state`)).json().changedSinceQuote).toBe(
      false,
    );
  });
});
