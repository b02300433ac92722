import { formatCents } from '../../domain/money';
import { formatCount } from '../../domain/numbers';
import { dateInZone, DEFAULT_TIME_ZONE, formatDateTimeInZone, formatTimeInZone } from '../../domain/dates';

export { formatCents, formatCount };

/**
 * US date format, e.g. 11/22/2026. A plain YYYY-MM-DD date is shown as that calendar date; an
 * instant as its calendar day in the company's zone (pass `useCompanyTimeZone()`, or use
 * `<CompanyDate>` / `useFormatDate()`), never the browser's zone (issue 26); until the zone is
 * known, the default zone.
 */
export function formatDate(value: string | Date | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const isoDate =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? value
      : dateInZone(new Date(value), timeZone ?? DEFAULT_TIME_ZONE);
  const [y, m, d] = isoDate.split('-');
  return `${Number(m)}/${Number(d)}/${y}`;
}

// toLocaleString with options builds a new Intl formatter on every call (milliseconds each on a
// tablet, and a list formats dozens of values): the same formatter, made once, when first used.
let longDate: Intl.DateTimeFormat | undefined;

/**
 * A time of day in the company's zone with its short name, e.g. "9:30 AM EST". Pass the company's
 * zone (`useCompanyTimeZone()`, or the zone an answer carries); until it loads, the default zone.
 */
export function formatTime(value: string | Date, timeZone: string | undefined): string {
  return formatTimeInZone(value, timeZone ?? DEFAULT_TIME_ZONE);
}

/**
 * Every date-time shown on a screen: "11/27/2026, 2:23 PM EST" in the company's zone, whatever the
 * browser's zone is (the same function writes PDFs and e-mails on the server).
 */
export function formatDateTime(value: string | Date, timeZone: string | undefined): string {
  return formatDateTimeInZone(value, timeZone ?? DEFAULT_TIME_ZONE);
}

export function formatDateLong(isoDate: string): string {
  const [y, m, d] = isoDate.split('-').map(Number);
  longDate ??= new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return longDate.format(new Date(Date.UTC(y!, m! - 1, d!)));
}

/** A list's total: "1,234", or "10,000+" when the server stopped counting there (totalCapped). */
export function formatTotal(total: number, capped = false): string {
  return `${formatCount(total)}${capped ? '+' : ''}`;
}

/**
 * One way to show a phone number, whatever was typed: a North American number (10 digits, or 11
 * starting with 1) as "(404) 555-0199", with its extension as " x12"; anything else (an
 * international number, letters) as typed. null and empty stay null.
 */
export function formatPhone(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  const match = /^(.*?)(?:\s*(?:x|ext\.?|extension|#)\s*(\d{1,6}))?$/i.exec(text);
  const main = match?.[1] ?? text;
  const extension = match?.[2];
  if (/[a-z]/i.test(main)) return text;
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1') && !main.trim().startsWith('+')) digits = digits.slice(1);
  else if (digits.length === 11 && main.trim().startsWith('+1')) digits = digits.slice(1);
  if (digits.length !== 10) return text;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}${extension ? ` x${extension}` : ''}`;
}
