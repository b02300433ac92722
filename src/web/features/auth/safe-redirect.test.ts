import { describe, expect, it } from 'vitest';
import { safeRedirect } from './login-page';

describe('after sign-in the user returns to the page of origin, never to another site', () => {
  it.each([
    ['/companies?state=GA', '/companies?state=GA'],
    [null, '/'],
    ['//evil.example.com', '/'],
    ['https://evil.example.com', '/'],
    ['/login', '/'],
  ])('%s -> %s', (from, target) => {
    expect(safeRedirect(from)).toBe(target);
  });
});
