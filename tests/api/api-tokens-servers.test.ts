import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, type CreatedApiToken } from '../../src/domain/api-tokens.js';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { apiTokens } from '../../src/server/db/schema.js';
import { createFactories } from '../factories/index.js';
import { apiClient, expectRefused, signedOut, type ApiClient } from '../support/api.js';
import { cookieHeader, TEST_PASSWORD, testConfig } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-db.js';

// Two app servers on one database (WEB_CONCURRENCY, several hosts), each keeping the tokens it
// resolved for SESSION_CACHE_MS (5 s here), as it keeps sessions: a token revoked on one must be
// refused by the other on its next request (decision 047). Server `a` logs every line to `lines`,
// so the test can also check that no token reaches the log.
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

let database: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
let adminOnA: ApiClient;
let now = new Date();
const clock = () => now;

beforeAll(async () => {
  database = await openTestDatabase();
  await createFactories(database.db).user({
    username: 'tokens-admin',
    email: 'tokens-admin@example.com',
    role: 'admin',
    password: TEST_PASSWORD,
  });
  a = await buildApp({
    config: testConfig(),
    database,
    webDir: null,
    verifyResponses: true,
    logger: { level: 'trace', stream: capture },
    clock,
  });
  b = await buildApp({ config: testConfig(), database, webDir: null, verifyResponses: true, clock });
  await Promise.all([a.ready(), b.ready()]);
  const login = await signedOut({ app: a }).call('POST', '/api/auth/login', {
    username: 'tokens-admin',
    password: TEST_PASSWORD,
  });
  adminOnA = apiClient({ app: a }, cookieHeader(login));
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

const onB = (token: string) =>
  signedOut({ app: b }).call('GET', '/api/tags', undefined, { headers: { authorization: `Bearer ${token}` } });

async function create(name: string): Promise<CreatedApiToken> {
  const response = await adminOnA.call('POST', '/api/api-tokens', { name, role: 'office', expiresInDays: 30 });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

describe('a token revoked on one app server', () => {
  it('is refused by the other on its next request, though the other kept a copy', async () => {
    const { apiToken, token } = await create('Two servers');
    // b resolves the token many times: it is listening and answers from its copy.
    for (let i = 0; i < 30; i++) {
      expect((await onB(token)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 10));
    }
    const revoked = await adminOnA.call('POST', `/api/api-tokens/${apiToken.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    // The database's announcement reaches b within moments, far below the 5 s a copy may live.
    const deadline = performance.now() + 1_000;
    let answer = await onB(token);
    while (answer.statusCode === 200 && performance.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      answer = await onB(token);
    }
    expectRefused(answer, 401, API_TOKEN_MESSAGES.revoked);
  });

  it('keeps its copy only while it hears nothing, and never past SESSION_CACHE_MS', async () => {
    const { apiToken, token } = await create('Lost announcement');
    for (let i = 0; i < 30; i++) {
      expect((await onB(token)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 10));
    }
    // Revoked with the triggers off for this one statement, as if the announcement were lost:
    // b answers from its copy until the copy's time is up, then reads the database.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(apiTokens).set({ revokedAt: now }).where(eq(apiTokens.id, apiToken.id));
    });
    expect((await onB(token)).statusCode).toBe(200);
    now = new Date(now.getTime() + 5_000);
    expectRefused(await onB(token), 401, API_TOKEN_MESSAGES.revoked);
  });

  it('the other server never resolves a revoked token again (nothing stale is kept)', async () => {
    const { apiToken, token } = await create('Revoked before use');
    await adminOnA.call('POST', `/api/api-tokens/${apiToken.id}/revoke`);
    expectRefused(await onB(token), 401, API_TOKEN_MESSAGES.revoked);
  });
});

describe('the server log', () => {
  it('never holds a token: not when it is made, used, refused or revoked', async () => {
    lines.length = 0;
    const { apiToken, token } = await create('Logged');
    const call = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      signedOut({ app: a }).call(method, url, payload, { headers: { authorization: `Bearer ${token}` } });
    expect((await call('GET', '/api/companies?page=1&pageSize=25')).statusCode).toBe(200);
    expect((await call('POST', '/api/companies', { name: '' })).statusCode).toBe(400);
    expect((await call('GET', '/api/api-tokens')).statusCode).toBe(403);
    await adminOnA.call('POST', `/api/api-tokens/${apiToken.id}/revoke`);
    expect((await call('GET', '/api/tags')).statusCode).toBe(401);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(4);
    expect(log).toContain('/api/api-tokens');
    expect(log).not.toContain(token);
    // not even the random part alone
    expect(log).not.toContain(token.slice(5, 25));
  });
});
