/**
 * An invoice's money, computed in ONE place (issue 27, decision 035): subtotal, discount, sales tax
 * by group and total, in integer cents. Every screen, the printable page, the PDF, the e-mail, the
 * lists (through job_invoices.amount) and the database columns subtotal / discount / tax / amount
 * take their figures from `invoiceTotals`.
 *
 * Rules (written down once, here and in docs/decisions/035-sales-tax-discounts.md):
 * - A line's total is quantity x unit price to the cent (`lineTotalCents`, half up).
 * - Discounts apply to the whole invoice, before tax. A percentage discount is that percentage of
 *   the subtotal, rounded half up to the cent; an amount discount is its amount. Together they are
 *   capped at the subtotal, so the invoice never goes below zero.
 * - The discount reduces each tax group's taxable base in proportion to the share of the subtotal
 *   that group's taxable lines make up (commercial practice: a discount on the whole invoice lowers
 *   the price of every line alike), rounded half up to the cent.
 * - Tax is computed once per invoice per group (never per line): base x rate, the rate a
 *   percentage with up to 3 decimals, rounded half up to the cent (0.5 cent goes up).
 * - A unit that is not taxable pays no tax, and the totals say why (`exemptReason`).
 * - A line whose group is not among the given rates pays no tax; it is reported in
 *   `unknownGroups` so the draft can warn.
 * - total = subtotal - discount + tax, never below zero.
 */
import { lineTotalCents } from './amounts.js';

export interface TotalsLine {
  quantity: number;
  unitCents: number;
  /** The line's item is taxable (parts and price-book items; labor per the company setting). */
  taxable: boolean;
  /** The tax group this line is taxed in; defaults to the invoice's group. */
  taxGroupCode?: string | null;
}

export type TotalsDiscount =
  | { kind: 'amount'; amountCents: number; reason: string }
  | { kind: 'percent'; /** e.g. 10 or 12.5 (at most 2 decimals) */ percent: number; reason: string };

export interface TotalsTaxGroup {
  code: string;
  name: string;
  /** Percentage, up to 3 decimals: "7.000", 7 or 8.875. */
  rate: string | number;
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  discounts?: readonly TotalsDiscount[];
  /** The rates known (the invoice's snapshot, or the active groups for a draft). */
  taxGroups?: readonly TotalsTaxGroup[];
  /** The invoice's tax group (the unit's tax group code); null: no group, no tax. */
  taxGroupCode?: string | null;
  /** The unit: taxable No exempts the whole invoice. Null (no unit): taxable. */
  unit?: { taxable: boolean; label: string } | null;
}

export interface TaxByGroup {
  code: string;
  name: string;
  /** The rate as a percentage string with 3 decimals ("7.000"). */
  rate: string;
  /** Taxable base after its share of the discount. */
  baseCents: number;
  taxCents: number;
}

export interface DiscountApplied {
  kind: 'amount' | 'percent';
  percent: number | null;
  reason: string;
  /** What this discount takes off (the last ones are reduced when the sum would pass the subtotal). */
  amountCents: number;
}

export interface InvoiceTotals {
  subtotalCents: number;
  discountCents: number;
  discounts: DiscountApplied[];
  taxCents: number;
  taxByGroup: TaxByGroup[];
  totalCents: number;
  /** "Tax exempt: unit … is not taxable" when the unit is not taxable; else null. */
  exemptReason: string | null;
  /** Group codes lines asked for that are not among the known groups (no tax was charged). */
  unknownGroups: string[];
}

/** "7" | 7 | "8.875" -> thousandths of a percent (7000, 8875); more than 3 decimals are refused. */
export function rateMilli(rate: string | number): number {
  const text = typeof rate === 'number' ? String(rate) : rate.trim();
  const match = /^(\d+)(?:\.(\d{0,3})0*)?$/.exec(text);
  if (!match) throw new RangeError(`Not a tax rate (up to 3 decimals): ${rate}`);
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** thousandths of a percent -> "7.000" */
export const formatRate = (milli: number): string =>
  `${Math.floor(milli / 1000)}.${String(milli % 1000).padStart(3, '0')}`;

/** a x b / c rounded half up, exact for non-negative integers (BigInt: a x b can pass 2^53). */
function mulDivHalfUp(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b);
  const d = BigInt(c);
  return Number((n * 2n + d) / (2n * d));
}

/** A percentage with up to 2 decimals as hundredths (12.5 -> 1250). */
const percentHundredths = (p: number): number => Math.round(p * 100);

export function invoiceTotals(input: TotalsInput): InvoiceTotals {
  const lineTotals = input.lines.map((l) => lineTotalCents(l.quantity, l.unitCents));
  const subtotalCents = lineTotals.reduce((a, b) => a + b, 0);

  // Discounts in order, each capped so their sum never passes the subtotal.
  let left = subtotalCents;
  const discounts: DiscountApplied[] = (input.discounts ?? []).map((d) => {
    const wanted =
      d.kind === 'amount'
        ? Math.max(0, d.amountCents)
        : mulDivHalfUp(subtotalCents, Math.max(0, percentHundredths(d.percent)), 10_000);
    const amountCents = Math.min(wanted, left);
    left -= amountCents;
    return { kind: d.kind, percent: d.kind === 'percent' ? d.percent : null, reason: d.reason, amountCents };
  });
  const discountCents = subtotalCents - left;

  const exempt = input.unit && !input.unit.taxable;
  const exemptReason = exempt ? `Tax exempt: unit ${input.unit!.label} is not taxable` : null;

  // Taxable line totals per group, in the order groups first appear.
  const bases = new Map<string, number>();
  if (!exempt) {
    input.lines.forEach((l, i) => {
      const code = (l.taxGroupCode ?? input.taxGroupCode ?? '').trim();
      if (!l.taxable || !code) return;
      bases.set(code, (bases.get(code) ?? 0) + lineTotals[i]!);
    });
  }
  const known = new Map((input.taxGroups ?? []).map((g) => [g.code.trim().toUpperCase(), g]));
  const unknownGroups: string[] = [];
  const taxByGroup: TaxByGroup[] = [];
  for (const [code, gross] of bases) {
    const group = known.get(code.toUpperCase());
    if (!group) {
      unknownGroups.push(code);
      continue;
    }
    const share = subtotalCents > 0 ? mulDivHalfUp(discountCents, gross, subtotalCents) : 0;
    const baseCents = Math.max(0, gross - share);
    const milli = rateMilli(group.rate);
    // base x (milli / 1000) / 100 = base x milli / 100,000, half up to the cent
    const taxCents = mulDivHalfUp(baseCents, milli, 100_000);
    taxByGroup.push({ code: group.code, name: group.name, rate: formatRate(milli), baseCents, taxCents });
  }
  const taxCents = taxByGroup.reduce((a, g) => a + g.taxCents, 0);
  const totalCents = Math.max(0, subtotalCents - discountCents + taxCents);
  return { subtotalCents, discountCents, discounts, taxCents, taxByGroup, totalCents, exemptReason, unknownGroups };
}

// Quantities (issue 27 point 4): one rule for every screen and route.

/** Labor is billed in steps of a quarter hour. */
export const LABOR_QUANTITY_STEP = 0.25;

/** Why `quantity` is not valid for an item of `type` (labor: hours in steps of 0.25; part and item: whole), or null. */
export function quantityRefusal(type: 'part' | 'labor' | 'item' | null, quantity: number): string | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'Quantity must be greater than 0';
  if (type === 'labor') {
    return Number.isInteger(Math.round(quantity * 10_000) / 2_500)
      ? null
      : 'Labor hours must be in steps of 0.25 (for example 1.25 or 1.5)';
  }
  if (type === 'part' || type === 'item') {
    return Number.isInteger(quantity) ? null : 'Quantity must be a whole number';
  }
  return Number.isInteger(Math.round(quantity * 10_000) / 100) ? null : 'Quantity can have at most 2 decimals';
}

/** A quantity as shown: labor hours with 2 decimals, whole quantities without. */
export const formatQuantity = (type: string | null, quantity: number): string =>
  type === 'labor' ? quantity.toFixed(2) : Number.isInteger(quantity) ? String(quantity) : quantity.toFixed(2);

/** The rows under an invoice's lines, as the page, the printable page and the PDF show them. */
export function totalsRows(totals: {
  subtotalCents: number;
  discounts: readonly { kind: 'amount' | 'percent'; percent: number | null; reason: string; amountCents: number }[];
  taxByGroup: readonly { code: string; name: string; rate: string; baseCents: number; taxCents: number }[];
  totalCents: number;
}): { label: string; cents: number; kind: 'subtotal' | 'discount' | 'tax' | 'total' }[] {
  const trimRate = (rate: string) => rate.replace(/\.?0+$/, '');
  return [
    { label: 'Subtotal', cents: totals.subtotalCents, kind: 'subtotal' as const },
    ...totals.discounts.map((d) => ({
      label: `Discount${d.kind === 'percent' ? ` ${d.percent}%` : ''}: ${d.reason}`,
      cents: -d.amountCents,
      kind: 'discount' as const,
    })),
    ...totals.taxByGroup.map((g) => ({
      label: `${g.name} (${g.code}) ${trimRate(g.rate)}%`,
      cents: g.taxCents,
      kind: 'tax' as const,
    })),
    { label: 'Total', cents: totals.totalCents, kind: 'total' as const },
  ];
}
