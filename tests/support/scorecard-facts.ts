/**
 * The Tech Scorecard's facts (decision 056) recomputed in plain SQL from the source rows by the
 * rules of src/domain/tech-scorecard.ts: what scorecard_job_facts must hold, and summed per
 * technician and day, what scorecard_day_totals must hold (scorecard-totals.test.ts,
 * derived-data.test.ts).
 */
import { sql } from 'drizzle-orm';

export const RECOMPUTED_FACTS = sql`
  with parts as (
    select j.id as job_id, j.completed_at as at, (j.completed_at at time zone 'UTC')::date as day, 1 as completed,
           (exists (select 1 from jobs j2 where j2.unit_id = j.unit_id and j2.id <> j.id and j2.status <> 'cancelled'
                    and j2.created_at > j.completed_at and j2.created_at <= j.completed_at + interval '30 days'))::int as repeats,
           0 as scheduled, 0 as minutes, 0 as sent, 0 as approved, 0 as declined, 0 as invoices, 0::numeric as revenue
    from jobs j where j.status = 'completed' and j.completed_at is not null
    union all
    select id, schedule_start, (schedule_start at time zone 'UTC')::date, 0, 0, 1, schedule_duration, 0, 0, 0, 0, 0
    from jobs where schedule_start is not null and status <> 'cancelled'
    union all
    select job_id, null, issued_date, 0, 0, 0, 0, 0, 0, 0, 1, amount
    from job_invoices where status in ('issued', 'paid') and issued_date is not null
    union all
    select job_id, sent_at, (sent_at at time zone 'UTC')::date, 0, 0, 0, 0, 1, (status = 'approved')::int, (status = 'declined')::int, 0, 0
    from job_quotes)
  select p.*, jt.technician_id from parts p join job_technicians jt on jt.job_id = p.job_id`;

/** scorecard_day_totals as recomputed: the facts summed per technician and day. */
export const RECOMPUTED_DAY_TOTALS = sql`
  select technician_id, day, sum(completed)::int as completed, sum(repeats)::int as repeats, sum(scheduled)::int as scheduled,
         sum(minutes)::int as minutes, sum(sent)::int as sent, sum(approved)::int as approved, sum(declined)::int as declined,
         sum(invoices)::int as invoices, sum(revenue)::numeric(16, 2) as revenue
  from (${RECOMPUTED_FACTS}) r group by 1, 2`;
