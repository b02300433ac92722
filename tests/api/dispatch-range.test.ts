/**
 * Issue 28: the board's range follows its view, and the board counts the jobs scheduled in the
 * view that the filters leave out ("3 jobs hidden by filters").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardAnswer } from '../../src/domain/dispatch.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { jobsFingerprint } from '../support/db-fingerprint.js';

let ctx: TestContext;
let api: ApiClient;
let clock = Date.parse('2026-03-10T15:00:00Z');
const tick = () => new Date((clock += 1000));

beforeAll(async () => {
  ctx = await createTestContext({ now: tick });
  api = await signInAs(ctx, 'user', { unchanged: () => jobsFingerprint(ctx.database.db) });
  const f = ctx.f;
  const loc = await f.location({ zip: '30303' });
  const job = (o: Parameters<typeof f.job>[0]) =>
    f.job({ locationId: loc.id, unitId: null, timePeriodStart: '2026-03-01', ...o });
  // Scheduled in April's first week.
  await job({
    name: 'Due in April',
    status: 'scheduled',
    timePeriodDue: '2026-04-20',
    scheduleStart: new Date('2026-04-07T14:00:00Z'),
  });
  // Scheduled in April but due in March: a due-date range of April leaves it out.
  await job({
    name: 'Due in March',
    status: 'scheduled',
    timePeriodDue: '2026-03-30',
    scheduleStart: new Date('2026-04-08T14:00:00Z'),
  });
  // Another office, and a completed job: the default filters leave them out.
  await job({
    name: 'North',
    office: 'North Office',
    status: 'scheduled',
    timePeriodDue: '2026-04-20',
    scheduleStart: new Date('2026-04-09T14:00:00Z'),
  });
  await job({
    name: 'Done',
    status: 'completed',
    timePeriodDue: '2026-04-20',
    scheduleStart: new Date('2026-04-06T14:00:00Z'),
  });
  // Scheduled outside the view.
  await job({
    name: 'May',
    status: 'scheduled',
    timePeriodDue: '2026-04-20',
    scheduleStart: new Date('2026-05-04T14:00:00Z'),
  });
});

afterAll(async () => {
  await ctx?.close();
});

const board = async (query: string) => {
  const response = await api.call('GET', `/api/dispatch/board?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BoardAnswer;
};
const names = (b: BoardAnswer) => b.jobs.map((j) => j.name).sort();

describe('the jobs hidden by filters in the view', () => {
  it('counts the jobs scheduled in the view that the default filters leave out', async () => {
    // The month view of April 2026 (next month): the range follows it.
    const april = await board('range=next-month&office=Main%20Office&viewFrom=2026-04-01&viewTo=2026-04-30');
    expect(names(april)).toEqual(['Due in April', 'May']);
    expect(april.hiddenInView).toBe(3);
    // The week of April 5-11: the same three.
    const week = await board('range=next-month&office=Main%20Office&viewFrom=2026-04-05&viewTo=2026-04-11');
    expect(week.hiddenInView).toBe(3);
    // One day: only the job of that day.
    const day = await board('range=next-month&office=Main%20Office&viewFrom=2026-04-08&viewTo=2026-04-08');
    expect(day.hiddenInView).toBe(1);
  });

  it('counts none once the filters are cleared (schedule date, every office, completed shown)', async () => {
    const cleared = await board(
      'range=next-month&dateField=schedule&showCompleted=true&showSubcontracted=true&viewFrom=2026-04-01&viewTo=2026-04-30',
    );
    expect(names(cleared)).toEqual(['Done', 'Due in April', 'Due in March', 'North']);
    expect(cleared.hiddenInView).toBe(0);
  });

  it('is 0 without a view, and refuses half a view', async () => {
    expect((await board('range=next-month')).hiddenInView).toBe(0);
    await api.refused('GET', '/api/dispatch/board?range=next-month&viewFrom=2026-04-01', undefined, 400, /viewFrom/);
    await api.refused(
      'GET',
      '/api/dispatch/board?range=next-month&viewFrom=2026-04-01&viewTo=2026-03-01',
      undefined,
      400,
      /viewTo/,
    );
  });
});
