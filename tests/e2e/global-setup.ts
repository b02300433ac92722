import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../src/server/db/client.js';
import { migrateDatabase } from '../../src/server/db/migrate.js';
import { ensureReferenceData } from '../../src/server/db/reference-data.js';
import { seedDemo } from '../../src/server/db/seed/demo.js';

/** The environment variable naming the template (read by tests/e2e/fixtures.ts). */
export const E2E_TEMPLATE_ENV = 'HVAC_E2E_TEMPLATE';

/**
 * Migrates and seeds the demo data once per run and hands the data directory to the workers as a
 * template (like the API suite's tests/support/global-setup.ts): a worker (a new one after each
 * failure, and the SMTP specs' own) then opens it in ~3 s instead of initialising, migrating and
 * seeding a database (~19 s on a busy machine).
 */
export default async function globalSetup(): Promise<() => void> {
  const database = await openDatabase({});
  await migrateDatabase(database);
  await ensureReferenceData(database.db);
  await seedDemo(database.db);
  const dump = await database.dumpDataDir!();
  await database.close();
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `e2e-template-${process.pid}-${randomBytes(3).toString('hex')}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env[E2E_TEMPLATE_ENV] = file;
  return () => rmSync(file, { force: true });
}
