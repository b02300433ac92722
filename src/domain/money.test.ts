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
    expect(() => centsToDecimal(1.5)).toThrow(RangeError);
  });
});
