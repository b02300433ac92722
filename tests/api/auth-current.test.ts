import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedOut, type ApiClient } from '../support/api.js';
import { cookieHeader, createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let anonymous: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext();
  anonymous = signedOut(ctx);
  await ctx.f.user({ username: 'casey', email: 'casey@example.com', role: 'user', password: TEST_PASSWORD });
});
afterAll(() => ctx.close());

describe('GET /api/auth/current (the browser session check)', () => {
  it('answers 200 with no user without a session, or with a stale cookie', async () => {
    const none = await anonymous.call('GET', '/api/auth/current');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ user: null });
    const stale = await anonymous.as('hvac_sid=not-a-session.sig').call('GET', '/api/auth/current');
    expect(stale.statusCode).toBe(200);
    expect(stale.json()).toEqual({ user: null });
  });

  it('answers the signed-in user', async () => {
    const login = await anonymous.call('POST', '/api/auth/login', { username: 'casey', password: TEST_PASSWORD });
    const answer = await anonymous.as(cookieHeader(login)).call('GET', '/api/auth/current');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user).toMatchObject({ username: 'casey', role: 'user' });
  });
});
