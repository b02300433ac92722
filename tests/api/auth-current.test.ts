import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.f.user({ username: 'casey', email: 'casey@example.com', role: 'user', password: TEST_PASSWORD });
});
afterAll(() => ctx.close());

describe('GET /api/auth/current (the browser session check)', () => {
  it('answers 200 with no user without a session, or with a stale cookie', async () => {
    const none = await ctx.app.inject({ method: 'GET', url: '/api/auth/current' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ user: null });
    const stale = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: { cookie: 'hvac_sid=not-a-session.sig' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ user: null });
  });

  it('answers the signed-in user', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: 'casey', password: TEST_PASSWORD },
    });
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/auth/current',
      headers: { cookie: cookieHeader(login) },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toMatchObject({ username: 'casey', role: 'user' });
  });
});
