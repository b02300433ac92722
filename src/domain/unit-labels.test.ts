import { describe, expect, it } from 'vitest';
import {
  labelSheetFileName,
  prefixRange,
  readUnitCode,
  unitLabelCode,
  unitLabelFileName,
  unitLabelUrl,
  unreadableCodeMessage,
  UNIT_LABEL_TEXTS,
} from './unit-labels';

const ID = '3f9a0c1b-7e2d-4c3b-9e7f-1a2b3c4d5e6f';
const ORIGINS = ['https://hvac.example.com', 'http://localhost:3000'];

describe('the label', () => {
  it('prints the first 12 hex digits of the id in groups of four', () => {
    expect(unitLabelCode(ID)).toBe('3F9A-0C1B-7E2D');
  });

  it('holds the unit page on the public address', () => {
    expect(unitLabelUrl('https://hvac.example.com', ID)).toBe(`https://hvac.example.com/units/${ID}`);
    expect(unitLabelUrl('https://hvac.example.com/', ID)).toBe(`https://hvac.example.com/units/${ID}`);
  });

  it('names its files after the unit, the company and the location', () => {
    expect(unitLabelFileName('RTU-1 / Roof')).toBe('unit-rtu-1-roof-qr-label.pdf');
    expect(unitLabelFileName('***')).toBe('unit-label-qr-label.pdf');
    expect(labelSheetFileName('Café Holdings')).toBe('cafe-holdings-qr-labels.pdf');
    expect(labelSheetFileName('Acme', 'North Plaza')).toBe('acme-north-plaza-qr-labels.pdf');
  });
});

describe('reading a scanned or typed code', () => {
  it.each([
    [`https://hvac.example.com/units/${ID}`, { kind: 'id', id: ID }],
    [`http://localhost:3000/units/${ID.toUpperCase()}/`, { kind: 'id', id: ID }],
    [ID, { kind: 'id', id: ID }],
    [`  ${ID.toUpperCase()} `, { kind: 'id', id: ID }],
    ['3F9A-0C1B-7E2D', { kind: 'prefix', prefix: '3f9a0c1b7e2d' }],
    ['3f9a 0c1b 7e2d', { kind: 'prefix', prefix: '3f9a0c1b7e2d' }],
    ['3F9A0C1B7E2D', { kind: 'prefix', prefix: '3f9a0c1b7e2d' }],
  ])('%s', (text, target) => {
    expect(readUnitCode(text, ORIGINS)).toEqual({ ok: true, target });
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['3F9A-0C1B', 'invalid'],
    ['3F9A-0C1B-7E2G', 'invalid'],
    ['RTU-1', 'invalid'],
    [`https://evil.example.net/units/${ID}`, 'notOurs'],
    [`https://hvac.example.com/jobs/${ID}`, 'notOurs'],
    ['https://hvac.example.com/units/not-an-id', 'notOurs'],
    ['https://hvac.example.com:x/units', 'notOurs'],
  ])('refuses %j (%s)', (text, reason) => {
    expect(readUnitCode(text, ORIGINS)).toEqual({ ok: false, reason });
  });

  it('says why a code was refused', () => {
    expect(unreadableCodeMessage('empty')).toBe(UNIT_LABEL_TEXTS.codeRequired);
    expect(unreadableCodeMessage('invalid')).toBe(UNIT_LABEL_TEXTS.codeInvalid);
    expect(unreadableCodeMessage('notOurs')).toBe(UNIT_LABEL_TEXTS.notOurs);
  });

  it('finds a prefix as a range of ids', () => {
    expect(prefixRange('3f9a0c1b7e2d')).toEqual({
      low: '3f9a0c1b-7e2d-0000-0000-000000000000',
      high: '3f9a0c1b-7e2d-ffff-ffff-ffffffffffff',
    });
  });
});
