import { sql } from 'drizzle-orm';
import { addDays, dateInZone, DEFAULT_TIME_ZONE } from '../../src/domain/dates.js';
import { boardQuery, DISPATCH_JOB_LIMIT, resolveBoardRange, type BoardSearch } from '../../src/domain/dispatch.js';
import { boardStatements } from '../../src/server/modules/jobs/dispatch.repo.js';
import type { BenchCase } from '../types.js';

/** The busiest office of the large data set (six jobs in seven). */
const BUSIEST_OFFICE = 'Main Office';
const today = () => dateInZone(new Date(), DEFAULT_TIME_ZONE);

/** One board request as the screen sends it, with the two statements it runs for EXPLAIN. */
function boardCase(
  name: string,
  search: BoardSearch | (() => BoardSearch),
  targetsMs?: BenchCase['targetsMs'],
): BenchCase {
  const resolve = () => (typeof search === 'function' ? search() : search);
  return {
    name,
    area: 'dispatch',
    request: () => ({
      method: 'GET',
      url: `/api/dispatch/board?${new URLSearchParams(resolve() as Record<string, string>).toString()}`,
    }),
    ...(targetsMs ? { targetsMs } : {}),
    explain: () => {
      const statements = boardStatements(
        resolveBoardRange(boardQuery.parse(resolve()), today()),
        DEFAULT_TIME_ZONE,
        DISPATCH_JOB_LIMIT,
      );
      return [statements.jobs, statements.technicians];
    },
    noSeqScanOn: ['jobs', 'job_technicians', 'job_items', 'locations'],
  };
}

export const dispatchCases: BenchCase[] = [
  // Issue 10's target: the board for a month in the busiest office (the screen's default: due this month).
  boardCase('dispatch board month', { range: 'this-month', office: BUSIEST_OFFICE }, { postgres: 100, pglite: 250 }),
  boardCase('dispatch board month, scheduled, with completed', {
    range: 'this-month',
    office: BUSIEST_OFFICE,
    dateField: 'schedule',
    showCompleted: 'true',
  }),
  boardCase('dispatch board month, every Map Filter', {
    range: 'this-month',
    office: BUSIEST_OFFICE,
    type: 'REP',
    serviceLine: 'HVACGEN',
    region: 'North',
    tags: 'vip,rooftop',
    minPrice: '50',
    maxPrice: '5000',
    showSubcontracted: 'true',
  }),
  boardCase('dispatch board week, by schedule', () => ({
    from: today(),
    to: addDays(today(), 6),
    dateField: 'schedule',
    office: BUSIEST_OFFICE,
  })),
  // The tray and a technician's completed jobs: their own requests beside the board's (decision 023).
  {
    name: 'dispatch tray, month',
    area: 'dispatch',
    request: () => ({
      method: 'GET',
      url: `/api/dispatch/unscheduled?range=this-month&office=${encodeURIComponent(BUSIEST_OFFICE)}`,
    }),
    targetsMs: { postgres: 100, pglite: 250 },
  },
  {
    name: 'dispatch completed jobs of the busiest technician, month',
    area: 'dispatch',
    request: async (ctx) => {
      const { id } = await ctx.one<{ id: string }>(
        sql`select technician_id as id from job_technicians group by 1 order by count(*) desc limit 1`,
      );
      return {
        method: 'GET',
        url: `/api/dispatch/completed?range=this-month&office=${encodeURIComponent(BUSIEST_OFFICE)}&showCompleted=true&technicianId=${id}`,
      };
    },
    targetsMs: { postgres: 100, pglite: 250 },
  },
];
