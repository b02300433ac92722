/**
 * Unit history across visits (issue 29, item 5; decision 044): the unit's Service History, its
 * repair options with what became of them, and the open recommendations a later job shows, added
 * to that job or marked resolved. "Open" is one rule (homeRules.openDeficiency): Home's list, the
 * company asset report and the service opportunities follow every change made here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { inspectionFingerprint, loginTechnician, MISSING_ID } from './inspection-helpers.js';

let ctx: TestContext;
let office: ApiClient;
let clock = Date.parse('2026-11-20T14:00:00Z');
const tick = (ms = 60_000) => (clock += ms);
const at = (minutes: number) => new Date(Date.parse('2026-06-01T12:00:00Z') + minutes * 60_000);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => new Date(tick(1000)) });
  office = await signInAs(ctx, 'user', { unchanged: () => inspectionFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

/** A unit with its company id, and a way to add visits (jobs) to it. */
async function unitWithVisits() {
  const location = await ctx.f.location();
  const unit = await ctx.f.unit({ locationId: location.id });
  const visit = (minutes: number, overrides: Parameters<TestContext['f']['job']>[0] = {}) =>
    ctx.f.job({ unitId: unit.id, locationId: unit.locationId, createdAt: at(minutes), ...overrides });
  return { unit, companyId: location.companyId, visit };
}

/** A repair found on a job (its inspection completed), priced by the factory (a total above zero). */
async function repairOn(jobId: string, minutes: number, overrides: Record<string, unknown> = {}) {
  const inspection = await ctx.f.inspection(jobId, {
    completed: true,
    modelNumber: '48TC-D08',
    serialNumber: 'SN-2211',
    age: 12,
    tonnage: '7.5',
    systemType: 'RTU',
    unitType: 'Gas',
    createdAt: at(minutes),
  });
  return ctx.f.repair(
    { jobId, inspectionId: inspection.id },
    { createdAt: at(minutes), updatedAt: at(minutes), phase3Description: 'New 7.5-ton RTU', ...overrides },
  );
}

const ids = (items: { repairId: string }[]) => items.map((i) => i.repairId);

describe("the unit's Service History", () => {
  it('pages the visits newest first, each with its technicians, inspections and repair options', async () => {
    const { unit, visit } = await unitWithVisits();
    const tech = await loginTechnician(ctx);
    const jobs = [];
    for (let n = 0; n < 7; n++) jobs.push(await visit(n * 100, { name: `Visit ${n + 1}` }));
    const first = jobs[0]!;
    const done = await visit(800, {
      name: 'Spring maintenance',
      status: 'completed',
      completedAt: at(900),
      technicianIds: [tech.technicianId],
    });
    const found = await repairOn(done.id, 850, { selectedPhase: 'phase3' });
    await ctx.f.inspection(done.id, { createdAt: at(860), modelNumber: 'EVAP-1' }); // no repair yet
    await ctx.f.quote(done, { createdAt: at(870), status: 'approved', decidedAt: at(880) });
    await repairOn(first.id, 10);

    const page1 = await office.call('GET', `/api/units/${unit.id}/history`);
    expect(page1.statusCode, page1.body).toBe(200);
    const answer = page1.json();
    expect(answer).toMatchObject({ total: 8, page: 1, pageSize: 5 });
    expect(answer.items.map((v: { jobName: string }) => v.jobName)).toEqual([
      'Spring maintenance',
      'Visit 7',
      'Visit 6',
      'Visit 5',
      'Visit 4',
    ]);
    const latest = answer.items[0];
    expect(latest).toMatchObject({
      jobId: done.id,
      jobNumber: done.number,
      status: 'completed',
      completedAt: at(900).toISOString(),
      technicians: [expect.any(String)],
    });
    expect(latest.inspections).toHaveLength(2);
    expect(latest.inspections[0]).toMatchObject({ modelNumber: 'EVAP-1', repair: null });
    expect(latest.inspections[1]).toMatchObject({
      modelNumber: '48TC-D08',
      serialNumber: 'SN-2211',
      age: 12,
      tonnage: '7.5',
      systemType: 'RTU',
      unitType: 'Gas',
      completed: true,
    });
    expect(latest.inspections[1].repair).toMatchObject({
      repairId: found.id,
      optionLabel: 'Premium Option',
      optionDescription: 'New 7.5-ton RTU',
      outcome: 'approved',
      decision: 'approved',
      open: false,
      totalCents: Math.round(Number(found.totalCost) * 100),
    });
    expect(latest.inspections[1].repair.tiers).toEqual([
      {
        phase: 'phase1',
        label: 'Economy Option',
        description: 'Economy Option',
        costCents: Math.round(Number(found.phase1Cost) * 100),
      },
      {
        phase: 'phase2',
        label: 'Standard Option',
        description: 'Standard Option',
        costCents: Math.round(Number(found.phase2Cost) * 100),
      },
      {
        phase: 'phase3',
        label: 'Premium Option',
        description: 'New 7.5-ton RTU',
        costCents: Math.round(Number(found.phase3Cost) * 100),
      },
    ]);
    expect(answer.items[1].inspections).toEqual([]);

    const page2 = (await office.call('GET', `/api/units/${unit.id}/history?page=2`)).json();
    expect(page2).toMatchObject({ total: 8, page: 2, pageSize: 5 });
    expect(page2.items.map((v: { jobName: string }) => v.jobName)).toEqual(['Visit 3', 'Visit 2', 'Visit 1']);
    expect(page2.items[2].inspections[0].repair).toMatchObject({ outcome: 'not_quoted', open: true });
    expect((await office.call('GET', `/api/units/${unit.id}/history?page=3`)).json()).toMatchObject({
      items: [],
      total: 8,
    });
  });

  it('refuses a bad unit id or page, and answers a unit with no visits', async () => {
    expect((await office.call('GET', '/api/units/RTU-1/history')).json().error.message).toBe('Invalid unit ID format');
    const missing = await office.call('GET', `/api/units/${MISSING_ID}/history`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Unit not found');
    const { unit } = await unitWithVisits();
    for (const [page, message] of [
      ['0', 'Page must be 1 or more'],
      ['x', 'Page must be a number'],
      ['1.5', 'Page must be a whole number'],
      ['10001', 'Page must be at most 10000'],
    ]) {
      const response = await office.call('GET', `/api/units/${unit.id}/history?page=${page}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await office.call('GET', `/api/units/${unit.id}/history`)).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 5,
    });
  });
});

describe('open recommendations across visits', () => {
  it('found on one visit, shown on the next job, resolved there: every list agrees', async () => {
    const { unit, companyId, visit } = await unitWithVisits();
    const tech = await loginTechnician(ctx);
    const techApi = office.as(tech.cookie);
    const earlier = await visit(0, { status: 'completed', completedAt: at(60), technicianIds: [tech.technicianId] });
    const found = await repairOn(earlier.id, 30);
    const next = await visit(1000, { technicianIds: [tech.technicianId] });

    // Shown on the next job, not on the job that found it.
    const shown = await techApi.call('GET', `/api/jobs/${next.id}/earlier-recommendations`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ unitId: unit.id, unitNumber: unit.unitNumber, total: 1 });
    expect(shown.json().items[0]).toMatchObject({
      repairId: found.id,
      jobId: earlier.id,
      jobNumber: earlier.number,
      outcome: 'not_quoted',
      open: true,
      modelNumber: '48TC-D08',
    });
    expect((await office.call('GET', `/api/jobs/${earlier.id}/earlier-recommendations`)).json().total).toBe(0);

    // Home, the asset report and the opportunities count it as open.
    const homeList = async () =>
      ids(
        (await office.call('GET', `/api/home/deficiencies?period=all&technicianId=${tech.technicianId}`)).json().items,
      );
    const reportOpen = async () => {
      const report = (await office.call('GET', `/api/companies/${companyId}/report`)).json();
      return report.locations
        .flatMap((l: { units: { id: string }[] }) => l.units)
        .find((u: { id: string }) => u.id === unit.id).openRepairs.count;
    };
    const opportunities = async () =>
      (await office.call('GET', `/api/opportunities?kind=unquoted_repair&companyId=${companyId}`))
        .json()
        .items.map((o: { sourceId: string }) => o.sourceId);
    expect(await homeList()).toContain(found.id);
    expect(await reportOpen()).toBe(1);
    expect(await opportunities()).toContain(found.id);

    // The technician on the next visit marks it resolved.
    const resolved = await techApi.call('POST', `/api/jobs/${next.id}/earlier-recommendations/${found.id}/resolve`, {
      reason: '  Customer replaced the capacitor themselves  ',
    });
    expect(resolved.statusCode, resolved.body).toBe(204);
    expect((await techApi.call('GET', `/api/jobs/${next.id}/earlier-recommendations`)).json()).toMatchObject({
      items: [],
      total: 0,
    });
    const card = (await office.call('GET', `/api/units/${unit.id}/deficiencies`)).json();
    expect(card.items[0]).toMatchObject({
      repairId: found.id,
      outcome: 'resolved',
      open: false,
      resolutionReason: 'Customer replaced the capacitor themselves',
      resolvedAt: expect.any(String),
      resolvedByName: expect.any(String),
    });
    expect(await homeList()).not.toContain(found.id);
    expect(await reportOpen()).toBe(0);
    expect(await opportunities()).not.toContain(found.id);
    const home = (await office.call('GET', `/api/home/stats?period=all&technicianId=${tech.technicianId}`)).json();
    expect(home.openDeficiencies.count).toBe(0);

    // Settled once: a second resolution is refused and changes nothing.
    await office.refused(
      'POST',
      `/api/jobs/${next.id}/earlier-recommendations/${found.id}/resolve`,
      { reason: 'again' },
      409,
      'This recommendation is no longer open',
    );
  });

  it('quoted and answered on its own job, it is no longer open on the unit', async () => {
    const { visit } = await unitWithVisits();
    const earlier = await visit(0);
    const found = await repairOn(earlier.id, 10);
    const next = await visit(100);
    await ctx.f.quote(earlier, { createdAt: at(20) });
    const quoted = (await office.call('GET', `/api/jobs/${next.id}/earlier-recommendations`)).json();
    expect(quoted.items[0]).toMatchObject({ repairId: found.id, outcome: 'quoted', open: true });
    await ctx.f.quote(earlier, { createdAt: at(30), status: 'declined', decidedAt: at(40) });
    expect((await office.call('GET', `/api/jobs/${next.id}/earlier-recommendations`)).json().total).toBe(0);
    await office.refused(
      'POST',
      `/api/jobs/${next.id}/earlier-recommendations/${found.id}/add`,
      undefined,
      409,
      'This recommendation is no longer open',
    );
  });

  it("added to the next job's repair options: copied there, carried on the unit, open again if the copy goes", async () => {
    const { unit, visit } = await unitWithVisits();
    const earlier = await visit(0, { status: 'completed', completedAt: at(60) });
    const found = await repairOn(earlier.id, 30, {
      selectedPhase: 'phase1',
      accessories: [{ name: 'Hail guard', cost: '125.50' }],
    });
    const next = await visit(1000);

    const added = await office.call('POST', `/api/jobs/${next.id}/earlier-recommendations/${found.id}/add`);
    expect(added.statusCode, added.body).toBe(201);
    const copy = added.json();
    expect(copy).toMatchObject({
      jobId: next.id,
      modelNumber: '48TC-D08',
      serialNumber: 'SN-2211',
      age: 12,
      completed: false,
    });
    expect(copy.repair).toMatchObject({
      selectedPhase: 'phase1',
      phase3: { description: 'New 7.5-ton RTU' },
      accessories: [{ name: 'Hail guard', costCents: 12550 }],
      totalCents: Math.round(Number(found.totalCost) * 100),
    });
    const jobInspections = (await office.call('GET', `/api/jobs/${next.id}/inspections`)).json();
    expect(jobInspections.items.map((i: { id: string }) => i.id)).toEqual([copy.id]);

    // The original is carried; the copy is the open one now (a later job would show it).
    const card = (await office.call('GET', `/api/units/${unit.id}/deficiencies`)).json();
    const original = card.items.find((i: { repairId: string }) => i.repairId === found.id);
    expect(original).toMatchObject({
      outcome: 'carried',
      open: false,
      carriedToJobId: next.id,
      carriedToJobNumber: next.number,
    });
    expect((await office.call('GET', `/api/jobs/${next.id}/earlier-recommendations`)).json().total).toBe(0);
    const later = await visit(2000);
    expect(ids((await office.call('GET', `/api/jobs/${later.id}/earlier-recommendations`)).json().items)).toEqual([
      copy.repair.id,
    ]);

    // Deleting the copy opens the original again.
    expect((await office.call('DELETE', `/api/inspections/${copy.id}`)).statusCode).toBe(204);
    const reopened = (await office.call('GET', `/api/jobs/${next.id}/earlier-recommendations`)).json();
    expect(ids(reopened.items)).toEqual([found.id]);
    expect(reopened.items[0]).toMatchObject({ outcome: 'not_quoted', open: true, carriedToJobId: null });
  });

  it('the office resolves from the unit page; a technician may not there', async () => {
    const { unit, visit } = await unitWithVisits();
    const earlier = await visit(0);
    const found = await repairOn(earlier.id, 10);
    const tech = await loginTechnician(ctx);
    await office
      .as(tech.cookie)
      .refused('POST', `/api/units/${unit.id}/deficiencies/${found.id}/resolve`, { reason: 'Fixed' }, 403);
    const resolved = await office.call('POST', `/api/units/${unit.id}/deficiencies/${found.id}/resolve`, {
      reason: 'Replaced under warranty by the manufacturer',
    });
    expect(resolved.statusCode, resolved.body).toBe(204);
    expect((await office.call('GET', `/api/units/${unit.id}/deficiencies`)).json().items[0]).toMatchObject({
      outcome: 'resolved',
      resolutionReason: 'Replaced under warranty by the manufacturer',
    });
  });

  it('refuses a technician not assigned to the job, bad input, and records of another unit or the same job', async () => {
    const { unit, visit } = await unitWithVisits();
    const earlier = await visit(0);
    const found = await repairOn(earlier.id, 10);
    const next = await visit(100);
    const tech = await loginTechnician(ctx);
    const techApi = office.as(tech.cookie);
    const notAssigned = 'You can change inspections and repairs only on jobs you are assigned to';
    // A technician reads the list on any job, but acts only on jobs assigned to them.
    expect((await techApi.call('GET', `/api/jobs/${next.id}/earlier-recommendations`)).json().total).toBe(1);
    await techApi.refused(
      'POST',
      `/api/jobs/${next.id}/earlier-recommendations/${found.id}/add`,
      undefined,
      403,
      notAssigned,
    );
    await techApi.refused(
      'POST',
      `/api/jobs/${next.id}/earlier-recommendations/${found.id}/resolve`,
      { reason: 'Fixed' },
      403,
      notAssigned,
    );

    const resolve = `/api/jobs/${next.id}/earlier-recommendations/${found.id}/resolve`;
    await office.refused('POST', resolve, { reason: '   ' }, 400, 'A reason is required');
    await office.refused('POST', resolve, {}, 400, 'A reason is required');
    await office.refused('POST', resolve, { reason: 'x'.repeat(501) }, 400, 'Reason must be at most 500 characters');
    await office.refused(
      'POST',
      `/api/jobs/${next.id}/earlier-recommendations/R-1/resolve`,
      { reason: 'x' },
      400,
      'Invalid recommendation ID format',
    );
    await office.refused(
      'POST',
      `/api/jobs/J-1/earlier-recommendations/${found.id}/add`,
      undefined,
      400,
      'Invalid job ID format',
    );
    await office.refused(
      'POST',
      `/api/jobs/${MISSING_ID}/earlier-recommendations/${found.id}/add`,
      undefined,
      404,
      'Job not found',
    );
    await office.refused(
      'POST',
      `/api/jobs/${next.id}/earlier-recommendations/${MISSING_ID}/add`,
      undefined,
      404,
      'Recommendation not found',
    );
    expect((await office.call('GET', `/api/jobs/${MISSING_ID}/earlier-recommendations`)).statusCode).toBe(404);

    // A record of another unit, and the job's own record.
    const elsewhere = await ctx.f.job();
    const foreign = await repairOn(elsewhere.id, 5);
    await office.refused(
      'POST',
      `/api/jobs/${next.id}/earlier-recommendations/${foreign.id}/add`,
      undefined,
      404,
      'Recommendation not found',
    );
    await office.refused(
      'POST',
      `/api/units/${unit.id}/deficiencies/${foreign.id}/resolve`,
      { reason: 'x' },
      404,
      'Recommendation not found',
    );
    await office.refused(
      'POST',
      `/api/jobs/${earlier.id}/earlier-recommendations/${found.id}/add`,
      undefined,
      409,
      'This recommendation was found on this job',
    );
    await office.refused(
      'POST',
      `/api/units/${MISSING_ID}/deficiencies/${found.id}/resolve`,
      { reason: 'x' },
      404,
      'Unit not found',
    );
  });
});
