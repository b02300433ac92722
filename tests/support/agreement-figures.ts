/**
 * The agreements' pull-through figures (decisions 053 and 060) recomputed in plain SQL from the
 * source rows, one lateral per agreement (the report's own statement before the figures were kept):
 * what agreement_figures must hold besides the labor cost and profit, which
 * agreement-figures.test.ts checks against the domain's agreementProfitability
 * (agreement-figures.test.ts, derived-data.test.ts).
 */
import { sql } from 'drizzle-orm';

export const RECOMPUTED_AGREEMENT_FIGURES = sql`
  select a.id as agreement_id, f.visits_done, f.quoted_count, f.quoted_cents, f.approved_count, f.approved_cents,
         f.repair_revenue_cents, f.parts_cost_cents, f.labor_minutes, (a.price * 100)::bigint as revenue_cents
  from agreements a
  cross join lateral (
    with v as (select job_id from agreement_visits where agreement_id = a.id),
    aj as (
      select job_id from v where job_id is not null
      union
      select r2.job_id from v join job_repairs r on r.job_id = v.job_id join job_repairs r2 on r2.id = r.carried_to_repair_id
    )
    select
      (select count(*) from v join jobs j on j.id = v.job_id where j.status = 'completed')::int as visits_done,
      (select count(*) from job_quotes q join aj on aj.job_id = q.job_id
        where q.quote_type in ('repair', 'replacement') and q.status not in ('superseded', 'withdrawn'))::int as quoted_count,
      (select coalesce(sum(q.amount), 0) * 100 from job_quotes q join aj on aj.job_id = q.job_id
        where q.quote_type in ('repair', 'replacement') and q.status not in ('superseded', 'withdrawn'))::bigint as quoted_cents,
      (select count(*) from job_quotes q join aj on aj.job_id = q.job_id
        where q.quote_type in ('repair', 'replacement') and q.status = 'approved')::int as approved_count,
      (select coalesce(sum(q.amount), 0) * 100 from job_quotes q join aj on aj.job_id = q.job_id
        where q.quote_type in ('repair', 'replacement') and q.status = 'approved')::bigint as approved_cents,
      (select coalesce(sum(i.amount - i.tax), 0) * 100 from job_invoices i join aj on aj.job_id = i.job_id
        where i.status in ('issued', 'paid') and i.agreement_id is null)::bigint as repair_revenue_cents,
      (select coalesce(sum(round(ji.quantity * coalesce(pp.parts_cost, ji.unit_cost), 2)), 0) * 100
        from job_items ji join aj on aj.job_id = ji.job_id left join job_part_prices pp on pp.code = ji.code
        where ji.type = 'part')::bigint as parts_cost_cents,
      (select coalesce(sum(coalesce(
          (select sum(t.m) from (
            select (extract(epoch from max(e.device_at) filter (where e.kind = 'work_finished')
                     - min(e.device_at) filter (where e.kind = 'arrived'))::bigint / 60) as m
            from field_time_events e where e.job_id = j.id group by e.user_id) t where t.m > 0),
          case when j.status = 'completed' then j.schedule_duration else 0 end)), 0)
        from aj join jobs j on j.id = aj.job_id)::bigint as labor_minutes
  ) f`;

/** The kept rows' columns that RECOMPUTED_AGREEMENT_FIGURES recomputes, in its order. */
export const KEPT_AGREEMENT_FIGURES = sql`
  select agreement_id, visits_done, quoted_count, quoted_cents, approved_count, approved_cents, repair_revenue_cents,
         parts_cost_cents, labor_minutes, revenue_cents
  from agreement_figures`;
