import { addDays, isIsoDate } from '../../../domain/dates';
import { boardViewDays, type BoardView } from '../../../domain/dispatch-board';

/** The board's three views: one day of 24 hourly columns, or a column per day of a week or month. */
export { BOARD_VIEWS, type BoardView } from '../../../domain/dispatch-board';

/** Day of the week of a YYYY-MM-DD date, 0 = Sunday (as technician availability counts it). */
export function weekday(isoDate: string): number {
  return new Date(`${isoDate}T00:00:00Z`).getUTCDay();
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

export function endOfMonth(isoDate: string): string {
  return addDays(addMonths(startOfMonth(isoDate), 1), -1);
}

/** The days a view shows: the day itself, its week (Sunday to Saturday), or every day of its month. */
export function periodDays(view: BoardView, anchor: string): string[] {
  const { from, to } = boardViewDays(view, anchor);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The previous or next arrow: one day, one week or one month. */
export function shiftPeriod(view: BoardView, anchor: string, step: -1 | 1): string {
  if (view === 'day') return addDays(anchor, step);
  if (view === 'week') return addDays(anchor, 7 * step);
  return addMonths(startOfMonth(anchor), step);
}

const utc = (isoDate: string) => new Date(`${isoDate}T00:00:00Z`);
const monthName = (isoDate: string, month: 'long' | 'short' = 'long') =>
  utc(isoDate).toLocaleDateString('en-US', { month, timeZone: 'UTC' });
const dayOf = (isoDate: string) => Number(isoDate.slice(8));

/** "Wednesday, November 25, 2026"; "Nov 22 – 28, 2026" (or across months/years); "November 2026". */
export function periodLabel(view: BoardView, anchor: string): string {
  if (view === 'day')
    return utc(anchor).toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
  if (view === 'month') return `${monthName(anchor)} ${anchor.slice(0, 4)}`;
  const days = periodDays('week', anchor);
  const from = days[0]!;
  const to = days[6]!;
  if (from.slice(0, 4) !== to.slice(0, 4))
    return `${monthName(from, 'short')} ${dayOf(from)}, ${from.slice(0, 4)} – ${monthName(to, 'short')} ${dayOf(to)}, ${to.slice(0, 4)}`;
  if (from.slice(5, 7) !== to.slice(5, 7))
    return `${monthName(from, 'short')} ${dayOf(from)} – ${monthName(to, 'short')} ${dayOf(to)}, ${to.slice(0, 4)}`;
  return `${monthName(from, 'short')} ${dayOf(from)} – ${dayOf(to)}, ${to.slice(0, 4)}`;
}

/** A column heading of the week and month views: "Sun 11/22". */
export function dayHeading(isoDate: string): { weekday: string; date: string } {
  return {
    weekday: utc(isoDate).toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' }),
    date: `${Number(isoDate.slice(5, 7))}/${dayOf(isoDate)}`,
  };
}

/** The 24 hourly column headings of the day view: 12:00 AM, 1:00 AM, ... 11:00 PM. */
export const HOUR_LABELS: readonly string[] = Array.from(
  { length: 24 },
  (_, h) => `${h % 12 === 0 ? 12 : h % 12}:00 ${h < 12 ? 'AM' : 'PM'}`,
);

/** "9:30 AM" for minutes since midnight. */
export function clockLabel(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** "HH:MM" (24 hours) for minutes since midnight, as the time input and the zone helpers take it. */
export function clockValue(minutes: number): string {
  return `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** "09:30" -> 570. */
export function parseClock(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const h = Number(match[1]);
  const m = Number(match[2]);
  return h < 24 && m < 60 ? h * 60 + m : null;
}

/** A valid date from the URL, else today. */
export function anchorOr(value: string | undefined, today: string): string {
  return value && isIsoDate(value) ? value : today;
}
