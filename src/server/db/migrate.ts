import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { projectRoot } from '../config.js';
import type { DatabaseHandle } from './client.js';

export const migrationsFolder = path.join(projectRoot(), 'src/server/db/migrations');

// Any fixed number: the advisory lock that keeps two app servers from migrating at the same time.
const MIGRATION_LOCK = 724_311;

/** Applies every migration not applied yet. Identical SQL on PGlite and PostgreSQL. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  // A session-level lock lives on one connection, so the whole migration runs on one.
  const client = await handle.pool!.connect();
  try {
    const db = drizzle(client);
    // Waiting for another server's migration, and a migration itself, may take longer than the
    // statement timeout requests run under.
    await db.execute(sql`set statement_timeout = 0`);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
    try {
      await migratePg(db as unknown as NodePgDatabase, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
      await db.execute(sql`reset statement_timeout`);
    }
  } finally {
    client.release();
  }
}
