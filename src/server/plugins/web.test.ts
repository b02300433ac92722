import { describe, expect, it } from 'vitest';
import { dataPreloadLinks, matchRoute } from './web.js';

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

describe("dataPreloadLinks (a detail screen's first answers, decision 062)", () => {
  const ID = 'd598d200-5dd0-48bf-8ec0-e08454379f42';

  it("writes the path's id into each URL, as a Link header's preloads", () => {
    expect(
      dataPreloadLinks('/jobs/:id', `/jobs/${ID}`, ['/api/jobs/:id', `/api/contacts?companyId=:id&pageSize=100`]),
    ).toBe(
      `</api/jobs/${ID}>; rel=preload; as=fetch; crossorigin, ` +
        `</api/contacts?companyId=${ID}&pageSize=100>; rel=preload; as=fetch; crossorigin`,
    );
    expect(dataPreloadLinks('/jobs/:id', `/jobs/${ID}/`, ['/api/jobs/:id'])).toBe(
      `</api/jobs/${ID}>; rel=preload; as=fetch; crossorigin`,
    );
  });

  it.each([
    ['a separator', '/jobs/a%3E%3B%20rel=x'],
    ['a comma', '/jobs/a,b'],
    ['a quote', "/jobs/a'b"],
    ['nothing', '/jobs/'],
    ['a very long id', `/jobs/${'a'.repeat(65)}`],
  ])('writes nothing for an id with %s', (_label, pathname) => {
    expect(dataPreloadLinks('/jobs/:id', pathname, ['/api/jobs/:id'])).toBeNull();
  });

  it('writes nothing for a URL naming a parameter the path does not have, or without URLs', () => {
    expect(dataPreloadLinks('/jobs/:id', `/jobs/${ID}`, ['/api/units/:unitId'])).toBeNull();
    expect(dataPreloadLinks('/jobs/:id', `/jobs/${ID}`, [])).toBeNull();
  });
});
