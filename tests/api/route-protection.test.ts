import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The only routes reachable without a session: sign-in (and the session check that answers user: null), health and the public quote page. */
const PUBLIC_ROUTES = new Set(['GET /api/auth/options', 'POST /api/auth/login', 'GET /api/auth/current', 'GET /api/health']);
const isPublicQuoteRoute = (url: string) => url.startsWith('/api/public/quotes/');

const SAMPLE_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID).replace(/\*$/, 'x');

describe('every API route checks the session', () => {
  it('walks the registered route list: every route but the public ones answers 401 without a session', async () => {
    const apiRoutes = ctx.app.registeredRoutes.filter((r) => r.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(5);
    const unprotected: string[] = [];
    for (const route of apiRoutes) {
      const key = `${route.method} ${route.url}`;
      if (route.public) {
        expect(PUBLIC_ROUTES.has(key) || isPublicQuoteRoute(route.url), `${key} is public but not on the allowed list`).toBe(true);
        continue;
      }
      const response = await ctx.app.inject({ method: route.method as 'GET', url: concreteUrl(route.url), payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      if (response.statusCode !== 401) unprotected.push(`${key} -> ${response.statusCode}`);
      else expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
    expect(unprotected).toEqual([]);
  });

  it('keeps the public list to sign-in, health and the public quote routes', () => {
    const publicRoutes = ctx.app.registeredRoutes.filter((r) => r.public).map((r) => `${r.method} ${r.url}`);
    for (const key of PUBLIC_ROUTES) expect(publicRoutes).toContain(key);
    expect(publicRoutes.filter((k) => !PUBLIC_ROUTES.has(k) && !isPublicQuoteRoute(k.split(' ')[1]!))).toEqual([]);
  });

  it('answers the documented error shape for an unknown API route', async () => {
    const { cookie } = await ctx.loginAs('user');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing', headers: { cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route GET /api/no-such-thing' } });
  });

  it('serves the OpenAPI documentation to signed-in users only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(401);
    const { cookie } = await ctx.loginAs('user');
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json', headers: { cookie } });
    expect(docs.statusCode).toBe(200);
    const spec = docs.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/home/stats', '/api/health']));
  });
});

describe('health', () => {
  it('checks the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite' });
  });
});
