import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import {
  ADDRESS_SLOWDOWN_AFTER_FAILURES,
  MAX_FAILURES_PER_ACCOUNT,
  MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
  SIGN_IN_WINDOW_MINUTES,
} from '../../src/server/modules/auth/sign-in-throttle.js';
import { signedOut, type ApiClient, type ApiHost, type CallOptions } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { cookieHeader, createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let anonymous: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext();
  // a refused sign-in makes no session and changes no user
  anonymous = signedOut(ctx, { unchanged: () => tableFingerprint(ctx.database.db, ['users', 'sessions']) });
  await ctx.f.user({ username: 'dana', email: 'dana@example.com', role: 'admin', password: TEST_PASSWORD });
  await ctx.f.user({ username: 'gone', email: 'gone@example.com', status: 'inactive', password: TEST_PASSWORD });
  await ctx.f.user({ username: 'nopass', email: 'nopass@example.com', password: undefined });
});
afterAll(() => ctx.close());

const login = (payload: unknown, options: CallOptions = {}) =>
  anonymous.call('POST', '/api/auth/login', payload, options);
/** Sign-in attempts from one client address, on the given app. */
const signInFrom = (host: ApiHost, remoteAddress: string) => (username: string, password: string) =>
  signedOut(host).call('POST', '/api/auth/login', { username, password }, { remoteAddress });

describe('sign-in', () => {
  it('signs in by username and answers the user, with an httpOnly SameSite=Lax session cookie', async () => {
    const response = await login({ username: 'dana', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ username: 'dana', role: 'admin' });
    const cookie = response.cookies.find((c) => c.name === 'hvac_sid')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    // 256 random bits (43 base64url characters) plus the signature
    expect(cookie.value.split('.')[0]!.length).toBeGreaterThanOrEqual(43);
    const session = await anonymous.as(cookieHeader(response)).call('GET', '/api/auth/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().user.username).toBe('dana');
  });

  it('signs in by e-mail, case-insensitively', async () => {
    const response = await login({ username: 'DANA@example.com', password: TEST_PASSWORD });
    expect(response.statusCode).toBe(200);
  });

  it('answers "Invalid username or password" for a wrong password, an unknown user, an inactive user and a user without a password', async () => {
    for (const payload of [
      { username: 'dana', password: 'wrong-password' },
      { username: 'nobody-here', password: TEST_PASSWORD },
      { username: 'gone', password: TEST_PASSWORD },
      { username: 'nopass', password: 'anything' },
    ]) {
      const response = await login(payload, { headers: { 'x-forwarded-for': 'ignored' } });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Invalid username or password' } });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('requires username and password', async () => {
    const body = await anonymous.refused('POST', '/api/auth/login', { username: '  ', password: '' }, 400);
    expect(body.error.fields).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    await anonymous.refused('POST', '/api/auth/login', {}, 400);
  });

  it('answers 400 for a body that is not JSON', async () => {
    await anonymous.refused('POST', '/api/auth/login', '{oops', 400, undefined, {
      headers: { 'content-type': 'application/json' },
      code: 'VALIDATION_ERROR',
    });
  });

  it('gives a new session id at every sign-in and ends the one the browser came with', async () => {
    const first = cookieHeader(await login({ username: 'dana', password: TEST_PASSWORD }));
    const second = await anonymous
      .as(first)
      .call('POST', '/api/auth/login', { username: 'dana', password: TEST_PASSWORD });
    expect(cookieHeader(second)).not.toBe(first);
    const old = await anonymous.as(first).call('GET', '/api/auth/session');
    expect(old.statusCode).toBe(401);
  });

  it('rejects a tampered cookie', async () => {
    const cookie = cookieHeader(await login({ username: 'dana', password: TEST_PASSWORD }));
    // Another first character (the token is random: a fixed replacement would sometimes be the same one).
    const tampered = cookie.replace(/hvac_sid=(.)/, (_, first: string) => `hvac_sid=${first === 'X' ? 'Y' : 'X'}`);
    expect(tampered).not.toBe(cookie);
    const response = await anonymous.as(tampered).call('GET', '/api/auth/session');
    expect(response.statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('deletes the session on the server: the same cookie no longer works', async () => {
    const cookie = cookieHeader(await login({ username: 'dana', password: TEST_PASSWORD }));
    const out = await anonymous.as(cookie).call('POST', '/api/auth/logout');
    expect(out.statusCode).toBe(204);
    const after = await anonymous.as(cookie).call('GET', '/api/home/stats');
    expect(after.statusCode).toBe(401);
  });
});

describe('rate limits', () => {
  it(`locks an account from one address after ${MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS} failures, even for the right password`, async () => {
    await ctx.f.user({ username: 'target', email: 'target@example.com', password: TEST_PASSWORD });
    const from = (remoteAddress: string) => signInFrom(ctx, remoteAddress);
    const stranger = from('198.51.100.7');
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++) {
      expect((await stranger('target', `wrong-${i}`)).statusCode).toBe(401);
    }
    const locked = await stranger('target', TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
    });
    // The count is on the account, not on the typed text: the e-mail and another spelling are locked too.
    expect((await stranger('TARGET@example.com', TEST_PASSWORD)).statusCode).toBe(429);
    expect((await stranger(' Target ', TEST_PASSWORD)).statusCode).toBe(429);
    // The user, at their own office, is not locked out by the stranger.
    expect((await from('203.0.113.50')('target', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts failures by account whatever login is typed: username and e-mail share one count', async () => {
    await ctx.f.user({ username: 'mixed', email: 'mixed@example.com', password: TEST_PASSWORD });
    const attempt = signInFrom(ctx, '198.51.100.8');
    const logins = ['mixed', 'MIXED@example.com', 'Mixed', 'mixed@EXAMPLE.com', 'mixed'];
    for (const login of logins.slice(0, MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS))
      expect((await attempt(login, 'wrong')).statusCode).toBe(401);
    expect((await attempt('mixed', TEST_PASSWORD)).statusCode).toBe(429);
  });

  it('counts an unknown login on its normalized text, without storing the text', async () => {
    const attempt = (username: string) => signInFrom(ctx, '198.51.100.9')(username, 'x');
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await attempt(i % 2 ? 'Nobody-Known' : ' nobody-known ')).statusCode).toBe(401);
    expect((await attempt('NOBODY-KNOWN')).statusCode).toBe(429);
    const keys = await queryRows<{ key: string }>(ctx.database.db, sql`select key from auth_throttle`);
    expect(keys.map((k) => k.key).join(' ')).not.toMatch(/nobody/i);
  });

  it('says when to try again: Retry-After is the rest of the window', async () => {
    await ctx.f.user({ username: 'waiter', email: 'waiter@example.com', password: TEST_PASSWORD });
    const attempt = (password: string) => signInFrom(ctx, '198.51.100.10')('waiter', password);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await attempt('wrong')).statusCode).toBe(401);
    const locked = await attempt(TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(SIGN_IN_WINDOW_MINUTES * 60 - 60);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_WINDOW_MINUTES * 60);
  });

  it(`locks an account after ${MAX_FAILURES_PER_ACCOUNT} failures from any addresses together`, async () => {
    await ctx.f.user({ username: 'roamed', email: 'roamed@example.com', password: TEST_PASSWORD });
    const from = (remoteAddress: string, password: string) => signInFrom(ctx, remoteAddress)('roamed', password);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT; i++)
      expect((await from(`192.0.2.${i + 1}`, `wrong-${i}`)).statusCode).toBe(401);
    const locked = await from('192.0.2.200', TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('never throttles a user who keeps signing in with the right password, and forgives their own typos', async () => {
    await ctx.f.user({ username: 'regular', email: 'regular@example.com', password: TEST_PASSWORD });
    const attempt = (password: string) => signInFrom(ctx, '198.51.100.11')('regular', password);
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1; i++)
        expect((await attempt('typo')).statusCode).toBe(401);
      expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
    }
    for (let i = 0; i < 30; i++) expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('counts an attempt before its password is checked: guesses sent at once cannot pass the limit together', async () => {
    await ctx.f.user({ username: 'burst', email: 'burst@example.com', password: TEST_PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInFrom(ctx, '198.51.100.12')('burst', `guess-${i}`)),
    );
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(12 - checked);
  });
});

describe('a busy address (the office behind one proxy)', () => {
  let now = new Date('2026-03-02T09:00:00Z');
  let busy: TestContext;
  beforeAll(async () => {
    busy = await createTestContext({ now: () => now });
    await busy.f.user({ username: 'boss', email: 'boss@example.com', role: 'admin', password: TEST_PASSWORD });
    await busy.f.user({ username: 'clerk', email: 'clerk@example.com', password: TEST_PASSWORD });
    await busy.f.user({ username: 'typist', email: 'typist@example.com', password: TEST_PASSWORD });
  });
  afterAll(() => busy.close());
  const office = '203.0.113.9';
  const attempt = (username: string, password: string) => signInFrom(busy, office)(username, password);
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  it(`is slowed, never closed: after ${ADDRESS_SLOWDOWN_AFTER_FAILURES} failures for made-up names, every user without failures still signs in`, async () => {
    for (let i = 0; i < ADDRESS_SLOWDOWN_AFTER_FAILURES; i++)
      expect((await attempt(`spray-${i}`, 'guess')).statusCode).toBe(401);
    expect((await attempt('boss', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt('clerk', TEST_PASSWORD)).statusCode).toBe(200);
    expect((await attempt('boss@example.com', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('paces attempts on names that already failed, with a growing wait, alike for made-up names and real ones', async () => {
    // a name that failed before: one attempt, then a wait
    expect((await attempt('spray-0', 'guess')).statusCode).toBe(401);
    const paced = await attempt('spray-1', 'guess');
    expect(paced.statusCode).toBe(429);
    expect(paced.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many failed sign-ins from your network. Please wait 2 seconds and try again.',
    });
    expect(paced.headers['retry-after']).toBe('2');
    later(2);
    expect((await attempt('spray-1', 'guess')).statusCode).toBe(401);
    const longer = await attempt('spray-2', 'guess');
    expect(longer.statusCode).toBe(429);
    expect(longer.headers['retry-after']).toBe('4');

    // A real account's first wrong password is checked like a made-up name's (401), then paced like it.
    expect((await attempt('typist', 'typo')).statusCode).toBe(401);
    expect((await attempt('typist', TEST_PASSWORD)).statusCode).toBe(429);
    later(60);
    expect((await attempt('typist', TEST_PASSWORD)).statusCode).toBe(200);
    // Accounts without failures were never slowed meanwhile.
    expect((await attempt('clerk', TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('slows no other address', async () => {
    const elsewhere = await signInFrom(busy, '198.51.100.99')('spray-3', 'guess');
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('cross-site protection and headers', () => {
  it('refuses a mutation sent from another site', async () => {
    const dana = { username: 'dana', password: TEST_PASSWORD };
    await anonymous.refused('POST', '/api/auth/login', dana, 403, undefined, {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    await anonymous.refused('POST', '/api/auth/login', dana, 403, 'Cross-site request refused', {
      headers: { origin: 'https://evil.example.com' },
    });
    const sameOrigin = await login(dana, {
      headers: { origin: 'http://localhost:80', host: 'localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('sends a strict Content-Security-Policy and the other security headers', async () => {
    const response = await anonymous.call('GET', '/api/health');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });
});
