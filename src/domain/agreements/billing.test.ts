import { describe, expect, it } from 'vitest';
import {
  agreementInvoiceNumber,
  billingPeriods,
  deferredRevenueByMonth,
  earningVisits,
  monthsBetween,
  periodAmountsCents,
  perVisitAmountCents,
  shareCents,
  splitCents,
} from './billing.js';

describe('billing: the periods of a term', () => {
  it('a calendar year billed quarterly: four quarters', () => {
    expect(billingPeriods('quarterly', '2027-01-01', '2027-12-31')).toEqual([
      { index: 1, start: '2027-01-01', end: '2027-03-31' },
      { index: 2, start: '2027-04-01', end: '2027-06-30' },
      { index: 3, start: '2027-07-01', end: '2027-09-30' },
      { index: 4, start: '2027-10-01', end: '2027-12-31' },
    ]);
  });

  it('monthly from January 31: counted from the start, never drifting', () => {
    expect(billingPeriods('monthly', '2027-01-31', '2027-04-30').map((p) => [p.start, p.end])).toEqual([
      ['2027-01-31', '2027-02-27'],
      ['2027-02-28', '2027-03-30'],
      ['2027-03-31', '2027-04-29'],
      ['2027-04-30', '2027-04-30'],
    ]);
  });

  it('annually: one period; a 14-month term: the second period is cut at the end', () => {
    expect(billingPeriods('annually', '2027-03-15', '2028-03-14')).toEqual([
      { index: 1, start: '2027-03-15', end: '2028-03-14' },
    ]);
    expect(billingPeriods('annually', '2027-01-01', '2028-02-29').map((p) => p.end)).toEqual([
      '2027-12-31',
      '2028-02-29',
    ]);
  });

  it('per visit has no advance periods', () => {
    expect(billingPeriods('per_visit', '2027-01-01', '2027-12-31')).toEqual([]);
  });
});

describe('billing: proration (integer cents, remainder on the last)', () => {
  it('$1,000.00 a year billed quarterly: 250.00 x 4', () => {
    const periods = billingPeriods('quarterly', '2027-01-01', '2027-12-31');
    expect(periodAmountsCents(100_000, '2027-01-01', '2027-12-31', periods)).toEqual([25_000, 25_000, 25_000, 25_000]);
  });

  it('$1,000.00 billed monthly: 83.33 x 11 and 83.37 (the remainder last)', () => {
    const periods = billingPeriods('monthly', '2027-01-01', '2027-12-31');
    const amounts = periodAmountsCents(100_000, '2027-01-01', '2027-12-31', periods);
    expect(amounts.slice(0, 11)).toEqual(Array(11).fill(8_333));
    expect(amounts[11]).toBe(8_337);
    expect(amounts.reduce((a, b) => a + b, 0)).toBe(100_000);
  });

  it('a 14-month term billed annually: 12/14 and 2/14 of $1,400.00', () => {
    const periods = billingPeriods('annually', '2027-01-01', '2028-02-29');
    expect(periodAmountsCents(140_000, '2027-01-01', '2028-02-29', periods)).toEqual([120_000, 20_000]);
  });

  it('a term that is not whole months is prorated by days: 100 days quarterly', () => {
    // 2027-01-01 .. 2027-04-10: 90 days + 10 days; $1,000.00 -> 900.00 and 100.00
    const periods = billingPeriods('quarterly', '2027-01-01', '2027-04-10');
    expect(periodAmountsCents(100_000, '2027-01-01', '2027-04-10', periods)).toEqual([90_000, 10_000]);
  });

  it('per visit: $1,000.00 over 3 visits = 333.33, 333.33, 333.34', () => {
    expect([1, 2, 3].map((k) => perVisitAmountCents(100_000, 3, k))).toEqual([33_333, 33_333, 33_334]);
    expect(perVisitAmountCents(100_000, 3, 4)).toBe(0);
  });

  it('splitCents and shareCents agree', () => {
    expect(splitCents(1_000, 3)).toEqual([333, 333, 334]);
    expect([1, 2, 3].map((k) => shareCents(1_000, 3, k))).toEqual([333, 333, 334]);
    expect(splitCents(2, 4)).toEqual([0, 0, 0, 2]);
  });
});

describe('billing: the visits an advance invoice is earned on', () => {
  const quarterly = ['2027-01-15', '2027-04-15', '2027-07-15', '2027-10-15'];
  it('a quarter with one visit at two locations: two parts', () => {
    expect(earningVisits(quarterly, { start: '2027-01-01', end: '2027-03-31' }, ['L1', 'L2'])).toEqual([
      { visitDate: '2027-01-15', locationId: 'L1' },
      { visitDate: '2027-01-15', locationId: 'L2' },
    ]);
  });
  it('a month with no visit is earned on the next visit of the term', () => {
    expect(earningVisits(quarterly, { start: '2027-02-01', end: '2027-02-28' }, ['L1'])).toEqual([
      { visitDate: '2027-04-15', locationId: 'L1' },
    ]);
  });
  it('after the last visit: on the last visit; with no visit at all: at the period end', () => {
    expect(earningVisits(quarterly, { start: '2027-11-01', end: '2027-11-30' }, ['L1'])).toEqual([
      { visitDate: '2027-10-15', locationId: 'L1' },
    ]);
    expect(earningVisits([], { start: '2027-11-01', end: '2027-11-30' }, ['L1'])).toEqual([
      { visitDate: null, locationId: null },
    ]);
  });
});

describe('deferred revenue by month (worked example)', () => {
  it('$1,000.00 billed annually in January, 4 quarterly visits: earned 250.00 per visit done', () => {
    // Issued 2027-01-02; visits done 1/20, 4/18, (July's not yet done), 10/30 -> earned in Jan, Apr, Oct.
    const months = monthsBetween('2027-01', '2027-12');
    const report = deferredRevenueByMonth(
      [{ issuedDate: '2027-01-02', preTaxCents: 100_000, earned: ['2027-01-20', '2027-04-18', null, '2027-10-30'] }],
      months,
    );
    expect(report[0]).toEqual({
      month: '2027-01-01',
      billedCents: 100_000,
      earnedCents: 25_000,
      deferredCents: 75_000,
    });
    expect(report[1]).toEqual({ month: '2027-02-01', billedCents: 0, earnedCents: 0, deferredCents: 75_000 });
    expect(report[3]).toEqual({ month: '2027-04-01', billedCents: 0, earnedCents: 25_000, deferredCents: 50_000 });
    expect(report[9]).toEqual({ month: '2027-10-01', billedCents: 0, earnedCents: 25_000, deferredCents: 25_000 });
    expect(report[11]!.deferredCents).toBe(25_000);
  });

  it('a visit done before the invoice is issued is earned on the issue date; remainders on the last visit', () => {
    // $100.00 over 3 visits: 33.33, 33.33, 33.34
    const report = deferredRevenueByMonth(
      [{ issuedDate: '2027-03-05', preTaxCents: 10_000, earned: ['2027-02-20', null, '2027-03-30'] }],
      ['2027-02-01', '2027-03-01'],
    );
    expect(report).toEqual([
      { month: '2027-02-01', billedCents: 0, earnedCents: 0, deferredCents: 0 },
      { month: '2027-03-01', billedCents: 10_000, earnedCents: 3_333 + 3_334, deferredCents: 3_333 },
    ]);
  });

  it('months between two dates, at most 36', () => {
    expect(monthsBetween('2027-11-15', '2028-02-01')).toEqual(['2027-11-01', '2027-12-01', '2028-01-01', '2028-02-01']);
    expect(monthsBetween('2020-01-01', '2029-01-01')).toHaveLength(36);
  });

  it('numbers advance invoices like job invoices', () => {
    expect(agreementInvoiceNumber(1001, () => 0.0421)).toBe('AGR-1001-INV-0421');
  });
});
