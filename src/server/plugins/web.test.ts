import { describe, expect, it } from 'vitest';
import { matchRoute } from './web.js';

const PATTERNS = [
  '/login',
  '/',
  '/units',
  '/units/add',
  '/units/:id',
  '/units/:id/edit',
  '/jobs/dispatch',
  '/jobs/:id',
  '/jobs/:id/quote-preview',
  '/*',
];

describe('matchRoute (which screen a page is for, to preload its code)', () => {
  it.each([
    ['/', '/'],
    ['/login', '/login'],
    ['/units', '/units'],
    ['/units/', '/units'],
    ['/units/add', '/units/add'],
    ['/units/42', '/units/:id'],
    ['/units/42/edit', '/units/:id/edit'],
    ['/jobs/dispatch', '/jobs/dispatch'],
    ['/jobs/7', '/jobs/:id'],
    ['/jobs/7/quote-preview', '/jobs/:id/quote-preview'],
    ['/nowhere/at/all', '/*'],
    ['/units/42/edit/more', '/*'],
  ])('%s is %s', (pathname, pattern) => {
    expect(matchRoute(PATTERNS, pathname)).toBe(pattern);
  });

  it('matches nothing without a splat route', () => {
    expect(matchRoute(['/login', '/units'], '/elsewhere')).toBeNull();
  });
});
