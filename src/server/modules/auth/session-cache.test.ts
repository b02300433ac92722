import { describe, expect, it } from 'vitest';
import { createSessionCache } from './session-cache.js';

const at = (ms: number) => new Date(Date.UTC(2026, 10, 26, 9, 0, 0) + ms);
const session = (expiresInMs: number) => ({ value: 'dana', expiresAt: at(expiresInMs) });

describe('session cache', () => {
  it('keeps a copy for ttlMs, never past the session expiry', () => {
    const cache = createSessionCache<string>({ ttlMs: 5_000 });
    cache.setListening(true);
    cache.keep('a', session(60_000), cache.generation(), at(0));
    cache.keep('b', session(2_000), cache.generation(), at(0));
    expect(cache.get('a', at(4_999))?.value).toBe('dana');
    expect(cache.get('a', at(5_000))).toBeUndefined();
    expect(cache.get('b', at(1_999))?.value).toBe('dana');
    expect(cache.get('b', at(2_000))).toBeUndefined();
  });

  it('keeps nothing while not listening, and forgets everything when listening stops', () => {
    const cache = createSessionCache<string>({ ttlMs: 5_000 });
    cache.keep('a', session(60_000), cache.generation(), at(0));
    expect(cache.get('a', at(1))).toBeUndefined();
    cache.setListening(true);
    cache.keep('a', session(60_000), cache.generation(), at(0));
    expect(cache.get('a', at(1))).toBeDefined();
    cache.setListening(false);
    cache.setListening(true);
    expect(cache.get('a', at(1))).toBeUndefined();
  });

  it('does not keep the answer of a lookup that was running while something changed', () => {
    const cache = createSessionCache<string>({ ttlMs: 5_000 });
    cache.setListening(true);
    const generation = cache.generation();
    cache.forgetAll(); // a sign-out announced while the lookup was reading
    cache.keep('a', session(60_000), generation, at(0));
    expect(cache.get('a', at(1))).toBeUndefined();
    cache.keep('a', session(60_000), cache.generation(), at(0));
    expect(cache.get('a', at(1))).toBeDefined();
    cache.forgetAll();
    expect(cache.get('a', at(1))).toBeUndefined();
  });

  it('keeps nothing with ttlMs 0, and nothing from a clock that went back', () => {
    const off = createSessionCache<string>({ ttlMs: 0 });
    off.setListening(true);
    off.keep('a', session(60_000), off.generation(), at(0));
    expect(off.get('a', at(0))).toBeUndefined();
    const cache = createSessionCache<string>({ ttlMs: 5_000 });
    cache.setListening(true);
    cache.keep('a', session(60_000), cache.generation(), at(1_000));
    expect(cache.get('a', at(999))).toBeUndefined();
  });
});
