/**
 * Tech Scorecard's periods, sorts and pure rules without its schemas (tech-scorecard.ts re-exports
 * them): the scorecard screen reads them on its first paint, which builds no zod schema (decision 057).
 */
import { addDays } from './dates.js';

export const SCORECARD_PERIODS = ['this_month', 'last_month', 'this_quarter', 'this_year', 'custom'] as const;
export type ScorecardPeriod = (typeof SCORECARD_PERIODS)[number];
export const SCORECARD_PERIOD_LABELS: Record<ScorecardPeriod, string> = {
  this_month: 'This Month',
  last_month: 'Last Month',
  this_quarter: 'This Quarter',
  this_year: 'This Year',
  custom: 'Custom Range',
};
export const DEFAULT_SCORECARD_PERIOD: ScorecardPeriod = 'this_month';
export const REPEAT_VISIT_DAYS = 30;
export const CERTIFICATION_WINDOW_DAYS = 60;
/** The longest custom range: the aggregation stays bounded. */
export const SCORECARD_MAX_RANGE_DAYS = 366 * 3;

/** The first and last day (inclusive, YYYY-MM-DD in the company's zone) of a period that contains `today`. */
export function scorecardRange(
  period: Exclude<ScorecardPeriod, 'custom'>,
  today: string,
): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const first = (y: number, m: number) => `${y}-${String(m).padStart(2, '0')}-01`;
  const lastOf = (y: number, m: number) => addDays(m === 12 ? first(y + 1, 1) : first(y, m + 1), -1);
  switch (period) {
    case 'this_month':
      return { from: first(year, month), to: lastOf(year, month) };
    case 'last_month': {
      const y = month === 1 ? year - 1 : year;
      const m = month === 1 ? 12 : month - 1;
      return { from: first(y, m), to: lastOf(y, m) };
    }
    case 'this_quarter': {
      const q = Math.floor((month - 1) / 3) * 3 + 1;
      return { from: first(year, q), to: lastOf(year, q + 2) };
    }
    case 'this_year':
      return { from: first(year, 1), to: `${year}-12-31` };
  }
}

/** Approved / decided, as a whole percentage; null when nothing was decided yet. */
export function approvalRatePercent(approved: number, declined: number): number | null {
  const decided = approved + declined;
  return decided === 0 ? null : Math.round((approved * 100) / decided);
}

/** Revenue / invoices, in whole cents (half up); null with no invoice. */
export function averageTicketCents(revenueCents: number, invoices: number): number | null {
  return invoices === 0 ? null : Math.floor((2 * revenueCents + invoices) / (2 * invoices));
}

/**
 * Is a job created at `otherCreatedAt` on the same unit a repeat visit after a job completed at
 * `completedAt`? Created after the completion and within REPEAT_VISIT_DAYS days of it. The SQL twin
 * is the `exists` of `scorecard_job_facts_apply` (migration 0060; its edges are tested against this).
 */
export function isRepeatVisit(completedAt: Date, otherCreatedAt: Date): boolean {
  const gap = otherCreatedAt.getTime() - completedAt.getTime();
  return gap > 0 && gap <= REPEAT_VISIT_DAYS * 86_400_000;
}

export const SCORECARD_SORTS = [
  'name',
  'jobsCompleted',
  'scheduledMinutes',
  'revenueCents',
  'averageTicketCents',
  'quotesSent',
  'approvalRate',
  'repeatVisits',
  'expiringCertifications',
] as const;
export type ScorecardSort = (typeof SCORECARD_SORTS)[number];
