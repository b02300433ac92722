/**
 * Renewing an agreement: the next term follows the last day of the current one and lasts as long
 * (whole months when the term is whole months, otherwise the same number of days), and the price
 * grows by the escalator percentage, in integer cents rounded half up.
 */
import { addDays } from '../dates.js';

const parts = (iso: string) => [Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), Number(iso.slice(8, 10))] as const;
const pad = (n: number) => String(n).padStart(2, '0');

/** Adds whole months, keeping the day when the month has it, else its last day (Jan 31 + 1 = Feb 28). */
export function addMonths(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${pad(month)}-${pad(Math.min(d, last))}`;
}

/** Days from `from` to `to` (to - from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The term's length in whole months when it is whole months (start + n months - 1 day = end), else null. */
export function termMonths(startDate: string, endDate: string): number | null {
  const [sy, sm] = parts(startDate);
  const [ey, em] = parts(endDate);
  const guess = (ey - sy) * 12 + (em - sm);
  for (const n of [guess, guess + 1]) if (n > 0 && addDays(addMonths(startDate, n), -1) === endDate) return n;
  return null;
}

/** The next term: from the day after the end, as long as this one. */
export function nextTerm(startDate: string, endDate: string): { startDate: string; endDate: string } {
  const start = addDays(endDate, 1);
  const months = termMonths(startDate, endDate);
  const end = months !== null ? addDays(addMonths(start, months), -1) : addDays(start, daysBetween(startDate, endDate));
  return { startDate: start, endDate: end };
}

/**
 * A percentage ("3.5", 3.5) as hundredths of a percent (350), so the arithmetic stays in integers.
 * At most two decimals; null for anything else.
 */
export function percentToBasisPoints(value: string | number): number | null {
  const text = typeof value === 'number' ? String(value) : value.trim();
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** 350 -> "3.50", the form numeric(5,2) takes. */
export function basisPointsToPercent(basisPoints: number): string {
  return `${Math.floor(basisPoints / 100)}.${String(basisPoints % 100).padStart(2, '0')}`;
}

/** The price after the escalator: cents * (1 + bp / 10000), rounded half up to the cent. */
export function escalatedPriceCents(priceCents: number, basisPoints: number): number {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError(`Not a price in cents: ${priceCents}`);
  if (!Number.isInteger(basisPoints) || basisPoints < 0) throw new RangeError(`Not an escalator: ${basisPoints}`);
  // Integers throughout: a price up to $10 billion times 1,000 % stays far below 2^53.
  return Math.floor((priceCents * (10_000 + basisPoints) + 5_000) / 10_000);
}
