import { describe, expect, it } from 'vitest';
import { deleteBlockedMessage, formatAddress, idParams, percentOf, searchWords } from './customers.js';

describe('customer helpers', () => {
  it('says how many jobs hold what cannot be deleted', () => {
    expect(deleteBlockedMessage('company', 'Acme', 1)).toBe(
      'Cannot delete Acme: 1 job still refers to its locations or units. Jobs keep the service history, so a company with jobs cannot be deleted.',
    );
    expect(deleteBlockedMessage('location', 'North Tower', 3)).toContain(
      'Cannot delete North Tower: 3 jobs still refer to this location or its units.',
    );
    expect(deleteBlockedMessage('unit', 'RTU-1', 2)).toContain(
      'Cannot delete unit RTU-1: 2 jobs still refer to this unit.',
    );
  });

  it('computes percentage bars', () => {
    expect(percentOf(0, 0)).toBe(0);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(2, 3)).toBe(67);
    expect(percentOf(5, 5)).toBe(100);
  });

  it('splits free text into distinct lower-case words', () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('  RTU   peachtree rtu ')).toEqual(['rtu', 'peachtree']);
  });

  it('formats an address on one line', () => {
    expect(formatAddress({ address: '1 Main St', city: 'Atlanta', state: 'GA', zip: '30303' })).toBe(
      '1 Main St, Atlanta, GA 30303',
    );
    expect(formatAddress({ address: '', city: 'Atlanta', state: null, zip: '30303' })).toBe('Atlanta, 30303');
  });

  it('checks ids are version-4 uuids with the screen message', () => {
    const params = idParams('Invalid company ID format');
    expect(params.safeParse({ id: '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b' }).success).toBe(true);
    const bad = params.safeParse({ id: '3f1c2a4e-5b6d-1e7f-8a9b-0c1d2e3f4a5b' });
    expect(bad.success ? '' : bad.error.issues[0]?.message).toBe('Invalid company ID format');
  });
});
