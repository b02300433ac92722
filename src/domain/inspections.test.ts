import { describe, expect, it } from 'vitest';
import { ageFromText, changedSinceQuote, inspectionInput, orNA } from './inspections';

describe('the inspection form', () => {
  it('trims text, stores empty fields as null and keeps age 0', () => {
    expect(
      inspectionInput.parse({
        modelNumber: ' 48TC ',
        serialNumber: '',
        age: 0,
        tonnage: ' 7.5 ',
        unitType: '',
        systemType: 'Split System',
      }),
    ).toEqual({
      modelNumber: '48TC',
      serialNumber: null,
      age: 0,
      tonnage: '7.5',
      unitType: null,
      systemType: 'Split System',
    });
    expect(inspectionInput.parse({})).toEqual({
      modelNumber: null,
      serialNumber: null,
      age: null,
      tonnage: null,
      unitType: null,
      systemType: null,
    });
  });

  it.each([
    [{ age: -1 }, 'Age must be 0 or more'],
    [{ age: 1.5 }, 'Age must be a whole number of years'],
    [{ age: '3' }, 'Age must be a number of years'],
    [{ age: 151 }, 'Age must be at most 150 years'],
    [{ unitType: 'Oil' }, 'Unit type must be Gas or Electric'],
    [{ systemType: 'VRF' }, 'System type must be RTU or Split System'],
    [{ tonnage: 'x'.repeat(21) }, 'Tonnage must be at most 20 characters'],
  ])('refuses %j', (input, message) => {
    const result = inspectionInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });

  it('reads the age field as typed', () => {
    expect(ageFromText('')).toBeNull();
    expect(ageFromText(' 12 ')).toBe(12);
    expect(ageFromText('12.5')).toBeNaN();
    expect(inspectionInput.safeParse({ age: ageFromText('abc') }).success).toBe(false);
  });

  it('prints N/A for a missing value', () => {
    expect([orNA(null), orNA(''), orNA(undefined), orNA(0), orNA('RTU')]).toEqual(['N/A', 'N/A', 'N/A', '0', 'RTU']);
  });
});

describe('changed after the quote was sent', () => {
  it('only when a change came after the send', () => {
    expect(changedSinceQuote('2026-11-20T10:00:01Z', '2026-11-20T10:00:00Z')).toBe(true);
    expect(changedSinceQuote('2026-11-20T10:00:00Z', '2026-11-20T10:00:00Z')).toBe(false);
    expect(changedSinceQuote('2026-11-19T10:00:00Z', '2026-11-20T10:00:00Z')).toBe(false);
    expect(changedSinceQuote(null, '2026-11-20T10:00:00Z')).toBe(false);
    expect(changedSinceQuote('2026-11-20T10:00:00Z', null)).toBe(false);
  });
});
