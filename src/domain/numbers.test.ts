import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers.js';

describe('formatCount', () => {
  it('groups thousands as en-US does', () => {
    const intl = new Intl.NumberFormat('en-US');
    const values = [0, 1, 12, 123, 1234, 12_345, 123_456, 1_234_567, 10_000, 999_999_999, Number.MAX_SAFE_INTEGER];
    for (const n of [...values, ...values.slice(1).map((v) => -v)]) expect(formatCount(n)).toBe(intl.format(n));
    expect(formatCount(-0)).toBe('0');
  });

  it('leaves fractions and non-numbers to Intl', () => {
    expect(formatCount(1234.5)).toBe('1,234.5');
    expect(formatCount(Number.NaN)).toBe('NaN');
  });
});
