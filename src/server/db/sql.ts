import { sql, type AnyColumn, type GetColumnData, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, type PgTable } from 'drizzle-orm/pg-core';
import { likeContains, likeEscape, matchesWordStart } from '../../domain/search.js';
import { queryRows as queryRowsForSql, type Executor } from './client.js';
import { trigramWords, trigramWordsOf } from './schema/columns.js';

/**
 * Small SQL helpers shared by the repos, and the typed way to read raw SQL
 * (docs/decisions/012-typed-raw-queries.md):
 *
 *   const c = tableAlias(companies, 'c');
 *   const COMPANY = selection({ id: c.id, name: c.name, locations: sql<number>`(select count(*) ...)`.mapWith(Number) });
 *   const rows = await selectRows(db, COMPANY, sql`select ${COMPANY} from ${from(c)} where ${c.name} ilike ${like}`);
 *   // rows: { id: string; name: string; locations: number }[], decoded like drizzle's own selects
 *
 * Every table and column is named through the schema objects, so renaming a column's property is a
 * type error at every query that reads it, and renaming its database name changes the SQL with it;
 * the row type comes from the schema, never from a hand-written interface.
 */

/** `column ILIKE '%text%'` with LIKE wildcards in the text escaped (a trigram index serves it). */
export function ilikeContains(column: SQL | AnyColumn, text: string): SQL {
  return sql`${column} ilike ${likeContains(text)}`;
}

/**
 * One typed word (or a whole filter's text) against a text column, by the rule of
 * src/domain/search.ts: 3 or more characters anywhere (`ILIKE '%word%'`); 1 or 2 characters at the
 * start of a word of the column, a word starting at the start or after one of `separators`
 * (`ILIKE 'wo%' OR ILIKE '% wo%'`). pg_trgm pads every word of the indexed text with blanks, so
 * its index holds a trigram for each word's first one and two characters ("  w", " wo"), and
 * these patterns look them up: a short word is found through the same trigram index, where a
 * short "contains" could only read every row.
 */
export function textMatch(column: SQL | AnyColumn, word: string, separators: readonly string[] = [' ']): SQL {
  return wordPatterns(word, separators, (pattern) => sql`${column} ilike ${pattern}`);
}

/**
 * textMatch for a maintained search column stored in lower case (migration 0025): a case-sensitive
 * LIKE against the lower-cased word, which costs a fraction of ILIKE on every row it checks.
 */
export function searchTextMatch(column: SQL | AnyColumn, word: string, separators: readonly string[] = [' ']): SQL {
  return wordPatterns(word, separators, (pattern) => sql`${column} like lower(${pattern})`);
}

/**
 * searchTextMatch on a column whose trigram index is built over trigramWords(column) (invoice_search,
 * migration 0035): one pattern on trigramWords(column) finds the candidates through that index
 * (every row the rule matches, and a few more), and the rule on the column itself decides.
 */
export function searchWordsMatch(column: SQL | AnyColumn, word: string, separators: readonly string[] = [' ']): SQL {
  const candidate = matchesWordStart(word)
    ? `% ${likeEscape(trigramWordsOf(word))}%`
    : likeContains(trigramWordsOf(word));
  return sql`(${trigramWords(column)} like lower(${candidate}) and ${searchTextMatch(column, word, separators)})`;
}

function wordPatterns(word: string, separators: readonly string[], test: (pattern: string) => SQL): SQL {
  if (!matchesWordStart(word)) return test(likeContains(word));
  const escaped = likeEscape(word);
  const patterns = [`${escaped}%`, ...separators.map((s) => `%${likeEscape(s)}${escaped}%`)];
  return sql`(${sql.join(patterns.map(test), sql` or `)})`;
}

/** The conditions joined with AND; `true` when there are none. */
export function whereAll(conditions: readonly SQL[]): SQL {
  return conditions.length ? sql.join([...conditions], sql` and `) : sql`true`;
}

// ---------------------------------------------------------------------------------------------
// Typed raw queries
// ---------------------------------------------------------------------------------------------

/** One output column of a raw statement: a schema column, or an expression typed with sql<T> (and .mapWith to decode it). */
export type Field = AnyColumn | SQL<unknown>;
export type Fields = Record<string, Field>;
/** What a field reads: a column's data type (with null unless it is NOT NULL), or the expression's type. */
export type FieldValue<F> = F extends AnyColumn ? GetColumnData<F> : F extends SQL<infer T> ? T : never;
export type RowOf<F extends Fields> = { -readonly [K in keyof F]: FieldValue<F[K]> };

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}
const ORIGINAL_NAME = Symbol.for('drizzle:OriginalName');
const isColumn = (field: Field): field is AnyColumn =>
  typeof (field as { mapFromDriverValue?: unknown }).mapFromDriverValue === 'function';
// A column decodes its own values; an sql`` expression carries the decoder .mapWith() gave it.
const decoderOf = (field: Field): Decoder =>
  isColumn(field) ? (field as unknown as Decoder) : (field as unknown as { decoder: Decoder }).decoder;

/**
 * The named output columns of a raw statement. Embedded in sql`` it renders the select list
 * (`"c"."id" as "id", ...`); `decode` turns a driver row into the typed row, each value decoded
 * as drizzle decodes it in its own selects (timestamps as Date, numeric as string, bigint(number)
 * as number), the same on PGlite and PostgreSQL.
 */
export class Selection<F extends Fields> implements SQLWrapper {
  private readonly decoders: [string, Decoder][];

  constructor(readonly fields: F) {
    this.decoders = Object.entries(fields).map(([key, field]) => [key, decoderOf(field)]);
  }

  /** Rendered as a bare select list, not wrapped in parentheses like other embedded wrappers. */
  shouldOmitSQLParens(): boolean {
    return true;
  }

  getSQL(): SQL {
    return sql.join(
      Object.entries(this.fields).map(([key, field]) => sql`${field} as ${sql.identifier(key)}`),
      sql`, `,
    );
  }

  /** An output column's name as an identifier (`"unitNumber"`), to order or join by it outside the select. */
  key(name: keyof F & string): SQL {
    return sql`${sql.identifier(name)}`;
  }

  /** Throws when the statement did not select one of the fields: a query that drifted from its selection. */
  decode(row: Record<string, unknown>): RowOf<F> {
    const out: Record<string, unknown> = {};
    for (const [key, decoder] of this.decoders) {
      if (!(key in row))
        throw new Error(
          `The statement does not select "${key}" (its selection: ${this.decoders.map(([k]) => k).join(', ')})`,
        );
      const raw = row[key];
      out[key] = raw === null || raw === undefined ? null : decoder.mapFromDriverValue(raw);
    }
    return out as RowOf<F>;
  }

  /** True when every field is null: the empty side of an outer join. */
  isEmpty(row: Record<string, unknown>): boolean {
    return this.decoders.every(([key]) => row[key] === null || row[key] === undefined);
  }
}

export function selection<F extends Fields>(fields: F): Selection<F> {
  return new Selection(fields);
}

/** A column read where it may be null although the schema says NOT NULL (the far side of a LEFT JOIN). */
export function nullable<C extends AnyColumn>(column: C): SQL<GetColumnData<C, 'raw'> | null> {
  return sql<GetColumnData<C, 'raw'> | null>`${column}`.mapWith(column as unknown as Decoder);
}

/** A text column holding one of `values` (a check constraint keeps it so), typed as that union; any other value throws. */
export function oneOfColumn<const V extends readonly string[], C extends AnyColumn>(
  column: C,
  values: V,
): SQL<null extends GetColumnData<C> ? V[number] | null : V[number]> {
  return sql`${column}`.mapWith((value: unknown) => {
    if (!values.includes(value as string))
      throw new Error(
        `Unexpected value ${JSON.stringify(value)} in ${column.name}: expected one of ${values.join(', ')}`,
      );
    return value as V[number];
  }) as SQL<null extends GetColumnData<C> ? V[number] | null : V[number]>;
}

/** drizzle's alias() of a table: its columns render as `"c"."name"`; `from(c)` renders `"companies" "c"`. */
export function tableAlias<T extends PgTable, A extends string>(table: T, name: A) {
  return alias(table, name);
}

/** An aliased table (tableAlias) in a FROM or JOIN clause: `"companies" "c"`. */
export function from(aliased: PgTable): SQL {
  const original = (aliased as unknown as Record<symbol, string | undefined>)[ORIGINAL_NAME];
  if (!original) throw new Error('from() takes a table made by tableAlias()');
  return sql`${sql.identifier(original)} ${aliased}`;
}

/** Runs a raw statement that selects `selection` and returns its typed rows. */
export async function selectRows<F extends Fields>(
  exec: Executor,
  select: Selection<F>,
  query: SQL,
): Promise<RowOf<F>[]> {
  return (await queryRowsForSql<Record<string, unknown>>(exec, query)).map((row) => select.decode(row));
}

/** The first row of selectRows, or null. */
export async function selectRow<F extends Fields>(
  exec: Executor,
  select: Selection<F>,
  query: SQL,
): Promise<RowOf<F> | null> {
  return (await selectRows(exec, select, query))[0] ?? null;
}

/** `count(*)` (or another count) read as a number. */
export const countOf = (expression: SQL = sql`count(*)`): SQL<number> => sql<number>`${expression}`.mapWith(Number);
/** `count(*) as "n"`: `select ${COUNT_ROWS} from ...` and selectRow(exec, COUNT_ROWS, ...)?.n. */
export const COUNT_ROWS = selection({ n: countOf() });

// ---------------------------------------------------------------------------------------------
// Before decision 012 (untyped rows); still used by code not yet moved to selections
// ---------------------------------------------------------------------------------------------

/** @deprecated Selections decode timestamps to Date. A timestamp read by raw SQL as an ISO string. */
export function isoTimestamp(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/** @deprecated Selections decode double precision to number. A coordinate that may come back as a string. */
export function nullableNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

export const toCount = (value: string | number | bigint | null | undefined): number => Number(value ?? 0);
