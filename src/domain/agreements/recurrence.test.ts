import { describe, expect, it } from 'vitest';
import {
  describeVisitRule,
  nextVisitDate,
  planMonths,
  visitDateInMonth,
  visitDates,
  visitWindowEnd,
  type VisitRule,
} from './recurrence.js';

const day15 = { kind: 'dayOfMonth', day: 15 } as const;
const firstMonday = { kind: 'nthWeekday', nth: 1, weekday: 1 } as const;
const rule = (frequency: VisitRule['frequency'], day: VisitRule['day'], months: number[] = []): VisitRule => ({
  frequency,
  months,
  day,
});

describe('planMonths: the months a plan visits', () => {
  it.each([
    ['monthly', 1, [], [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    ['quarterly from January', 1, [], [1, 4, 7, 10]],
    ['quarterly from November', 11, [], [2, 5, 8, 11]],
    ['twice a year from November', 11, [], [5, 11]],
    ['once a year from March', 3, [], [3]],
    ['spring and fall (chosen, unordered, repeated)', 1, [10, 4, 10], [4, 10]],
  ] as const)('%s', (label, startMonth, months, expected) => {
    const frequency = label.startsWith('monthly')
      ? 'monthly'
      : label.startsWith('quarterly')
        ? 'quarterly'
        : label.startsWith('twice')
          ? 'semiannual'
          : label.startsWith('once')
            ? 'annual'
            : 'months';
    expect(planMonths({ frequency, months }, startMonth)).toEqual(expected);
  });
});

describe('visitDateInMonth: the day rule', () => {
  it.each([
    ['the 15th of April 2027', day15, 2027, 4, '2027-04-15'],
    ['the first Monday of April 2027 (April 1 is a Thursday)', firstMonday, 2027, 4, '2027-04-05'],
    ['the first Monday of February 2027 (February 1 is a Monday)', firstMonday, 2027, 2, '2027-02-01'],
    ['the second Tuesday of December 2026', { kind: 'nthWeekday', nth: 2, weekday: 2 }, 2026, 12, '2026-12-08'],
    [
      'the last Friday of February 2027 (the 28th is a Sunday)',
      { kind: 'nthWeekday', nth: -1, weekday: 5 },
      2027,
      2,
      '2027-02-26',
    ],
    [
      'the last Sunday of February 2027 (the 28th itself)',
      { kind: 'nthWeekday', nth: -1, weekday: 0 },
      2027,
      2,
      '2027-02-28',
    ],
    ['the fourth Friday of October 2027', { kind: 'nthWeekday', nth: 4, weekday: 5 }, 2027, 10, '2027-10-22'],
  ] as const)('%s', (_label, day, year, month, expected) => {
    expect(visitDateInMonth(day, year, month)).toBe(expected);
  });
});

describe('visitDates: the visit dates of a plan in a range', () => {
  it.each([
    [
      'quarterly on the 15th, a year from January 15',
      rule('quarterly', day15),
      '2027-01-15',
      '2027-01-01',
      '2027-12-31',
      ['2027-01-15', '2027-04-15', '2027-07-15', '2027-10-15'],
    ],
    [
      'spring and fall on the first Monday',
      rule('months', firstMonday, [4, 10]),
      '2027-01-01',
      '2027-01-01',
      '2027-12-31',
      ['2027-04-05', '2027-10-04'],
    ],
    [
      'monthly on the first Monday, January to March',
      rule('monthly', firstMonday),
      '2027-01-01',
      '2027-01-01',
      '2027-03-31',
      ['2027-01-04', '2027-02-01', '2027-03-01'],
    ],
    [
      "a range starting after the month's date leaves it out",
      rule('monthly', day15),
      '2027-01-01',
      '2027-01-16',
      '2027-03-14',
      ['2027-02-15'],
    ],
    [
      'both ends are included',
      rule('monthly', day15),
      '2027-01-01',
      '2027-01-15',
      '2027-02-15',
      ['2027-01-15', '2027-02-15'],
    ],
    [
      'across a year end, twice a year from November',
      rule('semiannual', day15),
      '2026-11-01',
      '2026-11-01',
      '2027-12-31',
      ['2026-11-15', '2027-05-15', '2027-11-15'],
    ],
    ['an empty range', rule('monthly', day15), '2027-01-01', '2027-03-01', '2027-02-01', []],
  ] as const)('%s', (_label, r, start, from, to, expected) => {
    expect(visitDates(r, start, from, to)).toEqual(expected);
  });

  it('nextVisitDate: the first date on or after a day, within the term', () => {
    const quarterly = rule('quarterly', day15);
    expect(nextVisitDate(quarterly, '2027-01-15', '2027-01-16', '2027-12-31')).toBe('2027-04-15');
    expect(nextVisitDate(quarterly, '2027-01-15', '2027-10-16', '2027-12-31')).toBeNull();
    expect(nextVisitDate(rule('annual', day15), '2027-03-01', '2027-03-16', '2029-12-31')).toBe('2028-03-15');
  });

  it('visitWindowEnd: the last day of the window (14 days from the 15th: the 28th)', () => {
    expect(visitWindowEnd('2027-04-15', 14)).toBe('2027-04-28');
    expect(visitWindowEnd('2027-04-15', 1)).toBe('2027-04-15');
    expect(visitWindowEnd('2027-12-25', 14)).toBe('2028-01-07');
  });

  it('describes the plan in words', () => {
    expect(describeVisitRule(rule('quarterly', day15), '2027-01-15')).toBe(
      'Quarterly (January, April, July, October) on the 15th',
    );
    expect(describeVisitRule(rule('months', firstMonday, [4, 10]), '2027-01-01')).toBe(
      'Chosen months (April, October) on the first Monday',
    );
    expect(describeVisitRule(rule('monthly', { kind: 'nthWeekday', nth: -1, weekday: 5 }), '2027-01-01')).toBe(
      'Monthly on the last Friday',
    );
    expect(describeVisitRule(rule('monthly', { kind: 'dayOfMonth', day: 22 }), '2027-01-01')).toBe(
      'Monthly on the 22nd',
    );
  });
});
