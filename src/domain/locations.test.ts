import { describe, expect, it } from 'vitest';
import { locationInput, locationListQuery } from './locations.js';

const errors = (input: unknown) => {
  const result = locationInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('location form rules', () => {
  it('needs a company picked first and every address field', () => {
    expect(errors({})).toEqual([
      'companyId: Please select a company first',
      'name: Location name is required',
      'buildingName: Building name is required',
      'address: Address is required',
      'city: City is required',
      'state: State is required',
      'zip: Zip is required',
    ]);
    expect(errors({ companyId: 'acme' })[0]).toBe('companyId: Please select a company first');
  });

  it('limits state and zip', () => {
    const base = {
      companyId: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
      name: 'HQ',
      buildingName: 'A',
      address: '1 Main',
      city: 'Atlanta',
      state: 'GA',
      zip: '30303',
    };
    expect(errors(base)).toEqual([]);
    expect(errors({ ...base, state: 'GAA', zip: '12345678901' })).toEqual([
      'state: State must be at most 2 characters',
      'zip: Zip must be at most 10 characters',
    ]);
  });

  it('parses the list filters', () => {
    expect(locationListQuery.parse({ q: ' north ', city: '' })).toMatchObject({
      q: 'north',
      city: undefined,
      page: 1,
      pageSize: 25,
    });
    expect(locationListQuery.safeParse({ companyId: 'x' }).success).toBe(false);
  });
});
