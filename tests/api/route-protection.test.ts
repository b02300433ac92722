import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_TARGET_MESSAGE } from '../../src/server/plugins/request-target.js';
import { signedOut, signInAs } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { ROUTE_ACCESS } from './route-access.js';

let ctx: TestContext;
let webDir: string;
let base: string;
let cookie: string;
beforeAll(async () => {
  // A small web build, so the app's own pages and files are walked too.
  webDir = mkdtempSync(path.join(os.tmpdir(), 'hvac-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>HVAC</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(webDir, 'sw.js'), 'self.addEventListener("fetch", () => {})');
  ctx = await createTestContext({ webDir });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  cookie = (await ctx.loginAs('admin')).cookie;
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

const SAMPLE_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const concreteUrl = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID).replace(/\*$/, 'x');
const accessOf = (route: { public: boolean; roles: readonly string[] | undefined }) =>
  route.public ? 'public' : route.roles ? route.roles.join(' ') : 'signed-in';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/**
 * A request whose target is sent exactly as written (no client-side normalisation), over a real socket.
 * Not the signInAs client: these tests are about the HTTP layer itself (raw targets, origin headers).
 */
function send(method: string, target: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const { hostname, port } = new URL(base);
  const body = method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : '{}';
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: hostname,
        port,
        method,
        path: target,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Spellings of one path. "same" ones must reach the same route as the plain path; "refused" ones
 * are answered 400 before routing; "other" ones are another path (no route, or the route's own
 * parameter), never a handler's answer without a session.
 */
function spellings(pathname: string): { form: string; target: string; kind: 'same' | 'refused' | 'other' }[] {
  const segments = pathname.split('/').slice(1);
  return [
    { form: 'plain', target: pathname, kind: 'same' },
    {
      form: 'percent-encoded letters',
      target: pathname.replace(/[a-z]/gi, (c) => `%${c.charCodeAt(0).toString(16)}`),
      kind: 'same',
    },
    {
      form: 'one encoded letter',
      target: pathname.replace(/[a-z]/i, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
      kind: 'same',
    },
    { form: 'absolute-form', target: `${base}${pathname}`, kind: 'same' },
    { form: 'absolute-form, other host', target: `http://attacker.example${pathname}`, kind: 'same' },
    { form: 'double slashes', target: pathname.replace(/\//g, '//'), kind: 'same' },
    { form: '/./ segments', target: pathname.replace(/\//g, '/./'), kind: 'same' },
    { form: '/../ segment', target: `/${segments[0]}/x/../${segments.slice(1).join('/')}`, kind: 'same' },
    { form: 'encoded dot segment', target: `/${segments[0]}/x/%2e%2E/${segments.slice(1).join('/')}`, kind: 'same' },
    { form: 'encoded slashes', target: `/${segments.join('%2F')}`, kind: 'refused' },
    { form: 'backslashes', target: `/${segments.join('\\')}`, kind: 'refused' },
    { form: 'trailing slash', target: `${pathname}/`, kind: 'other' },
    { form: 'upper case', target: pathname.toUpperCase(), kind: 'other' },
    {
      form: 'upper-case first segment',
      target: `/${segments[0]!.toUpperCase()}/${segments.slice(1).join('/')}`,
      kind: 'other',
    },
    {
      form: '; parameter on the first segment',
      target: `/${segments[0]};x=1/${segments.slice(1).join('/')}`,
      kind: 'other',
    },
    { form: '; parameter at the end', target: `${pathname};jsessionid=1`, kind: 'other' },
  ];
}

describe('every route decides its access from the matched route, however its URL is spelled', () => {
  it('has a recorded decision for every route (tests/api/route-access.ts), and each route keeps it', () => {
    const registered = Object.fromEntries(
      ctx.app.registeredRoutes
        .filter((r) => r.url.startsWith('/api'))
        .map((r) => [`${r.method} ${r.url}`, accessOf(r)]),
    );
    expect(registered).toEqual(ROUTE_ACCESS);
  });

  it('serves the web files and pages to everyone, and nothing else without a session', async () => {
    const web = ctx.app.registeredRoutes.filter((r) => !r.url.startsWith('/api'));
    expect(web.length).toBeGreaterThan(0);
    for (const route of web) expect(route.public, `${route.method} ${route.url}`).toBe(true);
    expect((await send('GET', '/assets/app-1234.js')).status).toBe(200);
    expect((await send('GET', '/%61ssets/app-1234.js')).status).toBe(200);
    const page = await send('GET', '/jobs/123');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });

  it("walks every registered route in every spelling: 401 without a session (or the public answer), never a handler's answer", async () => {
    const failures: string[] = [];
    for (const route of ctx.app.registeredRoutes.filter((r) => r.url.startsWith('/api'))) {
      const plainPath = concreteUrl(route.url);
      const plain = await send(route.method, plainPath);
      for (const { form, target, kind } of spellings(plainPath)) {
        const answer = form === 'plain' ? plain : await send(route.method, target);
        const where = `${route.method} ${route.url} as ${form} (${target}) -> ${answer.status} ${answer.body.slice(0, 120)}`;
        if (kind === 'refused') {
          if (answer.status !== 400 || !answer.body.includes(REFUSED_TARGET_MESSAGE)) failures.push(where);
        } else if (route.public) {
          if (kind === 'same' && answer.status !== plain.status) failures.push(where);
        } else if (kind === 'same') {
          if (answer.status !== 401 || JSON.parse(answer.body).error.code !== 'UNAUTHENTICATED') failures.push(where);
          else if (answer.headers['cache-control'] !== 'no-store')
            failures.push(`${where}: cache-control ${answer.headers['cache-control']}`);
        } else {
          // Another path: the route's own parameter (401), no route at all (404), or the app's page for a browser's GET.
          const appPage = route.method === 'GET' && answer.status === 200 && answer.body.includes('<div id="root">');
          if (answer.status !== 401 && answer.status !== 404 && !appPage) failures.push(where);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a cross-site write in every spelling, signed in or not', async () => {
    const failures: string[] = [];
    const writes = ctx.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api') && !['GET', 'HEAD', 'OPTIONS'].includes(r.method),
    );
    expect(writes.length).toBeGreaterThan(20);
    const crossSite: Record<string, string>[] = [
      { cookie, 'sec-fetch-site': 'cross-site' },
      { cookie, origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const route of writes) {
      for (const { form, target, kind } of spellings(concreteUrl(route.url))) {
        if (kind === 'refused') continue;
        for (const headers of crossSite) {
          const answer = await send(route.method, target, headers);
          if (answer.status !== 403)
            failures.push(
              `${route.method} ${route.url} as ${form} with ${Object.keys(headers).join('+')} -> ${answer.status}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a target that is not a path before routing', async () => {
    for (const target of ['*', '/api%2Fusers', '/api/users%5C', '/api/%zz']) {
      const answer = await send('GET', target);
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body).error.message).toBe(REFUSED_TARGET_MESSAGE);
    }
  });

  it('keeps the public list to sign-in, health, the public quote routes, the OpenAPI document and the calendar feeds', () => {
    const publicRoutes = Object.entries(ROUTE_ACCESS)
      .filter(([, access]) => access === 'public')
      .map(([key]) => key);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/auth/options',
        'POST /api/auth/login',
        'GET /api/auth/current',
        'GET /api/health',
        // answers 404 to a stranger unless an admin made it public (decision 047)
        'GET /api/openapi.json',
        'GET /api/public/quotes/:token',
        'POST /api/public/quotes/:token/decision',
        // the calendar app's fetch: the URL's secret is the access (decision 049)
        'GET /api/public/calendar/:file',
      ].sort(),
    );
  });

  it('answers the documented error shape for an unknown API route', async () => {
    const api = await signInAs(ctx, 'user');
    const response = await api.call('GET', '/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No API route GET /api/no-such-thing' } });
  });

  it('serves the OpenAPI documentation to signed-in users only', async () => {
    await signedOut(ctx).refused('GET', '/api/docs/json', undefined, 401);
    const api = await signInAs(ctx, 'user');
    const docs = await api.call('GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const spec = docs.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/home/stats', '/api/health']),
    );
  });
});

describe('health', () => {
  it('checks the database', async () => {
    const response = await signedOut(ctx).call('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ok',
      database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    });
  });
});
