/**
 * The full data export's reads (decision 050): any exported table in primary-key order, one batch
 * after a cursor at a time (keyset: each batch is one indexed range read, however far in), so a
 * table of any size is read in bounded memory and no statement or transaction stays open while
 * the client downloads. It writes nothing.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.js';
import type { ExportTable } from './export-plan.js';

export type ExportRow = Record<string, unknown>;

/** `(k1, k2) > ($1, $2)`: the rows after the cursor in the key's order. */
function after(keys: readonly PgColumn[], cursor: readonly unknown[]): SQL {
  return sql`(${sql.join([...keys], sql`, `)}) > (${sql.join(
    keys.map((key, i) => sql.param(cursor[i], key)),
    sql`, `,
  )})`;
}

export function createDataExportRepo(db: Database) {
  return {
    /** Up to `limit` rows of the table after `cursor` (its key's values; null: from the start). */
    async batch(
      table: ExportTable,
      cursor: readonly unknown[] | null,
      limit: number,
      exec: Executor = db,
    ): Promise<ExportRow[]> {
      const fields = Object.fromEntries(table.columns.map((c) => [c.name, c.column])) as Record<string, PgColumn>;
      const query = exec
        .select(fields)
        .from(table.table as PgTable)
        .where(cursor ? after(table.keys, cursor) : undefined)
        .orderBy(...table.keys)
        .limit(limit);
      return (await query) as ExportRow[];
    },
  };
}

export type DataExportRepo = ReturnType<typeof createDataExportRepo>;
