import { describe, expect, it } from 'vitest';
import { formatPhone } from './format';

describe('formatPhone: one format for every number shown', () => {
  it.each([
    ['4045550199', '(404) 555-0199'],
    ['404-555-0199', '(404) 555-0199'],
    ['404.555.0199', '(404) 555-0199'],
    ['(404) 555-0199', '(404) 555-0199'],
    ['+1 404 555 0199', '(404) 555-0199'],
    ['1-404-555-0199', '(404) 555-0199'],
    ['404 555 0199 x12', '(404) 555-0199 x12'],
    ['404-555-0199 ext. 7', '(404) 555-0199 x7'],
    ['+44 20 7946 0958', '+44 20 7946 0958'],
    ['555-0199', '555-0199'],
    ['call the office', 'call the office'],
  ])('%s -> %s', (typed, shown) => {
    expect(formatPhone(typed)).toBe(shown);
  });
  it('has nothing to show for no number', () => {
    expect(formatPhone(null)).toBeNull();
    expect(formatPhone('  ')).toBeNull();
  });
});
