import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import { createFactories } from '../factories/index.js';
import { apiClient, signedOut } from '../support/api.js';
import { cookieHeader, TEST_PASSWORD, testConfig } from '../support/test-app.js';
import { openTestDatabase } from '../support/test-db.js';

// Two app servers on one database, as with WEB_CONCURRENCY or several hosts: each keeps the
// sessions it resolved for SESSION_CACHE_MS (5 s here), and must still refuse a session at once
// when it ends or its user changes anywhere (modules/auth/session-cache.ts, migration 0036).
let database: DatabaseHandle;
let a: FastifyInstance;
let b: FastifyInstance;
let now = new Date();
const clock = () => now;

beforeAll(async () => {
  database = await openTestDatabase();
  const f = createFactories(database.db);
  await f.user({ username: 'dana', email: 'dana@example.com', role: 'admin', password: TEST_PASSWORD });
  await f.user({ username: 'mo', email: 'mo@example.com', role: 'manager', password: TEST_PASSWORD });
  await f.user({ username: 'tess', email: 'tess@example.com', role: 'user', password: TEST_PASSWORD });
  const build = () => buildApp({ config: testConfig(), database, webDir: null, verifyResponses: true, clock });
  a = await build();
  b = await build();
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
});

async function login(app: FastifyInstance, username: string): Promise<string> {
  const response = await signedOut({ app }).call('POST', '/api/auth/login', { username, password: TEST_PASSWORD });
  expect(response.statusCode).toBe(200);
  return cookieHeader(response);
}
const get = (app: FastifyInstance, cookie: string, url = '/api/companies?page=1&pageSize=25') =>
  apiClient({ app }, cookie).call('GET', url);

/** The status `b` answers once it has heard of the change: polled for 1 s, far below the 5 s a copy may live. */
async function statusWithin1s(cookie: string, expected: number, url?: string): Promise<number> {
  const deadline = performance.now() + 1_000;
  for (;;) {
    const status = (await get(b, cookie, url)).statusCode;
    if (status === expected || performance.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Waits until `b` is listening (its first copies are kept only then). */
async function warm(cookie: string, url?: string) {
  for (let i = 0; i < 50; i++) {
    expect((await get(b, cookie, url)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('session copies kept by each app server', () => {
  it('serves a burst of requests from its copy, for at most SESSION_CACHE_MS', async () => {
    const cookie = await login(a, 'tess');
    await warm(cookie);
    // The session row goes without the announcement (triggers off for this one statement), as if
    // the notification were lost: b answers from its copy until the copy's time is up.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from sessions where user_id = (select id from users where username = 'tess')`);
    });
    expect((await get(b, cookie)).statusCode).toBe(200);
    now = new Date(now.getTime() + 5_000);
    expect((await get(b, cookie)).statusCode).toBe(401);
  });

  it('refuses at once a session signed out on another server', async () => {
    const cookie = await login(a, 'dana');
    await warm(cookie);
    expect((await apiClient({ app: a }, cookie).call('POST', '/api/auth/logout')).statusCode).toBeLessThan(300);
    expect(await statusWithin1s(cookie, 401)).toBe(401);
  });

  it('refuses at once a user deactivated by another tool, straight in the database', async () => {
    const cookie = await login(a, 'tess');
    await warm(cookie);
    await database.db.execute(sql`update users set status = 'inactive' where username = 'tess'`);
    expect(await statusWithin1s(cookie, 401)).toBe(401);
    await database.db.execute(sql`update users set status = 'active' where username = 'tess'`);
  });

  it('applies at once a role changed on another server', async () => {
    const admin = await login(a, 'dana');
    const manager = await login(a, 'mo');
    await warm(manager, '/api/users');
    const onA = apiClient({ app: a }, admin);
    const mo = (await onA.call('GET', '/api/users'))
      .json()
      .items.find((u: { username: string }) => u.username === 'mo');
    const demoted = await onA.call('PATCH', `/api/users/${mo.id}`, { email: mo.email, role: 'user', status: 'active' });
    expect(demoted.statusCode).toBe(200);
    expect(await statusWithin1s(manager, 403, '/api/users')).toBe(403);
  });

  it('forgets its own copies when one of its own requests signs out', async () => {
    const cookie = await login(b, 'mo');
    await warm(cookie);
    expect((await apiClient({ app: b }, cookie).call('POST', '/api/auth/logout')).statusCode).toBeLessThan(300);
    expect((await get(b, cookie)).statusCode).toBe(401);
  });
});
