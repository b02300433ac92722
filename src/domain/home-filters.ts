import { dateInZone, zonedDateTimeToInstant } from './dates.js';
import { isUuidV4 } from './ids.js';

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

/**
 * The /invoices query Total Unsent Invoices opens: the draft invoices themselves (a job may hold
 * several), with the Office and Technician selects and the period on the invoices' creation.
 */
export function homeUnsentInvoicesQuery(filters: HomeFilters, now: Date, timeZone: string): URLSearchParams {
  const query = new URLSearchParams({ status: 'draft' });
  if (filters.office) query.set('office', filters.office);
  if (filters.technicianId) query.set('technicianId', filters.technicianId);
  const from = periodFirstDay(filters.period, now, timeZone);
  if (from) query.set('createdFrom', from);
  return query;
}

/**
 * The /deficiencies query Open Deficiencies opens: the repair records themselves (a job may hold
 * several), with the same selects and period as the count (GET /api/home/deficiencies).
 */
export function homeDeficienciesQuery(filters: HomeFilters): URLSearchParams {
  const query = new URLSearchParams({ period: filters.period });
  if (filters.office) query.set('office', filters.office);
  if (filters.technicianId) query.set('technicianId', filters.technicianId);
  return query;
}

/** The /jobs query a card opens: its queue, the Office and Technician selects, and the period. */
export function homeCardListQuery(card: { queue: string; date: HomeCardDate }, filters: HomeFilters, now: Date, timeZone: string): URLSearchParams {
  const query = new URLSearchParams({ queue: card.queue });
  if (filters.office) query.set('office', filters.office);
  if (filters.technicianId) query.set('technicianId', filters.technicianId);
  const from = card.date ? periodFirstDay(filters.period, now, timeZone) : null;
  if (card.date && from) {
    query.set('dateField', card.date);
    query.set('from', from);
  }
  return query;
}


/** Office, technician and period as the URL or the API's query string give them. */
export interface HomeFilters {
  office?: string | undefined;
  technicianId?: string | undefined;
  period: HomePeriod;
}

const isHomePeriod = (value: string): value is HomePeriod => HOME_PERIODS.some((p) => p.value === value);

/**
 * The filters from a query string's values, as home.ts's `homeFilters` schema reads them: blank
 * (after trimming) office and technician mean all; an office over 100 characters, a technician that
 * is not a UUID v4 or an unknown period refuse the whole input (null); no period is the default.
 * Values that are not strings (a repeated parameter) are refused.
 */
export function parseHomeFilters(input: { office?: unknown; technicianId?: unknown; period?: unknown }): HomeFilters | null {
  const text = (value: unknown): string | undefined | null => (value === undefined ? undefined : typeof value === 'string' ? value.trim() : null);
  const office = text(input.office);
  const technicianId = text(input.technicianId);
  if (office === null || technicianId === null) return null;
  if (office !== undefined && office.length > 100) return null;
  if (technicianId && !isUuidV4(technicianId)) return null;
  let period: HomePeriod = DEFAULT_HOME_PERIOD;
  if (input.period !== undefined) {
    if (typeof input.period !== 'string' || !isHomePeriod(input.period)) return null;
    period = input.period;
  }
  return { office: office || undefined, technicianId: technicianId || undefined, period };
}
