import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { JOB_STATUSES, type HomeStats, type ScheduledJob } from '../../../domain/home.js';
import { toCents } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import { jobInvoices, jobLatestQuotes, jobQuotes, jobRepairs, jobs, jobTechnicians, locations, technicians, units, users } from '../../db/schema.js';
import { countOf, from, nullable, oneOfColumn, selectRow, selectRows, selection, tableAlias } from '../../db/sql.js';

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
const i = tableAlias(jobInvoices, 'i');
const qt = tableAlias(jobQuotes, 'qt');
const lq = tableAlias(jobLatestQuotes, 'lq');
const r = tableAlias(jobRepairs, 'r');
const l = tableAlias(locations, 'l');
const un = tableAlias(units, 'un');
const t = tableAlias(technicians, 't');
const u = tableAlias(users, 'u');

/** Conditions on the job `j` shared by every count: the Office and Technician selects. */
function jobScope(q: HomeQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.office) parts.push(sql`${j.office} = ${q.office}`);
  if (q.technicianId) {
    parts.push(sql`exists (select 1 from ${from(jt)} where ${jt.jobId} = ${j.id} and ${jt.technicianId} = ${q.technicianId})`);
  }
  return sql.join(parts, sql` and `);
}

const hasJobScope = (q: HomeQuery) => Boolean(q.office || q.technicianId);
/** Invoices and quotes join their job only when the Office or Technician select needs it. */
const scopedJoin = (q: HomeQuery, jobId: AnyColumn) => (hasJobScope(q) ? sql`join ${from(j)} on ${j.id} = ${jobId}` : sql``);
const scopeOf = (q: HomeQuery) => (hasJobScope(q) ? jobScope(q) : sql`true`);

const createdSince = (column: AnyColumn, since: Date | null): SQL => (since ? sql`${column} >= ${since.toISOString()}::timestamptz` : sql`true`);
const OPEN = sql`${j.status} not in ('completed', 'cancelled')`;
const cents = (sum: SQL) => sql<number>`${sum}`.mapWith(toCents);

/**
 * The nine counts in one statement; the definitions are src/domain/home.ts (homeRules). Each part
 * is one subquery over its own table; the outer select passes their named columns through.
 */
export function homeStatsStatement(q: HomeQuery) {
  const scope = jobScope(q);
  const jobsPart = selection({
    noAppointment: countOf(sql`count(*) filter (where ${OPEN} and ${j.scheduleStart} is null)`),
    overdue: countOf(sql`count(*) filter (where ${OPEN} and ${j.timePeriodDue} < ${q.today}::date)`),
    toMark: countOf(sql`count(*) filter (where ${j.status} = 'scheduled' and ${j.scheduleStart} < ${q.now.toISOString()}::timestamptz)`),
    followUp: countOf(sql`count(*) filter (where ${lq.status} in ('sent', 'expired'))`),
    toSchedule: countOf(sql`count(*) filter (where ${OPEN} and ${lq.status} = 'approved')`),
    toInvoice: countOf(sql`count(*) filter (where ${j.status} = 'completed' and not exists (
        select 1 from ${from(i)} where ${i.jobId} = ${j.id} and ${i.status} <> 'void'))`),
  });
  const schedulePart = selection({ toScheduleValueCents: cents(sql`coalesce(sum(${r.totalCost}), 0)`) });
  const deficiencyPart = selection({ deficiencies: countOf() });
  const invoicePart = selection({ unsentCount: countOf(), unsentValueCents: cents(sql`coalesce(sum(${i.amount}), 0)`) });
  const quotePart = selection({ quotesCount: countOf(), quotesValueCents: cents(sql`coalesce(sum(${qt.amount}), 0)`) });
  const row = selection({ ...jobsPart.fields, ...schedulePart.fields, ...deficiencyPart.fields, ...invoicePart.fields, ...quotePart.fields });
  const query = sql`
  select jobs_part.*, schedule_part.*, deficiency_part.*, invoice_part.*, quote_part.*
  from (
    select ${jobsPart}
    from ${from(j)} left join ${from(lq)} on ${lq.jobId} = ${j.id}
    where ${scope} and ${createdSince(j.createdAt, q.since)}
  ) jobs_part,
  (
    select ${schedulePart}
    from ${from(r)} join ${from(j)} on ${j.id} = ${r.jobId} join ${from(lq)} on ${lq.jobId} = ${j.id}
    where ${scope} and ${createdSince(j.createdAt, q.since)}
      and ${OPEN} and ${lq.status} = 'approved'
  ) schedule_part,
  (
    select ${deficiencyPart}
    from ${from(r)} join ${from(j)} on ${j.id} = ${r.jobId} left join ${from(lq)} on ${lq.jobId} = ${j.id}
    where ${scope} and ${createdSince(r.createdAt, q.since)}
      and ${r.totalCost} > 0 and ${lq.status} is distinct from 'approved' and ${lq.status} is distinct from 'declined'
  ) deficiency_part,
  (
    select ${invoicePart}
    from ${from(i)} ${scopedJoin(q, i.jobId)}
    where ${scopeOf(q)} and ${createdSince(i.createdAt, q.since)} and ${i.status} = 'draft'
  ) invoice_part,
  (
    select ${quotePart}
    from ${from(qt)} ${scopedJoin(q, qt.jobId)}
    where ${scopeOf(q)} and ${createdSince(qt.sentAt, q.since)} and ${qt.status} = 'sent' and ${qt.expiresAt} > ${q.now.toISOString()}::timestamptz
  ) quote_part`;
  return { query, row };
}

/** A person's name as shown in lists: first and last name, or the username when both are blank. */
const personName = (person: typeof u) => sql<string>`coalesce(nullif(btrim(concat_ws(' ', ${person.firstName}, ${person.lastName})), ''), ${person.username})`;

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

export function createHomeRepo(db: Executor) {
  return {
    async stats(q: HomeQuery): Promise<HomeStats> {
      const statement = homeStatsStatement(q);
      // One row always: every part is an aggregate without GROUP BY.
      const row = (await selectRow(db, statement.row, statement.query))!;
      return {
        jobsNoAppointment: { count: row.noAppointment },
        overdueJobs: { count: row.overdue },
        jobsToMark: { count: row.toMark },
        followUpJobs: { count: row.followUp },
        openDeficiencies: { count: row.deficiencies },
        unsentInvoices: { count: row.unsentCount, valueCents: row.unsentValueCents },
        jobsToSchedule: { count: row.toSchedule, valueCents: row.toScheduleValueCents },
        jobsToInvoice: { count: row.toInvoice },
        submittedQuotes: { count: row.quotesCount, valueCents: row.quotesValueCents },
      };
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
        where ${u.role} = 'technician' and ${u.status} = 'active'
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
        jobs: rows.map(
          ({ total: _total, scheduleStart, ...job }): ScheduledJob => ({
            ...job,
            // The day's jobs are those with a start: never null here.
            scheduleStart: scheduleStart!.toISOString(),
          }),
        ),
      };
    },
  };
}
export type HomeRepo = ReturnType<typeof createHomeRepo>;
