import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';

/** Which database this API test run uses (set per vitest project). */
export const testDatabaseKind = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/**
 * A fresh migrated database for one test file: PGlite loaded from the migrated template, or a
 * PostgreSQL database copied from the template database and dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind === 'postgres') {
    const templateUrl = new URL(inject('postgresTemplateUrl'));
    const template = templateUrl.pathname.slice(1);
    const name = `hvac_test_${randomBytes(6).toString('hex')}`;
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), poolSize: 4 });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`);
        await cleanup.end();
      },
    };
  }
  const blob = new Blob([readFileSync(inject('pgliteTemplateFile'))]);
  return openDatabase({ loadDataDir: blob });
}
