import { describe, expect, it } from 'vitest';
import { invoiceTotals, quantityRefusal, rateMilli, type TotalsInput } from './totals.js';

const GA7 = { code: 'GA-7', name: 'Georgia Sales Tax', rate: '7.000' };
const NYC = { code: 'NYC', name: 'New York City', rate: '8.875' };

/**
 * Worked examples, by hand:
 * issue 27: 3 x $180.25 = $540.75 taxable (GA-7, 7%) + 1.5 h x $95.00 = $142.50 labor untaxed
 *   subtotal $683.25; 10% discount = $68.325 -> half up $68.33
 *   the taxable lines' share of it: $68.33 x 540.75 / 683.25 = $54.0797... -> $54.08
 *   taxable base $540.75 - $54.08 = $486.67; tax 7% = $34.0669 -> $34.07
 *   total $683.25 - $68.33 + $34.07 = $648.99
 */
const cases: Array<{ name: string; input: TotalsInput; expected: Record<string, unknown> }> = [
  {
    name: 'issue 27: parts taxed at 7%, labor 1.5 h untaxed, 10% discount',
    input: {
      lines: [
        { quantity: 3, unitCents: 18025, taxable: true },
        { quantity: 1.5, unitCents: 9500, taxable: false },
      ],
      discounts: [{ kind: 'percent', percent: 10, reason: 'Loyal customer' }],
      taxGroups: [GA7],
      taxGroupCode: 'GA-7',
      unit: { taxable: true, label: 'RTU-1' },
    },
    expected: {
      subtotalCents: 68325,
      discountCents: 6833,
      taxCents: 3407,
      totalCents: 64899,
      taxByGroup: [{ code: 'GA-7', name: 'Georgia Sales Tax', rate: '7.000', baseCents: 48667, taxCents: 3407 }],
      exemptReason: null,
    },
  },
  {
    // 3 x $180.25 = $540.75 x 7% = $37.8525 -> $37.85; total $578.60
    name: 'no discount: tax on the taxable lines only',
    input: {
      lines: [
        { quantity: 3, unitCents: 18025, taxable: true },
        { quantity: 1.5, unitCents: 9500, taxable: false },
      ],
      taxGroups: [GA7],
      taxGroupCode: 'GA-7',
    },
    expected: { subtotalCents: 68325, discountCents: 0, taxCents: 3785, totalCents: 72110 },
  },
  {
    // half up: $0.50 x 7% = 3.5 cents -> 4 cents (per invoice, not per line: 2 x 3.5 = 7 cents, not 8)
    name: 'half-up rounding once per invoice and group',
    input: {
      lines: [
        { quantity: 1, unitCents: 50, taxable: true },
        { quantity: 1, unitCents: 50, taxable: true },
      ],
      taxGroups: [GA7],
      taxGroupCode: 'GA-7',
    },
    expected: { subtotalCents: 100, taxCents: 7, totalCents: 107 },
  },
  {
    // $100.00 x 8.875% = $8.875 -> $8.88 (three-decimal rate, half up)
    name: 'a rate with 3 decimals',
    input: { lines: [{ quantity: 1, unitCents: 10000, taxable: true }], taxGroups: [NYC], taxGroupCode: 'NYC' },
    expected: { taxCents: 888, totalCents: 10888 },
  },
  {
    name: 'tax-exempt unit: no tax, and the reason',
    input: {
      lines: [{ quantity: 2, unitCents: 10000, taxable: true }],
      taxGroups: [GA7],
      taxGroupCode: 'GA-7',
      unit: { taxable: false, label: 'AHU-2' },
    },
    expected: { taxCents: 0, totalCents: 20000, taxByGroup: [], exemptReason: 'Tax exempt: unit AHU-2 is not taxable' },
  },
  {
    name: 'a group code no active group has: no tax, reported',
    input: { lines: [{ quantity: 1, unitCents: 10000, taxable: true }], taxGroups: [GA7], taxGroupCode: 'FL-6' },
    expected: { taxCents: 0, totalCents: 10000, unknownGroups: ['FL-6'] },
  },
  {
    // $50 + $80 = $130 asked, capped at the $100 subtotal: total $0, no tax on a zero base
    name: 'discounts never take the total below zero',
    input: {
      lines: [{ quantity: 1, unitCents: 10000, taxable: true }],
      discounts: [
        { kind: 'amount', amountCents: 5000, reason: 'Goodwill' },
        { kind: 'amount', amountCents: 8000, reason: 'Warranty' },
      ],
      taxGroups: [GA7],
      taxGroupCode: 'GA-7',
    },
    expected: { discountCents: 10000, taxCents: 0, totalCents: 0 },
  },
  {
    // $200 subtotal, all taxable; $20 off -> base $180 x 7% = $12.60; total $192.60
    name: 'an amount discount on a fully taxable invoice',
    input: {
      lines: [{ quantity: 4, unitCents: 5000, taxable: true }],
      discounts: [{ kind: 'amount', amountCents: 2000, reason: 'Coupon' }],
      taxGroups: [GA7],
      taxGroupCode: 'GA-7',
    },
    expected: { subtotalCents: 20000, discountCents: 2000, taxCents: 1260, totalCents: 19260 },
  },
  {
    name: 'no group on the invoice: no tax',
    input: { lines: [{ quantity: 1, unitCents: 18000, taxable: true }], taxGroups: [GA7], taxGroupCode: null },
    expected: { taxCents: 0, totalCents: 18000, unknownGroups: [] },
  },
];

describe('invoiceTotals', () => {
  it.each(cases)('$name', ({ input, expected }) => {
    expect(invoiceTotals(input)).toMatchObject(expected);
  });
});

describe('rateMilli', () => {
  it.each([
    ['7', 7000],
    ['7.000', 7000],
    ['8.875', 8875],
    [6.5, 6500],
  ] as const)('%s -> %i', (rate, milli) => expect(rateMilli(rate)).toBe(milli));
  it('refuses 4 decimals', () => expect(() => rateMilli('7.0001')).toThrow());
});

describe('quantityRefusal', () => {
  it.each([
    ['labor', 1.5, null],
    ['labor', 0.25, null],
    ['labor', 1.3, 'Labor hours must be in steps of 0.25 (for example 1.25 or 1.5)'],
    ['part', 2, null],
    ['part', 1.5, 'Quantity must be a whole number'],
    ['item', 1.5, 'Quantity must be a whole number'],
    [null, 1.33, null],
    [null, 1.333, 'Quantity can have at most 2 decimals'],
    ['labor', 0, 'Quantity must be greater than 0'],
  ] as const)('%s %d', (type, q, refusal) => expect(quantityRefusal(type, q)).toBe(refusal));
});
