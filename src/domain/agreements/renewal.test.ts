import { describe, expect, it } from 'vitest';
import {
  addMonths,
  basisPointsToPercent,
  escalatedPriceCents,
  nextTerm,
  percentToBasisPoints,
  termMonths,
} from './renewal.js';

describe('renewal: the next term', () => {
  it.each([
    ['a calendar year', '2026-01-01', '2026-12-31', '2027-01-01', '2027-12-31'],
    ['a year from mid-March', '2026-03-15', '2027-03-14', '2027-03-15', '2028-03-14'],
    [
      'a year ending on a leap day, then a year ending February 28',
      '2027-03-01',
      '2028-02-29',
      '2028-03-01',
      '2029-02-28',
    ],
    ['six months', '2026-07-01', '2026-12-31', '2027-01-01', '2027-06-30'],
    ['ten days (not whole months): the same number of days', '2026-01-01', '2026-01-10', '2026-01-11', '2026-01-20'],
  ] as const)('%s', (_label, start, end, nextStart, nextEnd) => {
    expect(nextTerm(start, end)).toEqual({ startDate: nextStart, endDate: nextEnd });
  });

  it('counts whole months only when the term is whole months', () => {
    expect(termMonths('2026-01-01', '2026-12-31')).toBe(12);
    expect(termMonths('2026-01-01', '2027-12-31')).toBe(24);
    expect(termMonths('2026-01-01', '2026-12-30')).toBeNull();
  });

  it("adds months keeping the day, or the month's last day", () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 3)).toBe('2027-02-15');
  });
});

describe('renewal: the price escalator, in cents, half up', () => {
  it.each([
    ['$1,200.00 at 3.5 % is $1,242.00', 120_000, '3.5', 124_200],
    ['$999.99 at 2.5 % is $1,024.99 ($1,024.98975 rounds up)', 99_999, '2.5', 102_499],
    ['$10.00 at 0.05 % is $10.01 ($10.005: half goes up)', 1_000, '0.05', 1_001],
    ['$3.33 at 1.5 % is $3.38 ($3.37995)', 333, '1.5', 338],
    ['no escalator keeps the price', 120_000, '0', 120_000],
    ['a free agreement stays free', 0, '10', 0],
    ['100 % doubles it', 50_000, '100', 100_000],
  ] as const)('%s', (_label, cents, percent, expected) => {
    expect(escalatedPriceCents(cents, percentToBasisPoints(percent)!)).toBe(expected);
  });

  it('reads a percentage as hundredths of a percent, at most two decimals', () => {
    expect(percentToBasisPoints('3.5')).toBe(350);
    expect(percentToBasisPoints('3.25')).toBe(325);
    expect(percentToBasisPoints(3)).toBe(300);
    expect(percentToBasisPoints('100')).toBe(10_000);
    for (const bad of ['3.125', '-1', 'abc', '', '1e2']) expect(percentToBasisPoints(bad)).toBeNull();
    expect(basisPointsToPercent(350)).toBe('3.50');
    expect(basisPointsToPercent(5)).toBe('0.05');
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => escalatedPriceCents(10.5, 100)).toThrow(RangeError);
    expect(() => escalatedPriceCents(100, -1)).toThrow(RangeError);
  });
});
