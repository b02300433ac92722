import { sql, type SQL } from 'drizzle-orm';
import { likeContains } from '../../domain/search.js';
import { queryRows as queryRowsForSql } from './client.js';

/** Small SQL helpers shared by the list queries of the repos. */

/** `column ILIKE '%text%'` with LIKE wildcards in the text escaped (a trigram index serves it). */
export function ilikeContains(column: SQL, text: string): SQL {
  return sql`${column} ilike ${likeContains(text)}`;
}

/** The conditions joined with AND; `true` when there are none. */
export function whereAll(conditions: readonly SQL[]): SQL {
  return conditions.length ? sql.join([...conditions], sql` and `) : sql`true`;
}

/** A timestamp read by raw SQL (a Date from pg, a Date or string from PGlite) as an ISO string. */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** A numeric coordinate column (double precision) that may come back as a string. */
export function nullableNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export const toCount = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);

/**
 * A filtered page and its exact total, planned for big tables.
 *
 * A "contains" filter is served by a trigram index, which finds the matches but cannot return them
 * in list order; walking the order index instead and filtering is fast only when matches are
 * spread evenly, and very slow when they cluster (every "Summit ..." company sorts together).
 * So the matches (ids and sort keys only) are gathered once through the trigram indexes, up to
 * `cap` of them, and that one set gives both the total and the sorted page. Only when there are
 * more than `cap` matches (dense enough that walking the order index finds a page at once) does
 * the plain ordered query run, with a separate count.
 *
 *   sparse: a statement answering `total` on every row, plus the page's columns (null columns and
 *           the total when the page is empty); it must limit its match set to cap + 1 rows
 *   dense:  the plain ordered page query; denseCount: the count over the same filter
 */
export async function pageWithTotal<Row extends { total: string | number }>(
  exec: Parameters<typeof queryRowsForSql>[0],
  plan: { sparse: SQL; dense: SQL; denseCount: SQL; cap: number; hasRow: (row: Row) => boolean },
): Promise<{ rows: Row[]; total: number }> {
  const first = await queryRowsForSql<Row>(exec, plan.sparse);
  const sparseTotal = toCount(first[0]?.total);
  if (sparseTotal <= plan.cap) return { rows: first.filter(plan.hasRow), total: sparseTotal };
  const [rows, counted] = await Promise.all([queryRowsForSql<Row>(exec, plan.dense), queryRowsForSql<{ n: string | number }>(exec, plan.denseCount)]);
  return { rows, total: toCount(counted[0]?.n) };
}
