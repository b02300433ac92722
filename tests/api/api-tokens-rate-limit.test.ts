import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenRateLimitedMessage, type CreatedApiToken } from '../../src/domain/api-tokens.js';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { rateLimits } from '../../src/server/db/schema.js';
import { createFactories } from '../factories/index.js';
import { apiClient, expectRefused, signedOut, type ApiClient } from '../support/api.js';
import { cookieHeader, TEST_PASSWORD, testConfig } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-db.js';

// Two app servers on one database, each allowing a token 5 requests a minute (decision 055): the
// count lives in rate_limits, so calls spread over both servers share one limit.
const LIMIT = 5;
let database: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
let adminOnA: ApiClient;
let now = new Date('2026-11-30T15:00:10Z');
const clock = () => now;

beforeAll(async () => {
  database = await openTestDatabase();
  await createFactories(database.db).user({
    username: 'limit-admin',
    email: 'limit-admin@example.com',
    role: 'admin',
    password: TEST_PASSWORD,
  });
  const config = testConfig({ apiTokenRateLimit: LIMIT });
  a = await buildApp({ config, database, webDir: null, verifyResponses: true, clock });
  b = await buildApp({ config, database, webDir: null, verifyResponses: true, clock });
  await Promise.all([a.ready(), b.ready()]);
  const login = await signedOut({ app: a }).call('POST', '/api/auth/login', {
    username: 'limit-admin',
    password: TEST_PASSWORD,
  });
  adminOnA = apiClient({ app: a }, cookieHeader(login));
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

async function create(name: string): Promise<CreatedApiToken> {
  const response = await adminOnA.call('POST', '/api/api-tokens', { name, role: 'office', expiresInDays: 30 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

const call = (app: FastifyInstance, token: string) =>
  signedOut({ app }).call('GET', '/api/tags', undefined, { headers: { authorization: `Bearer ${token}` } });

describe('the per-token rate limit', () => {
  it('is one count across both app servers, and the 429 says why and when to retry', async () => {
    const { token, apiToken } = await create('Busy integration');
    const answers = [];
    for (let i = 0; i < LIMIT; i++) answers.push(await call(i % 2 === 0 ? a : b, token));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.map((r) => r.headers['ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0']);
    expect(answers[0]?.headers['ratelimit-limit']).toBe(String(LIMIT));

    // The sixth call, on either server, is over: 50 seconds remain of the minute's window.
    now = new Date(now.getTime() + 10_000);
    for (const app of [a, b]) {
      const refused = await call(app, token);
      expectRefused(refused, 429, apiTokenRateLimitedMessage(LIMIT, 50), { code: 'RATE_LIMITED' });
      expect(refused.headers['retry-after']).toBe('50');
    }
    expect(apiTokenRateLimitedMessage(LIMIT, 50)).toBe(
      'This API token made more than 5 requests in a minute; try again in 50 seconds',
    );

    // One row in the shared table holds the count (never a process's memory).
    const rows = await database.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `api-token:${apiToken.id}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.hits).toBe(LIMIT + 2);

    // When the window is over the token works again.
    now = new Date(now.getTime() + 50_000);
    expect((await call(b, token)).statusCode).toBe(200);
  });

  it('counts each token on its own, and never limits the screens by it', async () => {
    const first = await create('First');
    const second = await create('Second');
    for (let i = 0; i < LIMIT; i++) expect((await call(a, first.token)).statusCode).toBe(200);
    expect((await call(b, first.token)).statusCode).toBe(429);
    expect((await call(b, second.token)).statusCode).toBe(200);
    // The admin's session on the same servers is not counted against any token.
    for (let i = 0; i < LIMIT + 2; i++) expect((await adminOnA.call('GET', '/api/tags')).statusCode).toBe(200);
  });

  it('counts refused calls too (a token that only gets 403s still spends its minute)', async () => {
    const { token } = await create('Wrong route');
    const onTokens = () =>
      signedOut({ app: a }).call('GET', '/api/api-tokens', undefined, {
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < LIMIT; i++) expect((await onTokens()).statusCode).toBe(403);
    expect((await call(b, token)).statusCode).toBe(429);
  });
});
