import { dateInZone, zonedDateTimeToInstant } from './dates.js';
import { invalid, optionalText, optionalUuid, plainFilters, type FieldReader } from './list-filters.js';

/**
 * Home's filters (office, technician, period) and the list queries its cards open, without zod:
 * Home is the first screen after sign-in and reads its filters from the URL on every render, so
 * its path loads no schema library (decision 020). home.ts keeps the schema the API validates
 * with (`homeFilters`, the same rules with their messages) and re-exports all of this.
 */

/** The period select: records created within the last N days (by their own creation date). */
export const HOME_PERIODS = [
  { value: 'last-week', days: 7 },
  { value: 'last-month', days: 30 },
  { value: 'last-quarter', days: 90 },
  { value: 'last-year', days: 365 },
  { value: 'all', days: null },
] as const;
export type HomePeriod = (typeof HOME_PERIODS)[number]['value'];
export const DEFAULT_HOME_PERIOD: HomePeriod = 'last-month';

export function periodStart(period: HomePeriod, now: Date): Date | null {
  const days = HOME_PERIODS.find((p) => p.value === period)?.days ?? null;
  return days === null ? null : new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/**
 * The first day of the period in the company's time zone (YYYY-MM-DD), or null for all time. The
 * counts start at the beginning of that day (periodSince), exactly where the list a card opens
 * starts (its `from` date), so a card's count and its list always agree.
 */
export function periodFirstDay(period: HomePeriod, now: Date, timeZone: string): string | null {
  const start = periodStart(period, now);
  return start ? dateInZone(start, timeZone) : null;
}

/** The instant the counts start from: the beginning of periodFirstDay in the company's zone. */
export function periodSince(period: HomePeriod, now: Date, timeZone: string): Date | null {
  const day = periodFirstDay(period, now, timeZone);
  return day ? zonedDateTimeToInstant(day, '00:00', timeZone) : null;
}

/**
 * What a card's period filters in the list it opens: the jobs' creation date, the send date of the
 * job's latest quote (Total Submitted Quotes counts quotes by their send time; a job has at most one
 * open quote, and it is its latest), or nothing (the cards that count all open work).
 */
export type HomeCardDate = 'created' | 'quote-sent' | null;

/** The Office and Technician selects, as every list a card opens takes them. */
function withSelects(query: URLSearchParams, filters: HomeFilters): URLSearchParams {
  if (filters.office) query.set('office', filters.office);
  if (filters.technicianId) query.set('technicianId', filters.technicianId);
  return query;
}

/**
 * The /invoices query Total Unsent Invoices opens: the draft invoices themselves (a job may hold
 * several), with the Office and Technician selects and the period on the invoices' creation.
 */
export function homeUnsentInvoicesQuery(filters: HomeFilters, now: Date, timeZone: string): URLSearchParams {
  const query = withSelects(new URLSearchParams({ status: 'draft' }), filters);
  const from = periodFirstDay(filters.period, now, timeZone);
  if (from) query.set('createdFrom', from);
  return query;
}

/**
 * The /deficiencies query Open Deficiencies opens: the repair records themselves (a job may hold
 * several), with the same selects and period as the count (GET /api/home/deficiencies).
 */
export function homeDeficienciesQuery(filters: HomeFilters): URLSearchParams {
  return withSelects(new URLSearchParams({ period: filters.period }), filters);
}

/** The /jobs query a card opens: its queue, the Office and Technician selects, and the period. */
export function homeCardListQuery(
  card: { queue: string; date: HomeCardDate },
  filters: HomeFilters,
  now: Date,
  timeZone: string,
): URLSearchParams {
  const query = withSelects(new URLSearchParams({ queue: card.queue }), filters);
  const from = card.date ? periodFirstDay(filters.period, now, timeZone) : null;
  if (card.date && from) {
    query.set('dateField', card.date);
    query.set('from', from);
  }
  return query;
}

/** The longest office name the Office filter takes. */
export const HOME_OFFICE_MAX = 100;

/** Office, technician and period as the URL or the API's query string give them. */
export interface HomeFilters {
  office?: string | undefined;
  technicianId?: string | undefined;
  period: HomePeriod;
}

/** ?period=: one of HOME_PERIODS exactly (absent: the default). */
const homePeriod: FieldReader<HomePeriod> = (value) => {
  if (value === undefined) return DEFAULT_HOME_PERIOD;
  return typeof value === 'string' && HOME_PERIODS.some((p) => p.value === value) ? (value as HomePeriod) : invalid;
};

const homeFilterReaders = plainFilters<HomeFilters>({
  office: optionalText(HOME_OFFICE_MAX),
  technicianId: optionalUuid,
  period: homePeriod,
});

/**
 * The filters from a query string's values, as home.ts's `homeFilters` schema reads them: blank
 * (after trimming) office and technician mean all; an office over 100 characters, a technician that
 * is not a UUID v4 or an unknown period refuse the whole input (null); no period is the default.
 * Values that are not strings (a repeated parameter) are refused.
 */
export function parseHomeFilters(input: {
  office?: unknown;
  technicianId?: unknown;
  period?: unknown;
}): HomeFilters | null {
  const read = homeFilterReaders.safeParse(input);
  return read.success ? read.data : null;
}
