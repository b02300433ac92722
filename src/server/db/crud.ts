import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgColumn, PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Executor } from './client.js';
import { selectRow, type Fields, type RowOf, type Selection } from './sql.js';

/** A table whose rows are records: a uuid `id` and an `updatedAt` stamped on every edit. */
export type RecordTable = PgTable & { id: AnyPgColumn<{ data: string; notNull: true }>; updatedAt: AnyPgColumn };

/**
 * The by-id reads and writes every customer record repeats (companies, locations, units): one shape
 * each, so a repo lists only what is particular to its table. `getById` reads through the repo's own
 * selection (its joins and computed columns); the writes go through drizzle's typed builder.
 * Each function takes the executor first: the repo passes its own database or the service's
 * transaction.
 */
export function recordCrud<TTable extends RecordTable, TWrite extends PgInsertValue<TTable>, F extends Fields, TRecord>(
  table: TTable,
  read: {
    /** `select <selection> from <table alias> <joins>`: the row is chosen by `idColumn`. */
    select: SQL;
    selection: Selection<F>;
    /** The id column as the select names it (the table alias's). */
    idColumn: PgColumn;
    /** What `for update` locks when the select joins other tables (`for update of <alias>`). */
    lockOf?: PgTable;
    toRecord: (row: RowOf<F>) => TRecord;
  },
) {
  return {
    async getById(exec: Executor, id: string, options: { forUpdate?: boolean } = {}): Promise<TRecord | null> {
      const lock = options.forUpdate ? (read.lockOf ? sql`for update of ${read.lockOf}` : sql`for update`) : sql``;
      const row = await selectRow(
        exec,
        read.selection,
        sql`${read.select} where ${read.idColumn} = ${id}::uuid ${lock}`,
      );
      return row ? read.toRecord(row) : null;
    },

    async exists(exec: Executor, id: string): Promise<boolean> {
      const rows = await exec
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.id, id));
      return rows.length > 0;
    },

    /** Inserts the record and returns its new id. */
    async insert(exec: Executor, values: TWrite): Promise<string> {
      const [row] = await exec.insert(table).values(values).returning({ id: table.id });
      return row!.id;
    },

    /** Overwrites the record's columns and stamps `updatedAt`; false when there is no such record. */
    async update(exec: Executor, id: string, values: TWrite): Promise<boolean> {
      const set = { ...values, updatedAt: new Date() } as PgUpdateSetSource<TTable>;
      const rows = await exec.update(table).set(set).where(eq(table.id, id)).returning({ id: table.id });
      return rows.length > 0;
    },

    /** Deletes the record (its children go by ON DELETE CASCADE); false when there is no such record. */
    async delete(exec: Executor, id: string): Promise<boolean> {
      const rows = await exec.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return rows.length > 0;
    },
  };
}
