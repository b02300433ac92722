/**
 * The Tech Scorecard's SQL (decisions 039, 056): one statement sums every figure of
 * src/domain/tech-scorecard.ts per technician from the per technician per day totals the database
 * keeps (scorecard_day_totals, scorecard_job_facts); certifications by expiry
 * (technician_certifications_expiry_idx).
 */
import { sql, type SQL } from 'drizzle-orm';
import { CERTIFICATION_WINDOW_DAYS } from '../../../domain/tech-scorecard.js';
import { toCents } from '../../../domain/money.js';
import { addDays } from '../../../domain/dates.js';
import type { Executor } from '../../db/client.js';
import {
  scorecardDayTotals,
  scorecardJobFacts,
  technicianCertifications,
  technicians,
  users,
} from '../../db/schema.js';
import { countOf, from, selectRows, selection, tableAlias } from '../../db/sql.js';
import { personName } from '../../db/person-name.js';
import { isTechnicianUser } from '../../db/roles.js';

const t = tableAlias(technicians, 't');
const u = tableAlias(users, 'u');
const d = tableAlias(scorecardDayTotals, 'd');
const f = tableAlias(scorecardJobFacts, 'f');
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

const DAY_MS = 86_400_000;
const utcMidnight = (at: Date) => Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The whole UTC days inside [from, to) (the totals' days), and the instants outside them (read from
 * the facts): the first UTC midnight at or after `from` to the last at or before `to`. A period
 * shorter than a whole UTC day (a one-day range in a zone away from UTC) has no whole day: all of it
 * is read from the facts.
 */
export function splitIntoUtcDays(
  from: Date,
  to: Date,
): { days: { from: string; to: string } | null; edges: [Date, Date][] } {
  const first = utcMidnight(from) === from.getTime() ? from.getTime() : utcMidnight(from) + DAY_MS;
  const end = utcMidnight(to);
  if (first >= end) return { days: null, edges: [[from, to]] };
  const edges: [Date, Date][] = [];
  if (from.getTime() < first) edges.push([from, new Date(first)]);
  if (end < to.getTime()) edges.push([new Date(end), to]);
  // days from `first` to the day before `end`, inclusive
  return { days: { from: isoDay(first), to: isoDay(end - DAY_MS) }, edges };
}

/**
 * Reads the figures per technician from the totals kept by the database (decision 056, migration
 * scorecard-day-totals, whose trigger function is the SQL twin of src/domain/tech-scorecard.ts's
 * rules): the totals of the period's whole UTC days and of its issue dates, plus the facts of the
 * hours outside whole UTC days (the period runs from a midnight of the company's zone). At most one
 * row per technician and day of the period, instead of the period's jobs, invoices and quotes.
 */
export function scorecardStatement(scope: ScorecardScope): SQL {
  const { days, edges } = splitIntoUtcDays(scope.fromInstant, scope.toInstant);
  const only = (column: SQL) => (scope.technicianId ? sql`and ${column} = ${scope.technicianId}::uuid` : sql``);
  const inDays = days ? sql`${d.day} between ${days.from}::date and ${days.to}::date` : sql`false`;
  const inDates = sql`${d.day} between ${scope.fromDate}::date and ${scope.toDate}::date`;
  const lowest = days && days.from < scope.fromDate ? days.from : scope.fromDate;
  const highest = days && days.to > scope.toDate ? days.to : scope.toDate;
  const dayFigure = (column: SQL, where: SQL) => sql`coalesce(sum(${column}) filter (where ${where}), 0)`;
  const edgeRows = edges.map(
    ([a, b]) => sql`
      union all
      select ${f.technicianId}, ${f.completed}, ${f.repeats}, ${f.scheduled}, ${f.minutes}, ${f.sent}, ${f.approved}, ${f.declined}, 0, 0
      from ${from(f)}
      where ${f.at} >= ${a.toISOString()}::timestamptz and ${f.at} < ${b.toISOString()}::timestamptz ${only(sql`${f.technicianId}`)}`,
  );
  return sql`
    with kept as (
      select ${d.technicianId} as technician_id, ${dayFigure(sql`${d.completed}`, inDays)} as completed,
        ${dayFigure(sql`${d.repeats}`, inDays)} as repeats, ${dayFigure(sql`${d.scheduled}`, inDays)} as scheduled,
        ${dayFigure(sql`${d.minutes}`, inDays)} as minutes, ${dayFigure(sql`${d.sent}`, inDays)} as sent,
        ${dayFigure(sql`${d.approved}`, inDays)} as approved, ${dayFigure(sql`${d.declined}`, inDays)} as declined,
        ${dayFigure(sql`${d.invoices}`, inDates)} as invoices, ${dayFigure(sql`${d.revenue}`, inDates)} as revenue
      from ${from(d)}
      where ${d.day} between ${lowest}::date and ${highest}::date ${only(sql`${d.technicianId}`)}
      group by ${d.technicianId}
      ${sql.join(edgeRows, sql``)}
    ), pt as (
      select technician_id, sum(completed) as completed, sum(repeats) as repeats, sum(minutes) as minutes,
        sum(invoices) as invoices, sum(revenue) as revenue, sum(sent) as sent, sum(approved) as approved,
        sum(declined) as declined
      from kept
      group by technician_id
      -- a technician with a fact in the period (an inactive one is listed only then)
      having sum(completed) + sum(scheduled) + sum(invoices) + sum(sent) > 0
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
