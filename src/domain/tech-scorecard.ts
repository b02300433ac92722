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
import {
  DEFAULT_SCORECARD_PERIOD,
  SCORECARD_MAX_RANGE_DAYS,
  SCORECARD_PERIODS,
  SCORECARD_SORTS,
  scorecardRange,
  type ScorecardSort,
} from './tech-scorecard-rules.js';

export * from './tech-scorecard-rules.js';

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
