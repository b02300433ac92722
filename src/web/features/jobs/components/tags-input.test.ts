import { describe, expect, it } from 'vitest';
import { addTags } from './tags-input';

describe('addTags', () => {
  it('trims, collapses spaces, splits on commas and keeps one of each ignoring case (first spelling)', () => {
    expect(addTags(['VIP'], '  roof   top , vip, Night,, ')).toEqual({
      tags: ['VIP', 'roof top', 'Night'],
      error: null,
    });
    expect(addTags([], '   ')).toEqual({ tags: [], error: null });
  });

  it('refuses a tag over 50 characters and a 21st tag, adding nothing', () => {
    expect(addTags(['a'], `b, ${'x'.repeat(51)}`)).toEqual({
      tags: ['a'],
      error: 'A tag must be at most 50 characters',
    });
    const twenty = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(addTags(twenty, 'one more')).toEqual({ tags: twenty, error: 'At most 20 tags' });
    // A duplicate of a tag already there is not a 21st.
    expect(addTags(twenty, 'T3')).toEqual({ tags: twenty, error: null });
  });
});
