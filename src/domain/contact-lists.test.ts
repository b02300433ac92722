import { describe, expect, expectTypeOf, it } from 'vitest';
import { contactListFilters, type ContactListFilterValues } from './contact-lists.js';
import { contactListQuery, type ContactListQuery } from './contacts.js';

// /contacts reads its URL with a plain reader (no zod on its first paint, decision 057), the API
// with the schema: over the same query strings both accept and refuse the same values, give the
// same result and name the same failing keys.
const uuid = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const keys = (issues: readonly { path: readonly PropertyKey[] }[]) =>
  [...new Set(issues.map((i) => String(i.path[0])))].sort();

const inputs: Record<string, string>[] = [
  {},
  { q: '  Pat  ' },
  { q: '' },
  { q: 'x'.repeat(200) },
  { q: 'x'.repeat(201) },
  ...['billing', ' owner ', '', '  ', 'Billing', 'janitor'].map((role) => ({ role })),
  ...[uuid, ` ${uuid} `, '', 'nope'].map((companyId) => ({ companyId })),
  ...[uuid, '', 'nope'].map((locationId) => ({ locationId })),
  ...['1', ' 2 ', '0', '1.5', 'abc', ''].map((page) => ({ page })),
  ...['25', '100', '10', '', 'abc'].map((pageSize) => ({ pageSize })),
  { role: 'janitor', companyId: 'x', locationId: 'y', page: '0', pageSize: '7', q: 'Pat' },
];

describe('contactListFilters (the /contacts screen reads its URL without zod)', () => {
  it.each(inputs)('reads %j as contactListQuery does', (input) => {
    const a = contactListQuery.safeParse(input);
    const b = contactListFilters.safeParse(input);
    expect(b.success).toBe(a.success);
    if (a.success && b.success) expect(b.data).toEqual(a.data);
    if (!a.success && !b.success) expect(keys(b.error.issues)).toEqual(keys(a.error.issues));
  });

  it('gives the values worked out by hand', () => {
    expect(contactListFilters.parse({ q: ' Pat ', role: ' billing ', page: '2' })).toEqual({
      q: 'Pat',
      companyId: undefined,
      locationId: undefined,
      role: 'billing',
      page: 2,
      pageSize: 25,
    });
  });

  it('has the schema output type', () => {
    expectTypeOf<ContactListFilterValues>().toEqualTypeOf<ContactListQuery>();
  });
});
