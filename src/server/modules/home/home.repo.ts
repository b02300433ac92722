import { sql, type SQL } from 'drizzle-orm';
import { toCents } from '../../../domain/money.js';
import type { HomeStats, ScheduledJob } from '../../../domain/home.js';
import { queryRows, type Executor } from '../../db/client.js';

export interface HomeQuery {
  office: string | undefined;
  technicianId: string | undefined;
  /** records created at or after this instant; null = all time */
  since: Date | null;
  /** YYYY-MM-DD in the company's time zone */
  today: string;
  now: Date;
}

/** Conditions on the job `j` shared by every count: the Office and Technician selects. */
function jobScope(q: HomeQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.office) parts.push(sql`j.office = ${q.office}`);
  if (q.technicianId) {
    parts.push(sql`exists (select 1 from job_technicians jt where jt.job_id = j.id and jt.technician_id = ${q.technicianId})`);
  }
  return sql.join(parts, sql` and `);
}

const hasJobScope = (q: HomeQuery) => Boolean(q.office || q.technicianId);
/** Invoices and quotes join their job only when the Office or Technician select needs it. */
const scopedJoin = (q: HomeQuery, alias: 'i' | 'qt') => (hasJobScope(q) ? sql.raw(`join jobs j on j.id = ${alias}.job_id`) : sql``);
const scopeOf = (q: HomeQuery) => (hasJobScope(q) ? jobScope(q) : sql`true`);

const createdSince = (column: SQL, since: Date | null): SQL => (since ? sql`${column} >= ${since.toISOString()}::timestamptz` : sql`true`);
const OPEN = sql`j.status not in ('completed', 'cancelled')`;

interface StatsRow {
  no_appointment: string | number;
  overdue: string | number;
  to_mark: string | number;
  follow_up: string | number;
  to_schedule: string | number;
  to_schedule_value: string | null;
  to_invoice: string | number;
  deficiencies: string | number;
  unsent_count: string | number;
  unsent_value: string | null;
  quotes_count: string | number;
  quotes_value: string | null;
}

/** The nine counts in one statement; the definitions are src/domain/home.ts (homeRules). */
export function homeStatsQuery(q: HomeQuery): SQL {
  const scope = jobScope(q);
  return sql`
  select jobs_part.*, schedule_part.*, deficiency_part.*, invoice_part.*, quote_part.*
  from (
    select
      count(*) filter (where ${OPEN} and j.schedule_start is null) as no_appointment,
      count(*) filter (where ${OPEN} and j.time_period_due < ${q.today}::date) as overdue,
      count(*) filter (where j.status = 'scheduled' and j.schedule_start < ${q.now.toISOString()}::timestamptz) as to_mark,
      count(*) filter (where j.quote_sent and not j.quote_confirmed) as follow_up,
      count(*) filter (where ${OPEN} and j.quote_confirmed and j.repair_approved is true) as to_schedule,
      count(*) filter (where j.status = 'completed' and not exists (
        select 1 from job_invoices i where i.job_id = j.id and i.status <> 'void')) as to_invoice
    from jobs j
    where ${scope} and ${createdSince(sql`j.created_at`, q.since)}
  ) jobs_part,
  (
    select coalesce(sum(r.total_cost), 0) as to_schedule_value
    from job_repairs r join jobs j on j.id = r.job_id
    where ${scope} and ${createdSince(sql`j.created_at`, q.since)}
      and ${OPEN} and j.quote_confirmed and j.repair_approved is true
  ) schedule_part,
  (
    select count(*) as deficiencies
    from job_repairs r join jobs j on j.id = r.job_id
    where ${scope} and ${createdSince(sql`r.created_at`, q.since)}
      and r.total_cost > 0 and not j.quote_confirmed
  ) deficiency_part,
  (
    select count(*) as unsent_count, coalesce(sum(i.amount), 0) as unsent_value
    from job_invoices i ${scopedJoin(q, 'i')}
    where ${scopeOf(q)} and ${createdSince(sql`i.created_at`, q.since)} and i.status = 'draft'
  ) invoice_part,
  (
    select count(*) as quotes_count, coalesce(sum(qt.amount), 0) as quotes_value
    from job_quotes qt ${scopedJoin(q, 'qt')}
    where ${scopeOf(q)} and ${createdSince(sql`qt.created_at`, q.since)} and not qt.confirmed
  ) quote_part`;
}

export function createHomeRepo(db: Executor) {
  return {
    async stats(q: HomeQuery): Promise<HomeStats> {
      const [row] = await queryRows<StatsRow>(db, homeStatsQuery(q));
      const n = (v: string | number | undefined) => Number(v ?? 0);
      return {
        jobsNoAppointment: { count: n(row?.no_appointment) },
        overdueJobs: { count: n(row?.overdue) },
        jobsToMark: { count: n(row?.to_mark) },
        followUpJobs: { count: n(row?.follow_up) },
        openDeficiencies: { count: n(row?.deficiencies) },
        unsentInvoices: { count: n(row?.unsent_count), valueCents: toCents(row?.unsent_value ?? '0') },
        jobsToSchedule: { count: n(row?.to_schedule), valueCents: toCents(row?.to_schedule_value ?? '0') },
        jobsToInvoice: { count: n(row?.to_invoice) },
        submittedQuotes: { count: n(row?.quotes_count), valueCents: toCents(row?.quotes_value ?? '0') },
      };
    },

    /** Distinct job offices without reading every job (a loose index scan over jobs_office_idx). */
    async offices(): Promise<string[]> {
      const rows = await queryRows<{ office: string }>(
        db,
        sql`
        with recursive o(office) as (
          select min(office) from jobs
          union all
          select (select min(office) from jobs where office > o.office) from o where o.office is not null
        )
        select office from o where office is not null
        union
        select distinct office from technicians
        order by 1`,
      );
      return rows.map((r) => r.office);
    },

    async activeTechnicians(): Promise<{ id: string; name: string }[]> {
      const rows = await queryRows<{ id: string; name: string }>(
        db,
        sql`
        select u.id, coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username) as name
        from technicians t join users u on u.id = t.id
        where u.role = 'technician' and u.status = 'active'
        order by 2, u.id`,
      );
      return rows;
    },

    /** The day's scheduled jobs (company time zone), optionally for one technician. */
    async daySchedule(input: { date: string; timeZone: string; technicianId: string | undefined; limit: number }) {
      const techFilter = input.technicianId
        ? sql`and exists (select 1 from job_technicians jt where jt.job_id = j.id and jt.technician_id = ${input.technicianId})`
        : sql``;
      const dayStart = sql`(${input.date}::date)::timestamp at time zone ${input.timeZone}`;
      const dayEnd = sql`(${input.date}::date + 1)::timestamp at time zone ${input.timeZone}`;
      const rows = await queryRows<{
        id: string;
        number: number;
        name: string;
        status: ScheduledJob['status'];
        schedule_start: Date | string;
        schedule_duration: number;
        location_name: string | null;
        unit_number: string | null;
        technicians: string[] | null;
        total: string | number;
      }>(
        db,
        sql`
        select j.id, j.number, j.name, j.status, j.schedule_start, j.schedule_duration,
               l.name as location_name, un.unit_number,
               array(
                 select coalesce(nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), ''), u.username)
                 from job_technicians jt join users u on u.id = jt.technician_id
                 where jt.job_id = j.id order by jt.is_primary desc, u.last_name, u.first_name
               ) as technicians,
               count(*) over () as total
        from jobs j
        left join locations l on l.id = j.location_id
        left join units un on un.id = j.unit_id
        where j.schedule_start >= ${dayStart} and j.schedule_start < ${dayEnd}
          and j.status <> 'cancelled' ${techFilter}
        order by j.schedule_start, j.number
        limit ${input.limit}`,
      );
      return {
        total: Number(rows[0]?.total ?? 0),
        jobs: rows.map(
          (r): ScheduledJob => ({
            id: r.id,
            number: Number(r.number),
            name: r.name,
            status: r.status,
            scheduleStart: new Date(r.schedule_start).toISOString(),
            scheduleDuration: Number(r.schedule_duration),
            locationName: r.location_name,
            unitNumber: r.unit_number,
            technicians: r.technicians ?? [],
          }),
        ),
      };
    },
  };
}
export type HomeRepo = ReturnType<typeof createHomeRepo>;
