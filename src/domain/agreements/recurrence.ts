/**
 * The visit plan of a service agreement as a recurrence rule, and the visit dates it gives in a
 * date range. Pure: dates are ISO strings (YYYY-MM-DD), calendar dates in the company's zone.
 *
 * A plan is a set of months and a day rule:
 * - `monthly`: every month; `quarterly`: every third month from the start month; `semiannual`:
 *   every sixth; `annual`: the start month; `months`: the months chosen (spring and fall = 4, 10).
 * - the day: a day of the month (1 to 28, so every month has it), or the nth weekday of the
 *   month (first to fourth, or the last: nth -1), weekday 0 = Sunday ... 6 = Saturday.
 */
import { addDays } from '../dates.js';

export const VISIT_FREQUENCIES = ['monthly', 'quarterly', 'semiannual', 'annual', 'months'] as const;
export type VisitFrequency = (typeof VISIT_FREQUENCIES)[number];

export type VisitDayRule = { kind: 'dayOfMonth'; day: number } | { kind: 'nthWeekday'; nth: number; weekday: number };

export interface VisitRule {
  frequency: VisitFrequency;
  /** The chosen months (1 to 12) of `months`; ignored by the other frequencies. */
  months: readonly number[];
  day: VisitDayRule;
}

/** The months (1 to 12, ascending) a plan visits, given the month the agreement starts in. */
export function planMonths(rule: Pick<VisitRule, 'frequency' | 'months'>, startMonth: number): number[] {
  const every = (step: number) => {
    const months: number[] = [];
    for (let i = 0; i < 12; i += step) months.push(((startMonth - 1 + i) % 12) + 1);
    return months.sort((a, b) => a - b);
  };
  switch (rule.frequency) {
    case 'monthly':
      return every(1);
    case 'quarterly':
      return every(3);
    case 'semiannual':
      return every(6);
    case 'annual':
      return [startMonth];
    case 'months':
      return [...new Set(rule.months)].filter((m) => m >= 1 && m <= 12).sort((a, b) => a - b);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The plan's visit date in one month. */
export function visitDateInMonth(day: VisitDayRule, year: number, month: number): string {
  if (day.kind === 'dayOfMonth') return isoOf(year, month, Math.min(day.day, daysInMonth(year, month)));
  if (day.nth === -1) {
    const last = daysInMonth(year, month);
    const lastWeekday = new Date(Date.UTC(year, month - 1, last)).getUTCDay();
    return isoOf(year, month, last - ((lastWeekday - day.weekday + 7) % 7));
  }
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  return isoOf(year, month, 1 + ((day.weekday - firstWeekday + 7) % 7) + (day.nth - 1) * 7);
}

/**
 * The visit dates of a plan from `from` to `to` (both included), ascending. `startDate` is the
 * agreement's start: it fixes the months of quarterly, semiannual and annual plans.
 */
export function visitDates(rule: VisitRule, startDate: string, from: string, to: string): string[] {
  if (to < from) return [];
  const months = new Set(planMonths(rule, Number(startDate.slice(5, 7))));
  const dates: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const endYear = Number(to.slice(0, 4));
  const endMonth = Number(to.slice(5, 7));
  while (year < endYear || (year === endYear && month <= endMonth)) {
    if (months.has(month)) {
      const date = visitDateInMonth(rule.day, year, month);
      if (date >= from && date <= to) dates.push(date);
    }
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return dates;
}

/** The first visit date on or after `from` and at most `to`; null when there is none. */
export function nextVisitDate(rule: VisitRule, startDate: string, from: string, to: string): string | null {
  // Every plan visits at least once a year: 13 months ahead always holds its next date.
  const horizon = addDays(from, 400);
  return visitDates(rule, startDate, from, horizon < to ? horizon : to)[0] ?? null;
}

/** The last day of a visit's window (the job's due date): the visit date plus the window, less one day. */
export function visitWindowEnd(visitDate: string, windowDays: number): string {
  return addDays(visitDate, Math.max(1, windowDays) - 1);
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const NTH_NAMES: Record<number, string> = { 1: 'first', 2: 'second', 3: 'third', 4: 'fourth', [-1]: 'last' };
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export const monthName = (month: number): string => MONTH_NAMES[month - 1] ?? String(month);
export const weekdayName = (weekday: number): string => WEEKDAY_NAMES[weekday] ?? String(weekday);

const ordinal = (n: number) => {
  const rest = n % 100;
  if (rest >= 11 && rest <= 13) return `${n}th`;
  return `${n}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th'}`;
};

/** The plan in words: "Quarterly (January, April, July, October) on the 15th". */
export function describeVisitRule(rule: VisitRule, startDate: string): string {
  const months = planMonths(rule, Number(startDate.slice(5, 7)));
  const label = {
    monthly: 'Monthly',
    quarterly: 'Quarterly',
    semiannual: 'Twice a year',
    annual: 'Once a year',
    months: 'Chosen months',
  }[rule.frequency];
  const which = rule.frequency === 'monthly' ? '' : ` (${months.map(monthName).join(', ')})`;
  const day =
    rule.day.kind === 'dayOfMonth'
      ? `on the ${ordinal(rule.day.day)}`
      : `on the ${NTH_NAMES[rule.day.nth] ?? rule.day.nth} ${weekdayName(rule.day.weekday)}`;
  return `${label}${which} ${day}`;
}
