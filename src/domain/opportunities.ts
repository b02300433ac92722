/**
 * Service Opportunities (issue 28, decision 039): the work not yet sold, in one list with its value
 * and its age. Four kinds, each defined here and computed in SQL by the opportunities repo:
 *
 * - unquoted_repair: a repair record with a priced option (a repair total above zero) whose job has
 *   no quote built from repair data (no repair or replacement quote, in any status), and that
 *   nobody marked resolved or added to a later job (the open-repair rule's "unsettled" part,
 *   homeRules.openDeficiency in src/domain/home.ts, decision 044). Value: the
 *   stored repair total (src/domain/repairs.ts repairTotalCents). Arose: the repair record's creation.
 * - awaiting_customer: a quote sent and awaiting the customer (job_quotes status sent). Value: the
 *   quote's amount (src/domain/quote-summary.ts, stored once on job_quotes). Arose: its sending.
 * - declined_quote: a quote the customer declined, with their reason. Value: the quote's amount.
 *   Arose: the decision.
 * - replacement: a unit whose latest inspection states an age of at least the replacement threshold
 *   (Settings, default 15 years), or with repairs on REPEAT_REPAIR_JOBS or more jobs in the last
 *   REPEAT_REPAIR_MONTHS months. No value: nothing is priced yet. Arose: that inspection, or the
 *   latest of those repairs.
 */
import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { isUuidV4 } from './ids.js';
import { paginated } from './api.js';
import {
  DEFAULT_REPLACEMENT_AGE_YEARS,
  DISMISS_REASON_MAX,
  OPPORTUNITY_AGES,
  OPPORTUNITY_KINDS,
  OPPORTUNITY_NOTE_MAX,
  OPPORTUNITY_SORTS,
  REPLACEMENT_AGE_LIMITS,
  REPLACEMENT_REASONS,
} from './opportunity-rules.js';

export * from './opportunity-rules.js';

const optionalUuid = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUuidV4(v), message);
const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

export const opportunityFilters = z.object({
  companyId: optionalUuid('Invalid company ID format'),
  technicianId: optionalUuid('Invalid technician ID format'),
  kind: z.preprocess(emptyToUndefined, z.enum(OPPORTUNITY_KINDS, 'Unknown opportunity kind').optional()),
  age: z.preprocess(emptyToUndefined, z.enum(OPPORTUNITY_AGES, 'Unknown age range').optional()),
  /** "1": the dismissed opportunities instead of the open ones. */
  dismissed: z.preprocess(emptyToUndefined, z.enum(['1', '0']).optional()),
  sort: z.preprocess(emptyToUndefined, z.enum(OPPORTUNITY_SORTS).default('age')),
  dir: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc']).default('desc')),
});
export type OpportunityFilters = z.infer<typeof opportunityFilters>;

export const opportunityListQuery = opportunityFilters.extend({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').max(10_000).default(1),
});
export type OpportunityListQuery = z.infer<typeof opportunityListQuery>;

export const opportunity = z.object({
  kind: z.enum(OPPORTUNITY_KINDS),
  /** The record it comes from: the repair record, the quote, or the unit (replacement). */
  sourceId: z.string(),
  jobId: z.string().nullable(),
  jobNumber: z.number().int().nullable(),
  unitId: z.string().nullable(),
  unitNumber: z.string().nullable(),
  locationId: z.string(),
  locationName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  technicians: z.array(z.string()),
  /** null for a replacement candidate: nothing is priced yet */
  valueCents: z.number().int().nullable(),
  arisenAt: z.string(),
  ageDays: z.number().int(),
  /** The quote's number and type (quote kinds). */
  quoteNumber: z.string().nullable(),
  quoteType: z.string().nullable(),
  /** The repair option offered (unquoted repair). */
  optionLabel: z.string().nullable(),
  declineReason: z.string().nullable(),
  declineComment: z.string().nullable(),
  replacementReason: z.enum(REPLACEMENT_REASONS).nullable(),
  /** The unit's age from its latest inspection (replacement). */
  unitAgeYears: z.number().int().nullable(),
  followUpOn: z.string().nullable(),
  followUpNote: z.string().nullable(),
  dismissedAt: z.string().nullable(),
  dismissReason: z.string().nullable(),
});
export type Opportunity = z.infer<typeof opportunity>;

export const opportunityTotals = z.array(
  z.object({ kind: z.enum(OPPORTUNITY_KINDS), count: z.number().int(), valueCents: z.number().int() }),
);
export type OpportunityTotals = z.infer<typeof opportunityTotals>;

export const opportunityList = paginated(opportunity).extend({ totals: opportunityTotals });
export type OpportunityList = z.infer<typeof opportunityList>;

/** A row's key in the URL of an action: /api/opportunities/{kind}/{sourceId}/... */
export const opportunityKey = z.object({
  kind: z.enum(OPPORTUNITY_KINDS, 'Unknown opportunity kind'),
  sourceId: z.string().refine(isUuidV4, 'Invalid opportunity ID format'),
});

export const followUpInput = z.object({
  followUpOn: z
    .string({ error: 'Follow-up date is required' })
    .trim()
    .min(1, 'Follow-up date is required')
    .refine(isIsoDate, 'Enter a date as YYYY-MM-DD'),
  note: z
    .string()
    .trim()
    .max(OPPORTUNITY_NOTE_MAX, `Note must be at most ${OPPORTUNITY_NOTE_MAX} characters`)
    .default(''),
});
export type FollowUpInput = z.infer<typeof followUpInput>;

export const dismissInput = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(DISMISS_REASON_MAX, `Reason must be at most ${DISMISS_REASON_MAX} characters`),
});
export type DismissInput = z.infer<typeof dismissInput>;

/** Settings > Service Opportunities: the replacement threshold (settings key "opportunities"). */
export const opportunitySettings = z.object({
  replacementAgeYears: z.coerce
    .number({ error: 'Replacement age is required' })
    .int('Replacement age must be a whole number of years')
    .min(REPLACEMENT_AGE_LIMITS.min, `Replacement age must be at least ${REPLACEMENT_AGE_LIMITS.min} year`)
    .max(REPLACEMENT_AGE_LIMITS.max, `Replacement age must be at most ${REPLACEMENT_AGE_LIMITS.max} years`),
});
export type OpportunitySettings = z.infer<typeof opportunitySettings>;
export const DEFAULT_OPPORTUNITY_SETTINGS: OpportunitySettings = {
  replacementAgeYears: DEFAULT_REPLACEMENT_AGE_YEARS,
};
