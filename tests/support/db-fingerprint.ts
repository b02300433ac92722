import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../src/server/db/client.js';

/**
 * A digest of every row of the customer tables (and the jobs that hold them), so a test can
 * assert that a refused request changed nothing at all.
 */
export async function customerFingerprint(db: Executor): Promise<Record<string, string>> {
  const tables = ['companies', 'locations', 'units', 'jobs', 'customer_counts'] as const;
  const result: Record<string, string> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ digest: string | null; n: string | number }>(
      db,
      sql`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest, count(*) as n from ${sql.identifier(table)} t`,
    );
    result[table] = `${row?.n}:${row?.digest}`;
  }
  return result;
}
