import { describe, expect, expectTypeOf, it } from 'vitest';
import { agreementListFilters, type AgreementListFilterValues } from './list-filters.js';
import { agreementListQuery, type AgreementListQuery } from './payloads.js';

// /agreements reads its URL with a plain reader (no zod on its first paint, decision 057), the API
// with the schema: over the same query strings both accept and refuse the same values, give the
// same result and name the same failing keys.
const uuid = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const keys = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  [...new Set(issues.map((i) => String(i.path[0])))].sort();

const inputs: Record<string, string>[] = [
  {},
  { q: '  Acme  ' },
  { q: '' },
  { q: 'x'.repeat(200) },
  { q: 'x'.repeat(201) },
  { q: ` ${'x'.repeat(200)} ` },
  ...['active', ' draft ', '', '   ', 'Active', 'paused'].map((status) => ({ status })),
  ...[uuid, ` ${uuid} `, '', 'not-a-uuid', uuid.toUpperCase()].map((companyId) => ({ companyId })),
  ...['2027-03-31', ' 2027-03-31 ', '', '2027-02-30', '31/03/2027'].map((endingBefore) => ({ endingBefore })),
  ...['1', '2', ' 3 ', '0', '-1', '1.5', 'abc', '', '1e2'].map((page) => ({ page })),
  ...['25', '50', '100', '10', '', 'abc'].map((pageSize) => ({ pageSize })),
  { status: 'paused', companyId: 'x', endingBefore: 'soon', page: '0', pageSize: '7', q: 'Acme' },
];

describe('agreementListFilters (the /agreements screen reads its URL without zod)', () => {
  it.each(inputs)('reads %j as agreementListQuery does', (input) => {
    const a = agreementListQuery.safeParse(input);
    const b = agreementListFilters.safeParse(input);
    expect(b.success).toBe(a.success);
    if (a.success && b.success) expect(b.data).toEqual(a.data);
    if (!a.success && !b.success) expect(keys(b.error.issues)).toEqual(keys(a.error.issues));
  });

  it('gives the values worked out by hand', () => {
    expect(agreementListFilters.parse({ q: ' Acme ', status: ' active ', pageSize: '50' })).toEqual({
      q: 'Acme',
      status: 'active',
      companyId: undefined,
      endingBefore: undefined,
      page: 1,
      pageSize: 50,
    });
  });

  it('has the schema output type', () => {
    expectTypeOf<AgreementListFilterValues>().toEqualTypeOf<AgreementListQuery>();
  });
});
