import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPPORTUNITY_KINDS, type Opportunity } from '../../src/domain/opportunities.js';
import { OPPORTUNITY_KINDS_DB } from '../../src/server/db/schema.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let office: ApiClient;
const NOW = new Date('2026-11-20T15:00:00Z');
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

const fingerprint = () => tableFingerprint(ctx.database.db, ['opportunity_follow_ups', 'settings', 'job_quotes']);

/** The world: one company with each kind, another company with one unquoted repair. */
let w: {
  companyId: string;
  otherCompanyId: string;
  techId: string;
  unquotedRepairId: string;
  quotedRepairJobId: string;
  sentQuoteId: string;
  declinedQuoteId: string;
  oldUnitId: string;
  repeatUnitId: string;
  youngUnitId: string;
  otherRepairId: string;
};

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  office = await signInAs(ctx, 'user', { unchanged: fingerprint });
  const f = ctx.f;
  const company = await f.company({ name: 'Opportunity Holdings' });
  const location = await f.location({ companyId: company.id, name: 'North Plant' });
  const { technician } = await f.technician({ user: { firstName: 'Tess', lastName: 'Tech' } });

  // 1. a priced repair record with no repair quote: 40 days old
  const unitA = await f.unit({ locationId: location.id, unitNumber: 'RTU-A' });
  const jobA = await f.job({ locationId: location.id, unitId: unitA.id, technicianIds: [technician.id] });
  const inspA = await f.inspection(jobA.id, { age: 5, createdAt: daysAgo(40) });
  const repairA = await f.repair(
    { jobId: jobA.id, inspectionId: inspA.id },
    { totalCost: '4321.00', createdAt: daysAgo(40) },
  );

  // 2. a repair that was quoted: not an "unquoted repair"; its quote awaits the customer (10 days)
  const unitB = await f.unit({ locationId: location.id, unitNumber: 'RTU-B' });
  const jobB = await f.job({ locationId: location.id, unitId: unitB.id });
  const inspB = await f.inspection(jobB.id, { age: 3, createdAt: daysAgo(12) });
  await f.repair({ jobId: jobB.id, inspectionId: inspB.id }, { totalCost: '999.00', createdAt: daysAgo(12) });
  const sent = await f.quote(jobB, { amount: '1500.00', createdAt: daysAgo(10) });

  // 3. a declined quote with its reason: 100 days
  const unitC = await f.unit({ locationId: location.id, unitNumber: 'RTU-C' });
  const jobC = await f.job({ locationId: location.id, unitId: unitC.id });
  const declined = await f.quote(jobC, {
    quoteType: 'inspection',
    amount: '180.00',
    status: 'declined',
    createdAt: daysAgo(120),
    decidedAt: daysAgo(100),
    declineReason: 'too_expensive',
    declineComment: 'Budget next year',
  });

  // 4. replacement by age: latest inspection says 18 years (an older one said 10)
  const oldUnit = await f.unit({ locationId: location.id, unitNumber: 'RTU-OLD' });
  const jobOld1 = await f.job({ locationId: location.id, unitId: oldUnit.id });
  await f.inspection(jobOld1.id, { age: 10, createdAt: daysAgo(800) });
  const jobOld2 = await f.job({ locationId: location.id, unitId: oldUnit.id });
  await f.inspection(jobOld2.id, { age: 18, createdAt: daysAgo(5) });

  // a unit whose latest inspection says 8 (an older one said 20): not a candidate
  const youngUnit = await f.unit({ locationId: location.id, unitNumber: 'RTU-YOUNG' });
  const jobY1 = await f.job({ locationId: location.id, unitId: youngUnit.id });
  await f.inspection(jobY1.id, { age: 20, createdAt: daysAgo(400) });
  const jobY2 = await f.job({ locationId: location.id, unitId: youngUnit.id });
  await f.inspection(jobY2.id, { age: 8, createdAt: daysAgo(3) });

  // 5. replacement by repeated repairs: repairs (quoted, so no unquoted rows) on 3 jobs in 12 months
  const repeatUnit = await f.unit({ locationId: location.id, unitNumber: 'RTU-REP' });
  for (const days of [300, 200, 20]) {
    const job = await f.job({ locationId: location.id, unitId: repeatUnit.id });
    const insp = await f.inspection(job.id, { age: 6, createdAt: daysAgo(days) });
    await f.repair({ jobId: job.id, inspectionId: insp.id }, { totalCost: '800.00', createdAt: daysAgo(days) });
    await f.quote(job, { status: 'approved', createdAt: daysAgo(days), decidedAt: daysAgo(days) });
  }

  // another company's unquoted repair
  const other = await f.company({ name: 'Other Owner' });
  const otherLoc = await f.location({ companyId: other.id });
  const unitO = await f.unit({ locationId: otherLoc.id });
  const jobO = await f.job({ locationId: otherLoc.id, unitId: unitO.id });
  const inspO = await f.inspection(jobO.id, { age: 2, createdAt: daysAgo(1) });
  const repairO = await f.repair(
    { jobId: jobO.id, inspectionId: inspO.id },
    { totalCost: '100.00', createdAt: daysAgo(1) },
  );

  w = {
    companyId: company.id,
    otherCompanyId: other.id,
    techId: technician.id,
    unquotedRepairId: repairA.id,
    quotedRepairJobId: jobB.id,
    sentQuoteId: sent.id,
    declinedQuoteId: declined.id,
    oldUnitId: oldUnit.id,
    repeatUnitId: repeatUnit.id,
    youngUnitId: youngUnit.id,
    otherRepairId: repairO.id,
  };
});
afterAll(() => ctx.close());

const list = async (query = '') => {
  const response = await office.call('GET', `/api/opportunities${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    items: Opportunity[];
    total: number;
    totals: { kind: string; count: number; valueCents: number }[];
  };
};
const find = (items: Opportunity[], sourceId: string) => items.find((o) => o.sourceId === sourceId);

describe('the four kinds', () => {
  it('keeps the database check in step with the domain', () => {
    expect([...OPPORTUNITY_KINDS_DB]).toEqual([...OPPORTUNITY_KINDS]);
  });

  it('lists each kind with its value and age, and nothing that is not an opportunity', async () => {
    const body = await list(`?companyId=${w.companyId}`);
    const repair = find(body.items, w.unquotedRepairId)!;
    expect(repair).toMatchObject({ kind: 'unquoted_repair', valueCents: 432100, ageDays: 40, unitNumber: 'RTU-A' });
    expect(repair.technicians).toEqual(['Tess Tech']);
    expect(find(body.items, w.sentQuoteId)).toMatchObject({
      kind: 'awaiting_customer',
      valueCents: 150000,
      ageDays: 10,
    });
    expect(find(body.items, w.declinedQuoteId)).toMatchObject({
      kind: 'declined_quote',
      valueCents: 18000,
      ageDays: 100,
      declineReason: 'too_expensive',
      declineComment: 'Budget next year',
    });
    expect(find(body.items, w.oldUnitId)).toMatchObject({
      kind: 'replacement',
      replacementReason: 'age',
      unitAgeYears: 18,
      valueCents: null,
      ageDays: 5,
    });
    expect(find(body.items, w.repeatUnitId)).toMatchObject({
      kind: 'replacement',
      replacementReason: 'repeat_repairs',
      ageDays: 20,
    });
    // the young unit (latest inspection 8 years), the quoted repair and the other company are not listed
    expect(find(body.items, w.youngUnitId)).toBeUndefined();
    expect(body.items.some((o) => o.kind === 'unquoted_repair' && o.jobId === w.quotedRepairJobId)).toBe(false);
    expect(find(body.items, w.otherRepairId)).toBeUndefined();
    expect(body.total).toBe(5);
    expect(body.totals).toEqual([
      { kind: 'unquoted_repair', count: 1, valueCents: 432100 },
      { kind: 'awaiting_customer', count: 1, valueCents: 150000 },
      { kind: 'declined_quote', count: 1, valueCents: 18000 },
      { kind: 'replacement', count: 2, valueCents: 0 },
    ]);
    // oldest first by default
    expect(body.items.map((o) => o.ageDays)).toEqual([100, 40, 20, 10, 5]);
  });

  it('follows the replacement threshold of Settings', async () => {
    const admin = await office.withRole('admin');
    const put = await admin.call('PUT', '/api/settings/opportunities', { replacementAgeYears: 20 });
    expect(put.statusCode, put.body).toBe(200);
    expect(find((await list(`?companyId=${w.companyId}`)).items, w.oldUnitId)).toBeUndefined();
    await admin.call('PUT', '/api/settings/opportunities', { replacementAgeYears: 8 });
    const items = (await list(`?companyId=${w.companyId}&kind=replacement`)).items;
    expect(find(items, w.youngUnitId)).toMatchObject({ replacementReason: 'age', unitAgeYears: 8 });
    await admin.call('PUT', '/api/settings/opportunities', { replacementAgeYears: 15 });
    expect((await office.call('GET', '/api/settings/opportunities')).json()).toEqual({ replacementAgeYears: 15 });
  });
});

describe('filters', () => {
  it('filters by kind (totals still by every kind), technician, age and company', async () => {
    const byKind = await list(`?companyId=${w.companyId}&kind=declined_quote`);
    expect(byKind.items.map((o) => o.sourceId)).toEqual([w.declinedQuoteId]);
    expect(byKind.total).toBe(1);
    expect(byKind.totals.find((t) => t.kind === 'replacement')!.count).toBe(2);

    const byTech = await list(`?technicianId=${w.techId}`);
    expect(byTech.items.map((o) => o.sourceId)).toEqual([w.unquotedRepairId]);

    const young = await list(`?companyId=${w.companyId}&age=30`);
    expect(young.items.map((o) => o.ageDays)).toEqual([20, 10, 5]);
    const mid = await list(`?companyId=${w.companyId}&age=90`);
    expect(mid.items.map((o) => o.ageDays)).toEqual([40]);
    const old = await list(`?companyId=${w.companyId}&age=365`);
    expect(old.items.map((o) => o.ageDays)).toEqual([100]);

    const other = await list(`?companyId=${w.otherCompanyId}`);
    expect(other.items.map((o) => o.sourceId)).toEqual([w.otherRepairId]);
  });

  it('sorts by value, largest first', async () => {
    const body = await list(`?companyId=${w.companyId}&sort=value&dir=desc`);
    expect(body.items.map((o) => o.valueCents)).toEqual([432100, 150000, 18000, null, null]);
  });

  it('refuses bad filters with a message', async () => {
    await office.refused('GET', '/api/opportunities?kind=bogus', undefined, 400, /Unknown opportunity kind/);
    await office.refused('GET', '/api/opportunities?companyId=12', undefined, 400, 'Invalid company ID format');
    await office.refused('GET', '/api/opportunities?age=7', undefined, 400, /Unknown age range/);
  });

  it('exports the filtered list as .xlsx', async () => {
    const response = await office.call('GET', `/api/opportunities/export?companyId=${w.companyId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toMatch(/service-opportunities-2026-11-20\.xlsx/);
    expect(response.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('actions', () => {
  it('sets a follow-up date and note, shown on the row', async () => {
    const url = `/api/opportunities/declined_quote/${w.declinedQuoteId}/follow-up`;
    const response = await office.call('PUT', url, { followUpOn: '2027-01-15', note: 'Call after budget approval' });
    expect(response.statusCode, response.body).toBe(200);
    const row = find((await list(`?companyId=${w.companyId}`)).items, w.declinedQuoteId)!;
    expect(row).toMatchObject({ followUpOn: '2027-01-15', followUpNote: 'Call after budget approval' });
    // a second save replaces it
    await office.call('PUT', url, { followUpOn: '2027-02-01', note: '' });
    expect(find((await list(`?companyId=${w.companyId}`)).items, w.declinedQuoteId)).toMatchObject({
      followUpOn: '2027-02-01',
      followUpNote: null,
    });
  });

  it('dismisses with a reason (the row leaves the list; Show dismissed brings it back) and restores', async () => {
    const response = await office.call('POST', `/api/opportunities/replacement/${w.repeatUnitId}/dismiss`, {
      reason: 'Owner replacing the building',
    });
    expect(response.statusCode, response.body).toBe(200);
    const open = await list(`?companyId=${w.companyId}`);
    expect(find(open.items, w.repeatUnitId)).toBeUndefined();
    expect(open.totals.find((t) => t.kind === 'replacement')!.count).toBe(1);
    const dismissed = await list(`?companyId=${w.companyId}&dismissed=1`);
    expect(dismissed.items.map((o) => o.sourceId)).toEqual([w.repeatUnitId]);
    expect(dismissed.items[0]).toMatchObject({ dismissReason: 'Owner replacing the building' });
    expect((await office.call('POST', `/api/opportunities/replacement/${w.repeatUnitId}/restore`)).statusCode).toBe(
      200,
    );
    expect(find((await list(`?companyId=${w.companyId}`)).items, w.repeatUnitId)).toBeDefined();
  });

  it('refuses bad actions and changes nothing', async () => {
    const base = `/api/opportunities/unquoted_repair/${w.unquotedRepairId}`;
    await office.refused('POST', `${base}/dismiss`, { reason: '  ' }, 400, 'A reason is required');
    await office.refused('PUT', `${base}/follow-up`, { followUpOn: '' }, 400, 'Follow-up date is required');
    await office.refused('PUT', `${base}/follow-up`, { followUpOn: '2027-02-30' }, 400, 'Enter a date as YYYY-MM-DD');
    await office.refused('POST', `/api/opportunities/bogus/${w.unquotedRepairId}/dismiss`, { reason: 'x' }, 400);
    await office.refused(
      'POST',
      `/api/opportunities/unquoted_repair/12/dismiss`,
      { reason: 'x' },
      400,
      'Invalid opportunity ID format',
    );
    // a record of another kind, or none at all
    await office.refused(
      'POST',
      `/api/opportunities/awaiting_customer/${w.declinedQuoteId}/dismiss`,
      { reason: 'x' },
      404,
      'Opportunity not found',
    );
    await office.refused(
      'POST',
      `/api/opportunities/replacement/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/dismiss`,
      { reason: 'x' },
      404,
      'Opportunity not found',
    );
    await office.refused('PUT', '/api/settings/opportunities', { replacementAgeYears: 0 }, 403);
  });

  it("is the office's: a technician is refused and nothing changes", async () => {
    const tech = await office.withRole('technician');
    await tech.refused('GET', '/api/opportunities', undefined, 403);
    await tech.refused('GET', '/api/opportunities/export', undefined, 403);
    await tech.refused(
      'POST',
      `/api/opportunities/unquoted_repair/${w.unquotedRepairId}/dismiss`,
      { reason: 'x' },
      403,
    );
    await tech.refused(
      'PUT',
      `/api/opportunities/unquoted_repair/${w.unquotedRepairId}/follow-up`,
      { followUpOn: '2027-01-01' },
      403,
    );
    const admin = await office.withRole('admin');
    await admin.refused(
      'PUT',
      '/api/settings/opportunities',
      { replacementAgeYears: 0 },
      400,
      'Replacement age must be at least 1 year',
    );
  });
});
