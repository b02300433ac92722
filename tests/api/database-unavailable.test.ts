import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createPostgresHandle, type DatabaseHandle } from '../../src/server/db/client.js';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../../src/server/errors.js';
import { SESSION_COOKIE } from '../../src/server/plugins/auth.js';
import { apiClient, signedOut } from '../support/api.js';
import { testConfig } from '../support/test-config.js';

/**
 * The app pointed at a PostgreSQL that is stopped (nothing listens on the port) or hung (a TCP
 * server that accepts and never answers): every request that needs the database answers 503 with
 * Retry-After within 2 seconds, /api/health included; none hangs and none answers 500.
 */

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

async function appOn(port: number): Promise<{ app: FastifyInstance; database: DatabaseHandle }> {
  const database = createPostgresHandle({
    url: `postgres://postgres@127.0.0.1:${port}/hvac`,
    poolSize: 4,
    connectTimeoutMs: 1_000,
    statementTimeoutMs: 1_000,
  });
  const app = await buildApp({ config: testConfig({ databaseUrl: 'postgres://unused' }), database, webDir: null });
  await app.ready();
  return { app, database };
}

const requests = (app: FastifyInstance) => {
  const session = `${SESSION_COOKIE}=${app.signCookie('a-session-token-that-needs-the-database-to-check')}`;
  return [
    { name: 'a list with a session', method: 'GET' as const, url: '/api/companies', cookie: session },
    { name: 'the session check', method: 'GET' as const, url: '/api/auth/current', cookie: session },
    {
      name: 'a write with a session',
      method: 'POST' as const,
      url: '/api/companies',
      cookie: session,
      payload: { name: 'X' },
    },
    {
      name: 'sign-in',
      method: 'POST' as const,
      url: '/api/auth/login',
      cookie: '',
      payload: { username: 'demo', password: 'hvac-demo' },
    },
    { name: 'health', method: 'GET' as const, url: '/api/health', cookie: '' },
  ];
};

async function expect503Fast(app: FastifyInstance) {
  for (const request of requests(app)) {
    const started = performance.now();
    const response = await apiClient({ app }, request.cookie).call(
      request.method,
      request.url,
      'payload' in request ? request.payload : undefined,
    );
    const ms = performance.now() - started;
    expect(response.statusCode, `${request.name}: ${response.body}`).toBe(503);
    expect(response.headers['retry-after'], request.name).toBe('5');
    expect(ms, `${request.name} took ${Math.round(ms)} ms`).toBeLessThan(2_000);
    if (request.url !== '/api/health')
      expect(response.json().error).toEqual({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    else expect(response.json()).toMatchObject({ status: 'unavailable', database: 'postgres' });
  }
}

describe('PostgreSQL stopped (nothing listens on its port)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  beforeAll(async () => {
    const probe = createServer();
    const port = await listen(probe);
    await new Promise((r) => probe.close(r));
    ({ app, database } = await appOn(port));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers 503 with Retry-After within 2 seconds, with or without a session', async () => {
    await expect503Fast(app);
  });

  it('still answers 401 to a request without a session (no database needed)', async () => {
    expect((await signedOut({ app }).call('GET', '/api/companies')).statusCode).toBe(401);
  });
});

describe('PostgreSQL hung (accepts connections, never answers)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let hung: Server;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    hung = createServer((socket) => {
      sockets.push(socket);
      socket.on('error', () => {});
    });
    ({ app, database } = await appOn(await listen(hung)));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((r) => hung.close(r));
  });

  it('answers 503 with Retry-After within 2 seconds instead of hanging', async () => {
    await expect503Fast(app);
  });
});

describe('which errors mean "the database is unavailable"', () => {
  it.each([
    [{ code: 'ECONNREFUSED' }, true],
    [{ code: '57P01' }, true],
    [{ code: '57P03' }, true],
    [{ code: '08006' }, true],
    [{ code: '57014', message: 'canceling statement due to statement timeout' }, true],
    [new Error('timeout exceeded when trying to connect'), true],
    [
      Object.assign(new Error('Failed query: select 1'), {
        cause: Object.assign(new Error('Connection terminated unexpectedly'), {}),
      }),
      true,
    ],
    [{ code: '23505' }, false],
    [new Error('something else'), false],
  ])('%o -> %s', (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
