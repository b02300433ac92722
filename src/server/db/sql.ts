import { getTableName, sql, type AnyColumn, type GetColumnData, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
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
  const candidate = matchesWordStart(word) ? `% ${likeEscape(trigramWordsOf(word))}%` : likeContains(trigramWordsOf(word));
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
const isColumn = (field: Field): field is AnyColumn => typeof (field as { mapFromDriverValue?: unknown }).mapFromDriverValue === 'function';
// A column decodes its own values; an sql`` expression carries the decoder .mapWith() gave it.
const decoderOf = (field: Field): Decoder => (isColumn(field) ? (field as unknown as Decoder) : (field as unknown as { decoder: Decoder }).decoder);

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
      if (!(key in row)) throw new Error(`The statement does not select "${key}" (its selection: ${this.decoders.map(([k]) => k).join(', ')})`);
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
export function oneOfColumn<const V extends readonly string[], C extends AnyColumn>(column: C, values: V): SQL<null extends GetColumnData<C> ? V[number] | null : V[number]> {
  return sql`${column}`.mapWith((value: unknown) => {
    if (!values.includes(value as string)) throw new Error(`Unexpected value ${JSON.stringify(value)} in ${column.name}: expected one of ${values.join(', ')}`);
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
export async function selectRows<F extends Fields>(exec: Executor, select: Selection<F>, query: SQL): Promise<RowOf<F>[]> {
  return (await queryRowsForSql<Record<string, unknown>>(exec, query)).map((row) => select.decode(row));
}

/** The first row of selectRows, or null. */
export async function selectRow<F extends Fields>(exec: Executor, select: Selection<F>, query: SQL): Promise<RowOf<F> | null> {
  return (await selectRows(exec, select, query))[0] ?? null;
}

/** `count(*)` (or another count) read as a number. */
export const countOf = (expression: SQL = sql`count(*)`): SQL<number> => sql<number>`${expression}`.mapWith(Number);
/** `count(*) as "n"`: `select ${COUNT_ROWS} from ...` and selectRow(exec, COUNT_ROWS, ...)?.n. */
export const COUNT_ROWS = selection({ n: countOf() });

/** The page's rows of a statement that answers a total beside them (all columns null on an empty page). */
function pageRows<F extends Fields>(select: Selection<F>, rows: Record<string, unknown>[]): RowOf<F>[] {
  return rows.filter((row) => !select.isEmpty(row)).map((row) => select.decode(row));
}

const dialect = new PgDialect();

/**
 * Runs `statement` as the named prepared statement `name`: PostgreSQL parses and plans it once per
 * connection instead of at every call (for the unfiltered companies page, the load case of
 * decision 014, planning was about half of the database's time per request). Only for a statement
 * whose text is the same at every call (what changes are its parameters) and whose best plan does
 * not depend on their values: after five calls PostgreSQL may keep one generic plan for all. Never
 * for searches, whose plans depend on the text searched. (PGlite runs it like any statement.)
 */
async function executePrepared(exec: Executor, name: string, statement: SQL): Promise<Record<string, unknown>[]> {
  const prepared = exec._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return ((await prepared.execute()) as { rows: Record<string, unknown>[] }).rows;
}

/**
 * A page and its total in one round trip: `statement` answers `total` on every row plus the page's
 * `select` columns (all null when the page is empty), as `select t.total, r.* from (...) t left
 * join lateral (...) r on true`.
 */
export async function selectTotalled<F extends Fields>(
  exec: Executor,
  select: Selection<F>,
  statement: SQL,
  options: { preparedAs?: string } = {},
): Promise<{ rows: RowOf<F>[]; total: number }> {
  const rows = options.preparedAs ? await executePrepared(exec, options.preparedAs, statement) : await queryRowsForSql<Record<string, unknown>>(exec, statement);
  return { rows: pageRows(select, rows), total: toCount(rows[0]?.total as string | number | undefined) };
}

/**
 * The rows of `rows` (a select) counted up to `countLimit`: the exact number, or countLimit with
 * totalCapped when more are there (the scan stops at countLimit + 1).
 */
export async function cappedCount(exec: Executor, rows: SQL, countLimit: number): Promise<{ total: number; totalCapped: boolean }> {
  const counted = await selectRow(exec, COUNT_ROWS, sql`select ${COUNT_ROWS} from (select 1 from (${rows}) r limit ${countLimit + 1}) capped`);
  const n = counted?.n ?? 0;
  return n > countLimit ? { total: countLimit, totalCapped: true } : { total: n, totalCapped: false };
}

/**
 * A filtered page of a list sorted by one column then its id (both ascending), and its total,
 * counted only up to a limit (docs/decisions/021-search-as-you-type-at-scale.md).
 *
 * A search is served by a trigram index, which finds the matches but not in list order. So:
 *  1. `gathered(countLimit)`: the matches (ids and sort keys only) gathered through the indexes,
 *     at most countLimit + 1 of them. When they are no more than countLimit, that one set gives
 *     the exact total and the sorted page: the answer.
 *  2. More match (the total is "countLimit+"): they are dense, so walking the list's order index
 *     and filtering finds the page after a few rows, unless they cluster late in the order (every
 *     "RTU" unit sorts after every "AHU" unit). `walk(rows)` examines only the first rows of the
 *     order: when it fills the page, that is the page.
 *  3. Otherwise the matches are gathered and sorted after all when they are at most `sortLimit`,
 *  4. and past that the order index is walked without a bound.
 * When none of the matches gathered in (1) lies within the walk's rows, (3) goes before (2).
 * Before all of these, a list that knows how (`keyed`: the units list, whose matches cluster by the
 * unit number it sorts by) reads the page and the total from the rows whose own sort key matches,
 * walked in order, and the few other matches beside them.
 */
export interface PagePlan<F extends Fields = Fields> {
  /** the page's columns */
  select: Selection<F>;
  /**
   * gathers at most `limit + 1` matches; answers `total` (their number) on every row, plus the
   * page's columns (all null when the page is empty), and when more than `limit` match,
   * `in_walk`: how many of those gathered lie within the rows the bounded walk examines
   */
  gathered(limit: number): SQL;
  /** the page from walking the first `rows` rows of the list's order */
  walk(rows: number): SQL;
  /** the page from walking the whole order */
  dense: SQL;
  /**
   * the page and the total (up to countLimit + 1) from the sort key's own matches and the others
   * beside them (sortedPagePlan's `keyed`): answers `complete` and `total` on every row, plus the
   * page's columns; `complete` is false when this way does not apply
   */
  keyed?: SQL;
  /** where the count stops: countLimitFor(page, pageSize, cap) */
  countLimit: number;
  /** the most matches gathered and sorted when the walk's first rows do not fill the page */
  sortLimit: number;
  limit: number;
  offset: number;
}

/** How many rows of the order a bounded walk examines for a page ending at `end`. */
export const walkRowsFor = (end: number): number => Math.min(200_000, 5_000 + 100 * end);

/** Which way selectPage found the page (the numbered steps of PagePlan). */
export type PageWay = 'gathered' | 'walked' | 'keyed' | 'sorted' | 'dense';

export async function selectPage<F extends Fields>(exec: Executor, plan: PagePlan<F>): Promise<{ rows: RowOf<F>[]; total: number; totalCapped: boolean; way: PageWay }> {
  const { select } = plan;
  const read = (statement: SQL) => queryRowsForSql<Record<string, unknown>>(exec, statement);
  const pageOf = (found: Record<string, unknown>[]) => pageRows(select, found);
  const gather = async (limit: number) => {
    const found = await read(plan.gathered(limit));
    return { total: toCount(found[0]?.total as string | number | undefined), rows: pageOf(found) };
  };
  if (plan.keyed) {
    const keyed = await read(plan.keyed);
    if (keyed[0]?.complete === true) {
      const counted = toCount(keyed[0].total as string | number | undefined);
      return { rows: pageOf(keyed), total: Math.min(counted, plan.countLimit), totalCapped: counted > plan.countLimit, way: 'keyed' };
    }
  }
  const found = await read(plan.gathered(plan.countLimit));
  const total = toCount(found[0]?.total as string | number | undefined);
  if (total <= plan.countLimit) return { rows: pageOf(found), total, totalCapped: false, way: 'gathered' };
  const capped = { total: plan.countLimit, totalCapped: true };
  // More than countLimit match, so the page is full (countLimit >= offset + limit).
  const walk = async () => {
    const walked = await selectRows(exec, select, plan.walk(walkRowsFor(plan.offset + plan.limit)));
    return walked.length === plan.limit ? walked : null;
  };
  const sorted = async () => {
    if (plan.sortLimit <= plan.countLimit) return null;
    const more = await gather(plan.sortLimit);
    return more.total <= plan.sortLimit ? more.rows : null;
  };
  // None of the gathered matches lies within the walk's rows: they cluster later in the order
  // (every "RTU" unit after every "AHU" unit), and the walk would most likely read its rows for
  // nothing, so the other ways go first. Every way gives the same page; this only orders them.
  const clustered = toCount(found[0]?.in_walk as string | number | undefined) === 0;
  const ways: [PageWay, () => Promise<RowOf<F>[] | null>][] = clustered
    ? [['sorted', sorted], ['walked', walk]]
    : [['walked', walk], ['sorted', sorted]];
  for (const [way, find] of ways) {
    const rows = await find();
    if (rows) return { rows, ...capped, way };
  }
  return { rows: await selectRows(exec, select, plan.dense), ...capped, way: 'dense' };
}

/**
 * The statements of a PagePlan for a list of `table` (a tableAlias) sorted by `sort` then `id`
 * (both ascending, or both descending with `descending`; `id` alone when `sort` is unique).
 * `joins` follow the table for the page's rows (and must hold every table `where` names);
 * `matchJoins` are the ones `where` needs to find the matches (none when it names only the table).
 */
export function sortedPagePlan<F extends Fields>(options: {
  select: Selection<F>;
  table: PgTable;
  id: AnyColumn;
  sort: AnyColumn;
  /** the output names of the sort column and the id in `select` */
  keys: { sort: keyof F & string; id: keyof F & string };
  descending?: boolean;
  /** the sort column is unique: no tie break by id */
  uniqueSort?: boolean;
  joins?: SQL;
  matchJoins?: SQL;
  where: SQL;
  limit: number;
  offset: number;
  countLimit: number;
  sortLimit: number;
  /**
   * When neither the gathered matches nor the walk give the page, take the first matches found in
   * any order (then sorted) instead of walking the whole order index: for a short list that names
   * no order (the header search's five hits), where a fast answer beats the exact first five.
   */
  anyOrderPastWalk?: boolean;
  /**
   * The page and total through the sort key's own matches (PagePlan.keyed), for a list whose
   * matches may cluster by its sort key: `with` names the statement's CTEs; `candidates(n)`
   * selects `id, sort_key` of rows holding the first n matches in order (every one a match);
   * `total(candidates)` counts the matches up to countLimit + 1, given the candidates' CTE name;
   * `complete` is true when this way applies and read everything it needed.
   */
  keyed?: { with: SQL; candidates: (n: number) => SQL; total: (candidates: SQL) => SQL; complete: SQL };
}): PagePlan<F> {
  const { select, table, id, sort, keys, where, limit, offset } = options;
  const joins = options.joins ?? sql``;
  const matchJoins = options.matchJoins ?? sql``;
  const original = (table as unknown as Record<symbol, string | undefined>)[ORIGINAL_NAME];
  if (!original) throw new Error('sortedPagePlan takes a table made by tableAlias()');
  const alias = sql.identifier(getTableName(table));
  const dir = options.descending ? sql` desc` : sql``;
  const orderOf = (sortKey: SQL | AnyColumn, idKey: SQL | AnyColumn) => (options.uniqueSort ? sql`${sortKey}${dir}` : sql`${sortKey}${dir}, ${idKey}${dir}`);
  const order = orderOf(sort, id);
  // Whether (sortKey, idKey) comes no later in the order than (lastSort, lastId).
  const walkedPast = (sortKey: SQL, idKey: SQL, lastSort: SQL, lastId: SQL) =>
    options.uniqueSort
      ? sql`${sortKey} ${options.descending ? sql`>=` : sql`<=`} ${lastSort}`
      : sql`(${sortKey}, ${idKey}) ${options.descending ? sql`>=` : sql`<=`} (${lastSort}, ${lastId})`;
  return {
    select,
    // m and page carry (id, sort key) under their own names; r is the page's rows.
    // in_walk (only when more than max match): the gathered matches up to the last row the bounded
    // walk examines, found by reading that many entries of the order index.
    gathered: (max) => sql`
      with m as materialized (select ${id} as id, ${sort} as sort_key from ${from(table)} ${matchJoins} where ${where} limit ${max + 1}),
      page as (select id, sort_key from m order by ${orderOf(sql`sort_key`, sql`id`)} limit ${limit} offset ${offset})
      select t.total, case when t.total > ${max} then (
          select count(*) from m left join (
            select ${sql.identifier(sort.name)} as k, ${sql.identifier(id.name)} as i from ${sql.identifier(original)}
            order by ${orderOf(sql`${sql.identifier(sort.name)}`, sql`${sql.identifier(id.name)}`)} offset ${walkRowsFor(offset + limit) - 1} limit 1) w on true
          where w.i is null or ${walkedPast(sql`m.sort_key`, sql`m.id`, sql`w.k`, sql`w.i`)}) end as in_walk,
        r.* from (select count(*) as total from m) t
      left join lateral (select ${select} from ${from(table)} ${joins} join page p on p.id = ${id}) r on true
      order by ${orderOf(sql`r.${select.key(keys.sort)}`, sql`r.${select.key(keys.id)}`)}`,
    walk: (rows) => sql`
      select ${select}
      from (select * from ${sql.identifier(original)} order by ${orderOf(sql`${sql.identifier(sort.name)}`, sql`${sql.identifier(id.name)}`)} limit ${rows}) ${alias} ${joins}
      where ${where} order by ${order} limit ${limit} offset ${offset}`,
    dense: options.anyOrderPastWalk
      ? sql`select * from (select ${select} from ${from(table)} ${joins} where ${where} limit ${limit} offset ${offset}) r
          order by ${orderOf(sql`r.${select.key(keys.sort)}`, sql`r.${select.key(keys.id)}`)}`
      : sql`select ${select} from ${from(table)} ${joins} where ${where} order by ${order} limit ${limit} offset ${offset}`,
    ...(options.keyed
      ? {
          // Nothing past `state` runs when this way does not apply.
          keyed: sql`
            with ${options.keyed.with},
            state as materialized (select (${options.keyed.complete}) as complete),
            candidates as materialized (select * from (${options.keyed.candidates(offset + limit)}) c where (select complete from state)),
            page as (select id, sort_key from candidates order by ${orderOf(sql`sort_key`, sql`id`)} limit ${limit} offset ${offset})
            select s.complete, case when s.complete then (${options.keyed.total(sql`candidates`)}) end as total, r.* from state s
            left join lateral (select ${select} from ${from(table)} ${joins} join page p on p.id = ${id}) r on s.complete
            order by ${orderOf(sql`r.${select.key(keys.sort)}`, sql`r.${select.key(keys.id)}`)}`,
        }
      : {}),
    countLimit: options.countLimit,
    sortLimit: options.sortLimit,
    limit,
    offset,
  };
}

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

/**
 * @deprecated Reads untyped rows (an unchecked cast): use selectPage with a selection. Kept only
 * so code written before decision 012 keeps compiling until it moves over.
 *
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
