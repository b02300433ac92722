import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../src/server/modules/auth/sign-in-throttle.js';
import { PUBLIC_READ_LIMIT } from '../../src/server/modules/quotes/quotes.routes.js';
import { NUL_FIELD_MESSAGE } from '../../src/server/plugins/input-guard.js';
import { lyingZip } from '../../src/server/import/lying-zip.test-helper.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { customerFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
let admin: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext();
  api = await signInAs(ctx, 'user', { unchanged: () => customerFingerprint(ctx.database.db) });
  admin = await signInAs(ctx, 'admin');
});
afterAll(() => ctx.close());

describe('a NUL character (U+0000) in any text', () => {
  it('is refused with 400 naming the field on a write route, and nothing is saved', async () => {
    await api.refused(
      'POST',
      '/api/companies',
      { name: 'Acme\u0000 Cooling', status: 'active' },
      400,
      `name: ${NUL_FIELD_MESSAGE}`,
      { field: 'name' },
    );
    const company = await ctx.f.company({ name: 'Nul Test Co' });
    await api.refused('PUT', `/api/companies/${company.id}`, { name: 'Fine', notes: 'bad\u0000' }, 400, undefined, {
      field: 'notes',
    });
  });

  it('names the path of a nested field', async () => {
    const body = await api.refused(
      'POST',
      '/api/companies',
      { name: 'Ok', contacts: [{ name: 'x' }, { name: 'y\u0000' }] },
      400,
    );
    expect(body.error.fields).toEqual({ 'contacts.1.name': NUL_FIELD_MESSAGE });
  });

  it('is refused in a list filter and a search, instead of a 500 from the database', async () => {
    for (const url of [
      '/api/companies?search=a%00b',
      '/api/locations?search=%00',
      '/api/units?search=x%00',
      '/api/search?q=ab%00',
      '/api/price-book?search=%00',
    ]) {
      const response = await api.call('GET', url);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(Object.values(response.json().error.fields ?? {})).toContain(NUL_FIELD_MESSAGE);
    }
  });

  it('is refused on sign-in too (a public route)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'demo\u0000', password: 'x' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ username: NUL_FIELD_MESSAGE });
  });

  it('every route with a body or a query gets it: no route answers 500 for the byte', async () => {
    const company = await ctx.f.company({ name: 'Walk Co' });
    const id = company.id;
    for (const route of ctx.app.registeredRoutes) {
      if (route.public || route.url.startsWith('/api/docs')) continue;
      const url = route.url.replace(/:[a-zA-Z]+/g, id);
      const query = `${url}${url.includes('?') ? '&' : '?'}search=%00&q=%00`;
      const withBody = !['GET', 'DELETE'].includes(route.method);
      const response = await admin.call(
        route.method as 'GET',
        withBody ? url : query,
        withBody ? { name: 'x\u0000', notes: '\u0000' } : undefined,
      );
      expect(response.statusCode, `${route.method} ${route.url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});

describe('a multipart upload cut off in the middle of a part', () => {
  it('answers 400, not 500', async () => {
    const boundary = `----cut${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prices.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from('Type,Code,Name\r\nPart,P1,Contactor\r\n'),
      // no closing boundary: the upload stops mid-part
    ]);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/price-book/import/preview',
      headers: { cookie: admin.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'The upload was cut off before it ended. Please send the file again.',
    });
  });

  it('answers 400 for a part whose headers are cut off', async () => {
    const boundary = 'cutheaders';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/price-book/import/preview',
      headers: { cookie: admin.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; na`,
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});

describe('a spreadsheet whose zip lies about its sizes', () => {
  it('is refused with 400 once the bytes really inflated pass 50 MB, with memory bounded', async () => {
    // 300 MB of zeros that declare 1 KB: about 300 KB uploaded.
    const zip = await lyingZip(300 * 1024 * 1024);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const boundary = `----zip${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="prices.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      zip,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/price-book/import/preview',
      headers: { cookie: admin.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.message).toBe(
      'The spreadsheet is too large to import once unpacked (over 50 MB of data). Split it into smaller files.',
    );
    expect((peak - rssBefore) / 1024 / 1024, 'MB of memory the request took').toBeLessThan(100);
  });
});

describe('response headers', () => {
  it('API answers are never stored by a cache and carry a Permissions-Policy', async () => {
    for (const response of [
      await ctx.app.inject({ method: 'GET', url: '/api/health' }),
      await api.call('GET', '/api/companies'),
      await ctx.app.inject({ method: 'GET', url: '/api/companies' }),
      await api.call('GET', '/api/no-such-route'),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
      const policy = String(response.headers['permissions-policy']);
      expect(policy).toContain('camera=(self)');
      expect(policy).toContain('microphone=()');
      expect(policy).toContain('geolocation=()');
    }
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  const trustProxy = (value: string) =>
    loadConfig({ TRUST_PROXY: value, SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '.tmp/unused' }).trustProxy;
  const proxy = '10.0.0.2';
  const quoteRead = (app: TestContext['app'], remoteAddress: string, forwardedFor?: string) =>
    app.inject({
      method: 'GET',
      url: `/api/public/quotes/${'ab'.repeat(16)}`,
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    });

  describe('TRUST_PROXY=true: one proxy, which appends the address it received the request from', () => {
    let behind: TestContext;
    beforeAll(async () => {
      behind = await createTestContext({ config: { trustProxy: trustProxy('true') } });
    });
    afterAll(() => behind.close());

    it("throttles sign-in on the proxy's entry, whatever X-Forwarded-For the client sent itself", async () => {
      await behind.f.user({ username: 'victim', email: 'victim@example.com', password: TEST_PASSWORD });
      const attempt = (i: number, password: string) =>
        behind.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'victim', password },
          remoteAddress: proxy,
          headers: { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.77` },
        });
      for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
        expect((await attempt(i, `wrong-${i}`)).statusCode).toBe(401);
      expect((await attempt(100, TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('counts the public quote limit on the same address', async () => {
      for (let i = 0; i < PUBLIC_READ_LIMIT.max; i++)
        expect((await quoteRead(behind.app, proxy, `192.0.2.${i}, 203.0.113.78`)).statusCode).toBe(404);
      const over = await quoteRead(behind.app, proxy, `198.51.100.${PUBLIC_READ_LIMIT.max}, 203.0.113.78`);
      expect(over.statusCode).toBe(429);
      // another client behind the same proxy has its own count
      expect((await quoteRead(behind.app, proxy, '203.0.113.79')).statusCode).toBe(404);
    });
  });

  describe("TRUST_PROXY=<the proxy's address>", () => {
    let listed: TestContext;
    beforeAll(async () => {
      listed = await createTestContext({ config: { trustProxy: trustProxy(proxy) } });
    });
    afterAll(() => listed.close());

    it('ignores X-Forwarded-For from a client that reaches the app directly', async () => {
      for (let i = 0; i < PUBLIC_READ_LIMIT.max; i++)
        expect((await quoteRead(listed.app, '198.51.100.5', `192.0.2.${i}`)).statusCode).toBe(404);
      expect((await quoteRead(listed.app, '198.51.100.5', '192.0.2.250')).statusCode).toBe(429);
      // through the proxy, the client it names is counted apart
      expect((await quoteRead(listed.app, proxy, '198.51.100.6')).statusCode).toBe(404);
    });

    it('takes X-Forwarded-Host from the proxy only, when judging a cross-site request', async () => {
      const post = (remoteAddress: string) =>
        listed.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'nobody', password: 'x' },
          remoteAddress,
          headers: {
            origin: 'https://hvac.example.com',
            host: 'app.internal:3000',
            'x-forwarded-host': 'hvac.example.com',
          },
        });
      expect((await post('198.51.100.7')).statusCode).toBe(403);
      expect((await post(proxy)).statusCode).toBe(401);
    });
  });
});
