/**
 * The agreements' reports (issue 29 items 4 and 6, decision 053): pull-through and profitability
 * per agreement and across agreements, renewals, visits due this month not scheduled, Home's two
 * counts, the generator's runs. The figures come aggregated from SQL; the arithmetic that turns
 * them into amounts is domain/agreements/pull-through.ts.
 */
import type { Paginated } from '../../../domain/api.js';
import type { SessionUser } from '../../../domain/auth.js';
import {
  AGREEMENT_MESSAGES,
  agreementProfitability,
  agreementRevenueCents,
  effectiveAgreementStatus,
  escalatedPriceCents,
  percentToBasisPoints,
  plannedVisits,
  type AgreementPullThrough,
  type AgreementReportExportQuery,
  type AgreementReportItem,
  type AgreementReportQuery,
  type AgreementHomeCounts,
  type AgreementListItem,
  type DueVisit,
  type DueVisitsQuery,
  type GeneratorRunRow,
  type GeneratorRunsQuery,
  type ProfitabilityPayload,
  type PullThroughFigures,
  type RenewalItem,
  type RenewalsQuery,
} from '../../../domain/agreements/index.js';
import { addDays, dateInZone } from '../../../domain/dates.js';
import { can } from '../../../domain/policy.js';
import { countLimitFor } from '../../../domain/search.js';
import { notFound } from '../../errors.js';
import type { SettingsRepo } from '../settings/index.js';
import type { AgreementReportRow, AgreementReportsRepo } from './agreement-reports.repo.js';
import { daysBetween } from '../../../domain/agreements/index.js';
import { AGREEMENT_TOTAL_CAP } from './agreements.repo.js';
import { ruleOf } from './agreements.service.js';

/** Home's renewals card counts the agreements ending within this many days. */
export const HOME_RENEWAL_DAYS = 60;
const EXPORT_BATCH = 500;

/** The first and last day of the month `today` is in. */
export function monthOf(today: string): { start: string; end: string } {
  const start = `${today.slice(0, 7)}-01`;
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { start, end: `${today.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

export function createAgreementReportsService(deps: {
  repo: AgreementReportsRepo;
  settings: SettingsRepo;
  clock: () => Date;
}) {
  const { repo, settings, clock } = deps;
  const context = async () => {
    const timeZone = await settings.timeZone();
    return {
      timeZone,
      today: dateInZone(clock(), timeZone),
      laborRateCents: (await settings.laborCostCentsPerHour()) ?? 0,
    };
  };

  const figuresOf = (row: AgreementReportRow, today: string, timeZone: string): PullThroughFigures => {
    // A cancelled agreement plans nothing after the day it was cancelled.
    const cancelledOn = row.status === 'cancelled' && row.cancelledAt ? dateInZone(row.cancelledAt, timeZone) : null;
    const endDate = cancelledOn && cancelledOn < row.endDate ? cancelledOn : row.endDate;
    const planned =
      row.status === 'draft'
        ? { termToDate: 0, wholeTerm: 0 }
        : plannedVisits({
            rule: ruleOf(row),
            startDate: row.startDate,
            endDate,
            planFrom: row.planFrom,
            locations: row.locationCount,
            madeBeforePlanFrom: { total: row.madeBeforeTotal, toDate: row.madeBeforeToDate },
            today,
          });
    return {
      visitsDone: row.visitsDone,
      visitsPlannedToDate: planned.termToDate,
      visitsPlannedTerm: planned.wholeTerm,
      repairsQuotedCount: row.quotedCount,
      repairsQuotedCents: row.quotedCents,
      repairsApprovedCount: row.approvedCount,
      repairsApprovedCents: row.approvedCents,
      repairRevenueCents: row.repairRevenueCents,
      agreementRevenueCents: agreementRevenueCents({ priceCents: row.priceCents }),
    };
  };

  const profitOf = (figures: PullThroughFigures, row: AgreementReportRow, rate: number): ProfitabilityPayload => {
    const p = agreementProfitability({
      agreementRevenueCents: figures.agreementRevenueCents,
      repairRevenueCents: figures.repairRevenueCents,
      laborMinutes: row.laborMinutes,
      laborRateCents: rate,
      partsCostCents: row.partsCostCents,
    });
    return {
      laborMinutes: p.laborMinutes,
      laborRateCents: rate,
      laborCostCents: p.laborCostCents,
      partsCostCents: p.partsCostCents,
      profitCents: p.profitCents,
      marginPermille: p.marginPermille,
    };
  };

  const listItemOf = (row: AgreementReportRow, today: string): AgreementListItem => ({
    id: row.id,
    number: row.number,
    name: row.name,
    companyId: row.companyId,
    companyName: row.companyName,
    status: effectiveAgreementStatus(row.status, row.endDate, today),
    startDate: row.startDate,
    endDate: row.endDate,
    priceCents: row.priceCents,
    billingPlan: row.billingPlan,
    autoRenew: row.autoRenew,
    nextVisitOn: row.nextVisitOn,
  });

  const reportItemOf = (
    row: AgreementReportRow,
    ctx: { today: string; timeZone: string; laborRateCents: number },
  ): AgreementReportItem => {
    const figures = figuresOf(row, ctx.today, ctx.timeZone);
    return { ...listItemOf(row, ctx.today), ...figures, ...profitOf(figures, row, ctx.laborRateCents) };
  };

  return {
    /** One agreement's pull-through; the costs and profit only for roles that may see them. */
    async pullThrough(user: SessionUser, id: string): Promise<AgreementPullThrough> {
      const ctx = await context();
      const row = await repo.one(id, ctx.today);
      if (!row) throw notFound(AGREEMENT_MESSAGES.agreementNotFound);
      const figures = figuresOf(row, ctx.today, ctx.timeZone);
      return {
        agreementId: row.id,
        ...figures,
        profitability: can(user.role, 'agreements.report') ? profitOf(figures, row, ctx.laborRateCents) : null,
      };
    },

    async report(query: AgreementReportQuery): Promise<Paginated<AgreementReportItem>> {
      const ctx = await context();
      const { rows, total, totalCapped } = await repo.report(
        query,
        query.sort,
        query.dir,
        {
          limit: query.pageSize,
          offset: (query.page - 1) * query.pageSize,
          countLimit: countLimitFor(query.page, query.pageSize, AGREEMENT_TOTAL_CAP),
        },
        ctx.today,
      );
      return {
        items: rows.map((r) => reportItemOf(r, ctx)),
        total,
        totalCapped,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async *reportBatches(filters: AgreementReportExportQuery): AsyncGenerator<AgreementReportItem[]> {
      const ctx = await context();
      for (let offset = 0; ; offset += EXPORT_BATCH) {
        const { rows } = await repo.report(
          filters,
          filters.sort,
          filters.dir,
          { limit: EXPORT_BATCH, offset, countLimit: 0 },
          ctx.today,
        );
        if (rows.length) yield rows.map((r) => reportItemOf(r, ctx));
        if (rows.length < EXPORT_BATCH) return;
      }
    },

    exportFileDate: async () => (await context()).today,

    async renewals(query: RenewalsQuery): Promise<Paginated<RenewalItem> & { days: number; through: string }> {
      const ctx = await context();
      const through = addDays(ctx.today, query.days);
      const { rows, total, totalCapped } = await repo.renewals(
        ctx.today,
        through,
        query.pageSize,
        (query.page - 1) * query.pageSize,
      );
      return {
        items: rows.map((row) => ({
          ...listItemOf(row, ctx.today),
          ...figuresOf(row, ctx.today, ctx.timeZone),
          escalatorPercent: row.escalatorPercent,
          renewalPriceCents: escalatedPriceCents(row.priceCents, percentToBasisPoints(row.escalatorPercent) ?? 0),
          daysLeft: daysBetween(ctx.today, row.endDate),
        })),
        total,
        totalCapped,
        page: query.page,
        pageSize: query.pageSize,
        days: query.days,
        through,
      };
    },

    async dueVisits(query: DueVisitsQuery): Promise<Paginated<DueVisit> & { month: string }> {
      const ctx = await context();
      const month = monthOf(ctx.today);
      const found = await repo.dueVisits(month.start, month.end, query.pageSize, (query.page - 1) * query.pageSize);
      return { ...found, page: query.page, pageSize: query.pageSize, month: month.start.slice(0, 7) };
    },

    async homeCounts(): Promise<AgreementHomeCounts> {
      const ctx = await context();
      const month = monthOf(ctx.today);
      const counts = await repo.homeCounts(month.start, month.end, ctx.today, addDays(ctx.today, HOME_RENEWAL_DAYS));
      return {
        visitsDueNotScheduled: { count: counts.due, month: month.start.slice(0, 7) },
        renewingSoon: { count: counts.renewing, days: HOME_RENEWAL_DAYS },
      };
    },

    async runs(query: GeneratorRunsQuery): Promise<Paginated<GeneratorRunRow>> {
      const { rows, total, totalCapped } = await repo.runs(
        query.pageSize,
        (query.page - 1) * query.pageSize,
        countLimitFor(query.page, query.pageSize, AGREEMENT_TOTAL_CAP),
      );
      return {
        items: rows.map((r) => ({
          id: r.id,
          trigger: r.trigger === 'manual' ? 'manual' : 'schedule',
          triggeredByName: r.triggeredByName,
          server: r.server,
          startedAt: r.startedAt.toISOString(),
          finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
          throughDate: r.throughDate,
          visitsCreated: r.visitsCreated,
          agreementsRenewed: r.agreementsRenewed,
          agreementsExpired: r.agreementsExpired,
          invoicesCreated: r.invoicesCreated,
          error: r.error,
        })),
        total,
        totalCapped,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
export type AgreementReportsService = ReturnType<typeof createAgreementReportsService>;
