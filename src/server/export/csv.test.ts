import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvValue } from './csv.js';

describe('csv', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['plain', 'plain'],
    [42, '42'],
    [true, 'true'],
    ['12.50', '12.50'],
    [new Date('2026-11-29T14:00:00.000Z'), '2026-11-29T14:00:00.000Z'],
    [{ a: 1 }, '{"a":1}'],
    [['x', 'y'], '["x","y"]'],
  ])('writes %s as %s', (value, text) => {
    expect(csvValue(value)).toBe(text);
  });

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r\nlf', '"cr\r\nlf"'],
    [' padded', '" padded"'],
    ['=SUM(A1)', '=SUM(A1)'],
    ['Café', 'Café'],
  ])('quotes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('ends each record with CRLF', () => {
    expect(csvLine(['a', null, 'b,c', 3])).toBe('a,,"b,c",3\r\n');
  });
});
