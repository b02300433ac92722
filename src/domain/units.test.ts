import { describe, expect, it } from 'vitest';
import { countAppliedUnitFilters, unitInput, unitJobStatistics, unitListQuery } from './units.js';

const LOCATION = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const errors = (input: unknown) => {
  const result = unitInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('unit form rules', () => {
  it('applies the defaults: active, taxable, Main Office, empty values as null', () => {
    expect(unitInput.parse({ locationId: LOCATION, unitNumber: ' RTU-1 ', primaryContactEmail: '', billingState: 'ga', office: '  ' })).toEqual({
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
    expect(errors({ unitNumber: ' ' })).toEqual(['locationId: Please select a location first', 'unitNumber: Unit number is required']);
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
    expect(unitInput.parse({ locationId: LOCATION, unitNumber: 'A', primaryContactType: 'Business Owner', taxable: false }).taxable).toBe(false);
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
