/**
 * Service Opportunities' constants, rules and texts without zod (decision 057): the list screen
 * reads these and its URL (`opportunityUrlFilters`, checked against `opportunityListQuery` in
 * opportunities.test.ts) without loading the schema library; opportunities.ts re-exports them
 * beside its schemas. The kinds and their definitions: opportunities.ts.
 */
import {
  invalid,
  optionalOneOf,
  optionalUuid,
  pageNumber,
  plainFilters,
  withDefault,
  type FieldReader,
} from './list-filters.js';

export const OPPORTUNITY_KINDS = ['unquoted_repair', 'awaiting_customer', 'declined_quote', 'replacement'] as const;
export type OpportunityKind = (typeof OPPORTUNITY_KINDS)[number];
export const OPPORTUNITY_KIND_LABELS: Record<OpportunityKind, string> = {
  unquoted_repair: 'Repair not quoted',
  awaiting_customer: 'Awaiting customer',
  declined_quote: 'Declined quote',
  replacement: 'Replacement candidate',
};

/** The replacement threshold's default and bounds (Settings > Service Opportunities). */
export const DEFAULT_REPLACEMENT_AGE_YEARS = 15;
export const REPLACEMENT_AGE_LIMITS = { min: 1, max: 60 } as const;
/** Repeated repairs: repairs on this many different jobs of one unit ... */
export const REPEAT_REPAIR_JOBS = 3;
/** ... within this many months make the unit a replacement candidate. */
export const REPEAT_REPAIR_MONTHS = 12;

export const REPLACEMENT_REASONS = ['age', 'repeat_repairs', 'age_and_repeat_repairs'] as const;
export type ReplacementReason = (typeof REPLACEMENT_REASONS)[number];

/** Is a unit of this age (years, from its latest inspection) a replacement candidate? */
export function isReplacementAge(ageYears: number | null, thresholdYears: number): boolean {
  return ageYears !== null && ageYears >= thresholdYears;
}
/** Are repairs on this many different jobs in the last REPEAT_REPAIR_MONTHS months "repeated repairs"? */
export function hasRepeatedRepairs(jobsWithRepairs: number): boolean {
  return jobsWithRepairs >= REPEAT_REPAIR_JOBS;
}

/**
 * Days since an opportunity arose: from the calendar day it arose to today, both in the company's
 * zone (YYYY-MM-DD). 0 on the day itself. The SQL twin is `ageDays` in the opportunities repo.
 */
export function opportunityAgeDays(arisenOn: string, today: string): number {
  const from = Date.parse(`${arisenOn}T00:00:00Z`);
  const to = Date.parse(`${today}T00:00:00Z`);
  return Math.max(0, Math.round((to - from) / 86_400_000));
}

/** The age filter: days since the opportunity arose, as ranges a person picks. */
export const OPPORTUNITY_AGES = ['30', '90', '365', 'older'] as const;
export type OpportunityAge = (typeof OPPORTUNITY_AGES)[number];
export const OPPORTUNITY_AGE_LABELS: Record<OpportunityAge, string> = {
  '30': 'Up to 30 days',
  '90': '31 to 90 days',
  '365': '91 to 365 days',
  older: 'Over a year',
};
/** The inclusive day range of an age choice (max null: no upper bound). */
export function ageRange(age: OpportunityAge): { min: number; max: number | null } {
  switch (age) {
    case '30':
      return { min: 0, max: 30 };
    case '90':
      return { min: 31, max: 90 };
    case '365':
      return { min: 91, max: 365 };
    case 'older':
      return { min: 366, max: null };
  }
}

export const OPPORTUNITY_SORTS = ['age', 'value'] as const;
export type OpportunitySort = (typeof OPPORTUNITY_SORTS)[number];

export const OPPORTUNITY_PAGE_SIZE = 25;
export const OPPORTUNITY_NOTE_MAX = 1000;
export const DISMISS_REASON_MAX = 500;

export const OPPORTUNITY_MESSAGES = {
  notFound: 'Opportunity not found',
  dismissed: 'Opportunity dismissed',
  restored: 'Opportunity restored',
  followUpSaved: 'Follow-up saved',
  empty: 'No service opportunities found.',
} as const;

/** What a replacement row says about why. */
export function replacementReasonText(reason: ReplacementReason, ageYears: number | null): string {
  const age = ageYears === null ? '' : `${ageYears} years old`;
  const repairs = `repairs on ${REPEAT_REPAIR_JOBS}+ jobs in ${REPEAT_REPAIR_MONTHS} months`;
  if (reason === 'age') return age;
  if (reason === 'repeat_repairs') return repairs;
  return `${age}; ${repairs}`;
}

export interface OpportunityUrlFilters {
  companyId: string | undefined;
  technicianId: string | undefined;
  kind?: OpportunityKind | undefined;
  age?: OpportunityAge | undefined;
  dismissed?: '1' | '0' | undefined;
  sort: OpportunitySort;
  dir: 'asc' | 'desc';
  page: number;
}

/** ?page=: a whole number from 1 to 10,000 (absent: 1). */
const opportunityPage: FieldReader<number> = (value) => {
  const n = pageNumber(value);
  return n !== invalid && n > 10_000 ? invalid : n;
};

/** /jobs/opportunities' filters, as `opportunityListQuery` reads them. */
export const opportunityUrlFilters = plainFilters<OpportunityUrlFilters>({
  companyId: optionalUuid,
  technicianId: optionalUuid,
  kind: optionalOneOf(OPPORTUNITY_KINDS),
  age: optionalOneOf(OPPORTUNITY_AGES),
  dismissed: optionalOneOf(['1', '0'] as const),
  sort: withDefault(optionalOneOf(OPPORTUNITY_SORTS), 'age'),
  dir: withDefault(optionalOneOf(['asc', 'desc'] as const), 'desc'),
  page: opportunityPage,
});
