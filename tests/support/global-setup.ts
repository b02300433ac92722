import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { ensureReferenceData } from '../../src/server/db/reference-data.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory every test file starts from */
    pgliteTemplateFile: string;
    /** PostgreSQL: a migrated database every test file copies */
    postgresTemplateUrl: string;
  }
}

/**
 * Migrates one database per run and hands it to the test files as a template, so each file gets
 * a fresh, fully migrated database in milliseconds instead of migrating again.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `hvac_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
    await migrateDatabase(handle);
    await ensureReferenceData(handle.db);
    await handle.close();
    project.provide('postgresTemplateUrl', url.toString());
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }

  const handle = await openDatabase({});
  await migrateDatabase(handle);
  await ensureReferenceData(handle.db);
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplateFile', file);
  return undefined;
}
