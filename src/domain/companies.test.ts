import { describe, expect, it } from 'vitest';
import {
  companyInput,
  companyListQuery,
  companySuggestionsQuery,
  duplicateCompanyMessage,
  isSameCompanyName,
  normalizeCompanyName,
} from './companies.js';

const valid = { name: '  Acme Cooling  ', address: '1 Main St', city: 'Atlanta', state: 'ga', zip: '30303', phone: '' };
const messages = (input: unknown) => {
  const result = companyInput.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('company form rules', () => {
  it('trims, capitalises the state and stores an empty phone as null', () => {
    expect(companyInput.parse(valid)).toEqual({
      name: 'Acme Cooling',
      address: '1 Main St',
      city: 'Atlanta',
      state: 'GA',
      zip: '30303',
      phone: null,
    });
  });

  it('requires name, address, city, state and zip; phone is optional', () => {
    expect(messages({})).toEqual([
      'name: Company name is required',
      'address: Address is required',
      'city: City is required',
      'state: State is required',
      'zip: Zip is required',
    ]);
    expect(messages({ ...valid, name: '   ' })).toEqual(['name: Company name is required']);
    expect(companyInput.parse({ ...valid, phone: undefined }).phone).toBeNull();
  });

  it('limits state to 2 characters and zip to 10', () => {
    expect(messages({ ...valid, state: 'GEO' })).toEqual(['state: State must be at most 2 characters']);
    expect(messages({ ...valid, zip: '30303-12345' })).toEqual(['zip: Zip must be at most 10 characters']);
    expect(messages({ ...valid, zip: '30303-1234' })).toEqual([]);
  });
});

describe('duplicate company names', () => {
  it('match case-insensitively once trimmed', () => {
    expect(normalizeCompanyName('  Acme Cooling ')).toBe('acme cooling');
    expect(isSameCompanyName('ACME cooling', ' acme Cooling  ')).toBe(true);
    expect(isSameCompanyName('Acme Cooling', 'Acme Cooling Inc')).toBe(false);
    expect(duplicateCompanyMessage(' Acme ')).toBe('A company named "Acme" already exists.');
  });
});

describe('company list and suggestions', () => {
  it('defaults to page 1 of 25 and accepts only 25, 50 and 100', () => {
    expect(companyListQuery.parse({})).toEqual({
      page: 1,
      pageSize: 25,
      company: undefined,
      city: undefined,
      state: undefined,
      zip: undefined,
    });
    expect(companyListQuery.parse({ pageSize: '100', company: '  ' }).pageSize).toBe(100);
    expect(companyListQuery.parse({ company: '  ' }).company).toBeUndefined();
    expect(companyListQuery.safeParse({ pageSize: '30' }).success).toBe(false);
  });

  it('suggests from 2 typed characters', () => {
    expect(companySuggestionsQuery.safeParse({ name: 'a' }).success).toBe(false);
    expect(companySuggestionsQuery.parse({ name: ' ac ' }).name).toBe('ac');
  });
});
