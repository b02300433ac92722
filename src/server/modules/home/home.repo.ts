import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { JOB_STATUSES, type HomeStats, type OpenDeficiency, type ScheduledJob } from '../../../domain/home.js';
import { REPAIR_PHASE_LABELS, REPAIR_PHASES } from '../../../domain/repairs.js';
import { toCents } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import {
  EVERY_TECHNICIAN,
  homeCounts,
  homeFutureCounts,
  homeJobFacts,
  jobQuotes,
  jobRepairs,
  jobs,
  jobTechnicians,
  locations,
  technicians,
  units,
  users,
} from '../../db/schema.js';
import { isTechnicianUser } from '../../db/roles.js';
import { countOf, from, nullable, oneOfColumn, selectRow, selectRows, selection, tableAlias } from '../../db/sql.js';
import { personName } from '../../db/person-name.js';
import { openRepair } from '../../db/views.js';

export interface HomeQuery {
  office: string | undefined;
  technicianId: string | undefined;
  /** records created at or after this instant; null = all time */
  since: Date | null;
  /** YYYY-MM-DD in the company's time zone */
  today: string;
  now: Date;
}

const j = tableAlias(jobs, 'j');
const jt = tableAlias(jobTechnicians, 'jt');
const l = tableAlias(locations, 'l');
const un = tableAlias(units, 'un');
const t = tableAlias(technicians, 't');
const u = tableAlias(users, 'u');
const r = tableAlias(jobRepairs, 'r');
const q = tableAlias(jobQuotes, 'q');

/** `column` within [since, until); either end open when null. */
function createdIn(column: AnyColumn, since: Date | null, until: Date | null): SQL {
  const parts: SQL[] = [];
  if (since) parts.push(sql`${column} >= ${since.toISOString()}::timestamptz`);
  if (until) parts.push(sql`${column} < ${until.toISOString()}::timestamptz`);
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}
const cents = (sum: SQL) => sql<number>`${sum}`.mapWith(toCents);

const DAY_MS = 86_400_000;
/**
 * The counters hold whole UTC days (decision 022): they serve the period from the first UTC
 * midnight at or after its start; the hours before it are read from the facts.
 */
export function countersStart(since: Date): Date {
  const midnight = Date.UTC(since.getUTCFullYear(), since.getUTCMonth(), since.getUTCDate());
  return new Date(midnight === since.getTime() ? midnight : midnight + DAY_MS);
}

const hc = homeCounts;
const f = tableAlias(homeJobFacts, 'f');
/** The kept columns, the same in home_counts and home_job_facts. */
const KEPT_COLUMNS = [
  hc.noAppointment,
  hc.openJobs,
  hc.scheduledJobs,
  hc.followUp,
  hc.toSchedule,
  hc.toScheduleValue,
  hc.toInvoice,
  hc.deficiencies,
  hc.unsent,
  hc.unsentValue,
];
const kept = (column: AnyColumn | string) =>
  sql`coalesce(sum(kept.${sql.identifier(typeof column === 'string' ? column : column.name)}), 0)`;
const KEPT = selection({
  noAppointment: countOf(kept(hc.noAppointment)),
  openJobs: countOf(kept(hc.openJobs)),
  scheduledJobs: countOf(kept(hc.scheduledJobs)),
  followUp: countOf(kept(hc.followUp)),
  toSchedule: countOf(kept(hc.toSchedule)),
  toScheduleValueCents: cents(kept(hc.toScheduleValue)),
  toInvoice: countOf(kept(hc.toInvoice)),
  deficiencies: countOf(kept(hc.deficiencies)),
  unsent: countOf(kept(hc.unsent)),
  unsentValueCents: cents(kept(hc.unsentValue)),
  // the open jobs due / scheduled jobs starting in a later month: from home_future_counts, and for
  // the hours before the first whole day from the facts
  laterDue: countOf(kept('later_due')),
  laterStart: countOf(kept('later_start')),
});
const NOT_YET = selection({ dueThisMonth: countOf(sql`not_due.n`), startingThisMonth: countOf(sql`not_started.n`) });
const SUBMITTED = selection({
  quotesCount: countOf(),
  quotesValueCents: cents(sql`coalesce(sum(${f.quoteAmount}), 0)`),
});
const STATS = selection({ ...KEPT.fields, ...NOT_YET.fields, ...SUBMITTED.fields });
const fc = homeFutureCounts;

/** The first day of the month after the one `day` (YYYY-MM-DD) is in. */
export function nextMonth(day: string): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/**
 * The statement behind GET /api/home/stats (decision 022), read for one technician key (the
 * technician chosen, or all jobs), so the Technician select costs nothing more:
 * - kept: the counter rows from the period's first whole UTC day on (or all of them) and the fact
 *   rows of the hours before that day, added up;
 * - not_due / not_started: of the open / scheduled jobs kept, those due (starting) in a later month
 *   from home_future_counts, plus those due (starting) later this month from the facts;
 * - submitted: the live quotes sent within the period, from the facts.
 */
export function homeStatsStatement(q: HomeQuery) {
  const key = q.technicianId ?? EVERY_TECHNICIAN;
  const start = q.since ? countersStart(q.since) : null;
  const edgeEnd = q.since && start && start.getTime() > q.since.getTime() ? start : null;
  const firstDay = start?.toISOString().slice(0, 10);
  const dueMonth = nextMonth(q.today);
  const startMonth = nextMonth(q.now.toISOString().slice(0, 10));
  const now = sql`${q.now.toISOString()}::timestamptz`;

  const counterRows = (table: typeof hc | typeof fc) => {
    const c = [sql`${table.technicianId} = ${key}::uuid`];
    if (q.office) c.push(sql`${table.office} = ${q.office}`);
    if (firstDay) c.push(sql`${table.day} >= ${firstDay}::date`);
    return c;
  };
  const factRows = (since: Date | null, until: Date | null) => {
    const c = [sql`${f.technicianId} = ${key}::uuid`];
    if (q.office) c.push(sql`${f.office} = ${q.office}`);
    c.push(createdIn(f.createdAt, since, until));
    return c;
  };
  const all = (conditions: SQL[]) => sql.join(conditions, sql` and `);
  const columns = (table: PgTable) =>
    sql.join(
      KEPT_COLUMNS.map((c) => sql`${table}.${sql.identifier(c.name)}`),
      sql`, `,
    );
  const laterRows = (kind: 'd' | 's', month: string) => [
    ...counterRows(fc),
    sql`${fc.kind} = ${kind}`,
    sql`${fc.month} >= ${month}::date`,
  ];
  const edge = edgeEnd ? factRows(q.since, edgeEnd) : null;

  const laterStart = sql`${startMonth}::timestamp at time zone 'UTC'`;
  const query = sql`
  select k.*, ${NOT_YET}, submitted.*
  from (select ${KEPT} from (
          select ${columns(hc)}, 0 as later_due, 0 as later_start from ${hc} where ${all(counterRows(hc))}
          ${
            edge
              ? sql`union all select ${columns(f)},
                    (${f.openJobs} > 0 and ${f.timePeriodDue} >= ${dueMonth}::date)::int,
                    (${f.scheduledJobs} > 0 and ${f.scheduleStart} >= ${laterStart})::int
                  from ${from(f)} where ${all(edge)}`
              : sql``
          }
          union all select ${sql.join(
            KEPT_COLUMNS.map(() => sql`0`),
            sql`, `,
          )}, n, 0 from ${fc} where ${all(laterRows('d', dueMonth))}
          union all select ${sql.join(
            KEPT_COLUMNS.map(() => sql`0`),
            sql`, `,
          )}, 0, n from ${fc} where ${all(laterRows('s', startMonth))}) kept) k,
  (select count(*) as n from ${from(f)}
   where ${all([...factRows(q.since, null), sql`${f.openJobs} > 0`, sql`${f.timePeriodDue} >= ${q.today}::date`, sql`${f.timePeriodDue} < ${dueMonth}::date`])}) not_due,
  (select count(*) as n from ${from(f)}
   where ${all([...factRows(q.since, null), sql`${f.scheduledJobs} > 0`, sql`${f.scheduleStart} >= ${now}`, sql`${f.scheduleStart} < ${laterStart}`])}) not_started,
  (select ${SUBMITTED} from ${from(f)}
   where ${all([...factRows(q.since, null), sql`${f.openQuote} > 0`, sql`${f.quoteExpiresAt} > ${now}`])}) submitted`;
  return { query, row: STATS };
}

/** A person's name as shown in lists: first and last name, or the username when both are blank. */

const TECHNICIAN_OPTION = selection({ id: u.id, name: personName(u) });
const OFFICE = selection({ office: sql<string>`office` });
const SCHEDULED_JOB = selection({
  id: j.id,
  number: j.number,
  name: j.name,
  status: oneOfColumn(j.status, JOB_STATUSES),
  scheduleStart: j.scheduleStart,
  scheduleDuration: j.scheduleDuration,
  locationName: nullable(l.name),
  unitNumber: nullable(un.unitNumber),
  technicians: sql<string[]>`array(
    select ${personName(u)}
    from ${from(jt)} join ${from(u)} on ${u.id} = ${jt.technicianId}
    where ${jt.jobId} = ${j.id} order by ${jt.isPrimary} desc, ${u.lastName}, ${u.firstName}
  )`,
  total: countOf(sql`count(*) over ()`),
});

const DEFICIENCY = selection({
  repairId: r.id,
  jobId: j.id,
  jobNumber: j.number,
  jobName: j.name,
  locationName: nullable(l.name),
  unitNumber: nullable(un.unitNumber),
  selectedPhase: oneOfColumn(r.selectedPhase, REPAIR_PHASES),
  totalCost: r.totalCost,
  createdAt: r.createdAt,
});

/**
 * The open deficiencies (src/domain/home.ts homeRules.openDeficiency) of the Home selects: repair
 * records with a total, not resolved or carried to a later job, whose job's latest quote is unanswered, made since the period's start, of
 * the office's jobs and the technician's. The same conditions as the count's facts.
 */
function deficiencyConditions(filters: {
  office: string | undefined;
  technicianId: string | undefined;
  since: Date | null;
}): SQL {
  const c = [openRepair(r, sql`lq.status`)];
  if (filters.office) c.push(sql`${j.office} = ${filters.office}`);
  if (filters.technicianId)
    c.push(
      sql`exists (select 1 from ${from(jt)} where ${jt.jobId} = ${j.id} and ${jt.technicianId} = ${filters.technicianId}::uuid)`,
    );
  if (filters.since) c.push(sql`${r.createdAt} >= ${filters.since.toISOString()}::timestamptz`);
  return sql.join(c, sql` and `);
}
/** The repair records with their job and the job's latest quote (as job_latest_quotes picks it) as `lq`. */
const DEFICIENCY_FROM = sql`from ${from(r)} join ${from(j)} on ${j.id} = ${r.jobId}
  left join lateral (select ${q.status} from ${from(q)} where ${q.jobId} = ${j.id} order by ${q.sentAt} desc, ${q.id} desc limit 1) lq on true`;

export function createHomeRepo(db: Executor) {
  return {
    async stats(q: HomeQuery): Promise<HomeStats> {
      const statement = homeStatsStatement(q);
      // One row always: every part is an aggregate without GROUP BY.
      const r = (await selectRow(db, statement.row, statement.query))!;
      return {
        jobsNoAppointment: { count: r.noAppointment },
        // open jobs less those not yet due: due later this month, or in a later month
        overdueJobs: { count: r.openJobs - r.dueThisMonth - r.laterDue },
        jobsToMark: { count: r.scheduledJobs - r.startingThisMonth - r.laterStart },
        followUpJobs: { count: r.followUp },
        openDeficiencies: { count: r.deficiencies },
        unsentInvoices: { count: r.unsent, valueCents: r.unsentValueCents },
        jobsToSchedule: { count: r.toSchedule, valueCents: r.toScheduleValueCents },
        jobsToInvoice: { count: r.toInvoice },
        submittedQuotes: { count: r.quotesCount, valueCents: r.quotesValueCents },
      };
    },

    /**
     * A page of the open deficiencies, newest first (job_repairs_created_idx: the walk stops at the
     * page's last row). How many there are is the Home count itself (stats), from the counters.
     */
    async openDeficiencies(
      filters: { office: string | undefined; technicianId: string | undefined; since: Date | null },
      page: number,
      pageSize: number,
    ): Promise<OpenDeficiency[]> {
      const rows = await selectRows(
        db,
        DEFICIENCY,
        sql`
        select ${DEFICIENCY}
        ${DEFICIENCY_FROM}
        left join ${from(l)} on ${l.id} = ${j.locationId}
        left join ${from(un)} on ${un.id} = ${j.unitId}
        where ${deficiencyConditions(filters)}
        order by ${r.createdAt} desc, ${r.id} desc
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      return rows.map(({ selectedPhase, totalCost, createdAt, ...rest }) => ({
        ...rest,
        optionLabel: REPAIR_PHASE_LABELS[selectedPhase],
        totalCents: toCents(totalCost),
        createdAt: createdAt.toISOString(),
      }));
    },

    /** Distinct job offices without reading every job (a loose index scan over jobs_office_idx). */
    async offices(): Promise<string[]> {
      const rows = await selectRows(
        db,
        OFFICE,
        sql`
        with recursive o(office) as (
          select min(${j.office}) from ${from(j)}
          union all
          select (select min(${j.office}) from ${from(j)} where ${j.office} > o.office) from o where o.office is not null
        )
        select office from o where office is not null
        union
        select distinct ${t.office} from ${from(t)}
        order by 1`,
      );
      return rows.map((r) => r.office);
    },

    async activeTechnicians(): Promise<{ id: string; name: string }[]> {
      return selectRows(
        db,
        TECHNICIAN_OPTION,
        sql`
        select ${TECHNICIAN_OPTION}
        from ${from(t)} join ${from(u)} on ${u.id} = ${t.id}
        where ${isTechnicianUser(u.role)} and ${u.status} = 'active'
        order by 2, ${u.id}`,
      );
    },

    /** The day's scheduled jobs (company time zone), optionally for one technician. */
    async daySchedule(input: { date: string; timeZone: string; technicianId: string | undefined; limit: number }) {
      const techFilter = input.technicianId
        ? sql`and exists (select 1 from ${from(jt)} where ${jt.jobId} = ${j.id} and ${jt.technicianId} = ${input.technicianId})`
        : sql``;
      const dayStart = sql`(${input.date}::date)::timestamp at time zone ${input.timeZone}`;
      const dayEnd = sql`(${input.date}::date + 1)::timestamp at time zone ${input.timeZone}`;
      const rows = await selectRows(
        db,
        SCHEDULED_JOB,
        sql`
        select ${SCHEDULED_JOB}
        from ${from(j)}
        left join ${from(l)} on ${l.id} = ${j.locationId}
        left join ${from(un)} on ${un.id} = ${j.unitId}
        where ${j.scheduleStart} >= ${dayStart} and ${j.scheduleStart} < ${dayEnd}
          and ${j.status} <> 'cancelled' ${techFilter}
        order by ${j.scheduleStart}, ${j.number}
        limit ${input.limit}`,
      );
      return {
        total: rows[0]?.total ?? 0,
        jobs: rows.map(({ total: _total, scheduleStart, ...job }): ScheduledJob => ({
          ...job,
          // The day's jobs are those with a start: never null here.
          scheduleStart: scheduleStart!.toISOString(),
        })),
      };
    },
  };
}
export type HomeRepo = ReturnType<typeof createHomeRepo>;
