import { describe, expect, expectTypeOf, it } from 'vitest';
import { companyListQuery, type CompanyListQuery } from './companies.js';
import {
  companyListFilters,
  locationListFilters,
  percentOf,
  plural,
  type CompanyListFilterValues,
  type LocationListFilterValues,
} from './customer-lists.js';
import { locationListQuery, type LocationListQuery } from './locations.js';

// /companies and /locations read their URL with plain readers (no zod on a first screen's path,
// decision 042), the API with the schemas: over the same query strings they must accept and
// refuse the same values, give the same result, and name the same failing keys.
const uuid = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const long = 'x'.repeat(200);
const paging: Record<string, string>[] = [
  {},
  ...['1', '2', ' 3 ', '0', '-1', '1.5', 'abc', '', '1e2', 'Infinity', '9007199254740993'].map((page) => ({ page })),
  ...['25', '50', '100', ' 50', '10', '', 'abc', '25.0'].map((pageSize) => ({ pageSize })),
];
const keys = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  [...new Set(issues.map((i) => String(i.path[0])))].sort();

interface Reader {
  safeParse(raw: Record<string, string>): {
    success: boolean;
    data?: unknown;
    error?: { issues: readonly { path: readonly PropertyKey[] }[] };
  };
}
function followsSchema(plain: Reader, schema: Reader, inputs: Record<string, string>[]) {
  it.each(inputs)('reads %j as the schema does', (input) => {
    const a = schema.safeParse(input);
    const b = plain.safeParse(input);
    expect(b.success).toBe(a.success);
    if (a.success) expect(b.data).toEqual(a.data);
    else expect(keys(b.error!.issues)).toEqual(keys(a.error!.issues));
  });
}

describe('companyListFilters follows companyListQuery', () => {
  followsSchema(companyListFilters, companyListQuery, [
    ...paging,
    { company: ' Acme ', city: 'Atlanta', state: ' GA', zip: '30301 ' },
    { company: '  ', city: '', state: '\t' },
    { company: long },
    { city: `${long}x` },
    ...[
      'VIP',
      '  Net   30 ',
      '',
      '   ',
      'x'.repeat(40),
      'x'.repeat(41),
      ` ${'x'.repeat(39)} `,
      ` ${'x'.repeat(40)}`,
    ].map((tag) => ({ tag })),
    { company: `${long}x`, tag: 'x'.repeat(41), page: '0', pageSize: '7' },
  ]);
  it('types match', () => expectTypeOf<CompanyListFilterValues>().toEqualTypeOf<CompanyListQuery>());
});

describe('locationListFilters follows locationListQuery', () => {
  followsSchema(locationListFilters, locationListQuery, [
    ...paging,
    { q: ' main ', name: 'HQ', buildingName: ' B ', city: 'Atlanta', state: 'GA', zip: '30301' },
    { q: '', name: ' ', buildingName: '\t' },
    { q: long, zip: `${long}x` },
    ...[uuid, ` ${uuid} `, '', 'abc', '3f1c2a4e-5b6d-1e7f-8a9b-0c1d2e3f4a5b'].map((companyId) => ({ companyId })),
    { q: `${long}x`, companyId: 'abc', page: 'x' },
  ]);
  it('types match', () => expectTypeOf<LocationListFilterValues>().toEqualTypeOf<LocationListQuery>());
});

describe('counts and shares', () => {
  it('writes counts with the right noun', () => {
    expect(plural(1, 'job')).toBe('1 job');
    expect(plural(1234, 'job')).toBe('1,234 jobs');
    expect(plural(2, 'company', 'companies')).toBe('2 companies');
  });
  it('rounds a share to a whole percentage, 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 0)).toBe(0);
  });
});
