import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS } from '../../src/server/modules/auth/sign-in-throttle.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const session = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie } });

describe('My Account', () => {
  it('shows the signed-in user, whatever the role', async () => {
    await ctx.f.technician({
      user: { username: 'tess', email: 'tess@example.com', firstName: 'Tess', password: TEST_PASSWORD },
    });
    const cookie = await ctx.login('tess');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } });
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
    const cookie = await ctx.login('uma');
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: { cookie },
      payload: { firstName: 'Uma', lastName: 'Ray', email: 'uma.ray@example.com', phone: '(404) 555-0123' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Uma',
      lastName: 'Ray',
      email: 'uma.ray@example.com',
      phone: '(404) 555-0123',
    });
    expect((await session(cookie)).json().user).toMatchObject({ firstName: 'Uma', email: 'uma.ray@example.com' });

    const dup = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: { cookie },
      payload: { email: other.email.toUpperCase() },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.message).toBe(`A user with the email "${other.email.toUpperCase()}" already exists`);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/account',
      headers: { cookie },
      payload: { email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: { cookie } })).json().email).toBe(
      'uma.ray@example.com',
    );
  });

  it('changes my password: the current one is required, my other sessions end, this one stays', async () => {
    await ctx.f.user({ username: 'pat', email: 'pat@example.com', password: TEST_PASSWORD });
    const here = await ctx.login('pat');
    const elsewhere = await ctx.login('pat');
    const change = (payload: unknown) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { cookie: here },
        payload: payload as object,
      });

    const wrong = await change({
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Current password is incorrect',
      fields: { currentPassword: 'Current password is incorrect' },
    });
    const missing = await change({ newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toEqual({ currentPassword: 'Current password is required' });
    const short = await change({ currentPassword: TEST_PASSWORD, newPassword: 'short', confirmPassword: 'short' });
    expect(short.json().error.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
    const mismatch = await change({
      currentPassword: TEST_PASSWORD,
      newPassword: 'brand-new-pass',
      confirmPassword: 'brand-new-pasS',
    });
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: 'The new passwords do not match' });
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
    const oldLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'pat', password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'pat', password: 'brand-new-pass' },
    });
    expect(newLogin.statusCode).toBe(200);
  });

  it(`throttles wrong current passwords like sign-in: after ${MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS}, even the right one waits`, async () => {
    await ctx.f.user({ username: 'guessed', email: 'guessed@example.com', password: TEST_PASSWORD });
    const cookie = await ctx.login('guessed');
    const change = (currentPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { cookie },
        payload: { currentPassword, newPassword: 'taken-over-pass', confirmPassword: 'taken-over-pass' },
      });
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS; i++)
      expect((await change(`guess-${i}`)).statusCode).toBe(400);
    const throttled = await change(TEST_PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().error).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many wrong passwords. Please wait 15 minutes and try again.',
    });
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    // the guesses share the account's count with sign-in: no fresh guesses there from this address
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'guessed', password: 'another-guess' },
        })
      ).statusCode,
    ).toBe(429);
  });

  it('forgives my own typos once I give the right current password', async () => {
    await ctx.f.user({ username: 'typo', email: 'typo@example.com', password: TEST_PASSWORD });
    const cookie = await ctx.login('typo');
    const change = (currentPassword: string, newPassword: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { cookie },
        payload: { currentPassword, newPassword, confirmPassword: newPassword },
      });
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
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/account/password', payload: {} })).statusCode).toBe(401);
  });
});
