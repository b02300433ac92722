/**
 * Tech Scorecard (issue 28, decisions 039 and 056): per technician over a period. The figures are
 * summed in SQL from per technician per day totals the database keeps (tech-scorecard.repo.ts);
 * the rules they follow are here. Their one SQL twin is the trigger function
 * `scorecard_job_facts_apply` (migration 0060_scorecard-day-totals), guarded by
 * tests/api/scorecard-totals.test.ts.
 *
 * - jobs completed: the technician's jobs whose completion falls in the period;
 * - hours on the schedule: schedule_duration of the technician's jobs (not cancelled) scheduled to
 *   start in the period;
 * - revenue: non-void invoices (issued or paid) of the technician's jobs issued in the period;
 *   average ticket = revenue / those invoices;
 * - quotes sent in the period on their jobs, and the approval rate = approved / (approved + declined)
 *   of those quotes (a quote still awaiting the customer, superseded, expired or withdrawn is not a
 *   decision);
 * - repeat visits: jobs they completed in the period followed by another job (not cancelled) on the
 *   same unit created within REPEAT_VISIT_DAYS days of the completion (isRepeatVisit);
 * - certifications expiring within CERTIFICATION_WINDOW_DAYS days from today (already expired ones
 *   are not counted).
 * A job with two technicians counts for both.
 */
import { z } from 'zod';
import { addDays, isIsoDate } from './dates.js';

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

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalDate = z.preprocess(
  emptyToUndefined,
  z.string().refine(isIsoDate, 'Enter a date as YYYY-MM-DD').optional(),
);

export const scorecardQuery = z
  .object({
    period: z.preprocess(
      emptyToUndefined,
      z.enum(SCORECARD_PERIODS, 'Unknown period').default(DEFAULT_SCORECARD_PERIOD),
    ),
    from: optionalDate,
    to: optionalDate,
    sort: z.preprocess(emptyToUndefined, z.enum(SCORECARD_SORTS).default('name')),
    dir: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('asc')),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'Start date is required' });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End date is required' });
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'End date must be on or after the start date' });
    if (q.from && q.to && q.to > addDays(q.from, SCORECARD_MAX_RANGE_DAYS))
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range can be at most 3 years' });
  });
export type ScorecardQuery = z.infer<typeof scorecardQuery>;

/** The period's days: a custom range as given, the others around today. */
export function resolveScorecardRange(q: ScorecardQuery, today: string): { from: string; to: string } {
  if (q.period === 'custom') return { from: q.from!, to: q.to! };
  return scorecardRange(q.period, today);
}

export const scorecardRow = z.object({
  technicianId: z.string(),
  name: z.string(),
  jobsCompleted: z.number().int(),
  scheduledMinutes: z.number().int(),
  invoices: z.number().int(),
  revenueCents: z.number().int(),
  averageTicketCents: z.number().int().nullable(),
  quotesSent: z.number().int(),
  quotesApproved: z.number().int(),
  quotesDeclined: z.number().int(),
  approvalRate: z.number().int().nullable(),
  repeatVisits: z.number().int(),
  expiringCertifications: z.array(z.object({ name: z.string(), expiryDate: z.string() })),
});
export type ScorecardRow = z.infer<typeof scorecardRow>;

export const scorecard = z.object({
  from: z.string(),
  to: z.string(),
  /** Today in the company's zone: certifications expire within 60 days of it. */
  today: z.string(),
  rows: z.array(scorecardRow),
});
export type Scorecard = z.infer<typeof scorecard>;

const sortValue = (row: ScorecardRow, key: ScorecardSort): number | string | null =>
  key === 'expiringCertifications' ? row.expiringCertifications.length : row[key];

/** Sorts the rows (a few dozen technicians) by a column; empty values last, then by name. */
export function sortScorecard(rows: readonly ScorecardRow[], key: ScorecardSort, dir: 'asc' | 'desc'): ScorecardRow[] {
  const sign = dir === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, key);
    const y = sortValue(b, key);
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) {
      const c = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
      if (c !== 0) return sign * c;
    }
    return a.name.localeCompare(b.name) || a.technicianId.localeCompare(b.technicianId);
  });
}
