import { addDays } from './dates.js';

/**
 * The dispatch board's rules and value lists without zod (decision 042): the board screen loads
 * this module, not dispatch.ts with its schemas. dispatch.ts re-exports all of it.
 */

/** A block is at least 80px wide; the default duration is 1 hour. */
export const MIN_BLOCK_WIDTH_PX = 80;
export const DEFAULT_BLOCK_MINUTES = 60;
export const ATLANTA = { lat: 33.749, lng: -84.388, zoom: 10, maxFitZoom: 15 } as const;

export const DISPATCH_DATE_FIELDS = ['due', 'schedule', 'created'] as const;
export type DispatchDateField = (typeof DISPATCH_DATE_FIELDS)[number];
export const DISPATCH_DATE_FIELD_LABELS: Record<DispatchDateField, string> = {
  due: 'Due By Date',
  schedule: 'Schedule Date',
  created: 'Created Date',
};

/** Filter Date Range By: the three named months (in the company's time zone) or a custom From/To. */
export const DISPATCH_RANGES = ['this-month', 'last-month', 'next-month', 'custom'] as const;
export type DispatchRange = (typeof DISPATCH_RANGES)[number];
export const DISPATCH_RANGE_LABELS: Record<DispatchRange, string> = {
  'this-month': 'This Month',
  'last-month': 'Last Month',
  'next-month': 'Next Month',
  custom: 'Custom Range',
};

/** The completed jobs of one technician row: pages of at most this many. */
export const DISPATCH_COMPLETED_PAGE = { default: 50, max: 200 } as const;

/** The board's three views: one day, a week (Sunday to Saturday) or a month. */
export const BOARD_VIEWS = ['day', 'week', 'month'] as const;
export type BoardView = (typeof BOARD_VIEWS)[number];
/** The longest view (a month). */
export const BOARD_VIEW_MAX_DAYS = 31;

/** How many days from `from` to `to`, both counted (YYYY-MM-DD). */
export const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
const monthIndex = (isoDate: string) => Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1;

/** The first and last day a view shows: the day itself, its week (Sunday to Saturday) or its month. */
export function boardViewDays(view: BoardView, anchor: string): { from: string; to: string } {
  if (view === 'day') return { from: anchor, to: anchor };
  if (view === 'week') {
    const from = addDays(anchor, -new Date(`${anchor}T00:00:00Z`).getUTCDay());
    return { from, to: addDays(from, 6) };
  }
  return monthRange(anchor, 0);
}

/** The date range the board reads for its view: a named month, or custom days with how to name them. */
export type ViewRange =
  | { range: 'this-month' | 'last-month' | 'next-month' }
  | { range: 'custom'; from: string; to: string; shows: 'month' | 'days' };

/**
 * The range follows the view (issue 28): moving to another day, week or month moves the range with
 * it, so a job scheduled in view is inside the range. A view within one month reads that whole
 * month (named This/Last/Next Month when it is one of them, as the Filter Date Range By choices
 * say; otherwise that month as custom days); a week across two months reads just its days.
 */
export function rangeForView(view: BoardView, anchor: string, today: string): ViewRange {
  const days = boardViewDays(view, anchor);
  if (monthIndex(days.from) !== monthIndex(days.to)) return { range: 'custom', ...days, shows: 'days' };
  const offset = monthIndex(days.from) - monthIndex(today);
  if (offset === 0) return { range: 'this-month' };
  if (offset === -1) return { range: 'last-month' };
  if (offset === 1) return { range: 'next-month' };
  return { range: 'custom', ...monthRange(days.from, 0), shows: 'month' };
}

/** The first and last day of the month `offset` months from the month of `today` (YYYY-MM-DD). */
export function monthRange(today: string, offset: number): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7)) - 1 + offset;
  const first = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(year, month + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** Two jobs overlap when each starts before the other ends (touching ends do not overlap). */
export function overlaps(
  a: { start: Date; durationMinutes: number },
  b: { start: Date; durationMinutes: number },
): boolean {
  const aEnd = a.start.getTime() + a.durationMinutes * 60_000;
  const bEnd = b.start.getTime() + b.durationMinutes * 60_000;
  return a.start.getTime() < bEnd && b.start.getTime() < aEnd;
}

/** The wall-clock minutes since local midnight of `at` in `timeZone` (09:30 -> 570). */
export function minutesIntoDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * A block on the day timeline of 24 hourly columns: placed by its wall-clock start in the company's
 * time zone (so a daylight-saving day still shows 9:00 AM under the 9:00 AM column), as wide as its
 * duration (default 1 hour) and at least 80px, cut at midnight.
 */
export function placeBlock(input: {
  start: Date;
  durationMinutes: number | null | undefined;
  timeZone: string;
  hourWidthPx: number;
  minWidthPx?: number;
}): { leftPx: number; widthPx: number } {
  const minutes = minutesIntoDay(input.start, input.timeZone);
  const duration = input.durationMinutes && input.durationMinutes > 0 ? input.durationMinutes : DEFAULT_BLOCK_MINUTES;
  const visible = Math.min(duration, 24 * 60 - minutes);
  const leftPx = (minutes / 60) * input.hourWidthPx;
  const widthPx = Math.max((visible / 60) * input.hourWidthPx, input.minWidthPx ?? MIN_BLOCK_WIDTH_PX);
  return { leftPx, widthPx };
}

/** "Ann Lee" -> "AL"; one name -> its first two letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
}
