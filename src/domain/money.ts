/**
 * Money is integer cents in business rules (no floating-point amounts) and numeric(12,2) in the database, which
 * reaches us as a decimal string such as "1234.50". These helpers are the only crossing points.
 */
import { formatCount } from './numbers.js';

/** "1234.5" | "1234.50" | 1234.5 -> 123450. Rounds half away from zero at the cent. */
export function toCents(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a money amount: ${value}`);
    return Math.sign(value) * Math.round(Math.abs(value) * 100 + Number.EPSILON);
  }
  const match = /^\s*(-)?(\d*)(?:\.(\d*))?\s*$/.exec(value);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not a money amount: ${value}`);
  const whole = Number(match[2] || '0');
  const fraction = (match[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number(fraction.slice(0, 2));
  if (Number(fraction[2]) >= 5) cents += 1;
  return match[1] ? -cents : cents;
}

/** 123450 -> "1234.50", the form numeric(12,2) columns take. */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be a whole number: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * 123450 -> "$1,234.50", -500 -> "-$5.00" (currency is always shown with 2 decimals), as
 * Intl.NumberFormat's en-US currency style writes it, but in integer arithmetic: exact for any
 * amount, and no locale data to load on a phone's first screen (decision 020). A fraction of a
 * cent (an average) is rounded half away from zero first.
 */
export function formatCents(cents: number): string {
  if (!Number.isFinite(cents)) return `$${cents}`;
  const whole = Math.round(Math.abs(cents));
  const text = `$${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
  return cents < 0 && whole > 0 ? `-${text}` : text;
}

export function sumCents(values: readonly number[]): number {
  return values.reduce((total, v) => total + v, 0);
}
