import { describe, expect, it } from 'vitest';
import {
  agreementProfitability,
  agreementRevenueCents,
  formatPermille,
  laborCostCents,
  plannedVisits,
} from './pull-through.js';
import type { VisitRule } from './recurrence.js';

const quarterlyOn15th: VisitRule = { frequency: 'quarterly', months: [], day: { kind: 'dayOfMonth', day: 15 } };
const monthlyOn1st: VisitRule = { frequency: 'monthly', months: [], day: { kind: 'dayOfMonth', day: 1 } };

describe('pull-through: agreement revenue', () => {
  it('is the contract value of the term (its price), until billing says otherwise', () => {
    expect(agreementRevenueCents({ priceCents: 120_000 })).toBe(120_000);
  });
});

describe('pull-through: labor cost in integer cents', () => {
  it.each([
    ['four 90-minute visits at $45.50 an hour', 360, 4_550, 27_300],
    ['50 minutes at $45.55: $37.9583 rounds to $37.96', 50, 4_555, 3_796],
    ['half a cent rounds up: 1 minute at $0.30', 1, 30, 1],
    ['under half a cent rounds down: 1 minute at $0.29', 1, 29, 0],
    ['no rate set: no cost', 600, 0, 0],
  ] as const)('%s', (_label, minutes, rate, cost) => {
    expect(laborCostCents(minutes, rate)).toBe(cost);
  });

  it('refuses fractions and negatives', () => {
    expect(() => laborCostCents(1.5, 100)).toThrow(RangeError);
    expect(() => laborCostCents(10, -1)).toThrow(RangeError);
  });
});

describe('pull-through: profitability', () => {
  it('a $1,200.00 agreement that brought $2,450.00 of repairs', () => {
    // 4 visits of 1:30 at $45.50 an hour = $273.00; parts $185.40.
    // 1,200.00 + 2,450.00 - 273.00 - 185.40 = 3,191.60; 3,191.60 / 3,650.00 = 87.44 % -> 87.4 %.
    expect(
      agreementProfitability({
        agreementRevenueCents: 120_000,
        repairRevenueCents: 245_000,
        laborMinutes: 360,
        laborRateCents: 4_550,
        partsCostCents: 18_540,
      }),
    ).toEqual({
      agreementRevenueCents: 120_000,
      repairRevenueCents: 245_000,
      laborMinutes: 360,
      laborCostCents: 27_300,
      partsCostCents: 18_540,
      profitCents: 319_160,
      marginPermille: 874,
    });
  });

  it('a $600.00 agreement with 8 hours at $60.00 and $200.00 of parts loses $80.00 (-13.3 %)', () => {
    const p = agreementProfitability({
      agreementRevenueCents: 60_000,
      repairRevenueCents: 0,
      laborMinutes: 480,
      laborRateCents: 6_000,
      partsCostCents: 20_000,
    });
    expect(p.laborCostCents).toBe(48_000);
    expect(p.profitCents).toBe(-8_000);
    expect(p.marginPermille).toBe(-133);
    expect(formatPermille(p.marginPermille!)).toBe('-13.3 %');
  });

  it('has no margin without revenue', () => {
    expect(
      agreementProfitability({
        agreementRevenueCents: 0,
        repairRevenueCents: 0,
        laborMinutes: 60,
        laborRateCents: 5_000,
        partsCostCents: 0,
      }),
    ).toMatchObject({ profitCents: -5_000, marginPermille: null });
  });

  it('formats tenths of a percent', () => {
    expect(formatPermille(874)).toBe('87.4 %');
    expect(formatPermille(0)).toBe('0.0 %');
    expect(formatPermille(-5)).toBe('-0.5 %');
    expect(formatPermille(1000)).toBe('100.0 %');
  });
});

describe('pull-through: visits planned', () => {
  const base = {
    rule: quarterlyOn15th,
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    planFrom: '2026-01-01',
    locations: 2,
    madeBeforePlanFrom: { total: 0, toDate: 0 },
  };

  it('quarterly at two buildings: 8 in the year, 4 by the end of June (January and April)', () => {
    expect(plannedVisits({ ...base, today: '2026-06-30' })).toEqual({ wholeTerm: 8, termToDate: 4 });
  });

  it('counts a visit dated today as planned to date', () => {
    expect(plannedVisits({ ...base, today: '2026-04-15' })).toEqual({ wholeTerm: 8, termToDate: 4 });
    expect(plannedVisits({ ...base, today: '2026-04-14' })).toEqual({ wholeTerm: 8, termToDate: 2 });
  });

  it('before the term nothing is due yet; after it, the whole term is', () => {
    expect(plannedVisits({ ...base, today: '2025-12-01' })).toEqual({ wholeTerm: 8, termToDate: 0 });
    expect(plannedVisits({ ...base, today: '2027-03-01' })).toEqual({ wholeTerm: 8, termToDate: 8 });
  });

  it('entered in May: the plan owes July and October only', () => {
    expect(plannedVisits({ ...base, planFrom: '2026-05-01', today: '2026-06-30' })).toEqual({
      wholeTerm: 4,
      termToDate: 0,
    });
  });

  it('a plan edited on June 1 to monthly: the 2 visits made before, then June to December', () => {
    expect(
      plannedVisits({
        ...base,
        rule: monthlyOn1st,
        locations: 1,
        planFrom: '2026-06-01',
        madeBeforePlanFrom: { total: 2, toDate: 2 },
        today: '2026-08-15',
      }),
    ).toEqual({ wholeTerm: 2 + 7, termToDate: 2 + 3 });
  });

  it('a cancelled agreement plans nothing after its cancellation (end = the cancel date)', () => {
    expect(plannedVisits({ ...base, endDate: '2026-05-10', today: '2026-06-30' })).toEqual({
      wholeTerm: 4,
      termToDate: 4,
    });
  });
});
