import { describe, expect, it } from 'vitest';
import { centsToDecimal, formatCents, toCents } from './money';

describe('money', () => {
  it.each([
    ['1234.50', 123450],
    ['1234.5', 123450],
    ['0.1', 10],
    ['180.00', 18000],
    ['.99', 99],
    ['7', 700],
    ['-12.34', -1234],
    ['1.005', 101],
    ['1.004', 100],
  ])('toCents(%s) = %i', (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });

  it('takes numbers without binary rounding errors', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(null)).toBe(0);
  });

  it('refuses what is not an amount', () => {
    expect(() => toCents('12,50')).toThrow(RangeError);
    expect(() => toCents('abc')).toThrow(RangeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it('writes numeric(12,2) text and shows dollars with 2 decimals', () => {
    expect(centsToDecimal(123450)).toBe('1234.50');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(-1234)).toBe('-12.34');
    expect(formatCents(1800000)).toBe('$18,000.00');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-0)).toBe('$0.00');
    expect(formatCents(-123456789)).toBe('-$1,234,567.89');
    expect(formatCents(99_999_999_999)).toBe('$999,999,999.99');
    expect(formatCents(1234.5)).toBe('$12.35');
    expect(formatCents(-0.4)).toBe('$0.00');
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});

describe('formatCents against Intl', () => {
  it('writes every amount as en-US currency formatting does', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
    const amounts = [1, 5, 99, 100, 101, 999, 1000, 99_999, 100_000, 123_456, 9_999_999, 10_000_000, 123_456_789_012];
    for (const cents of [...amounts, ...amounts.map((c) => -c)])
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
  });
});
