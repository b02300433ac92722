/**
 * The Tech Scorecard's SQL (decision 039): one statement aggregates every figure of
 * src/domain/tech-scorecard.ts per technician, each part read through its own index over the
 * period: completed jobs (jobs_completed_at_idx), scheduled jobs (jobs_schedule_start_idx), issued
 * invoices (job_invoices_issued_date_idx), sent quotes (job_quotes_sent_at_idx), each joined to
 * job_technicians by its job (job_technicians_job_technician_unique); the repeat visits probe the
 * unit's jobs (jobs_unit_idx); certifications by expiry (technician_certifications_expiry_idx).
 */
import { sql, type SQL } from 'drizzle-orm';
import { REPEAT_VISIT_DAYS, CERTIFICATION_WINDOW_DAYS } from '../../../domain/tech-scorecard.js';
import { toCents } from '../../../domain/money.js';
import { addDays } from '../../../domain/dates.js';
import type { Executor } from '../../db/client.js';
import {
  jobInvoices,
  jobQuotes,
  jobs,
  jobTechnicians,
  technicianCertifications,
  technicians,
  users,
} from '../../db/schema.js';
import { countOf, from, selectRows, selection, tableAlias } from '../../db/sql.js';
import { personName } from '../../db/person-name.js';
import { isTechnicianUser } from '../../db/roles.js';

const t = tableAlias(technicians, 't');
const u = tableAlias(users, 'u');
const j = tableAlias(jobs, 'j');
const j2 = tableAlias(jobs, 'j2');
const jt = tableAlias(jobTechnicians, 'jt');
const inv = tableAlias(jobInvoices, 'inv');
const q = tableAlias(jobQuotes, 'q');
const tc = tableAlias(technicianCertifications, 'tc');

export interface ScorecardScope {
  /** Only this technician's row (a technician's own scorecard); null: every technician. */
  technicianId: string | null;
  /** The period's first and last day (company zone) and the instants they start and end at. */
  fromDate: string;
  toDate: string;
  fromInstant: Date;
  toInstant: Date;
  /** Today in the company's zone: certifications expiring from today to 60 days later. */
  today: string;
}

const ROW = selection({
  technicianId: sql<string>`${t.id}`,
  name: sql<string>`${personName(u)}`,
  jobsCompleted: countOf(sql`coalesce(done.n, 0)`),
  repeatVisits: countOf(sql`coalesce(done.repeats, 0)`),
  scheduledMinutes: countOf(sql`coalesce(sched.minutes, 0)`),
  invoices: countOf(sql`coalesce(rev.n, 0)`),
  revenue: sql<string>`coalesce(rev.total, 0)::text`,
  quotesSent: countOf(sql`coalesce(qs.sent, 0)`),
  quotesApproved: countOf(sql`coalesce(qs.approved, 0)`),
  quotesDeclined: countOf(sql`coalesce(qs.declined, 0)`),
  certifications: sql<{ name: string; expiryDate: string }[]>`coalesce(certs.list, '[]'::json)`,
});

export function scorecardStatement(scope: ScorecardScope): SQL {
  const from_ = scope.fromInstant.toISOString();
  const to_ = scope.toInstant.toISOString();
  const techFilter = (column: SQL | typeof jt.technicianId) =>
    scope.technicianId ? sql`and ${column} = ${scope.technicianId}::uuid` : sql``;
  return sql`
    with done as (
      select ${jt.technicianId} as technician_id, count(*) as n,
        count(*) filter (where ${j.unitId} is not null and exists (
          select 1 from ${from(j2)}
          where ${j2.unitId} = ${j.unitId} and ${j2.id} <> ${j.id} and ${j2.status} <> 'cancelled'
            and ${j2.createdAt} > ${j.completedAt}
            and ${j2.createdAt} <= ${j.completedAt} + ${`${REPEAT_VISIT_DAYS} days`}::interval
        )) as repeats
      from ${from(j)} join ${from(jt)} on ${jt.jobId} = ${j.id}
      where ${j.status} = 'completed' and ${j.completedAt} >= ${from_}::timestamptz and ${j.completedAt} < ${to_}::timestamptz
        ${techFilter(sql`${jt.technicianId}`)}
      group by ${jt.technicianId}
    ), sched as (
      select ${jt.technicianId} as technician_id, sum(${j.scheduleDuration}) as minutes
      from ${from(j)} join ${from(jt)} on ${jt.jobId} = ${j.id}
      where ${j.scheduleStart} >= ${from_}::timestamptz and ${j.scheduleStart} < ${to_}::timestamptz
        and ${j.status} <> 'cancelled'
        ${techFilter(sql`${jt.technicianId}`)}
      group by ${jt.technicianId}
    ), rev as (
      select ${jt.technicianId} as technician_id, count(*) as n, sum(${inv.amount}) as total
      from ${from(inv)} join ${from(jt)} on ${jt.jobId} = ${inv.jobId}
      where ${inv.issuedDate} >= ${scope.fromDate}::date and ${inv.issuedDate} <= ${scope.toDate}::date
        and ${inv.status} in ('issued', 'paid')
        ${techFilter(sql`${jt.technicianId}`)}
      group by ${jt.technicianId}
    ), qs as (
      select ${jt.technicianId} as technician_id, count(*) as sent,
        count(*) filter (where ${q.status} = 'approved') as approved,
        count(*) filter (where ${q.status} = 'declined') as declined
      from ${from(q)} join ${from(jt)} on ${jt.jobId} = ${q.jobId}
      where ${q.sentAt} >= ${from_}::timestamptz and ${q.sentAt} < ${to_}::timestamptz
        ${techFilter(sql`${jt.technicianId}`)}
      group by ${jt.technicianId}
    ), certs as (
      select ${tc.technicianId} as technician_id,
        json_agg(json_build_object('name', ${tc.certificationName}, 'expiryDate', ${tc.expiryDate}::text)
          order by ${tc.expiryDate}, ${tc.certificationName}) as list
      from ${from(tc)}
      where ${tc.expiryDate} >= ${scope.today}::date
        and ${tc.expiryDate} <= ${addDays(scope.today, CERTIFICATION_WINDOW_DAYS)}::date
        ${techFilter(sql`${tc.technicianId}`)}
      group by ${tc.technicianId}
    )
    select ${ROW}
    from ${from(t)} join ${from(u)} on ${u.id} = ${t.id}
    left join done on done.technician_id = ${t.id}
    left join sched on sched.technician_id = ${t.id}
    left join rev on rev.technician_id = ${t.id}
    left join qs on qs.technician_id = ${t.id}
    left join certs on certs.technician_id = ${t.id}
    where ${isTechnicianUser(u.role)} ${techFilter(sql`${t.id}`)}
      and (${u.status} = 'active' or done.n is not null or rev.n is not null)
    order by ${u.lastName}, ${u.firstName}, ${t.id}`;
}

export function createTechScorecardRepo(db: Executor) {
  return {
    async rows(scope: ScorecardScope) {
      const rows = await selectRows(db, ROW, scorecardStatement(scope));
      return rows.map(({ revenue, certifications, ...rest }) => ({
        ...rest,
        revenueCents: toCents(revenue),
        expiringCertifications: certifications,
      }));
    },
  };
}
export type TechScorecardRepo = ReturnType<typeof createTechScorecardRepo>;
