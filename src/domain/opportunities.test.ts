import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  ageRange,
  hasRepeatedRepairs,
  isReplacementAge,
  opportunityAgeDays,
  opportunitySettings,
  opportunityListQuery,
  opportunityUrlFilters,
  replacementReasonText,
  type OpportunityListQuery,
  type OpportunityUrlFilters,
} from './opportunities';

describe('opportunity age', () => {
  it.each([
    ['2026-11-20', '2026-11-20', 0],
    ['2026-11-19', '2026-11-20', 1],
    ['2026-02-28', '2026-03-01', 1],
    ['2025-11-20', '2026-11-20', 365],
    ['2026-03-07', '2026-03-09', 2], // across the daylight-saving change: calendar days
    ['2026-11-21', '2026-11-20', 0], // arisen "tomorrow" (clock skew): never negative
  ])('%s to %s is %i days', (from, to, days) => {
    expect(opportunityAgeDays(from, to)).toBe(days);
  });

  it('maps the age choices to day ranges that meet without overlapping', () => {
    expect(ageRange('30')).toEqual({ min: 0, max: 30 });
    expect(ageRange('90')).toEqual({ min: 31, max: 90 });
    expect(ageRange('365')).toEqual({ min: 91, max: 365 });
    expect(ageRange('older')).toEqual({ min: 366, max: null });
  });
});

describe('replacement candidates', () => {
  it.each([
    [null, 15, false],
    [14, 15, false],
    [15, 15, true],
    [22, 15, true],
    [8, 8, true],
  ])('age %s with threshold %i: %s', (age, threshold, expected) => {
    expect(isReplacementAge(age, threshold)).toBe(expected);
  });

  it('needs repairs on three jobs for "repeated repairs"', () => {
    expect(hasRepeatedRepairs(2)).toBe(false);
    expect(hasRepeatedRepairs(3)).toBe(true);
  });

  it('says why', () => {
    expect(replacementReasonText('age', 18)).toBe('18 years old');
    expect(replacementReasonText('repeat_repairs', null)).toBe('repairs on 3+ jobs in 12 months');
    expect(replacementReasonText('age_and_repeat_repairs', 20)).toBe('20 years old; repairs on 3+ jobs in 12 months');
  });

  it('bounds the threshold setting', () => {
    expect(opportunitySettings.safeParse({ replacementAgeYears: '15' }).data).toEqual({ replacementAgeYears: 15 });
    expect(opportunitySettings.safeParse({ replacementAgeYears: 0 }).error?.issues[0]?.message).toBe(
      'Replacement age must be at least 1 year',
    );
    expect(opportunitySettings.safeParse({ replacementAgeYears: 2.5 }).success).toBe(false);
  });
});

describe('opportunityUrlFilters follows opportunityListQuery', () => {
  // The list reads its URL without zod (decision 057), the API with the schema: over the same query
  // strings both accept and refuse the same values, give the same result, and name the same keys.
  const uuid = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
  const inputs: Record<string, string>[] = [
    {},
    { companyId: uuid },
    { companyId: ` ${uuid} ` },
    { companyId: '' },
    { companyId: 'nope' },
    { technicianId: uuid },
    { technicianId: 'x' },
    ...['unquoted_repair', 'awaiting_customer', 'declined_quote', 'replacement', '', 'Replacement', 'x'].map(
      (kind) => ({ kind }),
    ),
    ...['30', '90', '365', 'older', '', '31', ' 30'].map((age) => ({ age })),
    ...['1', '0', '', 'yes'].map((dismissed) => ({ dismissed })),
    ...['age', 'value', '', 'name'].map((sort) => ({ sort })),
    ...['asc', 'desc', '', 'up'].map((dir) => ({ dir })),
    ...['1', '2', ' 3 ', '0', '-1', '1.5', 'abc', '', '10000', '10001', '1e2'].map((page) => ({ page })),
    { kind: 'replacement', age: '90', sort: 'value', dir: 'asc', page: '3', other: 'ignored' },
    { kind: 'x', age: 'y', page: '0' },
  ];
  const keys = (issues: readonly { path: readonly PropertyKey[] }[]) =>
    [...new Set(issues.map((i) => String(i.path[0])))].sort();
  it.each(inputs)('reads %j as the schema does', (input) => {
    const a = opportunityListQuery.safeParse(input);
    const b = opportunityUrlFilters.safeParse(input);
    expect(b.success).toBe(a.success);
    if (a.success && b.success) expect(b.data).toEqual(a.data);
    if (!a.success && !b.success) expect(keys(b.error.issues)).toEqual(keys(a.error.issues));
  });
  it('types match', () => expectTypeOf<OpportunityUrlFilters>().toEqualTypeOf<OpportunityListQuery>());
});
