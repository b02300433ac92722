import { describe, expect, it } from 'vitest';
import { countAppliedUnitFilters, unitInput, unitJobStatistics, unitListFilters, unitListQuery } from './units.js';

const LOCATION = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const errors = (input: unknown) => {
  const result = unitInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('unit form rules', () => {
  it('applies the defaults: active, taxable, Main Office, empty values as null', () => {
    expect(
      unitInput.parse({
        locationId: LOCATION,
        unitNumber: ' RTU-1 ',
        primaryContactEmail: '',
        billingState: 'ga',
        office: '  ',
      }),
    ).toEqual({
      locationId: LOCATION,
      unitNumber: 'RTU-1',
      status: 'active',
      primaryContactType: null,
      primaryContactEmail: null,
      primaryContactPhone: null,
      phone: null,
      billingEntity: null,
      billingEmail: null,
      billingCity: null,
      billingState: 'GA',
      billingZip: null,
      office: 'Main Office',
      taxable: true,
      taxGroupName: null,
      taxGroupCode: null,
    });
  });

  it('requires the unit number and a location', () => {
    expect(errors({ unitNumber: ' ' })).toEqual([
      'locationId: Please select a location first',
      'unitNumber: Unit number is required',
    ]);
  });

  it('checks status, contact type, e-mails, billing state and zip', () => {
    expect(
      errors({
        locationId: LOCATION,
        unitNumber: 'A',
        status: 'broken',
        primaryContactType: 'Landlord',
        primaryContactEmail: 'not-an-email',
        billingEmail: 'a@b',
        billingState: 'GEO',
        billingZip: '12345678901',
      }),
    ).toEqual([
      'status: Status must be active or inactive',
      'primaryContactType: Primary contact type must be Management, Owner, Business Owner or Tenant',
      'primaryContactEmail: Primary contact email must be a valid email address',
      'billingEmail: Billing email must be a valid email address',
      'billingState: Billing state must be at most 2 characters',
      'billingZip: Billing zip must be at most 10 characters',
    ]);
    expect(
      unitInput.parse({ locationId: LOCATION, unitNumber: 'A', primaryContactType: 'Business Owner', taxable: false })
        .taxable,
    ).toBe(false);
  });
});

describe('units list', () => {
  it('counts the filters applied (not the search text)', () => {
    expect(countAppliedUnitFilters({})).toBe(0);
    expect(countAppliedUnitFilters({ unitNumber: 'rtu', status: 'active', location: ' ' })).toBe(2);
    expect(unitListQuery.parse({ status: '' }).status).toBeUndefined();
    expect(unitListQuery.safeParse({ status: 'gone' }).success).toBe(false);
  });
});

describe('job statistics', () => {
  it('counts by status and sums the item totals', () => {
    expect(
      unitJobStatistics([
        { status: 'completed', totalCostCents: 12550 },
        { status: 'scheduled', totalCostCents: 0 },
        { status: 'unscheduled', totalCostCents: 1000 },
        { status: 'cancelled', totalCostCents: 500 },
      ]),
    ).toEqual({ total: 4, completed: 1, scheduled: 1, unscheduled: 1, totalCostCents: 14050 });
    expect(unitJobStatistics([])).toEqual({ total: 0, completed: 0, scheduled: 0, unscheduled: 0, totalCostCents: 0 });
  });
});

// /units reads its URL with the plain reader (no zod on a first screen's path, decision 020), the
// API with the schema: over the same query strings they must accept and refuse the same values,
// give the same result, and name the same failing keys (useUrlFilters drops those and reads again).
describe('unitListFilters follows unitListQuery', () => {
  const uuid = LOCATION;
  const long = 'x'.repeat(200);
  const inputs: Record<string, string>[] = [
    {},
    { q: 'roof top', unitNumber: ' RTU-1 ', location: 'Main', company: 'Acme' },
    { q: '   ', unitNumber: '', location: '\t', company: ' ' },
    { q: long, unitNumber: ` ${long} ` },
    { q: `${long}x` },
    { company: `${long}  x` },
    ...['active', 'inactive', '', 'Active', 'deleted', ' active'].map((status) => ({ status })),
    { locationId: uuid },
    { locationId: ` ${uuid} ` },
    { locationId: '' },
    { locationId: 'abc' },
    { locationId: '3f1c2a4e-5b6d-1e7f-8a9b-0c1d2e3f4a5b' },
    ...[
      '1',
      '2',
      ' 3 ',
      '0',
      '-1',
      '1.5',
      'abc',
      '',
      '1e2',
      '0x10',
      'Infinity',
      '9007199254740991',
      '9007199254740993',
    ].map((page) => ({ page })),
    ...['25', '50', '100', ' 50', '10', '0', '', 'abc', '25.0', '2.5e1', '1e2'].map((pageSize) => ({ pageSize })),
    { q: 'a', status: 'deleted', page: '0', pageSize: '7', locationId: 'abc', other: 'ignored' },
    { unitNumber: 'R', status: 'inactive', page: '2', pageSize: '100', extra: 'x' },
  ];
  it.each(inputs)('reads %j as the schema does', (input) => {
    const schema = unitListQuery.safeParse(input);
    const plain = unitListFilters.safeParse(input);
    expect(plain.success).toBe(schema.success);
    if (schema.success && plain.success) expect(plain.data).toEqual(schema.data);
    if (!schema.success && !plain.success) {
      const keys = (issues: readonly { path: readonly PropertyKey[] }[]) =>
        [...new Set(issues.map((i) => String(i.path[0])))].sort();
      expect(keys(plain.error.issues)).toEqual(keys(schema.error.issues));
    }
  });

  it('parse gives the defaults and refuses what safeParse refuses', () => {
    expect(unitListFilters.parse({})).toEqual(unitListQuery.parse({}));
    expect(() => unitListFilters.parse({ page: '0' })).toThrow();
  });
});
