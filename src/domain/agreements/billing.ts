/**
 * Billing a service agreement (issue 29 item 3, decision 052): the billing periods of its plan, what
 * each period's invoice bills, what a visit bills on a per-visit plan, and how an advance invoice's
 * pre-tax amount is earned visit by visit (deferred revenue). Integer cents throughout; every
 * split puts its remainder on the last part, so the parts always add up to the whole.
 */
import { addDays } from '../dates.js';
import type { BillingPlan } from './payloads.js';
import { addMonths, daysBetween, termMonths } from './renewal.js';

/** The months one advance invoice covers. */
export const BILLING_PERIOD_MONTHS: Record<Exclude<BillingPlan, 'per_visit'>, number> = {
  monthly: 1,
  quarterly: 3,
  annually: 12,
};

export interface BillingPeriod {
  /** 1-based: the first period of the term is 1. */
  index: number;
  start: string;
  end: string;
}

/** Is the plan billed ahead of its visits (monthly, quarterly, annually) rather than per visit? */
export const billedInAdvance = (plan: BillingPlan): plan is Exclude<BillingPlan, 'per_visit'> => plan !== 'per_visit';

/**
 * The billing periods of a term: from its start, every 1, 3 or 12 months (counted from the start,
 * so Jan 31 + 1 month is Feb 28 and + 2 months Mar 31), the last one cut at the term's end.
 * Per-visit plans have none.
 */
export function billingPeriods(plan: BillingPlan, startDate: string, endDate: string): BillingPeriod[] {
  if (!billedInAdvance(plan) || endDate < startDate) return [];
  const step = BILLING_PERIOD_MONTHS[plan];
  const periods: BillingPeriod[] = [];
  for (let k = 0; ; k++) {
    const start = addMonths(startDate, k * step);
    if (start > endDate) break;
    const next = addDays(addMonths(startDate, (k + 1) * step), -1);
    periods.push({ index: k + 1, start, end: next < endDate ? next : endDate });
  }
  return periods;
}

/** `total` in `n` equal parts, rounded down, the remainder on the last part: 1000 in 3 = 333, 333, 334. */
export function splitCents(total: number, n: number): number[] {
  if (!Number.isInteger(total) || total < 0) throw new RangeError(`Not an amount in cents: ${total}`);
  if (!Number.isInteger(n) || n < 1) return [];
  const part = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => (i === n - 1 ? total - part * (n - 1) : part));
}

/** One part of splitCents without building the list (`position` 1..n): the rule the SQL twin copies. */
export function shareCents(total: number, n: number, position: number): number {
  const part = Math.floor(total / n);
  return position === n ? total - part * (n - 1) : part;
}

/**
 * What each period's invoice bills: the term's price in proportion to the period's length, in
 * months when the term is whole months (a 12-month term billed quarterly: four equal quarters),
 * otherwise in days. Each period but the last is rounded down; the last takes the remainder, so the
 * invoices of a term add up to its price exactly.
 */
export function periodAmountsCents(
  priceCents: number,
  startDate: string,
  endDate: string,
  periods: readonly BillingPeriod[],
): number[] {
  if (!Number.isInteger(priceCents) || priceCents < 0) throw new RangeError(`Not a price in cents: ${priceCents}`);
  if (!periods.length) return [];
  const wholeMonths = termMonths(startDate, endDate);
  const weightOf = (p: BillingPeriod) => {
    if (wholeMonths !== null) {
      const months = termMonths(p.start, p.end);
      if (months !== null) return months;
    }
    return daysBetween(p.start, p.end) + 1;
  };
  let weights = periods.map(weightOf);
  // Whole-month term whose last period is not whole months cannot happen (the periods step by
  // whole months from the start); days are the fallback when any weight came out in days.
  if (wholeMonths !== null && weights.reduce((a, b) => a + b, 0) !== wholeMonths)
    weights = periods.map((p) => daysBetween(p.start, p.end) + 1);
  const total = BigInt(weights.reduce((a, b) => a + b, 0));
  const price = BigInt(priceCents);
  const amounts = weights.map((w) => Number((price * BigInt(w)) / total));
  amounts[amounts.length - 1] = priceCents - amounts.slice(0, -1).reduce((a, b) => a + b, 0);
  return amounts;
}

/**
 * Per-visit billing: the term's price over every visit the plan makes in the term (each visit date
 * at each covered location is one visit, one job), rounded down, the last visit of the term taking
 * the remainder. `visitIndex` is the visit's 1-based position in (date, location) order.
 */
export function perVisitAmountCents(priceCents: number, visitsInTerm: number, visitIndex: number): number {
  if (visitsInTerm < 1 || visitIndex < 1 || visitIndex > visitsInTerm) return 0;
  return shareCents(priceCents, visitsInTerm, visitIndex);
}

/** A visit an advance invoice's money is earned on: its plan date at one covered location. */
export interface EarningVisit {
  visitDate: string;
  locationId: string | null;
}

/**
 * The visits an advance invoice is earned on: the plan's visits in its billing period (from the
 * date the plan runs from, so a contract entered late is not earned on visits never made), each at
 * every covered location. A period with no visit (monthly billing of a quarterly plan) is earned
 * on the term's next visit after the period, else the last one before it; a plan with no visit in
 * the whole term is earned at the period's end (one part with no visit date: `visitDate` null).
 */
export function earningVisits(
  planDates: readonly string[],
  period: Pick<BillingPeriod, 'start' | 'end'>,
  locationIds: readonly string[],
): { visitDate: string | null; locationId: string | null }[] {
  const sorted = [...planDates].sort();
  let dates = sorted.filter((d) => d >= period.start && d <= period.end);
  if (!dates.length) {
    const after = sorted.find((d) => d > period.end);
    const before = [...sorted].reverse().find((d) => d < period.start);
    const one = after ?? before;
    dates = one ? [one] : [];
  }
  if (!dates.length) return [{ visitDate: null, locationId: null }];
  const locations = locationIds.length ? [...locationIds] : [null];
  return dates.flatMap((visitDate) => locations.map((locationId) => ({ visitDate, locationId })));
}

/** One month of the deferred revenue report, in cents. */
export interface DeferredRevenueMonth {
  /** The first of the month, YYYY-MM-01. */
  month: string;
  billedCents: number;
  earnedCents: number;
  /** Billed in advance up to the month's end less earned up to its end. */
  deferredCents: number;
}

/**
 * The report's arithmetic on already-dated parts (the SQL does the same in the database): billed
 * by issue date, earned by the later of the visit's completion and the invoice's issue date.
 */
export function deferredRevenueByMonth(
  invoices: readonly { issuedDate: string; preTaxCents: number; earned: readonly (string | null)[] }[],
  months: readonly string[],
): DeferredRevenueMonth[] {
  const monthEnd = (m: string) => addDays(addMonths(m, 1), -1);
  const billedBy = (end: string) =>
    invoices.filter((i) => i.issuedDate <= end).reduce((sum, i) => sum + i.preTaxCents, 0);
  const earnedBy = (end: string, from = '0000-01-01') =>
    invoices.reduce(
      (sum, i) =>
        sum +
        i.earned.reduce((s, done, k) => {
          if (done === null) return s;
          const on = done > i.issuedDate ? done : i.issuedDate;
          return on >= from && on <= end ? s + shareCents(i.preTaxCents, i.earned.length, k + 1) : s;
        }, 0),
      0,
    );
  return months.map((month) => {
    const end = monthEnd(month);
    const billedCents = invoices
      .filter((i) => i.issuedDate >= month && i.issuedDate <= end)
      .reduce((sum, i) => sum + i.preTaxCents, 0);
    return {
      month,
      billedCents,
      earnedCents: earnedBy(end, month),
      deferredCents: billedBy(end) - earnedBy(end),
    };
  });
}

/** The months from `from` to `to` (YYYY-MM), each as its first day. At most 36. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let m = `${from.slice(0, 7)}-01`;
  const last = `${to.slice(0, 7)}-01`;
  while (m <= last && months.length < 36) {
    months.push(m);
    m = addMonths(m, 1);
  }
  return months;
}

/** The invoice line of an advance invoice: "Service agreement #1001 (Acme PM), 1/1/2027 to 3/31/2027". */
export function advanceLineName(agreement: { number: number; name: string }, start: string, end: string): string {
  const us = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8, 10))}/${iso.slice(0, 4)}`;
  return `Service agreement #${agreement.number} (${agreement.name}), ${us(start)} to ${us(end)}`.slice(0, 200);
}

/** The line of a per-visit invoice: "Service agreement #1001 (Acme PM): visit of 4/15/2027". */
export function visitLineName(agreement: { number: number; name: string }, visitDate: string): string {
  const us = `${Number(visitDate.slice(5, 7))}/${Number(visitDate.slice(8, 10))}/${visitDate.slice(0, 4)}`;
  return `Service agreement #${agreement.number} (${agreement.name}): visit of ${us}`.slice(0, 200);
}

/** The invoice number of an advance invoice: AGR-{agreement number}-INV-{4 random digits}, like JOB-…-INV-…. */
export function agreementInvoiceNumber(agreementNumber: number, random: () => number = Math.random): string {
  return `AGR-${agreementNumber}-INV-${String(Math.floor(random() * 10_000)).padStart(4, '0')}`;
}

/** How agreement invoices are created (Settings > Company); default draft. */
export const AGREEMENT_INVOICE_STATUSES = ['draft', 'issued'] as const;
export type AgreementInvoiceStatus = (typeof AGREEMENT_INVOICE_STATUSES)[number];
export const AGREEMENT_INVOICE_STATUS_LABELS: Record<AgreementInvoiceStatus, string> = {
  draft: 'Created as drafts to review and send',
  issued: 'Sent to the customer when created',
};
