import { describe, expect, expectTypeOf, it } from 'vitest';
import { priceListQuery, type PriceListQuery } from './price-book.js';
import { priceListUrlFilters, type PriceListUrlFilters } from './price-book-lists.js';

// /item-prices reads its URL with the plain reader (no zod on a list's first load, decision 057),
// the API with the schema: they must accept and refuse the same values, give the same result, and
// name the same failing keys (useUrlFilters drops those and reads again).
describe('priceListUrlFilters follows priceListQuery', () => {
  const inputs: Record<string, string>[] = [
    {},
    { q: ' filter ', serviceLine: ' HVAC ' },
    { q: '  ', serviceLine: '' },
    { q: 'x'.repeat(100) },
    { q: 'x'.repeat(101) },
    { serviceLine: 'y'.repeat(20) },
    { serviceLine: 'y'.repeat(21) },
    ...['part', 'labor', 'item', '', 'Part', ' part', 'service'].map((type) => ({ type })),
    ...['1', '2', ' 3 ', '0', '-1', '1.5', 'abc', '', '1e2', 'Infinity', '9007199254740993'].map((page) => ({ page })),
    ...['25', '1', '100', '101', ' 50', '0', '', 'abc', '25.0', '2.5e1', '7'].map((pageSize) => ({ pageSize })),
    { q: 'x'.repeat(101), type: 'service', page: '0', pageSize: '500', other: 'ignored' },
  ];
  const keys = (issues: readonly { path: readonly PropertyKey[] }[]) =>
    [...new Set(issues.map((i) => String(i.path[0])))].sort();

  it.each(inputs)('reads %j as the schema does', (input) => {
    const schema = priceListQuery.safeParse(input);
    const plain = priceListUrlFilters.safeParse(input);
    expect(plain.success).toBe(schema.success);
    if (schema.success && plain.success) expect(plain.data).toEqual(schema.data);
    if (!schema.success && !plain.success) expect(keys(plain.error.issues)).toEqual(keys(schema.error.issues));
  });

  it('gives the screen the type the schema gives the API', () => {
    expectTypeOf<PriceListUrlFilters>().toEqualTypeOf<PriceListQuery>();
  });
});
