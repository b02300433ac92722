/**
 * A fresh database migrated only up to a given migration, for the tests of a later migration's
 * data move: seed rows in the old shape, then run the remaining migrations (migrateDatabase) and
 * check the new shape. PGlite by default; a new PostgreSQL database (dropped afterwards) when the
 * API suite runs against TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';
import { migrationsFolder } from '../../src/server/db/migrate.js';
import { ensureReferenceData } from '../../src/server/db/reference-data.js';
import { testDatabaseKind } from './test-db.js';

/** A copy of the migrations folder whose journal ends with `tag`. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'hvac-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string; idx: number }[] };
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last <= 0) throw new Error(`migration ${tag} is not in the journal`);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

export async function openDatabaseMigratedTo(
  tag: string,
): Promise<{ handle: DatabaseHandle; cleanup: () => Promise<void> }> {
  const folder = migrationsUpTo(tag);
  let handle: DatabaseHandle;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (testDatabaseKind === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `hvac_migration_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ url: url.toString(), poolSize: 2 });
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    };
    const client = await handle.pool!.connect();
    try {
      await migratePg(drizzlePg(client) as unknown as NodePgDatabase, { migrationsFolder: folder });
    } finally {
      client.release();
    }
  } else {
    handle = await openDatabase({});
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  }
  await ensureReferenceData(handle.db);
  return {
    handle,
    cleanup: async () => {
      await handle.close();
      await dropDatabase?.();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A company inserted by hand, in the shape every migration since 0001 accepts: the factory writes
 * today's companies columns (search_text since 0025), which an older schema lacks.
 */
export async function oldCompany(
  db: DatabaseHandle['db'],
  name = 'Before the migration Holdings',
): Promise<{ id: string }> {
  const result = (await db.execute(
    sql`insert into companies (name, address, city, state, zip, phone) values (${name}, '1 Old Way', 'Atlanta', 'GA', '30301', '(404) 555-0100') returning id`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows[0]!;
}
