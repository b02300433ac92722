import { sumCents } from '../money.js';
import { REPORT_FIRST_YEAR, TOP_CUSTOMERS_LIMIT, UNKNOWN_BUCKET } from './constants.js';

// Report arithmetic

export const REPORT_PERIODS = ['annual', 'quarterly', 'monthly'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The years the report offers, newest first: from 2023 (or the earliest invoice's year) to the current year. */
export function reportYears(currentYear: number, earliestInvoiceYear: number | null): number[] {
  const first = Math.min(REPORT_FIRST_YEAR, earliestInvoiceYear ?? REPORT_FIRST_YEAR, currentYear);
  const years: number[] = [];
  for (let y = currentYear; y >= first; y -= 1) years.push(y);
  return years;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The period's dates: `from` inclusive, `to` exclusive (Q1 Jan-Mar ... Q4 Oct-Dec). */
export function reportRange(q: {
  period: ReportPeriod;
  year: number;
  quarter?: number | undefined;
  month?: number | undefined;
}): { from: string; to: string } {
  if (q.period === 'annual') return { from: `${q.year}-01-01`, to: `${q.year + 1}-01-01` };
  if (q.period === 'quarterly') {
    const quarter = q.quarter ?? 1;
    const startMonth = (quarter - 1) * 3 + 1;
    const end = quarter === 4 ? `${q.year + 1}-01-01` : `${q.year}-${pad2(startMonth + 3)}-01`;
    return { from: `${q.year}-${pad2(startMonth)}-01`, to: end };
  }
  const month = q.month ?? 1;
  return {
    from: `${q.year}-${pad2(month)}-01`,
    to: month === 12 ? `${q.year + 1}-01-01` : `${q.year}-${pad2(month + 1)}-01`,
  };
}

/** The quarter (1-4) a month (1-12) falls in. */
export const quarterOfMonth = (month: number): number => Math.floor((month - 1) / 3) + 1;

/**
 * Percentages of `total` with one decimal that add up to exactly 100.0 when the parts make up the
 * total (largest remainder: the tenths left over go to the parts that lost most to rounding down).
 * All zero when the total is zero.
 */
export function percentages(parts: readonly number[], total: number = sumCents([...parts])): number[] {
  if (total <= 0) return parts.map(() => 0);
  const exact = parts.map((p) => (p * 1000) / total);
  const floors = exact.map((e) => Math.floor(e));
  const target = Math.round(exact.reduce((a, e) => a + e, 0));
  let left = Math.min(target, 1000) - sumCents(floors);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors.map((f) => f / 10);
}

export interface AmountBucketRow {
  key: string | null;
  label?: string | null;
  amountCents: number;
  count: number;
}

export interface AmountBucket {
  key: string;
  label: string;
  amountCents: number;
  count: number;
  percent: number;
}

/** Missing or blank keys become one "Unknown" bucket; sorted by amount descending (then label). */
export function bucketize(rows: readonly AmountBucketRow[]): Omit<AmountBucket, 'percent'>[] {
  const merged = new Map<string, Omit<AmountBucket, 'percent'>>();
  for (const row of rows) {
    const key = row.key?.trim() ? row.key.trim() : UNKNOWN_BUCKET;
    const label = key === UNKNOWN_BUCKET ? UNKNOWN_BUCKET : row.label?.trim() || key;
    const bucket = merged.get(key) ?? { key, label, amountCents: 0, count: 0 };
    bucket.amountCents += row.amountCents;
    bucket.count += row.count;
    merged.set(key, bucket);
  }
  return [...merged.values()].sort((a, b) => b.amountCents - a.amountCents || a.label.localeCompare(b.label));
}

/** Service Line Breakdown: every service line ("Unknown" when missing) by amount descending, percents adding up to 100. */
export function serviceLineBreakdown(rows: readonly AmountBucketRow[]): AmountBucket[] {
  const buckets = bucketize(rows);
  const pcts = percentages(buckets.map((b) => b.amountCents));
  return buckets.map((b, i) => ({ ...b, percent: pcts[i]! }));
}

/** Top Customers: the 5 largest by amount ("Unknown" when missing), each with its percent of the period's total. */
export function topCustomers(
  rows: readonly AmountBucketRow[],
  totalCents: number,
  limit = TOP_CUSTOMERS_LIMIT,
): AmountBucket[] {
  const buckets = bucketize(rows);
  const pcts = percentages(
    buckets.map((b) => b.amountCents),
    totalCents,
  );
  return buckets.slice(0, limit).map((b, i) => ({ ...b, percent: pcts[i]! }));
}

export const REPORT_STATUS_KEYS = ['paid', 'outstanding', 'void'] as const;
export type ReportStatusKey = (typeof REPORT_STATUS_KEYS)[number];

export interface AmountCount {
  amountCents: number;
  count: number;
}

/** Invoice Status: paid, outstanding (issued) and void as percent of the total invoiced, adding up to 100. */
export function statusBreakdown(
  cards: Record<ReportStatusKey, AmountCount>,
): { status: ReportStatusKey; amountCents: number; count: number; percent: number }[] {
  const pcts = percentages(REPORT_STATUS_KEYS.map((k) => cards[k].amountCents));
  return REPORT_STATUS_KEYS.map((status, i) => ({ status, ...cards[status], percent: pcts[i]! }));
}
