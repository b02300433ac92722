import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../src/server/modules/auth/sign-in-throttle.js';
import { apiClient, signedOut, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let anonymous: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext();
  anonymous = signedOut(ctx);
});
afterAll(() => ctx.close());

/** The helpers of a user signed in by name; a refusal must leave the users table as it was. */
const signIn = async (username: string) =>
  apiClient(ctx, await ctx.login(username), { unchanged: () => tableFingerprint(ctx.database.db, ['users']) });
const session = (api: ApiClient) => api.call('GET', '/api/auth/session');
const signInWith = (username: string, password: string) =>
  anonymous.call('POST', '/api/auth/login', { username, password });

describe('My Account', () => {
  it('shows the signed-in user, whatever the role', async () => {
    await ctx.f.technician({
      user: { username: 'tess', email: 'tess@example.com', firstName: 'Tess', password: TEST_PASSWORD },
    });
    const api = await signIn('tess');
    const response = await api.call('GET', '/api/account');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      username: 'tess',
      email: 'tess@example.com',
      firstName: 'Tess',
      role: 'technician',
    });
    expect(response.json()).not.toHaveProperty('passwordHash');
  });

  it('changes my own name, e-mail and phone; a taken e-mail is a 409 and changes nothing', async () => {
    await ctx.f.user({ username: 'uma', email: 'uma@example.com', password: TEST_PASSWORD });
    const other = await ctx.f.user({ username: 'taken', email: 'taken@example.com' });
    const api = await signIn('uma');
    const response = await api.call('PUT', '/api/account', {
      firstName: 'Uma',
      lastName: 'Ray',
      email: 'uma.ray@example.com',
      phone: '(404) 555-0123',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Uma',
      lastName: 'Ray',
      email: 'uma.ray@example.com',
      phone: '(404) 555-0123',
    });
    expect((await session(api)).json().user).toMatchObject({ firstName: 'Uma', email: 'uma.ray@example.com' });

    await api.refused(
      'PUT',
      '/api/account',
      { email: other.email.toUpperCase() },
      409,
      `A user with the email "${other.email.toUpperCase()}" already exists`,
    );
    await api.refused('PUT', '/api/account', { email: 'nope' }, 400);
    expect((await api.call('GET', '/api/account')).json().email).toBe('uma.ray@example.com');
  });

  it('changes my password: the current one is required, my other sessions end, this one stays', async () => {
    await ctx.f.user({ username: 'pat', email: 'pat@example.com', password: TEST_PASSWORD });
    const here = await signIn('pat');
    const elsewhere = await signIn('pat');
    const change = (payload: unknown) => here.call('POST', '/api/account/password', payload);
    const refusedChange = (payload: unknown) => here.refused('POST', '/api/account/password', payload, 400);

    const wrong = await refusedChange({
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(wrong.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Current password is incorrect',
      fields: { currentPassword: 'Current password is incorrect' },
    });
    const missing = await refusedChange({ newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(missing.error.fields).toEqual({ currentPassword: 'Current password is required' });
    const short = await refusedChange({
      currentPassword: TEST_PASSWORD,
      newPassword: 'short',
      confirmPassword: 'short',
    });
    expect(short.error.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
    const mismatch = await refusedChange({
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pasS',
    });
    expect(mismatch.error.fields).toEqual({ confirmPassword: 'The new passwords do not match' });
    // none of that changed anything
    expect((await session(elsewhere)).statusCode).toBe(200);

    const ok = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(ok.statusCode).toBe(204);
    expect((await session(here)).statusCode).toBe(200);
    expect((await session(elsewhere)).statusCode).toBe(401);
    expect((await signInWith('pat', TEST_PASSWORD)).statusCode).toBe(401);
    expect((await signInWith('pat', 'brand-new-pass')).statusCode).toBe(200);
  });

  it(`throttles wrong current passwords like sign-in: after ${MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS}, even the right one waits`, async () => {
    await ctx.f.user({ username: 'guessed', email: 'guessed@example.com', password: TEST_PASSWORD });
    const api = await signIn('guessed');
    const change = (currentPassword: string) =>
      api.call('POST', '/api/account/password', {
        currentPassword,
        newPassword: 'taken-over-pass',
        confirmPassword: 'taken-over-pass',
      });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
      await api.refused(
        'POST',
        '/api/account/password',
        { currentPassword: `guess-${i}`, newPassword: 'taken-over-pass', confirmPassword: 'taken-over-pass' },
        400,
      );
    const throttled = await change(TEST_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
    });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // the guesses share the account's count with sign-in: no fresh guesses there from this address
    expect((await signInWith('guessed', 'another-guess')).statusCode).toBe(429);
  });

  it('forgives my own typos once I give the right current password', async () => {
    await ctx.f.user({ username: 'typo', email: 'typo@example.com', password: TEST_PASSWORD });
    const api = await signIn('typo');
    const change = (currentPassword: string, newPassword: string) =>
      api.call('POST', '/api/account/password', { currentPassword, newPassword, confirmPassword: newPassword });
    let password = TEST_PASSWORD;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS - 1; i++)
        expect((await change('typo', 'whatever-new')).statusCode).toBe(400);
      const next = `new-password-${round}`;
      expect((await change(password, next)).statusCode).toBe(204);
      password = next;
    }
  });

  it('needs a session', async () => {
    await anonymous.refused('GET', '/api/account', undefined, 401);
    await anonymous.refused('POST', '/api/account/password', {}, 401);
  });
});
