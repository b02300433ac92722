import { sql } from 'drizzle-orm';
import { dateInZone, DEFAULT_TIME_ZONE, addDays } from '../../src/domain/dates.js';
import { calendarQuery, jobListQuery, JOB_LIMITS, type JobListSearch } from '../../src/domain/jobs/index.js';
import { calendarStatements, jobListStatements } from '../../src/server/modules/jobs/jobs.repo.js';
import type { BenchCase, BenchContext } from '../types.js';

/** The list context the server computes (today in the company's zone). */
const listContext = () => {
  const now = new Date();
  return { now, timeZone: DEFAULT_TIME_ZONE, today: dateInZone(now, DEFAULT_TIME_ZONE) };
};
const today = () => listContext().today;
const monthStart = () => `${today().slice(0, 8)}01`;
const monthEnd = () => addDays(`${addDays(monthStart(), 32).slice(0, 8)}01`, -1);

const benchTechnician = (ctx: BenchContext) =>
  ctx.one<{ id: string }>(sql`select id from users where username = 'bench-tech-7'`);
const benchJob = (ctx: BenchContext) =>
  ctx.one<{ id: string }>(
    sql`select id from jobs where description = 'Generated for benchmarks' and number % 1000 = 421 order by number limit 1`,
  );
const benchUnit = (ctx: BenchContext) =>
  ctx.one<{ id: string }>(
    sql`select unit_id as id from jobs where description = 'Generated for benchmarks' and number % 1000 = 421 order by number limit 1`,
  );

const TARGET = { postgres: 50, pglite: 150 };

/** One /jobs case: the query as the screen sends it, with the statements it runs for EXPLAIN. */
function listCase(label: string, search: JobListSearch | ((ctx: BenchContext) => Promise<JobListSearch>)): BenchCase {
  const resolve = async (ctx: BenchContext) => (typeof search === 'function' ? search(ctx) : search);
  return {
    name: `jobs list, ${label}`,
    area: 'jobs',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/jobs?${new URLSearchParams((await resolve(ctx)) as Record<string, string>).toString()}`,
    }),
    targetsMs: TARGET,
    explain: async (ctx) => {
      const statements = jobListStatements(jobListQuery.parse(await resolve(ctx)), listContext());
      return [statements.page, statements.count];
    },
    noSeqScanOn: ['jobs', 'job_items', 'job_technicians'],
  };
}

export const jobCases: BenchCase[] = [
  listCase('first page, unfiltered (newest first)', {}),
  listCase('status completed', { status: 'completed' }),
  listCase('status unscheduled', { status: 'unscheduled' }),
  listCase('job type SC', { type: 'SC' }),
  listCase('service line REFR', { serviceLine: 'REFR' }),
  listCase('office "Branch Office"', { office: 'Branch Office' }),
  listCase('one technician', async (ctx) => ({ technicianId: (await benchTechnician(ctx)).id })),
  listCase('unassigned', { technicianId: 'unassigned' }),
  listCase('due this month', () => Promise.resolve({ dateField: 'due', from: monthStart(), to: monthEnd() })),
  listCase('scheduled this month', () =>
    Promise.resolve({ dateField: 'schedule', from: monthStart(), to: monthEnd() }),
  ),
  listCase('created in the last 30 days', () => Promise.resolve({ dateField: 'created', from: addDays(today(), -30) })),
  listCase('home queue: overdue', { queue: 'overdue' }),
  listCase('one unit (the unit page Jobs card)', async (ctx) => ({ unitId: (await benchUnit(ctx)).id })),
  listCase('two-word search "refrigerant summit"', { q: 'refrigerant summit' }),
  listCase('two-word search "leak 4242"', { q: 'leak 4242' }),
  {
    name: 'job detail with location, unit, technicians and items',
    area: 'jobs',
    request: async (ctx) => ({ method: 'GET', url: `/api/jobs/${(await benchJob(ctx)).id}` }),
    targetsMs: { postgres: 30, pglite: 30 },
    noSeqScanOn: ['jobs', 'job_items', 'job_technicians'],
  },
  {
    // As the month view asks: its first 3 jobs a day (perDay) and every day's total.
    name: 'jobs calendar, this month',
    area: 'jobs',
    request: () => ({ method: 'GET', url: `/api/jobs/calendar?from=${monthStart()}&to=${monthEnd()}&perDay=3` }),
    targetsMs: { postgres: 100, pglite: 100 },
    explain: () => {
      const q = calendarQuery.parse({ from: monthStart(), to: monthEnd(), perDay: '3' });
      const statements = calendarStatements({
        ...q,
        timeZone: DEFAULT_TIME_ZONE,
        unscheduledLimit: JOB_LIMITS.calendarUnscheduledLimit,
      });
      return [statements.scheduled, statements.dayTotals, statements.unscheduled];
    },
    noSeqScanOn: ['jobs', 'job_technicians'],
  },
];
