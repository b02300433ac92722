/** The calendar (and the dispatch board's days): scheduled jobs of a range and the open unscheduled ones. */
import { sql, type SQL } from 'drizzle-orm';
import { JOB_STATUSES, type CalendarJob } from '../../../domain/jobs/index.js';
import type { Executor } from '../../db/client.js';
import { countOf, from, nullable, oneOfColumn, selectRows, selection, whereAll, type RowOf } from '../../db/sql.js';
import {
  assignment,
  company,
  dayStart,
  isoDate,
  job,
  location,
  OPEN,
  TECHNICIANS_JSON,
  unit,
} from './jobs-tables.repo.js';

const CALENDAR_FIELDS = {
  id: job.id,
  number: job.number,
  name: job.name,
  status: oneOfColumn(job.status, JOB_STATUSES),
  type: job.type,
  scheduleStart: job.scheduleStart,
  scheduleDuration: job.scheduleDuration,
  timePeriodStart: isoDate(job.timePeriodStart),
  timePeriodDue: isoDate(job.timePeriodDue),
  companyName: company.name,
  locationName: location.name,
  unitNumber: nullable(unit.unitNumber),
};
/** A scheduled job of the range, with its technicians through job_technicians' job index. */
const CALENDAR_JOB = selection({ ...CALENDAR_FIELDS, technicians: TECHNICIANS_JSON });
const CALENDAR_UNSCHEDULED = selection({
  ...CALENDAR_FIELDS,
  technicians: TECHNICIANS_JSON,
  total: countOf(sql`page.total`),
});
/** The columns of jobs the calendar reads, selected into a CTE named like the table's alias so the fields above apply. */
const CALENDAR_JOB_COLUMNS = sql`${job.id}, ${job.number}, ${job.name}, ${job.status}, ${job.type}, ${job.scheduleStart}, ${job.scheduleDuration},
  ${job.timePeriodStart}, ${job.timePeriodDue}, ${job.locationId}, ${job.unitId}`;
const CALENDAR_JOINS = sql`join ${from(location)} on ${location.id} = ${job.locationId}
  join ${from(company)} on ${company.id} = ${location.companyId}
  left join ${from(unit)} on ${unit.id} = ${job.unitId}`;

const DAY_TOTAL = selection({ day: sql<string>`"day"`, total: countOf(sql`"total"`) });
const toCalendarJob = (row: RowOf<typeof CALENDAR_JOB.fields>): CalendarJob => ({
  ...row,
  scheduleStart: row.scheduleStart?.toISOString() ?? null,
});

export interface CalendarRange {
  from: string;
  to: string;
  timeZone: string;
  technicianId: string | undefined;
  office: string | undefined;
  unscheduledLimit: number;
  /** only the first this many jobs of each day (by start, then number) */
  perDay?: number;
}

/**
 * The calendar's statements. A month holds thousands of scheduled jobs: they are read once into a
 * CTE (`job`; with perDay only the first of each day), their technicians found per job through
 * job_technicians' job index (never a pass over the whole table), and company, location and
 * unit found through covering indexes (migration jobs-list-counters). The unscheduled jobs whose
 * period overlaps the range come from a GiST index on the period; their total is counted before
 * the 200 shown are joined.
 */
export function calendarStatements(q: CalendarRange) {
  const scope: SQL[] = [];
  if (q.technicianId)
    scope.push(
      sql`${job.id} in (select ${assignment.jobId} from ${from(assignment)} where ${assignment.technicianId} = ${q.technicianId}::uuid)`,
    );
  if (q.office) scope.push(sql`${job.office} = ${q.office}`);
  const extra = scope.length ? sql` and ${whereAll(scope)}` : sql``;
  const inRange = sql`${job.scheduleStart} >= ${dayStart(q.from, q.timeZone)} and ${job.scheduleStart} < ${dayStart(q.to, q.timeZone, 1)}
          and ${job.status} <> 'cancelled'${extra}`;
  const day = sql`(${job.scheduleStart} at time zone ${q.timeZone})::date`;
  // With perDay, a day's jobs are ranked by start and number and only the first perDay are joined
  // to their company, location, unit and technicians (a busy month holds thousands of jobs).
  const scheduledJobs =
    q.perDay === undefined
      ? sql`select ${CALENDAR_JOB_COLUMNS} from ${from(job)} where ${inRange}`
      : sql`select * from (
          select ${CALENDAR_JOB_COLUMNS}, row_number() over (partition by ${day} order by ${job.scheduleStart}, ${job.number}) as day_rank
          from ${from(job)} where ${inRange}) ranked
        where day_rank <= ${q.perDay}`;
  return {
    dayTotals: sql`select to_char(${day}, 'YYYY-MM-DD') as "day", count(*)::int as "total" from ${from(job)} where ${inRange} group by 1 order by 1`,
    scheduled: sql`with ${job} as materialized (${scheduledJobs})
      select ${CALENDAR_JOB} from ${job} ${CALENDAR_JOINS}
      order by ${job.scheduleStart}, ${job.number}`,
    // Open jobs without a start whose period overlaps the range (the same as due >= from and
    // start <= to, written as a range overlap for jobs_unscheduled_period_idx), earliest due first.
    unscheduled: sql`with page as materialized (
        select ${job.id} as id, count(*) over () as total from ${from(job)}
        where ${job.scheduleStart} is null and ${OPEN}
          and daterange(${job.timePeriodStart}, ${job.timePeriodDue}, '[]') && daterange(${q.from}::date, ${q.to}::date, '[]')${extra}
        order by ${job.timePeriodDue}, ${job.number}
        limit ${q.unscheduledLimit})
      select ${CALENDAR_UNSCHEDULED} from page join ${from(job)} on ${job.id} = page.id ${CALENDAR_JOINS}
      order by ${job.timePeriodDue}, ${job.number}`,
  };
}

export function createJobsCalendarRepo(db: Executor) {
  return {
    async calendar(
      q: CalendarRange,
      exec: Executor = db,
    ): Promise<{
      scheduled: CalendarJob[];
      dayTotals: { day: string; total: number }[];
      unscheduled: CalendarJob[];
      unscheduledTotal: number;
    }> {
      const statements = calendarStatements(q);
      const [scheduled, dayTotals, unscheduled] = await Promise.all([
        selectRows(exec, CALENDAR_JOB, statements.scheduled),
        selectRows(exec, DAY_TOTAL, statements.dayTotals),
        selectRows(exec, CALENDAR_UNSCHEDULED, statements.unscheduled),
      ]);
      return {
        scheduled: scheduled.map(toCalendarJob),
        dayTotals,
        unscheduled: unscheduled.map(({ total: _total, ...row }) => toCalendarJob(row)),
        unscheduledTotal: unscheduled[0]?.total ?? 0,
      };
    },
  };
}
