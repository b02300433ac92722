/**
 * Why a customer declined a quote, without zod (decision 057): Service Opportunities shows the
 * reason on its first screen; quotes.ts re-exports these beside its schemas.
 */
export const DECLINE_REASONS = ['too_expensive', 'other_quotes', 'not_now', 'other'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];
export const DECLINE_REASON_LABELS: Record<DeclineReason, string> = {
  too_expensive: 'Too expensive',
  other_quotes: 'Getting other quotes',
  not_now: 'Not right now',
  other: 'Other',
};
