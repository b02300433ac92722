/**
 * The Tech Scorecard's SQL (decision 039): one statement aggregates every figure of
 * src/domain/tech-scorecard.ts per technician, each source read through its own index over the
 * period: completed jobs (jobs_completed_at_idx), scheduled jobs (jobs_schedule_start_idx), issued
 * invoices (job_invoices_issued_date_idx), sent quotes (job_quotes_sent_at_idx); the repeat visits
 * probe the unit's jobs (jobs_unit_idx); certifications by expiry
 * (technician_certifications_expiry_idx).
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
  jobsCompleted: countOf(sql`coalesce(pt.completed, 0)`),
  repeatVisits: countOf(sql`coalesce(pt.repeats, 0)`),
  scheduledMinutes: countOf(sql`coalesce(pt.minutes, 0)`),
  invoices: countOf(sql`coalesce(pt.invoices, 0)`),
  revenue: sql<string>`coalesce(pt.revenue, 0)::text`,
  quotesSent: countOf(sql`coalesce(pt.sent, 0)`),
  quotesApproved: countOf(sql`coalesce(pt.approved, 0)`),
  quotesDeclined: countOf(sql`coalesce(pt.declined, 0)`),
  certifications: sql<{ name: string; expiryDate: string }[]>`coalesce(certs.list, '[]'::json)`,
});

/**
 * The period's facts per job (a completed job and whether a repeat visit followed it, a scheduled
 * job's minutes, an issued invoice, a sent quote), one UNION ALL read through each source's index,
 * then joined once to job_technicians and summed per technician: one pass over the assignments
 * instead of one per figure.
 */
export function scorecardStatement(scope: ScorecardScope): SQL {
  const from_ = scope.fromInstant.toISOString();
  const to_ = scope.toInstant.toISOString();
  const only = (column: SQL) => (scope.technicianId ? sql`and ${column} = ${scope.technicianId}::uuid` : sql``);
  return sql`
    with facts as (
      select ${j.id} as job_id, 1 as completed,
        case when ${j.unitId} is not null and exists (
          select 1 from ${from(j2)}
          where ${j2.unitId} = ${j.unitId} and ${j2.id} <> ${j.id} and ${j2.status} <> 'cancelled'
            and ${j2.createdAt} > ${j.completedAt}
            and ${j2.createdAt} <= ${j.completedAt} + ${`${REPEAT_VISIT_DAYS} days`}::interval
        ) then 1 else 0 end as repeats,
        0 as minutes, 0 as invoices, 0::numeric as revenue, 0 as sent, 0 as approved, 0 as declined
      from ${from(j)}
      where ${j.status} = 'completed' and ${j.completedAt} >= ${from_}::timestamptz and ${j.completedAt} < ${to_}::timestamptz
      union all
      select ${j.id}, 0, 0, ${j.scheduleDuration}, 0, 0, 0, 0, 0
      from ${from(j)}
      where ${j.scheduleStart} >= ${from_}::timestamptz and ${j.scheduleStart} < ${to_}::timestamptz
        and ${j.status} <> 'cancelled'
      union all
      select ${inv.jobId}, 0, 0, 0, 1, ${inv.amount}, 0, 0, 0
      from ${from(inv)}
      where ${inv.issuedDate} >= ${scope.fromDate}::date and ${inv.issuedDate} <= ${scope.toDate}::date
        and ${inv.status} in ('issued', 'paid')
      union all
      select ${q.jobId}, 0, 0, 0, 0, 0, 1, (${q.status} = 'approved')::int, (${q.status} = 'declined')::int
      from ${from(q)}
      where ${q.sentAt} >= ${from_}::timestamptz and ${q.sentAt} < ${to_}::timestamptz
    ), pt as (
      select ${jt.technicianId} as technician_id, sum(facts.completed) as completed, sum(facts.repeats) as repeats,
        sum(facts.minutes) as minutes, sum(facts.invoices) as invoices, sum(facts.revenue) as revenue,
        sum(facts.sent) as sent, sum(facts.approved) as approved, sum(facts.declined) as declined
      from facts join ${from(jt)} on ${jt.jobId} = facts.job_id ${only(sql`${jt.technicianId}`)}
      group by ${jt.technicianId}
    ), certs as (
      select ${tc.technicianId} as technician_id,
        json_agg(json_build_object('name', ${tc.certificationName}, 'expiryDate', ${tc.expiryDate}::text)
          order by ${tc.expiryDate}, ${tc.certificationName}) as list
      from ${from(tc)}
      where ${tc.expiryDate} >= ${scope.today}::date
        and ${tc.expiryDate} <= ${addDays(scope.today, CERTIFICATION_WINDOW_DAYS)}::date
        ${only(sql`${tc.technicianId}`)}
      group by ${tc.technicianId}
    )
    select ${ROW}
    from ${from(t)} join ${from(u)} on ${u.id} = ${t.id}
    left join pt on pt.technician_id = ${t.id}
    left join certs on certs.technician_id = ${t.id}
    where ${isTechnicianUser(u.role)} ${only(sql`${t.id}`)}
      and (${u.status} = 'active' or pt.technician_id is not null)
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
