import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { negotiateEncoding } from '../../src/server/plugins/compression.js';
import { HOME_BOX, SCREEN_HEADINGS, screenHeadingHtml } from '../../src/domain/screen-headings.js';
import { scriptsAfterFirstPaint, withScreenHeading } from '../../src/server/plugins/web.js';
import { createFactories, type Factories } from '../factories/index.js';
import { apiClient, signedOut, type ApiClient } from '../support/api.js';
import { openTestDatabase } from '../support/test-db.js';
import { cookieHeader, testConfig, TEST_PASSWORD } from '../support/test-app.js';

// A built web app as the build writes it (decision 020): each text file with its .br and .gz beside it.
const ASSET = 'assets/main-Ab12Cd34.js';
const ASSET_TEXT = `export const hello = ${JSON.stringify('x'.repeat(4000))};\n`;
const SHELL =
  '<!--shell--><header>HVAC Administration<p class="truncate" data-company-line>&nbsp;</p></header><!--screen--><!--/shell-->';
const INDEX = `<!doctype html><html><head><title>HVAC Administration</title><script type="module" crossorigin src="/${ASSET}"></script></head><body><div id="root">${SHELL}</div></body></html>`;

function writeWebDir(dir: string) {
  mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const write = (file: string, text: string) => {
    writeFileSync(path.join(dir, file), text);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(text));
  };
  write(ASSET, ASSET_TEXT);
  write('index.html', INDEX);
  write(
    'quote-confirm.html',
    '<!doctype html><html><head><title>Quote Confirmation</title></head><body></body></html>',
  );
  write('sw.js', 'self.addEventListener("fetch", () => {});');
  writeFileSync(
    path.join(dir, 'route-preloads.json'),
    JSON.stringify([
      { path: '/units', modules: ['/assets/units-page-Zz.js'], fetch: [], data: ['/api/units?page=1&pageSize=25'] },
      { path: '/login', modules: [], fetch: ['/api/auth/options'], data: [] },
      { path: '/', modules: ['/assets/home-page-Xx.js'], fetch: [], data: ['/api/home/options'] },
      {
        path: '/jobs/:id',
        modules: ['/assets/job-detail-page-Yy.js'],
        fetch: [],
        data: ['/api/jobs/options', '/api/jobs/:id', '/api/jobs/:id/quotes'],
      },
    ]),
  );
}

const decoded = (response: LightMyRequestResponse) => {
  const encoding = response.headers['content-encoding'];
  return (
    encoding === 'br'
      ? brotliDecompressSync(response.rawPayload)
      : encoding === 'gzip'
        ? gunzipSync(response.rawPayload)
        : response.rawPayload
  ).toString('utf8');
};
const vary = (response: LightMyRequestResponse) => String(response.headers.vary ?? '').toLowerCase();

let webDir: string;
let database: DatabaseHandle;
let app: FastifyInstance;
// One factory for the file: two would make the same ids (they follow one seed).
let f: Factories;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'hvac-web-'));
  writeWebDir(webDir);
  database = await openTestDatabase();
  f = createFactories(database.db);
  app = await buildApp({ config: testConfig(), database, webDir, verifyResponses: true });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(webDir, { recursive: true, force: true });
});

// The web files and pages below go through inject() directly: they are about serving files (the
// HTTP layer itself), not API calls; the API answers further down use the API client.
describe('hashed assets: precompressed files by Accept-Encoding', () => {
  it.each([
    ['br', 'gzip, deflate, br, zstd'],
    ['gzip', 'gzip, deflate'],
    ['br', 'br;q=1, gzip;q=0.5'],
    ['gzip', 'br;q=0, gzip'],
  ])('answers %s to "%s", with Vary, the JavaScript type and a year of immutable caching', async (encoding, accept) => {
    const response = await app.inject({ url: `/${ASSET}`, headers: { 'accept-encoding': accept } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(vary(response)).toContain('accept-encoding');
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBeLessThan(ASSET_TEXT.length / 4);
    expect(decoded(response)).toBe(ASSET_TEXT);
  });

  it.each([
    ['(none)', undefined],
    ['identity', 'identity'],
    ['an unknown coding', 'compress'],
  ])('answers the plain file to %s, still with Vary', async (_label, accept) => {
    const response = await app.inject({ url: `/${ASSET}`, headers: accept ? { 'accept-encoding': accept } : {} });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(vary(response)).toContain('accept-encoding');
    expect(response.body).toBe(ASSET_TEXT);
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('a missing asset is a plain 404, not the app page', async () => {
    const response = await app.inject({ url: '/assets/gone-123.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(response.body).toBe('Not found');
  });
});

describe('pages: never cached, compressed by Accept-Encoding', () => {
  it('the app page for a screen path', async () => {
    const response = await app.inject({ url: '/companies', headers: { 'accept-encoding': 'gzip, br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(vary(response)).toContain('accept-encoding');
    expect(decoded(response)).toBe(scriptsAfterFirstPaint(INDEX));
  });

  it('names the chunks of the screen the path is for, and its first API answers', async () => {
    const units = decoded(await app.inject({ url: '/units?page=2', headers: { 'accept-encoding': 'gzip' } }));
    expect(units).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/units-page-Zz.js">',
    );
    const login = (await app.inject({ url: '/login' })).body;
    expect(login).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/options">');
    expect(login).not.toContain('modulepreload');
  });

  it("preloads a screen's first answers only with a session cookie and no query (decision 042)", async () => {
    const preload = '<link rel="preload" as="fetch" crossorigin href="/api/units?page=1&amp;pageSize=25">';
    const signedIn = { cookie: 'hvac_sid=abc.def' };
    expect((await app.inject({ url: '/units', headers: signedIn })).body).toContain(preload);
    expect((await app.inject({ url: '/units' })).body).not.toContain(preload);
    const withQuery = (await app.inject({ url: '/units?page=2', headers: signedIn })).body;
    expect(withQuery).not.toContain(preload);
    expect(withQuery).toContain('units-page-Zz.js');
  });

  it("preloads a detail screen's own answers in the Link header, with the path's id (decision 062)", async () => {
    const id = '6f1c2a8e-0b7d-4c1e-9a55-2d3e4f5a6b7c';
    const signedIn = { cookie: 'hvac_sid=abc.def' };
    const page = await app.inject({ url: `/jobs/${id}`, headers: signedIn });
    expect(page.headers.link).toBe(
      `</api/jobs/${id}>; rel=preload; as=fetch; crossorigin, </api/jobs/${id}/quotes>; rel=preload; as=fetch; crossorigin`,
    );
    // The answers without the id stay in the page, as on every screen.
    expect(page.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/jobs/options">');
    expect(page.body).toContain('job-detail-page-Yy.js');
    // Signed out, with a query, or with an id that is not one: no Link header.
    expect((await app.inject({ url: `/jobs/${id}` })).headers.link).toBeUndefined();
    expect((await app.inject({ url: `/jobs/${id}?tab=items`, headers: signedIn })).headers.link).toBeUndefined();
    const odd = await app.inject({ url: '/jobs/a%3E%3B%20rel=x', headers: signedIn });
    expect(odd.statusCode).toBe(200);
    expect(odd.headers.link).toBeUndefined();
  });

  it("draws the layout's header before the JavaScript, except on /login (decision 042)", async () => {
    expect((await app.inject({ url: '/units' })).body).toContain('<!--shell--><header>HVAC Administration<p');
    expect((await app.inject({ url: '/companies' })).body).toContain(SHELL);
    const login = (await app.inject({ url: '/login' })).body;
    expect(login).not.toContain('<header>HVAC Administration');
    expect(login).toContain('<div id="root"></div>');
  });

  it('fetches the scripts at low priority where the HTML draws the first paint, not on /login (decision 061)', async () => {
    const page = scriptsAfterFirstPaint(
      '<script type="module" crossorigin src="/a.js"></script><link rel="modulepreload" crossorigin href="/b.js"><link rel="stylesheet" href="/c.css"><link rel="modulepreload" fetchpriority="high" href="/d.js">',
    );
    expect(page).toBe(
      '<script type="module" fetchpriority="low" crossorigin src="/a.js"></script><link rel="modulepreload" fetchpriority="low" crossorigin href="/b.js"><link rel="stylesheet" href="/c.css"><link rel="modulepreload" fetchpriority="high" href="/d.js">',
    );
    expect((await app.inject({ url: '/units' })).body).toContain('fetchpriority="low"');
    const login = (await app.inject({ url: '/login' })).body;
    expect(login).toContain(`<script type="module" crossorigin src="/${ASSET}">`);
    expect(login).not.toContain('fetchpriority');
  });

  it("writes a fixed title row into its screen's page, in the layout's main (decision 061)", async () => {
    const units = (await app.inject({ url: '/units?page=2' })).body;
    expect(units).toContain(
      `<main class="flex-1 px-4 py-6 sm:px-6 lg:px-8">${screenHeadingHtml(SCREEN_HEADINGS['/units'])}</main>`,
    );
    expect(units).toContain('<h1 class="text-2xl font-semibold tracking-tight text-slate-900">Units</h1>');
    expect(units).not.toContain('<!--screen-->');
    // A path without a fixed row, and /login, have none.
    expect(withScreenHeading(INDEX, '/jobs/:id')).toBe(INDEX);
    expect((await app.inject({ url: '/login' })).body).not.toContain('<h1');
  });

  it('the service worker script is revalidated on every use', async () => {
    const response = await app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/javascript/);
  });

  it('the customer quote page is its own page', async () => {
    const response = await app.inject({ url: '/quote/confirm/abc', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decoded(response)).toContain('Quote Confirmation');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe("a signed-in person's page draws the company line before any script (decision 062)", () => {
  let cookie: string;
  beforeAll(async () => {
    const user = await f.user({
      role: 'admin',
      username: 'line-admin',
      email: 'line@example.com',
      password: TEST_PASSWORD,
    });
    const login = await signedOut({ app }).call('POST', '/api/auth/login', {
      username: user.username,
      password: TEST_PASSWORD,
    });
    cookie = cookieHeader(login);
    const admin = apiClient({ app }, cookie);
    const saved = await admin.call('PUT', '/api/settings/company', {
      name: 'Peach & Pine <Air>',
      physical_address: { street: '100 Main St', city: 'Atlanta', state: 'GA', zip: '30303' },
      mailing_address: { street: '100 Main St', city: 'Atlanta', state: 'GA', zip: '30303' },
      phone: '(404) 555-0100',
      time_zone: 'America/New_York',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
  const LINE = '<p class="truncate" data-company-line>Peach &amp; Pine &lt;Air&gt; Management</p>';

  it('every screen: the line in the header, escaped; Home: its title row too; never kept by a shared cache', async () => {
    const units = await app.inject({ url: '/units', headers: { cookie, 'accept-encoding': 'br' } });
    expect(units.statusCode).toBe(200);
    expect(units.headers['content-encoding']).toBe('br');
    expect(units.headers['cache-control']).toBe('private, no-cache');
    expect(decoded(units)).toContain(LINE);
    expect(decoded(units)).toContain('units-page-Zz.js');
    const home = await app.inject({ url: '/', headers: { cookie, 'accept-encoding': 'gzip' } });
    const page = decoded(home);
    expect(page).toContain(LINE);
    expect(page).toContain(
      `<main class="flex-1 px-4 py-6 sm:px-6 lg:px-8">${screenHeadingHtml({ title: 'Peach & Pine <Air> Management', box: HOME_BOX })}</main>`,
    );
    expect(page).not.toContain('<!--screen-->');
    expect(page).toContain('<link rel="preload" as="fetch" crossorigin href="/api/home/options">');
  });

  it('signed out, with a made-up session, or on /login: the page as built, shared by everyone', async () => {
    for (const headers of [{}, { cookie: 'hvac_sid=made.up' }]) {
      const response = await app.inject({ url: '/units', headers });
      expect(response.body).toContain('data-company-line>&nbsp;</p>');
      expect(response.body).not.toContain('Peach');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    const login = await app.inject({ url: '/login', headers: { cookie } });
    expect(login.body).not.toContain('Peach');
  });
});

describe('API answers', () => {
  let api: ApiClient;
  beforeAll(async () => {
    const user = await f.user({
      role: 'admin',
      username: 'zip-admin',
      email: 'zip@example.com',
      password: TEST_PASSWORD,
    });
    for (let i = 0; i < 30; i++) await f.company({ name: `Compressed Company ${i}` });
    const login = await signedOut({ app }).call('POST', '/api/auth/login', {
      username: user.username,
      password: TEST_PASSWORD,
    });
    api = apiClient({ app }, cookieHeader(login));
  });

  it('over 1 KB: brotli or gzip when accepted, with Vary; the same JSON once decoded', async () => {
    const plain = await api.call('GET', '/api/companies?page=1&pageSize=25');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(vary(plain)).toContain('accept-encoding');
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await api.call('GET', '/api/companies?page=1&pageSize=25', undefined, {
        headers: { 'accept-encoding': accept },
      });
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(vary(response)).toContain('accept-encoding');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(response))).toEqual(JSON.parse(plain.body));
    }
  });

  it('under 1 KB: sent as it is', async () => {
    const response = await api.call('GET', '/api/auth/current', undefined, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('an error answer over 1 KB is compressed too, and still readable', async () => {
    const response = await api.call('POST', '/api/companies', { name: '' }, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(decoded(response)).error.code).toBe('VALIDATION_ERROR');
  });
});

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['GZIP;Q=1', 'gzip'],
  ])('%s -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
