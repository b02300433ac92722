/**
 * The Dispatch & Schedule board (issue 10): the board query with each Map Filter, and the move
 * rules (overlap, roles, concurrent moves, bad input).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISPATCH_MESSAGES,
  type BoardAnswer,
  type BoardJob,
  type CompletedJobsAnswer,
  type UnscheduledAnswer,
} from '../../src/domain/dispatch.js';
import { buildJob } from '../../src/server/db/seed/builders/builders.js';
import { createRandom } from '../factories/index.js';
import { queryRows } from '../../src/server/db/client.js';
import * as schema from '../../src/server/db/schema.js';
import { MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';
import { jobsFingerprint } from '../support/db-fingerprint.js';

let ctx: TestContext;
let api: ApiClient;
let clock = Date.parse('2026-03-10T15:00:00Z');
const tick = () => new Date((clock += 1000));

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const SOON = daysFromNow(10);

const fx = {} as { a: string; b: string; owner: string; jobs: Record<string, BoardJob | { id: string }> };

beforeAll(async () => {
  ctx = await createTestContext({ now: tick });
  api = await signInAs(ctx, 'user', { unchanged: () => jobsFingerprint(ctx.database.db) });
  const f = ctx.f;
  const a = await f.technician({ user: { firstName: 'Ann', lastName: 'Able' }, technician: { office: 'Main Office' } });
  const b = await f.technician({
    user: { firstName: 'Ben', lastName: 'Baker' },
    technician: { office: 'Main Office' },
  });
  await f.technician({ user: { firstName: 'Nora', lastName: 'North' }, technician: { office: 'North Office' } });
  const db = ctx.database.db;
  await db.insert(schema.technicianCertifications).values([
    { technicianId: a.technician.id, certificationName: 'EPA 608', expiryDate: '2025-01-01', status: 'active' },
    // The board reads the database's clock for certifications: days from today, with a margin for the zone.
    { technicianId: a.technician.id, certificationName: 'NATE Core', expiryDate: SOON, status: 'active' },
    { technicianId: a.technician.id, certificationName: 'OSHA 10', expiryDate: daysFromNow(400), status: 'active' },
  ]);
  await db
    .insert(schema.technicianAvailability)
    .values({ technicianId: a.technician.id, dayOfWeek: 2, startTime: '08:00', endTime: '16:00', isAvailable: true });
  const loc = await f.location({ zip: '30303', name: 'Peach Plaza' });
  const far = await f.location({ zip: '99999' });
  const plusFour = await f.location({ zip: '30308-1234', name: 'Midtown Tower' });
  await db
    .insert(schema.technicianTerritories)
    .values({ technicianId: b.technician.id, territoryName: 'Downtown', state: 'GA', zipCodes: ['30303', '30308'] });
  const owner = await f.user({ role: 'manager' });
  const job = (o: Parameters<typeof f.job>[0]) =>
    f.job({ locationId: loc.id, unitId: null, timePeriodStart: '2026-03-02', timePeriodDue: '2026-03-20', ...o });
  const jobs = {
    nine: await job({
      name: 'Nine AM',
      status: 'scheduled',
      scheduleStart: new Date('2026-03-11T13:00:00Z'),
      scheduleDuration: 60,
      technicianIds: [a.technician.id],
      tags: ['vip'],
      createdBy: owner.id,
    }),
    ten: await job({
      name: 'Ten AM',
      status: 'scheduled',
      scheduleStart: new Date('2026-03-11T14:00:00Z'),
      scheduleDuration: 60,
      technicianIds: [b.technician.id],
      type: 'SC',
      serviceLine: 'REFR',
    }),
    tray: await job({ name: 'In the tray', status: 'unscheduled' }),
    done: await job({ name: 'Done', status: 'completed', technicianIds: [a.technician.id] }),
    sub: await job({ name: 'Subcontracted', status: 'unscheduled', subcontracted: true }),
    north: await f.job({
      locationId: far.id,
      unitId: null,
      name: 'North job',
      office: 'North Office',
      timePeriodStart: '2026-03-02',
      timePeriodDue: '2026-03-05',
    }),
    april: await job({ name: 'April', timePeriodStart: '2026-04-02', timePeriodDue: '2026-04-05' }),
    midtown: await job({
      name: 'Midtown',
      locationId: plusFour.id,
      timePeriodStart: '2026-04-02',
      timePeriodDue: '2026-04-06',
      tags: ['Rooftop', 'VIP'],
    }),
  };
  await f.jobItem(jobs.ten.id, { quantity: 1, unitCost: '500.00', totalCost: '500.00' });
  fx.a = a.technician.id;
  fx.b = b.technician.id;
  fx.owner = owner.id;
  fx.jobs = jobs;
});
afterAll(() => ctx.close());

async function board(query = ''): Promise<BoardAnswer> {
  // '&to=...' in the query replaces the end of the range (March by default).
  const to = /&to=([\d-]+)/.exec(query)?.[1] ?? '2026-03-31';
  const response = await api.call(
    'GET',
    `/api/dispatch/board?from=2026-03-01&to=${to}${query.replace(/&to=[\d-]+/, '')}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const names = async (query = '') => (await board(query)).jobs.map((j) => j.name).sort();

describe('the board', () => {
  it("answers the range's jobs (due this month by default), without completed or subcontracted jobs, with the technicians", async () => {
    const answer = await board();
    expect(answer.jobs.map((j) => j.name).sort()).toEqual(['In the tray', 'Nine AM', 'North job', 'Ten AM']);
    expect(answer.total).toBe(4);
    expect(answer.unassignedCount).toBe(2);
    const ann = answer.technicians.find((t) => t.id === fx.a)!;
    expect(ann).toMatchObject({
      name: 'Ann Able',
      initials: 'AA',
      role: 'technician',
      jobCount: 1,
      completedCount: 0,
      scheduledDates: ['2026-03-11'],
      expiredCertifications: ['EPA 608'],
    });
    // Expiring within CERTIFICATION_EXPIRING_DAYS: NATE Core; OSHA 10 is good for more than a year.
    expect(ann.expiringCertifications).toEqual([{ name: 'NATE Core', expiryDate: SOON }]);
    expect(answer.technicians.find((t) => t.id === fx.b)!.expiringCertifications).toEqual([]);
    expect(ann.availability).toEqual([{ dayOfWeek: 2, startTime: '08:00', endTime: '16:00', isAvailable: true }]);
    const ten = answer.jobs.find((j) => j.name === 'Ten AM')!;
    expect(ten).toMatchObject({
      status: 'scheduled',
      scheduleDuration: 60,
      technicianIds: [fx.b],
      locationName: 'Peach Plaza',
      scheduleStart: '2026-03-11T14:00:00.000Z',
    });
  });

  it.each([
    ['&showCompleted=true', ['Done', 'In the tray', 'Nine AM', 'North job', 'Ten AM']],
    ['&showSubcontracted=true', ['In the tray', 'Nine AM', 'North job', 'Subcontracted', 'Ten AM']],
    ['&office=North%20Office', ['North job']],
    ['&type=SC', ['Ten AM']],
    ['&serviceLine=REFR', ['Ten AM']],
    ['&tags=vip,other', ['Nine AM']],
    // Whole tags, case-insensitive, any of them.
    ['&tags=%20VIP%20', ['Nine AM']],
    ['&tags=roof', []],
    ['&to=2026-04-30&tags=rooftop', ['Midtown']],
    ['&to=2026-04-30&tags=Vip', ['Midtown', 'Nine AM']],
    // A ZIP+4 location is in the territory of its 5-digit zip.
    ['&to=2026-04-30&region=Downtown', ['April', 'In the tray', 'Midtown', 'Nine AM', 'Ten AM']],
    ['&minPrice=500&maxPrice=500', ['Ten AM']],
    ['&minPrice=500.01', []],
    ['&type=SC&serviceLine=REFR&office=Main%20Office&region=Downtown&minPrice=1', ['Ten AM']],
    ['&type=SC&office=North%20Office', []],
    ['&region=Downtown', ['In the tray', 'Nine AM', 'Ten AM']],
    ['&minPrice=100', ['Ten AM']],
    ['&maxPrice=100', ['In the tray', 'Nine AM', 'North job']],
    ['&dateField=schedule', ['Nine AM', 'Ten AM']],
    // The jobs were created today (not in March).
    ['&dateField=created', []],
  ])('filters %s', async (query, expected) => {
    expect(await names(query)).toEqual(expected);
  });

  it('filters by created date', async () => {
    // Created now (the database's clock): a window of a day either side covers every time zone.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const response = await api.call('GET', `/api/dispatch/board?dateField=created&from=${day(-1)}&to=${day(1)}`);
    expect(
      response
        .json()
        .jobs.map((j: BoardJob) => j.name)
        .sort(),
    ).toEqual(['April', 'In the tray', 'Midtown', 'Nine AM', 'North job', 'Ten AM']);
  });

  it('filters by owner and lists the office technicians only', async () => {
    expect(await names(`&ownerId=${fx.owner}`)).toEqual(['Nine AM']);
    const north = await board('&office=North%20Office');
    expect(north.technicians.map((t) => t.name)).toEqual(['Nora North']);
  });

  it('resolves a named month range in the company time zone (today is 2026-03-10)', async () => {
    const call = async (query: string) => {
      const response = await api.call('GET', `/api/dispatch/board?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as BoardAnswer;
    };
    const thisMonth = await call('range=this-month');
    expect(thisMonth).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
      today: '2026-03-10',
      timeZone: 'America/New_York',
    });
    expect(thisMonth.jobs.map((j) => j.name).sort()).toEqual(['In the tray', 'Nine AM', 'North job', 'Ten AM']);
    expect(await call('range=last-month')).toMatchObject({ from: '2026-02-01', to: '2026-02-28', jobs: [] });
    const next = await call('range=next-month');
    expect(next).toMatchObject({ from: '2026-04-01', to: '2026-04-30' });
    expect(next.jobs.map((j) => j.name).sort()).toEqual(['April', 'Midtown']);
    const custom = await call('range=custom&from=2026-04-06&to=2026-04-06');
    expect(custom.jobs.map((j) => j.name)).toEqual(['Midtown']);
    // Empty values are the same as leaving the parameters out.
    const empty = await call(
      'range=this-month&from=&to=&tags=&office=&type=&ownerId=&serviceLine=&region=&minPrice=&maxPrice=&showCompleted=&showSubcontracted=&dateField=',
    );
    expect(empty.total).toBe(4);
  });

  it.each([
    ['range=week', 'range', 'Filter Date Range By must be this-month, last-month, next-month or custom'],
    ['range=custom&from=2026-03-01', 'to', DISPATCH_MESSAGES.customNeedsDates],
    ['range=this-month&from=2026-03-01', 'from', DISPATCH_MESSAGES.datesWithNamedRange],
    ['from=2026-03-31&to=2026-03-01', 'to', DISPATCH_MESSAGES.rangeOrder],
    ['from=2026-02-30&to=2026-03-01', 'from', "'from' must be a valid date (YYYY-MM-DD)"],
    ['from=2026-03-01&to=2026-03-31&from=2026-03-02', 'from', "'from' must be given once, as text"],
    ['range=this-month&office=Main%20Office&office=North%20Office', 'office', 'Job Office must be given once, as text'],
    [`range=this-month&office=${'x'.repeat(101)}`, 'office', 'Job Office must be at most 100 characters'],
    ['range=this-month&type=ZZ', 'type', "Unknown job type 'ZZ'"],
    ['range=this-month&serviceLine=ZZ', 'serviceLine', "Unknown service line 'ZZ'"],
    ['range=this-month&ownerId=nobody', 'ownerId', 'Job Owner must be a user id'],
    [`range=this-month&ownerId=${MISSING_ID}`, 'ownerId', DISPATCH_MESSAGES.unknownOwner],
    ['range=this-month&region=Nowhere', 'region', "Unknown region 'Nowhere'"],
    ['range=this-month&minPrice=-5', 'minPrice', 'Minimum price must be an amount in dollars (e.g. 250 or 99.50)'],
    ['range=this-month&maxPrice=1.234', 'maxPrice', 'Maximum price must be an amount in dollars (e.g. 250 or 99.50)'],
    ['range=this-month&minPrice=20&maxPrice=10', 'maxPrice', DISPATCH_MESSAGES.priceOrder],
    ['range=this-month&showCompleted=yes', 'showCompleted', 'Show completed jobs must be true or false'],
    ['range=this-month&showSubcontracted=1', 'showSubcontracted', 'Show subcontracted jobs must be true or false'],
    [`range=this-month&tags=${Array.from({ length: 21 }, (_, i) => `t${i}`).join(',')}`, 'tags', 'At most 20 tags'],
    [`range=this-month&tags=${'t'.repeat(51)}`, 'tags', 'A tag must be at most 50 characters'],
  ])('refuses %s', async (query, field, message) => {
    await api.refused('GET', `/api/dispatch/board?${query}`, undefined, 400, message, { field });
  });

  it('refuses bad filters', async () => {
    await api.refused(
      'GET',
      '/api/dispatch/board?from=2026-03-01&to=2026-06-01',
      undefined,
      400,
      DISPATCH_MESSAGES.rangeTooLong,
    );
    await api.refused('GET', '/api/dispatch/board?from=2026-03-01', undefined, 400, undefined, { field: 'to' });
    await api.refused(
      'GET',
      '/api/dispatch/board?from=2026-03-01&to=2026-03-02&minPrice=x',
      undefined,
      400,
      'Minimum price must be an amount in dollars (e.g. 250 or 99.50)',
      { field: 'minPrice' },
    );
    await api.refused(
      'GET',
      '/api/dispatch/board?from=2026-03-01&to=2026-03-02&dateField=week',
      undefined,
      400,
      'Filter Map By must be due, schedule or created',
    );
  });

  it('offers the filter choices from the data', async () => {
    const options = (await api.call('GET', '/api/dispatch/options')).json();
    expect(options.offices).toEqual(expect.arrayContaining(['Main Office', 'North Office']));
    expect(options.regions).toEqual(['Downtown']);
    expect(options.owners.map((o: { id: string }) => o.id)).toContain(fx.owner);
    expect(options.jobTypes).toContainEqual({ code: 'SC', name: 'Service Call' });
    expect(options.serviceLines.map((o: { code: string }) => o.code)).toContain('REFR');
    // One spelling per tag, most used first.
    expect(options.tags.map((t: string) => t.toLowerCase())).toEqual(['vip', 'rooftop']);
    expect(options.ranges.map((r: { label: string }) => r.label)).toEqual([
      'This Month',
      'Last Month',
      'Next Month',
      'Custom Range',
    ]);
    expect(options.dateFields).toEqual([
      { value: 'due', label: 'Due By Date' },
      { value: 'schedule', label: 'Schedule Date' },
      { value: 'created', label: 'Created Date' },
    ]);
  });
});

describe('moving a job', () => {
  const current = async (name: string) => (await board('&showCompleted=true')).jobs.find((j) => j.name === name)!;

  it('reschedules within a row, and a second move from the same version is refused as stale', async () => {
    const nine = await current('Nine AM');
    const moved = await api.call('POST', `/api/jobs/${nine.id}/move`, {
      scheduleStart: '2026-03-12T13:00:00.000Z',
      scheduleDuration: 90,
      expectedUpdatedAt: nine.updatedAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().job).toMatchObject({
      scheduleStart: '2026-03-12T13:00:00.000Z',
      scheduleDuration: 90,
      status: 'scheduled',
    });
    await api.refused(
      'POST',
      `/api/jobs/${nine.id}/move`,
      { scheduleStart: '2026-03-13T13:00:00.000Z', expectedUpdatedAt: nine.updatedAt },
      409,
      DISPATCH_MESSAGES.stale,
      { field: 'expectedUpdatedAt' },
    );
    // Undo: the previous place, with the version the move answered.
    const undo = await api.call('POST', `/api/jobs/${nine.id}/move`, {
      scheduleStart: nine.scheduleStart,
      scheduleDuration: 60,
      expectedUpdatedAt: moved.json().job.updatedAt,
    });
    expect(undo.json().job).toMatchObject({ scheduleStart: '2026-03-11T13:00:00.000Z', scheduleDuration: 60 });
  });

  it('refuses a move that double-books a technician unless confirmed; moves between rows', async () => {
    const nine = await current('Nine AM');
    // Ann's 9:00 job to Ben's row at 10:00, where Ben has Ten AM.
    const body = {
      scheduleStart: '2026-03-11T14:30:00.000Z',
      fromTechnicianId: fx.a,
      toTechnicianId: fx.b,
      expectedUpdatedAt: nine.updatedAt,
    };
    const refusal = await api.refused(
      'POST',
      `/api/jobs/${nine.id}/move`,
      body,
      409,
      /^Ben Baker already has Job #\d+ \(Ten AM\) at that time\. Confirm to double-book\.$/,
      { field: 'confirmOverlap' },
    );
    expect(refusal.error.code).toBe('CONFLICT');
    const confirmed = await api.call('POST', `/api/jobs/${nine.id}/move`, { ...body, confirmOverlap: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().job.technicianIds).toEqual([fx.b]);
    // Back to Ann at a free hour: no overlap.
    const back = await api.call('POST', `/api/jobs/${nine.id}/move`, {
      scheduleStart: '2026-03-11T13:00:00.000Z',
      fromTechnicianId: fx.b,
      toTechnicianId: fx.a,
      expectedUpdatedAt: confirmed.json().job.updatedAt,
    });
    expect(back.json().job.technicianIds).toEqual([fx.a]);
  });

  it('schedules a job from the tray onto a row, and unschedules it back to the tray', async () => {
    const tray = await current('In the tray');
    const placed = await api.call('POST', `/api/jobs/${tray.id}/move`, {
      scheduleStart: '2026-03-13T15:00:00.000Z',
      fromTechnicianId: null,
      toTechnicianId: fx.b,
      expectedUpdatedAt: tray.updatedAt,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().job).toMatchObject({ status: 'scheduled', technicianIds: [fx.b] });
    const back = await api.call('POST', `/api/jobs/${tray.id}/move`, {
      scheduleStart: null,
      expectedUpdatedAt: placed.json().job.updatedAt,
    });
    expect(back.json().job).toMatchObject({ status: 'unscheduled', scheduleStart: null, technicianIds: [fx.b] });
  });

  it('refuses bad input, missing jobs, completed jobs, inactive technicians and wrong rows', async () => {
    const ten = await current('Ten AM');
    const done = await current('Done');
    await api.refused(
      'POST',
      `/api/jobs/${ten.id}/move`,
      { scheduleStart: 'soon', expectedUpdatedAt: ten.updatedAt },
      400,
      'Schedule start must be an ISO date and time',
      { field: 'scheduleStart' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${ten.id}/move`,
      { scheduleStart: null, scheduleDuration: 20, expectedUpdatedAt: ten.updatedAt },
      400,
      'Duration must be between 0:30 and 24:00',
      { field: 'scheduleDuration' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${ten.id}/move`,
      { scheduleStart: null },
      400,
      DISPATCH_MESSAGES.expectedUpdatedAtRequired,
      { field: 'expectedUpdatedAt' },
    );
    await api.refused(
      'POST',
      `/api/jobs/${MISSING_ID}/move`,
      { scheduleStart: null, expectedUpdatedAt: ten.updatedAt },
      404,
      'Job not found',
    );
    await api.refused(
      'POST',
      `/api/jobs/${done.id}/move`,
      { scheduleStart: null, expectedUpdatedAt: done.updatedAt },
      409,
      DISPATCH_MESSAGES.completedCannotMove,
    );
    await api.refused(
      'POST',
      `/api/jobs/${ten.id}/move`,
      { scheduleStart: null, fromTechnicianId: fx.a, toTechnicianId: fx.b, expectedUpdatedAt: ten.updatedAt },
      409,
      DISPATCH_MESSAGES.notOnRow,
    );
    await api.refused(
      'POST',
      `/api/jobs/${ten.id}/move`,
      { scheduleStart: null, fromTechnicianId: fx.b, toTechnicianId: MISSING_ID, expectedUpdatedAt: ten.updatedAt },
      400,
      undefined,
      { field: 'toTechnicianId' },
    );
  });

  it('refuses technicians: they may see the board but not dispatch', async () => {
    const { user } = await ctx.f.technician({ user: { username: 'dispatch-tech', password: TEST_PASSWORD } });
    const tech = api.as(await ctx.login('dispatch-tech'));
    expect((await tech.call('GET', '/api/dispatch/board?from=2026-03-01&to=2026-03-31')).statusCode).toBe(200);
    const ten = await current('Ten AM');
    await tech.refused(
      'POST',
      `/api/jobs/${ten.id}/move`,
      { scheduleStart: null, expectedUpdatedAt: ten.updatedAt },
      403,
    );
    expect(user.role).toBe('technician');
  });

  it('answers a job the same way on the board and after a move (one JSON page, one row)', async () => {
    const ten = await current('Ten AM');
    const moved = await api.call('POST', `/api/jobs/${ten.id}/move`, {
      scheduleStart: ten.scheduleStart,
      scheduleDuration: ten.scheduleDuration,
      expectedUpdatedAt: ten.updatedAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await current('Ten AM')).toEqual(moved.json().job);
    expect(moved.json().job).toMatchObject({
      status: 'scheduled',
      technicianIds: [fx.b],
      timePeriodDue: '2026-03-20',
      unitNumber: null,
    });
  });

  it('two dispatchers moving the same job at once: one wins, the other gets the conflict', async () => {
    const ten = await current('Ten AM');
    const other = await api.withRole('manager');
    const [first, second] = await Promise.all([
      api.call('POST', `/api/jobs/${ten.id}/move`, {
        scheduleStart: '2026-03-16T14:00:00.000Z',
        expectedUpdatedAt: ten.updatedAt,
      }),
      other.call('POST', `/api/jobs/${ten.id}/move`, {
        scheduleStart: '2026-03-17T14:00:00.000Z',
        expectedUpdatedAt: ten.updatedAt,
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from jobs where id = ${ten.id} and schedule_start in ('2026-03-16T14:00:00Z', '2026-03-17T14:00:00Z')`,
    );
    expect(row!.n).toBe(1);
  });
});

describe("the board's side lists and the rows of technicians who are not the office's", () => {
  const fy = {} as { inactive: string; former: string; nora: string; lee: string };

  beforeAll(async () => {
    const f = ctx.f;
    const db = ctx.database.db;
    const loc = await f.location({ name: 'Side Street' });
    // May: completed jobs of Ann (3, one subcontracted), of nobody (1), and jobs of technicians who are not Main Office's active technicians.
    const may = (o: Parameters<typeof f.job>[0]) =>
      f.job({ locationId: loc.id, unitId: null, timePeriodStart: '2026-05-04', timePeriodDue: '2026-05-15', ...o });
    for (const [i, day] of ['2026-05-05', '2026-05-06', '2026-05-07'].entries())
      await may({
        name: `Ann done ${i + 1}`,
        status: 'completed',
        scheduleStart: new Date(`${day}T14:00:00Z`),
        technicianIds: [fx.a],
      });
    await may({ name: 'Ann done subcontracted', status: 'completed', subcontracted: true, technicianIds: [fx.a] });
    await may({ name: 'Nobody done', status: 'completed' });
    const nora = (await queryRows<{ id: string }>(db, sql`select id from users where first_name = 'Nora'`))[0]!.id;
    const inactive = await f.technician({
      user: { firstName: 'Ina', lastName: 'Gone', status: 'inactive' },
      technician: { office: 'Main Office' },
    });
    const former = await f.technician({
      user: { firstName: 'Fay', lastName: 'Former' },
      technician: { office: 'Main Office' },
    });
    await db
      .update(schema.users)
      .set({ role: 'user' })
      .where(sql`${schema.users.id} = ${former.user.id}`);
    const lee = await f.technician({
      user: { firstName: 'Lee', lastName: 'Loaned' },
      technician: { office: 'North Office' },
    });
    await may({
      name: 'North tech on a Main job',
      status: 'scheduled',
      scheduleStart: new Date('2026-05-06T15:00:00Z'),
      technicianIds: [nora],
    });
    await may({
      name: 'Inactive tech job',
      status: 'scheduled',
      scheduleStart: new Date('2026-05-07T15:00:00Z'),
      technicianIds: [inactive.technician.id],
    });
    await may({ name: 'Former tech job', status: 'unscheduled', technicianIds: [former.technician.id] });
    await may({
      name: 'Shared job',
      status: 'scheduled',
      scheduleStart: new Date('2026-05-08T15:00:00Z'),
      technicianIds: [fx.b, lee.technician.id],
    });
    Object.assign(fy, { inactive: inactive.technician.id, former: former.technician.id, nora, lee: lee.technician.id });

    // June: 2,000 scheduled jobs fill the board's page; 205 unscheduled jobs come after them.
    const rng = createRandom(1010);
    const rows = [
      ...Array.from({ length: 2000 }, (_, i) =>
        buildJob(
          rng,
          { locationId: loc.id },
          {
            name: `June scheduled ${i}`,
            status: 'scheduled',
            scheduleStart: new Date(Date.UTC(2026, 5, 1 + (i % 28), 12 + (i % 8))),
            timePeriodStart: '2026-06-01',
            timePeriodDue: '2026-06-20',
          },
        ),
      ),
      ...Array.from({ length: 205 }, (_, i) =>
        buildJob(
          rng,
          { locationId: loc.id },
          {
            name: `June tray ${String(i).padStart(3, '0')}`,
            status: 'unscheduled',
            timePeriodStart: '2026-06-01',
            timePeriodDue: `2026-06-${String(1 + (i % 28)).padStart(2, '0')}`,
          },
        ),
      ),
    ];
    for (let i = 0; i < rows.length; i += 500) await db.insert(schema.jobs).values(rows.slice(i, i + 500));
  });

  it("the tray is its own list: not cut by the board's 2,000 jobs, at most 200 cards by due date, with the total", async () => {
    const june = await api.call('GET', '/api/dispatch/board?from=2026-06-01&to=2026-06-30');
    expect(june.json().jobs).toHaveLength(2000);
    expect(june.json().total).toBe(2205);
    expect(june.json().jobs.filter((j: BoardJob) => j.scheduleStart === null)).toEqual([]);
    const tray = await api.call('GET', '/api/dispatch/unscheduled?from=2026-06-01&to=2026-06-30');
    expect(tray.statusCode, tray.body).toBe(200);
    const answer = tray.json() as UnscheduledAnswer;
    expect(answer.total).toBe(205);
    expect(answer.jobs).toHaveLength(200);
    expect(answer.jobs.every((j) => j.status === 'unscheduled' && j.scheduleStart === null)).toBe(true);
    const dues = answer.jobs.map((j) => j.timePeriodDue);
    expect(dues).toEqual([...dues].sort());
    // The same filters as the board, and only open unscheduled jobs (no completed, no scheduled).
    const march = (
      await api.call('GET', '/api/dispatch/unscheduled?from=2026-03-01&to=2026-03-31&showCompleted=true')
    ).json() as UnscheduledAnswer;
    expect(march.jobs.map((j) => j.name)).toEqual(['North job', 'In the tray']);
    expect(march.total).toBe(2);
    expect(
      (await api.call('GET', '/api/dispatch/unscheduled?from=2026-03-01&to=2026-03-31&showSubcontracted=true')).json()
        .total,
    ).toBe(3);
    expect(
      (await api.call('GET', '/api/dispatch/unscheduled?from=2026-03-01&to=2026-03-31&office=Main%20Office')).json()
        .total,
    ).toBe(1);
    await api.refused(
      'GET',
      '/api/dispatch/unscheduled?from=2026-03-01&to=2026-06-01',
      undefined,
      400,
      DISPATCH_MESSAGES.rangeTooLong,
    );
    await api.refused(
      'GET',
      '/api/dispatch/unscheduled?range=this-month&type=NOPE',
      undefined,
      400,
      "Unknown job type 'NOPE'",
      { field: 'type' },
    );
  });

  it("one row's completed jobs, complete and paginated, latest first", async () => {
    const may = '/api/dispatch/completed?from=2026-05-01&to=2026-05-31';
    const first = (await api.call('GET', `${may}&technicianId=${fx.a}&limit=2`)).json() as CompletedJobsAnswer;
    expect(first).toMatchObject({ total: 3, offset: 0, limit: 2 });
    expect(first.jobs.map((j) => j.name)).toEqual(['Ann done 3', 'Ann done 2']);
    expect(first.jobs[0]).toMatchObject({
      locationName: 'Side Street',
      scheduleStart: '2026-05-07T14:00:00.000Z',
      timePeriodDue: '2026-05-15',
    });
    const second = (
      await api.call('GET', `${may}&technicianId=${fx.a}&limit=2&offset=2`)
    ).json() as CompletedJobsAnswer;
    expect(second.jobs.map((j) => j.name)).toEqual(['Ann done 1']);
    // The board's filters apply: subcontracted jobs only with Show subcontracted jobs.
    expect((await api.call('GET', `${may}&technicianId=${fx.a}&showSubcontracted=true`)).json().total).toBe(4);
    // The same count as the technician's row on the board.
    const board = (
      await api.call('GET', '/api/dispatch/board?from=2026-05-01&to=2026-05-31&showCompleted=true')
    ).json() as BoardAnswer;
    expect(board.technicians.find((t) => t.id === fx.a)!.completedCount).toBe(3);
    expect(
      (await api.call('GET', `${may}&technicianId=unassigned`)).json().jobs.map((j: { name: string }) => j.name),
    ).toEqual(['Nobody done']);
    expect(
      (await api.call('GET', `/api/dispatch/completed?from=2026-03-01&to=2026-03-31&technicianId=${fx.a}`))
        .json()
        .jobs.map((j: { name: string }) => j.name),
    ).toEqual(['Done']);
    await api.refused(
      'GET',
      `${may}&technicianId=bob`,
      undefined,
      400,
      "Technician must be a technician id or 'unassigned'",
      { field: 'technicianId' },
    );
    await api.refused('GET', may, undefined, 400, undefined, { field: 'technicianId' });
    await api.refused(
      'GET',
      `${may}&technicianId=${fx.a}&limit=0`,
      undefined,
      400,
      'Limit must be a whole number from 1 to 200',
      { field: 'limit' },
    );
    await api.refused('GET', `${may}&technicianId=${fx.a}&limit=201`, undefined, 400, undefined, { field: 'limit' });
    await api.refused('GET', `${may}&technicianId=${fx.a}&offset=-1`, undefined, 400, undefined, { field: 'offset' });
  });

  it('jobs of technicians of another office, inactive or no longer technicians keep a marked row', async () => {
    const main = (
      await api.call('GET', '/api/dispatch/board?from=2026-05-01&to=2026-05-31&office=Main%20Office')
    ).json() as BoardAnswer;
    const byId = new Map(main.technicians.map((t) => [t.id, t]));
    expect(byId.get(fx.a)!.offBoard).toBeNull();
    expect(byId.get(fy.nora)).toMatchObject({
      name: 'Nora North',
      office: 'North Office',
      offBoard: 'other-office',
      jobCount: 1,
      scheduledDates: ['2026-05-06'],
    });
    expect(byId.get(fy.inactive)).toMatchObject({
      name: 'Ina Gone',
      offBoard: 'inactive',
      jobCount: 1,
      scheduledDates: ['2026-05-07'],
    });
    expect(byId.get(fy.former)).toMatchObject({
      name: 'Fay Former',
      offBoard: 'not-technician',
      jobCount: 1,
      scheduledDates: [],
    });
    expect(byId.get(fy.lee)).toMatchObject({ offBoard: 'other-office', jobCount: 1 });
    // The office's rows come first, the marked ones after them.
    const marks = main.technicians.map((t) => t.offBoard !== null);
    expect(marks).toEqual([...marks].sort((x, y) => Number(x) - Number(y)));
    // Every job on the page has a row for each of its technicians.
    const rows = new Set(main.technicians.map((t) => t.id));
    expect(main.jobs.flatMap((j) => j.technicianIds).every((id) => rows.has(id))).toBe(true);
    // With every office, the active technicians of every office are plain rows.
    const all = (await api.call('GET', '/api/dispatch/board?from=2026-05-01&to=2026-05-31')).json() as BoardAnswer;
    expect(all.technicians.find((t) => t.id === fy.nora)!.offBoard).toBeNull();
    expect(all.technicians.find((t) => t.id === fy.inactive)!.offBoard).toBe('inactive');
    // The inactive technician's job can be moved off their row to an active technician, not onto it.
    const job = main.jobs.find((j) => j.name === 'Inactive tech job')!;
    await api.refused(
      'POST',
      `/api/jobs/${job.id}/move`,
      {
        scheduleStart: job.scheduleStart,
        fromTechnicianId: fx.b,
        toTechnicianId: fy.inactive,
        expectedUpdatedAt: job.updatedAt,
      },
      400,
      undefined,
      { field: 'toTechnicianId' },
    );
    const moved = await api.call('POST', `/api/jobs/${job.id}/move`, {
      scheduleStart: '2026-05-07T18:00:00.000Z',
      fromTechnicianId: fy.inactive,
      toTechnicianId: fx.a,
      expectedUpdatedAt: job.updatedAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().job.technicianIds).toEqual([fx.a]);
  });
});
