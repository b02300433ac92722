/**
 * The agreements' reports (issue 29 items 4 and 6, decision 053): each agreement's pull-through
 * figures aggregated in SQL (one lateral per agreement of the page, never a query per row), the
 * report across agreements, renewals, the visits due this month that nobody scheduled, Home's two
 * counts and the generator's runs. Reads only; the agreements module owns every table it writes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { countLimitFor } from '../../../domain/search.js';
import {
  AGREEMENT_STATUSES,
  BILLING_PLANS,
  type AgreementReportSort,
  type AgreementStatus,
} from '../../../domain/agreements/index.js';
import { toCents } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import {
  agreementGeneratorRuns,
  agreements,
  agreementUnits,
  agreementVisits,
  companies,
  fieldTimeEvents,
  jobInvoices,
  jobItems,
  jobPartPrices,
  jobQuotes,
  jobRepairs,
  jobs,
  locations,
  users,
} from '../../db/schema.js';
import {
  COUNT_ROWS,
  from,
  oneOfColumn,
  selection,
  selectRow,
  selectRows,
  tableAlias,
  whereAll,
  type RowOf,
} from '../../db/sql.js';
import { AGREEMENT_TOTAL_CAP, statusCondition } from './agreements.repo.js';

const a = tableAlias(agreements, 'a');
const c = tableAlias(companies, 'c');

/**
 * The pull-through of agreement `a`, as a lateral: its visits (`v`), its jobs (`aj`: the visit
 * jobs, and the jobs holding repairs carried from them, decision 044), and from those jobs the
 * repairs quoted and approved (job_quotes of type repair or replacement; superseded and withdrawn
 * quotes are not counted as quoted), the repair revenue (issued and paid invoices, without tax),
 * the parts' cost (the price book's parts cost, else the line's own unit price) and the minutes
 * worked (the technicians' field time from Arrive to Finish when recorded, decision 045, else the
 * scheduled duration of a completed job).
 */
function figuresLateral(today: string): SQL {
  return sql`cross join lateral (
    with v as (
      select job_id, visit_date from ${agreementVisits} where agreement_id = ${a.id}
    ), aj as (
      select job_id from v where job_id is not null
      union
      select r2.job_id from v
        join ${jobRepairs} r on r.job_id = v.job_id
        join ${jobRepairs} r2 on r2.id = r.carried_to_repair_id
    )
    select
      (select count(*) from v join ${jobs} j on j.id = v.job_id where j.status = 'completed')::int as visits_done,
      (select count(*) from v where v.visit_date < ${a.planFrom})::int as made_before_total,
      (select count(*) from v where v.visit_date < ${a.planFrom} and v.visit_date <= ${today}::date)::int
        as made_before_to_date,
      (select count(distinct location_id) from ${agreementUnits} where agreement_id = ${a.id})::int as location_count,
      q.quoted_count, q.quoted_cents, q.approved_count, q.approved_cents,
      -- the agreement's own billing (per-visit invoices carry agreement_id) is its revenue, not repairs
      (select coalesce(sum(i.amount - i.tax), 0) * 100 from ${jobInvoices} i join aj on aj.job_id = i.job_id
        where i.status in ('issued', 'paid') and i.agreement_id is null)::bigint as repair_revenue_cents,
      (select coalesce(sum(round(ji.quantity * coalesce(pp.parts_cost, ji.unit_cost), 2)), 0) * 100
        from ${jobItems} ji join aj on aj.job_id = ji.job_id
        left join ${jobPartPrices} pp on pp.code = ji.code
        where ji.type = 'part')::bigint as parts_cost_cents,
      (select coalesce(sum(coalesce(
          (select sum(t.m) from (
            select (extract(epoch from max(e.device_at) filter (where e.kind = 'work_finished')
                     - min(e.device_at) filter (where e.kind = 'arrived'))::bigint / 60) as m
            from ${fieldTimeEvents} e where e.job_id = j.id group by e.user_id) t where t.m > 0),
          case when j.status = 'completed' then j.schedule_duration else 0 end)), 0)
        from aj join ${jobs} j on j.id = aj.job_id)::int as labor_minutes
    from (
      select
        (count(*) filter (where q.status not in ('superseded', 'withdrawn')))::int as quoted_count,
        (coalesce(sum(q.amount) filter (where q.status not in ('superseded', 'withdrawn')), 0) * 100)::bigint
          as quoted_cents,
        (count(*) filter (where q.status = 'approved'))::int as approved_count,
        (coalesce(sum(q.amount) filter (where q.status = 'approved'), 0) * 100)::bigint as approved_cents
      from ${jobQuotes} q join aj on aj.job_id = q.job_id
      where q.quote_type in ('repair', 'replacement')
    ) q
  ) f`;
}

/**
 * Profit in cents, the SQL twin of agreementProfitability (domain/agreements/pull-through.ts) for
 * sorting: the price + repair revenue - minutes x rate / 60 (half up) - parts.
 */
export function agreementProfitSql(laborRateCents: number): SQL {
  return sql`((${a.price} * 100)::bigint + f.repair_revenue_cents
    - floor((f.labor_minutes::bigint * ${laborRateCents}::bigint + 30) / 60)::bigint - f.parts_cost_cents)`;
}

const SORTS: Record<AgreementReportSort, (rate: number) => SQL> = {
  endDate: () => sql`${a.endDate}`,
  number: () => sql`${a.number}`,
  price: () => sql`${a.price}`,
  visitsDone: () => sql`f.visits_done`,
  repairsApproved: () => sql`f.approved_cents`,
  repairRevenue: () => sql`f.repair_revenue_cents`,
  profit: (rate) => agreementProfitSql(rate),
};

const num = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);

/** The agreement's columns the reports read, and its figures from the lateral `f` (money in cents). */
const reportSelection = (laborRateCents: number) =>
  selection({
    id: a.id,
    number: a.number,
    name: a.name,
    companyId: a.companyId,
    companyName: c.name,
    status: oneOfColumn(a.status, AGREEMENT_STATUSES),
    startDate: a.startDate,
    endDate: a.endDate,
    priceCents: sql<number>`${a.price}`.mapWith(toCents),
    billingPlan: oneOfColumn(a.billingPlan, BILLING_PLANS),
    autoRenew: a.autoRenew,
    nextVisitOn: a.nextVisitOn,
    planFrom: a.planFrom,
    cancelledAt: a.cancelledAt,
    frequency: a.frequency,
    months: a.months,
    dayKind: a.dayKind,
    dayOfMonth: a.dayOfMonth,
    nth: a.nth,
    weekday: a.weekday,
    escalatorPercent: a.escalatorPercent,
    visitsDone: num(sql`f.visits_done`),
    madeBeforeTotal: num(sql`f.made_before_total`),
    madeBeforeToDate: num(sql`f.made_before_to_date`),
    locationCount: num(sql`f.location_count`),
    quotedCount: num(sql`f.quoted_count`),
    quotedCents: num(sql`f.quoted_cents`),
    approvedCount: num(sql`f.approved_count`),
    approvedCents: num(sql`f.approved_cents`),
    repairRevenueCents: num(sql`f.repair_revenue_cents`),
    partsCostCents: num(sql`f.parts_cost_cents`),
    laborMinutes: num(sql`f.labor_minutes`),
    profitCents: num(agreementProfitSql(laborRateCents)),
  });
export type AgreementReportRow = RowOf<ReturnType<typeof reportSelection>['fields']>;

export interface ReportFilters {
  status?: AgreementStatus | undefined;
  companyId?: string | undefined;
}

function reportConditions(filters: ReportFilters, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(statusCondition(filters.status, today));
  if (filters.companyId) conditions.push(sql`${a.companyId} = ${filters.companyId}::uuid`);
  return conditions;
}

/** Active, not yet renewed, ending from today to `until`: the renewals list and Home's card. */
const renewalConditions = (today: string, until: string): SQL =>
  sql`${a.status} = 'active' and ${a.endDate} >= ${today}::date and ${a.endDate} <= ${until}::date
      and not exists (select 1 from ${agreements} r where r.renewed_from_id = ${a.id})`;

/** Visits whose job is still unscheduled and whose window touches [monthStart, monthEnd]. */
const dueVisitConditionsOn = (status: SQL, windowEnd: SQL, visitDate: SQL, monthStart: string, monthEnd: string) =>
  sql`${status} = 'unscheduled' and ${windowEnd} >= ${monthStart}::date and ${visitDate} <= ${monthEnd}::date`;
const dueVisitConditions = (monthStart: string, monthEnd: string): SQL =>
  dueVisitConditionsOn(sql`j.status`, sql`v.window_end`, sql`v.visit_date`, monthStart, monthEnd);

async function cappedCount(exec: Executor, query: SQL, cap: number): Promise<{ total: number; capped: boolean }> {
  const row = await selectRow(exec, COUNT_ROWS, sql`select ${COUNT_ROWS} from (${query} limit ${cap + 1}) capped`);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

const REPORT_FROM = (today: string) =>
  sql`from ${from(a)} join ${from(c)} on ${c.id} = ${a.companyId} ${figuresLateral(today)}`;

const DUE_VISIT = selection({
  visitId: agreementVisits.id,
  visitDate: agreementVisits.visitDate,
  windowEnd: agreementVisits.windowEnd,
  agreementId: a.id,
  agreementNumber: a.number,
  agreementName: a.name,
  companyName: c.name,
  locationName: locations.name,
  jobId: jobs.id,
  jobNumber: jobs.number,
});

const runBy = tableAlias(users, 'u');
const RUN = selection({
  id: agreementGeneratorRuns.id,
  trigger: agreementGeneratorRuns.trigger,
  triggeredByName: sql<string | null>`${personName(runBy)}`,
  server: agreementGeneratorRuns.server,
  startedAt: agreementGeneratorRuns.startedAt,
  finishedAt: agreementGeneratorRuns.finishedAt,
  throughDate: agreementGeneratorRuns.throughDate,
  visitsCreated: agreementGeneratorRuns.visitsCreated,
  agreementsRenewed: agreementGeneratorRuns.agreementsRenewed,
  agreementsExpired: agreementGeneratorRuns.agreementsExpired,
  invoicesCreated: agreementGeneratorRuns.invoicesCreated,
  error: agreementGeneratorRuns.error,
});

const HOME = (monthStart: string, monthEnd: string, today: string, until: string) =>
  selection({
    due: num(sql`(select count(*) from ${agreementVisits} v join ${jobs} j on j.id = v.job_id
                  where ${dueVisitConditions(monthStart, monthEnd)})`),
    renewing: num(sql`(select count(*) from ${from(a)} where ${renewalConditions(today, until)})`),
  });

export function createAgreementReportsRepo(db: Executor) {
  return {
    /** One agreement's row with its figures, or null. */
    async one(id: string, today: string, laborRateCents: number, exec: Executor = db) {
      const select = reportSelection(laborRateCents);
      return selectRow(exec, select, sql`select ${select} ${REPORT_FROM(today)} where ${a.id} = ${id}::uuid`);
    },

    /** The report's page: filtered, sorted (the figures' sorts aggregate every filtered agreement). */
    async report(
      filters: ReportFilters,
      sort: AgreementReportSort,
      dir: 'asc' | 'desc',
      paging: { limit: number; offset: number; countLimit: number },
      today: string,
      laborRateCents: number,
      exec: Executor = db,
    ) {
      const where = whereAll(reportConditions(filters, today));
      const direction = dir === 'desc' ? sql`desc` : sql`asc`;
      const select = reportSelection(laborRateCents);
      const rows = await selectRows(
        exec,
        select,
        sql`select ${select} ${REPORT_FROM(today)} where ${where}
            order by ${SORTS[sort](laborRateCents)} ${direction}, ${a.id} ${direction}
            limit ${paging.limit} offset ${paging.offset}`,
      );
      if (paging.countLimit === 0) return { rows, total: rows.length, totalCapped: false };
      const { total, capped } = await cappedCount(
        exec,
        sql`select 1 from ${from(a)} where ${where}`,
        paging.countLimit,
      );
      return { rows, total, totalCapped: capped };
    },

    /** Agreements to renew: active, not renewed, ending in the next `days` days, by end date. */
    async renewals(today: string, until: string, limit: number, offset: number, exec: Executor = db) {
      const condition = renewalConditions(today, until);
      const select = reportSelection(0);
      const rows = await selectRows(
        exec,
        select,
        sql`select ${select} ${REPORT_FROM(today)} where ${condition}
            order by ${a.endDate}, ${a.id} limit ${limit} offset ${offset}`,
      );
      const { total, capped } = await cappedCount(
        exec,
        sql`select 1 from ${from(a)} where ${condition}`,
        countLimitFor(Math.floor(offset / Math.max(1, limit)) + 1, limit, AGREEMENT_TOTAL_CAP),
      );
      return { rows, total, totalCapped: capped };
    },

    /** Visits of this month whose jobs nobody scheduled, by date. */
    async dueVisits(monthStart: string, monthEnd: string, limit: number, offset: number, exec: Executor = db) {
      const condition = dueVisitConditions(monthStart, monthEnd);
      const items = await selectRows(
        exec,
        DUE_VISIT,
        sql`select ${DUE_VISIT}
            from ${agreementVisits}
            join ${jobs} on ${jobs.id} = ${agreementVisits.jobId}
            join ${from(a)} on ${a.id} = ${agreementVisits.agreementId}
            join ${from(c)} on ${c.id} = ${a.companyId}
            join ${locations} on ${locations.id} = ${agreementVisits.locationId}
            where ${dueVisitConditionsOn(sql`${jobs.status}`, sql`${agreementVisits.windowEnd}`, sql`${agreementVisits.visitDate}`, monthStart, monthEnd)}
            order by ${agreementVisits.visitDate}, ${agreementVisits.id} limit ${limit} offset ${offset}`,
      );
      const { total, capped } = await cappedCount(
        exec,
        sql`select 1 from ${agreementVisits} v join ${jobs} j on j.id = v.job_id where ${condition}`,
        countLimitFor(Math.floor(offset / Math.max(1, limit)) + 1, limit, AGREEMENT_TOTAL_CAP),
      );
      return { items: items.map((r) => ({ ...r, jobId: r.jobId! })), total, totalCapped: capped };
    },

    /** Home's two counts in one statement. */
    async homeCounts(monthStart: string, monthEnd: string, today: string, until: string, exec: Executor = db) {
      const select = HOME(monthStart, monthEnd, today, until);
      const row = await selectRow(exec, select, sql`select ${select}`);
      return { due: row?.due ?? 0, renewing: row?.renewing ?? 0 };
    },

    /** The generator's runs, newest first, with who started a manual one. */
    async runs(limit: number, offset: number, countLimit: number, exec: Executor = db) {
      const rows = await selectRows(
        exec,
        RUN,
        sql`select ${RUN} from ${agreementGeneratorRuns}
            left join ${from(runBy)} on ${runBy.id} = ${agreementGeneratorRuns.triggeredBy}
            order by ${agreementGeneratorRuns.startedAt} desc, ${agreementGeneratorRuns.createdAt} desc,
              ${agreementGeneratorRuns.id}
            limit ${limit} offset ${offset}`,
      );
      const { total, capped } = await cappedCount(exec, sql`select 1 from ${agreementGeneratorRuns}`, countLimit);
      return { rows, total, totalCapped: capped };
    },
  };
}
export type AgreementReportsRepo = ReturnType<typeof createAgreementReportsRepo>;
