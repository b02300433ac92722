import path from 'node:path';
import type { AppConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { migrateDatabase } from './migrate.js';
import { ensureReferenceData } from './reference-data.js';
import { isDatabaseEmpty, seedDemo, type DemoSummary } from './seed/demo.js';

export const pgliteDirectory = (dataDir: string) => path.join(dataDir, 'pgdata');

/** Opens the configured database, applies migrations and reference data, seeds the demo if asked. */
export async function prepareDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'demo'> &
    Partial<Pick<AppConfig, 'databasePoolSize' | 'databaseConnectTimeoutMs' | 'databaseStatementTimeoutMs'>>,
  log: (message: string) => void = () => {},
): Promise<{ database: DatabaseHandle; seeded: DemoSummary | null }> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : pgliteDirectory(config.dataDir),
    poolSize: config.databasePoolSize,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
  });
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  let seeded: DemoSummary | null = null;
  if (config.demo && (await isDatabaseEmpty(database.db))) {
    log('Empty database and DEMO is on: seeding the demo data...');
    seeded = await seedDemo(database.db);
    log(
      `Demo data ready: ${seeded.companies} companies, ${seeded.units} units, ${seeded.jobs} jobs, ${seeded.invoices} invoices.`,
    );
  }
  return { database, seeded };
}
