import { describe, expect, it } from 'vitest';
import {
  periodStartDate,
  reportFileBase,
  reportTotals,
  tonnageText,
  unitAgeText,
  unitTypeText,
} from './company-report';

const unit = (over: object = {}) => ({
  id: 'u',
  unitNumber: 'RTU-1',
  status: 'active' as const,
  systemType: null,
  unitType: null,
  tonnage: null,
  age: null,
  inspectedOn: null,
  lastServiceDate: null,
  openRepairs: { count: 1, valueCents: 1000 },
  openQuotes: { count: 0, valueCents: 0 },
  jobsLast12Months: 2,
  invoicedLast12MonthsCents: 500,
  ...over,
});

describe('company asset report rules', () => {
  it('adds up the units', () => {
    expect(reportTotals([{ units: [unit(), unit({ status: 'inactive' })] }, { units: [unit()] }])).toEqual({
      units: 3,
      activeUnits: 2,
      openRepairs: { count: 3, valueCents: 3000 },
      openQuotes: { count: 0, valueCents: 0 },
      jobsLast12Months: 6,
      invoicedLast12MonthsCents: 1500,
    });
    expect(reportTotals([]).units).toBe(0);
  });

  it('starts the 12 months on the same day a year back, clamped to the month', () => {
    expect(periodStartDate('2026-11-22')).toBe('2025-11-22');
    expect(periodStartDate('2028-02-29')).toBe('2027-02-28');
    expect(periodStartDate('2026-03-31', 1)).toBe('2026-02-28');
    expect(periodStartDate('2026-01-15', 1)).toBe('2025-12-15');
  });

  it('writes type, tonnage and age', () => {
    expect(unitTypeText({ systemType: 'RTU', unitType: 'Gas' })).toBe('RTU, Gas');
    expect(unitTypeText({ systemType: null, unitType: null })).toBe('-');
    expect(tonnageText('5')).toBe('5 tons');
    expect(tonnageText('1')).toBe('1 ton');
    expect(tonnageText('7.5 T')).toBe('7.5 T');
    expect(tonnageText(' ')).toBe('-');
    expect(unitAgeText(1)).toBe('1 yr');
    expect(unitAgeText(12)).toBe('12 yrs');
    expect(unitAgeText(null)).toBe('-');
  });

  it('names the files after the company and the day', () => {
    expect(reportFileBase('Acme Corp. & Sons', '2026-11-29')).toBe('acme-corp-sons-asset-report-2026-11-29');
    expect(reportFileBase('***', '2026-11-29')).toBe('company-asset-report-2026-11-29');
  });
});
