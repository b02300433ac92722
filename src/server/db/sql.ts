import { sql, type SQL } from 'drizzle-orm';
import { likeContains } from '../../domain/search.js';

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
