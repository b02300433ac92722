import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import type { AppConfig } from '../../src/server/config.js';
import { testConfig } from './test-config.js';
import type { DatabaseHandle } from '../../src/server/db/client.js';
import type { Geocoder } from '../../src/server/geocoder/geocoder.js';
import { createFactories, type Factories } from '../factories/index.js';
import { openTestDatabase } from './test-db.js';

export { testConfig };

export const TEST_PASSWORD = 'correct-horse-battery';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  f: Factories;
  /** Signs in and returns the Cookie header value for later requests. */
  login(username: string, password?: string): Promise<string>;
  /** Creates a user of the role and signs in as them. */
  loginAs(role: 'admin' | 'manager' | 'technician' | 'user'): Promise<{ cookie: string; userId: string }>;
  close(): Promise<void>;
}

/** The app on a fresh migrated database, built without listening (requests go through inject()). */
export async function createTestContext(
  options: {
    now?: () => Date;
    config?: Partial<AppConfig>;
    geocoder?: Geocoder;
    /** a lower LIST_TOTAL_CAP, to reach it with a few rows */
    listTotalCap?: number;
    /** a folder of web files to serve (none by default: the API only) */
    webDir?: string;
  } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const app = await buildApp({
    config: testConfig(options.config),
    database,
    webDir: options.webDir ?? null,
    verifyResponses: true,
    ...(options.now ? { clock: options.now } : {}),
    ...(options.geocoder ? { geocoder: options.geocoder } : {}),
    ...(options.listTotalCap !== undefined ? { listTotalCap: options.listTotalCap } : {}),
  });
  await app.ready();
  const f = createFactories(database.db);
  let roleUsers = 0;

  const login = async (username: string, password = TEST_PASSWORD) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (response.statusCode !== 200)
      throw new Error(`login failed for ${username}: ${response.statusCode} ${response.body}`);
    return cookieHeader(response);
  };

  return {
    app,
    database,
    f,
    login,
    async loginAs(role) {
      const user = await f.user({
        role,
        username: `${role}-${++roleUsers}`,
        email: `${role}-${roleUsers}@example.com`,
        password: TEST_PASSWORD,
      });
      return { cookie: await login(user.username), userId: user.id };
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** The Cookie header that sends back every cookie a response set. */
export function cookieHeader(response: LightMyRequestResponse): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}
