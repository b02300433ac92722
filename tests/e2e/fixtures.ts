import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { ensureReferenceData } from '../../src/server/db/reference-data.js';
import { seedDemo } from '../../src/server/db/seed/demo.js';
import { createFactories, type Factories } from '../factories/index.js';
import { e2eGeocoder } from '../support/fake-geocoder.js';
import { testConfig } from '../support/test-config.js';

export const DEMO_USER = { username: 'demo', password: 'hvac-demo' };

interface Server {
  baseURL: string;
  db: Database;
  f: Factories;
}

/**
 * `server` (one per worker): the built web app and the API on a fresh embedded database holding
 * the demo data. `f` seeds more through the factories. `signedIn` is a page already signed in as
 * the demo admin (through the real login API, so the cookie is the real one).
 */
export const test = base.extend<{ f: Factories; signedIn: Page }, { server: Server }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, use, workerInfo) => {
      const database = await openDatabase({});
      await migrateDatabase(database);
      await ensureReferenceData(database.db);
      await seedDemo(database.db);
      const app = await buildApp({
        config: testConfig({ demo: true }),
        database,
        webDir: path.resolve('dist/web'),
        geocoder: e2eGeocoder,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await use({ baseURL: `http://127.0.0.1:${port}`, db: database.db, f: createFactories(database.db, 1000 + workerInfo.workerIndex) });
      await app.close();
      await database.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  f: async ({ server }, use) => use(server.f),
  signedIn: async ({ page, server }, use) => {
    const response = await page.request.post(`${server.baseURL}/api/auth/login`, { data: DEMO_USER });
    expect(response.status()).toBe(200);
    await use(page);
  },
});

export { expect };
