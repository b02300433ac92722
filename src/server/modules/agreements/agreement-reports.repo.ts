/**
 * The agreements' reports (issue 29 items 4 and 6, decisions 053 and 060): each agreement's
 * pull-through figures read from agreement_figures (kept by triggers: the figures' one SQL statement
 * is agreement_figures_apply, migration 0062; this repo states none of them), the report across
 * agreements, renewals, the visits due this month that nobody scheduled, Home's two counts and the
 * generator's runs. Reads only; the agreements module owns every table it writes.
 */
import { sql, type SQL } from 'drizzle-orm';
import { countLimitFor } from '../../../domain/search.js';
import { AGREEMENT_LIMITS, type AgreementReportSort, type AgreementStatus } from '../../../domain/agreements/index.js';
import { toCents } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import {
  agreementFigures,
  agreementGeneratorRuns,
  agreements,
  agreementUnits,
  agreementVisits,
  companies,
  jobs,
  locations,
  users,
} from '../../db/schema.js';
import { COUNT_ROWS, from, selection, selectRow, selectRows, tableAlias, whereAll, type RowOf } from '../../db/sql.js';
import { AGREEMENT_LIST_COLUMNS, AGREEMENT_TOTAL_CAP, statusCondition } from './agreements.repo.js';

const a = tableAlias(agreements, 'a');
const c = tableAlias(companies, 'c');
const f = tableAlias(agreementFigures, 'f');

/**
 * What the planned visits need besides the plan (they depend on today, so they are not kept): the
 * visits made before `plan_from` (all, and those dated up to today) and the covered locations. A
 * lateral for the page's agreements only (agreement_visits_unique and agreement_units_pkey lead with
 * the agreement).
 */
function planLateral(today: string): SQL {
  return sql`cross join lateral (
    select
      (select count(*) from ${agreementVisits} v where v.agreement_id = ${a.id} and v.visit_date < ${a.planFrom})::int
        as made_before_total,
      (select count(*) from ${agreementVisits} v
        where v.agreement_id = ${a.id} and v.visit_date < ${a.planFrom} and v.visit_date <= ${today}::date)::int
        as made_before_to_date,
      (select count(distinct location_id) from ${agreementUnits} where agreement_id = ${a.id})::int as location_count
  ) p`;
}

/**
 * The sorts. The figures' sorts walk agreement_figures' indexes (figure, agreement id): the figures
 * are kept by triggers (agreement_figures, migration 0062, decision 060), the profit at the
 * company's labor rate.
 */
const SORTS: Record<AgreementReportSort, SQL> = {
  endDate: sql`${a.endDate}`,
  number: sql`${a.number}`,
  price: sql`${a.price}`,
  visitsDone: sql`${f.visitsDone}`,
  repairsApproved: sql`${f.approvedCents}`,
  repairRevenue: sql`${f.repairRevenueCents}`,
  profit: sql`${f.profitCents}`,
};

const num = (expression: SQL) => sql<number>`${expression}`.mapWith(Number);

/** The agreement's columns the reports read, and its figures from the lateral `f` (money in cents). */
const { price: _price, ...listColumns } = AGREEMENT_LIST_COLUMNS;
const REPORT_SELECTION = selection({
  ...listColumns,
  priceCents: sql<number>`${a.price}`.mapWith(toCents),
  planFrom: a.planFrom,
  cancelledAt: a.cancelledAt,
  frequency: a.frequency,
  months: a.months,
  dayKind: a.dayKind,
  dayOfMonth: a.dayOfMonth,
  nth: a.nth,
  weekday: a.weekday,
  escalatorPercent: a.escalatorPercent,
  visitsDone: f.visitsDone,
  madeBeforeTotal: num(sql`p.made_before_total`),
  madeBeforeToDate: num(sql`p.made_before_to_date`),
  locationCount: num(sql`p.location_count`),
  quotedCount: f.quotedCount,
  quotedCents: f.quotedCents,
  approvedCount: f.approvedCount,
  approvedCents: f.approvedCents,
  repairRevenueCents: f.repairRevenueCents,
  partsCostCents: f.partsCostCents,
  laborMinutes: f.laborMinutes,
  laborRateCents: f.laborRateCents,
  profitCents: f.profitCents,
});
export type AgreementReportRow = RowOf<typeof REPORT_SELECTION.fields>;

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

/**
 * Visits whose job is still unscheduled and whose window touches [monthStart, monthEnd]. A window
 * is at most AGREEMENT_LIMITS.maxWindowDays long, so its visit is at most that many days (less one)
 * before the month: said outright, the planner reads a few thousand visits by their date and looks
 * their jobs up, instead of guessing tens of thousands from the two open ranges and reading every
 * unscheduled job (111 -> 39 ms on the large data set).
 */
const dueVisitConditionsOn = (status: SQL, windowEnd: SQL, visitDate: SQL, monthStart: string, monthEnd: string) =>
  sql`${status} = 'unscheduled' and ${windowEnd} >= ${monthStart}::date and ${visitDate} <= ${monthEnd}::date
      and ${visitDate} >= ${monthStart}::date - ${AGREEMENT_LIMITS.maxWindowDays - 1}::int`;
const dueVisitConditions = (monthStart: string, monthEnd: string): SQL =>
  dueVisitConditionsOn(sql`j.status`, sql`v.window_end`, sql`v.visit_date`, monthStart, monthEnd);

async function cappedCount(exec: Executor, query: SQL, cap: number): Promise<{ total: number; capped: boolean }> {
  const row = await selectRow(exec, COUNT_ROWS, sql`select ${COUNT_ROWS} from (${query} limit ${cap + 1}) capped`);
  const n = row?.n ?? 0;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** The report's rows: the agreement, its company, its kept figures and (for these rows) its plan's counts. */
const REPORT_FROM = (today: string) =>
  sql`from ${from(a)} join ${from(c)} on ${c.id} = ${a.companyId} join ${from(f)} on ${f.agreementId} = ${a.id}
      ${planLateral(today)}`;

/**
 * A page of agreements in an order: the ids first (an index walk of the order, the figures' sorts
 * through agreement_figures), then the page's rows read in full and put back in that order.
 */
const PAGE_OF = (today: string, where: SQL, order: SQL, limit: number, offset: number) =>
  sql`select ${REPORT_SELECTION}
      from (select ${a.id} as page_id from ${from(a)} join ${from(f)} on ${f.agreementId} = ${a.id}
            where ${where} order by ${order} limit ${limit} offset ${offset}) page
      join ${from(a)} on ${a.id} = page.page_id
      join ${from(c)} on ${c.id} = ${a.companyId} join ${from(f)} on ${f.agreementId} = ${a.id}
      ${planLateral(today)}
      order by ${order}`;

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
    async one(id: string, today: string, exec: Executor = db) {
      return selectRow(
        exec,
        REPORT_SELECTION,
        sql`select ${REPORT_SELECTION} ${REPORT_FROM(today)} where ${a.id} = ${id}::uuid`,
      );
    },

    /** The report's page: filtered, sorted (the figures' sorts walk the kept figures' indexes). */
    async report(
      filters: ReportFilters,
      sort: AgreementReportSort,
      dir: 'asc' | 'desc',
      paging: { limit: number; offset: number; countLimit: number },
      today: string,
      exec: Executor = db,
    ) {
      const where = whereAll(reportConditions(filters, today));
      const direction = dir === 'desc' ? sql`desc` : sql`asc`;
      const rows = await selectRows(
        exec,
        REPORT_SELECTION,
        PAGE_OF(today, where, sql`${SORTS[sort]} ${direction}, ${a.id} ${direction}`, paging.limit, paging.offset),
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
      const rows = await selectRows(
        exec,
        REPORT_SELECTION,
        PAGE_OF(today, condition, sql`${a.endDate}, ${a.id}`, limit, offset),
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
