import { describe, expect, it } from 'vitest';
import { addMonths, calendarRange, periodTitle, shiftAnchor, startOfWeek } from './calendar-range';

describe('calendar range', () => {
  it.each([
    ['2026-11-23', '2026-11-22'],
    ['2026-11-22', '2026-11-22'],
    ['2026-11-28', '2026-11-22'],
    ['2027-01-01', '2026-12-27'],
  ])('the week of %s starts on Sunday %s', (day, sunday) => {
    expect(startOfWeek(day)).toBe(sunday);
  });

  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2024-01-31', 1, '2024-02-29'],
    ['2026-12-15', 1, '2027-01-15'],
    ['2026-01-15', -1, '2025-12-15'],
  ])('%s plus %i month is %s', (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });

  it('a month covers whole weeks from the week of the 1st to the week of the last day', () => {
    const november = calendarRange('month', '2026-11-23');
    expect(november.from).toBe('2026-11-01');
    expect(november.to).toBe('2026-12-05');
    expect(november.weeks).toHaveLength(5);
    expect(november.weeks.every((w) => w.length === 7)).toBe(true);
    // February 2026 starts on a Sunday and ends on a Saturday: exactly four weeks.
    expect(calendarRange('month', '2026-02-10').weeks).toHaveLength(4);
    // August 2026 starts on a Saturday: six weeks.
    expect(calendarRange('month', '2026-08-31').weeks).toHaveLength(6);
  });

  it('a week is Sunday to Saturday', () => {
    expect(calendarRange('week', '2026-11-25')).toMatchObject({ from: '2026-11-22', to: '2026-11-28' });
  });

  it('moves by a month or a week', () => {
    expect(shiftAnchor('month', '2026-03-31', -1)).toBe('2026-02-01');
    expect(shiftAnchor('week', '2026-11-25', 1)).toBe('2026-12-02');
  });

  it('names the period', () => {
    expect(periodTitle('month', '2026-11-23')).toBe('November 2026');
    expect(periodTitle('week', '2026-11-23')).toBe('Nov 22 – 28, 2026');
    expect(periodTitle('week', '2026-12-01')).toBe('Nov 29 – Dec 5, 2026');
    expect(periodTitle('week', '2026-12-31')).toBe('Dec 27, 2026 – Jan 2, 2027');
  });
});
