import { addDays, isIsoDate } from '../../../../domain/dates';

/** The calendar's two views: a month of weeks (Sunday first) or one week. */
export type CalendarView = 'month' | 'week';

/** Day of the week of a YYYY-MM-DD date, 0 = Sunday. */
export function weekday(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
}

/** The Sunday on or before the date. */
export function startOfWeek(isoDate: string): string {
  return addDays(isoDate, -weekday(isoDate));
}

export function startOfMonth(isoDate: string): string {
  return `${isoDate.slice(0, 7)}-01`;
}

/** Adds whole months, keeping the day within the target month (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/**
 * The days the view shows: a month view covers whole weeks (Sunday to Saturday) from the week of
 * the 1st to the week of the last day; a week view its seven days. `from` and `to` are inclusive.
 */
export function calendarRange(view: CalendarView, anchor: string): { from: string; to: string; weeks: string[][] } {
  if (view === 'week') {
    const from = startOfWeek(anchor);
    const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
    return { from, to: days[6]!, weeks: [days] };
  }
  const first = startOfMonth(anchor);
  const last = addDays(addMonths(first, 1), -1);
  const weeks: string[][] = [];
  let day = startOfWeek(first);
  while (day <= last) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
    day = addDays(day, 7);
  }
  return { from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]!, weeks };
}

/** Previous/next period. */
export function shiftAnchor(view: CalendarView, anchor: string, step: -1 | 1): string {
  return view === 'week' ? addDays(anchor, 7 * step) : addMonths(startOfMonth(anchor), step);
}

const monthName = (isoDate: string, month: 'long' | 'short' = 'long') =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', { month, timeZone: 'UTC' });

/** "November 2026", or a week as "Nov 22 – 28, 2026" / "Nov 29 – Dec 5, 2026" / "Dec 27, 2026 – Jan 2, 2027". */
export function periodTitle(view: CalendarView, anchor: string): string {
  if (view === 'month') return `${monthName(anchor)} ${anchor.slice(0, 4)}`;
  const from = startOfWeek(anchor);
  const to = addDays(from, 6);
  const day = (d: string) => Number(d.slice(8));
  if (from.slice(0, 4) !== to.slice(0, 4))
    return `${monthName(from, 'short')} ${day(from)}, ${from.slice(0, 4)} – ${monthName(to, 'short')} ${day(to)}, ${to.slice(0, 4)}`;
  if (from.slice(5, 7) !== to.slice(5, 7))
    return `${monthName(from, 'short')} ${day(from)} – ${monthName(to, 'short')} ${day(to)}, ${to.slice(0, 4)}`;
  return `${monthName(from, 'short')} ${day(from)} – ${day(to)}, ${to.slice(0, 4)}`;
}

/** A valid anchor from the URL, else today. */
export function anchorOr(value: string | undefined, today: string): string {
  return value && isIsoDate(value) ? value : today;
}
