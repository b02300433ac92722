import { describe, expect, it } from 'vitest';
import { createReferenceTypeInput, referenceTypesQuery, updateReferenceTypeInput } from './reference-types';

const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('service and job types', () => {
  it('require name and code; description is optional', () => {
    expect(issuesOf(createReferenceTypeInput.safeParse({}))).toEqual({
      name: 'Name is required',
      code: 'Code is required',
    });
    expect(issuesOf(createReferenceTypeInput.safeParse({ name: ' ', code: ' ' }))).toEqual({
      name: 'Name is required',
      code: 'Code is required',
    });
    expect(createReferenceTypeInput.parse({ name: ' Rooftop ', code: ' rtu-1 ', description: '' })).toEqual({
      name: 'Rooftop',
      code: 'RTU-1',
      description: null,
    });
  });

  it('parsing the output again gives the same output (the browser sends the parsed form)', () => {
    const once = createReferenceTypeInput.parse({ name: ' Rooftop ', code: 'rtu', description: '' });
    expect(createReferenceTypeInput.parse(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('refuses codes with spaces or longer than 20 characters', () => {
    expect(issuesOf(createReferenceTypeInput.safeParse({ name: 'A', code: 'has space' }))).toEqual({
      code: 'Code may use letters, digits, - and _ only',
    });
    expect(issuesOf(createReferenceTypeInput.safeParse({ name: 'A', code: 'X'.repeat(21) }))).toEqual({
      code: 'Code must be at most 20 characters',
    });
  });

  it('updates need something to change', () => {
    expect(updateReferenceTypeInput.safeParse({}).success).toBe(false);
    expect(updateReferenceTypeInput.parse({ isActive: false })).toEqual({ isActive: false });
    expect(issuesOf(updateReferenceTypeInput.safeParse({ isActive: 'no' }))).toEqual({
      isActive: 'Active must be true or false',
    });
  });

  it('parses the active filter', () => {
    expect(referenceTypesQuery.parse({}).active).toBeUndefined();
    expect(referenceTypesQuery.parse({ active: 'true' }).active).toBe(true);
    expect(referenceTypesQuery.parse({ active: 'false' }).active).toBe(false);
  });
});
