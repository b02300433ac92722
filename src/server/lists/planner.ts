/**
 * The one planner of every list and of the header search: how a page and its total are read
 * (docs/decisions/027-one-list-planner.md, 030-list-descriptions.md). A list describes itself once
 * (description.ts: its table, orders, filters, search text, paging, total and page shape, in its
 * module's list repo) and `readList` picks the way; `planSortKeyList` and
 * `countFirstTotalStatement` show the statements it would run (the tests and the bench EXPLAIN
 * them). No repo calls a way itself, and no service chooses one.
 *
 * The ways a page is found (PageWay), in the order they are tried:
 *   keyed     the rows whose own sort key matches, walked in order, plus the few others beside
 *             them (a list whose matches cluster by its sort key: the units' search, decision 021)
 *   gathered  the matches collected through their own index (trigram, a date's, a technician's
 *             assignments, invoice_search), at most countLimit + 1: their number is the exact
 *             total and the page is sorted from them
 *   walked    the first walkRowsFor(end) rows of the list's order index, filtered: for many
 *             matches spread over the order
 *   sorted    the matches gathered again up to sortLimit and sorted (many, but clustered late)
 *   dense     the whole order index walked and filtered (many matches: the page comes soon)
 * The totals:
 *   counters  exact, from a table triggers keep (customer_counts, job_counts, invoice totals)
 *   capped    the matches counted up to countLimit + 1 (countLimitFor): "10,000+" past it
 *
 * Which way, by the description's page shape:
 *   sortKey     the counters answer the query: the order index walked (dense), the counters' total
 *               beside it; otherwise selectPage: keyed (when described), gathered, then walked or
 *               sorted (sorted first when no gathered match lies within the walk), then dense
 *   countFirst  the total first (the summary's count, the counters, or capped); gathered when the
 *               list has that way for the query and the total is exact and at most gatherLimit,
 *               otherwise walked to the page (dense). With no gathered way and no summary, the
 *               count and the page run together.
 */
import { getTableName, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import { queryRows as queryRowsForSql, type Executor } from '../db/client.js';
import type { CountFirstList, SortKeyList } from './description.js';
import {
  COUNT_ROWS,
  from,
  whereAll,
  selectRow,
  selectRows,
  toCount,
  type Fields,
  type RowOf,
  type Selection,
} from '../db/sql.js';

const ORIGINAL_NAME = Symbol.for('drizzle:OriginalName');

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
  const rows = options.preparedAs
    ? await executePrepared(exec, options.preparedAs, statement)
    : await queryRowsForSql<Record<string, unknown>>(exec, statement);
  return { rows: pageRows(select, rows), total: toCount(rows[0]?.total as string | number | undefined) };
}

/**
 * The rows of `rows` (a select) counted up to `countLimit`: the exact number, or countLimit with
 * totalCapped when more are there (the scan stops at countLimit + 1).
 */
export async function cappedCount(
  exec: Executor,
  rows: SQL,
  countLimit: number,
): Promise<{ total: number; totalCapped: boolean }> {
  const counted = await selectRow(exec, COUNT_ROWS, cappedCountStatement(rows, countLimit));
  return cappedTotal(counted?.n ?? 0, countLimit);
}

/** The statement of cappedCount: `n`, the rows of `rows` up to countLimit + 1. */
export const cappedCountStatement = (rows: SQL, countLimit: number): SQL =>
  sql`select ${COUNT_ROWS} from (select 1 from (${rows}) r limit ${countLimit + 1}) capped`;

const cappedTotal = (n: number, countLimit: number) =>
  n > countLimit ? { total: countLimit, totalCapped: true } : { total: n, totalCapped: false };

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

export async function selectPage<F extends Fields>(
  exec: Executor,
  plan: PagePlan<F>,
): Promise<{ rows: RowOf<F>[]; total: number; totalCapped: boolean; way: PageWay }> {
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
      return {
        rows: pageOf(keyed),
        total: Math.min(counted, plan.countLimit),
        totalCapped: counted > plan.countLimit,
        way: 'keyed',
      };
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
    ? [
        ['sorted', sorted],
        ['walked', walk],
      ]
    : [
        ['walked', walk],
        ['sorted', sorted],
      ];
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
  const orderOf = (sortKey: SQL | AnyColumn, idKey: SQL | AnyColumn) =>
    options.uniqueSort ? sql`${sortKey}${dir}` : sql`${sortKey}${dir}, ${idKey}${dir}`;
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

/**
 * The page of a list that gathers its matches only when they are few: `counted` (exact from the
 * counters or a summary, or capped) decides. At most `gatherLimit` matches, not capped, and a
 * `gathered` statement: the matches are gathered and sorted (a date range, a search, one
 * technician's rows, found late in the order when walked). Otherwise the order index is walked
 * (`dense`): many matches fill the page soon.
 */
export async function gatherOrWalk<Row>(plan: {
  counted: { total: number; totalCapped: boolean };
  gatherLimit: number;
  gathered: (() => PromiseLike<Row[]>) | null;
  dense: () => PromiseLike<Row[]>;
}): Promise<{ rows: Row[]; way: Extract<PageWay, 'gathered' | 'dense'> }> {
  if (plan.gathered && !plan.counted.totalCapped && plan.counted.total <= plan.gatherLimit)
    return { rows: await plan.gathered(), way: 'gathered' };
  return { rows: await plan.dense(), way: 'dense' };
}

// ---------------------------------------------------------------------------------------------
// Lists described once (description.ts): the plan of a query, and its page and total
// ---------------------------------------------------------------------------------------------

/** What readList answers: the page, the total (capped or exact), the way the page was found, the list's cards. */
export interface ListPage<Row, Summary = undefined> {
  rows: Row[];
  total: number;
  totalCapped: boolean;
  way: PageWay;
  summary?: Summary;
}

/** The statements a sortKey list runs for a query: the counters' page, or selectPage's ways. */
export type SortKeyPlan<F extends Fields> =
  | {
      kind: 'counted';
      select: Selection<F>;
      /** the first rows of the order index, filtered (with the counters' `total` beside them when `preparedAs`) */
      page: SQL;
      /** the counters' exact total (`n`); null when `page` answers it */
      count: SQL | null;
      preparedAs?: string;
    }
  | { kind: 'capped'; plan: PagePlan<F> };

/** The statements of a sortKey list for a query (what readList runs for it). */
export function planSortKeyList<Q, F extends Fields, C>(
  described: SortKeyList<Q, F, C>,
  query: Q,
  context: C,
): SortKeyPlan<F> {
  const list = described.readFrom?.(query) ?? described;
  const { pages } = list;
  const conditions = list.filters(query, context);
  const paging = list.paging(query);
  const joins = pages.joins ?? sql``;
  const counters = list.total.counters?.(query) ?? null;
  if (counters) {
    const dir = pages.descending ? sql` desc` : sql``;
    const orderOf = (sortKey: SQL | AnyColumn, idKey: SQL | AnyColumn) =>
      pages.uniqueSort ? sql`${sortKey}${dir}` : sql`${sortKey}${dir}, ${idKey}${dir}`;
    const where = conditions.length ? sql` where ${whereAll(conditions)}` : sql``;
    const page = sql`select ${pages.select} from ${from(list.table)} ${joins}${where} order by ${orderOf(pages.sort, pages.id)} limit ${paging.limit} offset ${paging.offset}`;
    if (!list.total.withPage) return { kind: 'counted', select: pages.select, page, count: counters };
    // The page and the total in one round trip (selectTotalled).
    return {
      kind: 'counted',
      select: pages.select,
      page: sql`
        select t.n as total, r.* from (${counters}) t
        left join lateral (${page}) r on true
        order by ${orderOf(sql`r.${pages.select.key(pages.keys.sort)}`, sql`r.${pages.select.key(pages.keys.id)}`)}`,
      count: null,
      preparedAs: list.total.withPage.preparedAs,
    };
  }
  const where = whereAll(conditions);
  const keyed = pages.keyed?.(query, conditions, paging.countLimit) ?? null;
  return {
    kind: 'capped',
    plan: sortedPagePlan({
      select: pages.select,
      table: list.table,
      id: pages.id,
      sort: pages.sort,
      keys: pages.keys,
      ...(pages.descending ? { descending: true } : {}),
      ...(pages.uniqueSort ? { uniqueSort: true } : {}),
      ...(pages.joins ? { joins: pages.joins } : {}),
      ...(pages.matchJoins?.(query) ? { matchJoins: joins } : {}),
      ...(keyed ? { keyed } : {}),
      ...(pages.anyOrderPastWalk ? { anyOrderPastWalk: true } : {}),
      where,
      limit: paging.limit,
      offset: paging.offset,
      countLimit: paging.countLimit,
      sortLimit: pages.sortLimit,
    }),
  };
}

/** The total of a countFirst list as one statement (`n`): its counters', or the capped count (for EXPLAIN). */
export function countFirstTotalStatement<Q, R, C, S>(
  list: CountFirstList<Q, R, C, S>,
  query: Q,
  context: C,
): { statement: SQL; countLimit: number | null } {
  const counters = list.total.counters?.(query, context) ?? null;
  if (counters) return { statement: counters, countLimit: null };
  const { countLimit } = list.paging(query);
  return { statement: cappedCountStatement(list.total.capped(query, context), countLimit), countLimit };
}

async function readSortKeyList<Q, F extends Fields, C>(
  exec: Executor,
  list: SortKeyList<Q, F, C>,
  query: Q,
  context: C,
): Promise<ListPage<RowOf<F>>> {
  const plan = planSortKeyList(list, query, context);
  if (plan.kind === 'capped') return selectPage(exec, plan.plan);
  if (!plan.count) {
    const { rows, total } = await selectTotalled(exec, plan.select, plan.page, { preparedAs: plan.preparedAs });
    return { rows, total, totalCapped: false, way: 'dense' };
  }
  const [rows, counted] = await Promise.all([
    selectRows(exec, plan.select, plan.page),
    selectRow(exec, COUNT_ROWS, plan.count),
  ]);
  return { rows, total: counted?.n ?? 0, totalCapped: false, way: 'dense' };
}

async function readCountFirstList<Q, R, C, S>(
  exec: Executor,
  list: CountFirstList<Q, R, C, S>,
  query: Q,
  context: C,
): Promise<ListPage<R, S>> {
  const { countLimit } = list.paging(query);
  const { summary: readSummary, narrowerThanSummary } = list.total;
  const gather = list.pages.gather?.applies(query) ? list.pages.gather : null;
  const walk = () => list.pages.walk(exec, query, context);
  const count = async (): Promise<{ total: number; totalCapped: boolean; summary?: S }> => {
    if (readSummary) {
      const { summary, count: n, countedUpTo } = await readSummary(exec, query, context);
      if (n !== null) return { total: n, totalCapped: false, summary };
      // More than countedUpTo match: "countedUpTo+" on its pages; a page past it, or a list
      // narrower than the summary's matches, counts on to its own end (the pager knows what follows).
      if (countLimit > countedUpTo || narrowerThanSummary?.(query))
        return { ...(await cappedCount(exec, list.total.capped(query, context), countLimit)), summary };
      return { total: countedUpTo, totalCapped: true, summary };
    }
    const { statement, countLimit: limit } = countFirstTotalStatement(list, query, context);
    const n = (await selectRow(exec, COUNT_ROWS, statement))?.n ?? 0;
    return limit === null ? { total: n, totalCapped: false } : cappedTotal(n, limit);
  };
  if (!gather && !readSummary) {
    // The count decides nothing: it runs beside the walk.
    const [rows, counted] = await Promise.all([walk(), count()]);
    return { rows, ...counted, way: 'dense' };
  }
  const counted = await count();
  const { rows, way } = await gatherOrWalk({
    counted,
    gatherLimit: list.pages.gatherLimit ?? countLimit,
    gathered: gather ? () => gather.read(exec, query, context) : null,
    dense: walk,
  });
  return { rows, ...counted, way };
}

/** The page and total of a described list for a query: the planner picks the way (see the header). */
export function readList<Q, F extends Fields, C>(
  exec: Executor,
  list: SortKeyList<Q, F, C>,
  query: Q,
  context: C,
): Promise<ListPage<RowOf<F>>>;
export function readList<Q, R, C, S>(
  exec: Executor,
  list: CountFirstList<Q, R, C, S>,
  query: Q,
  context: C,
): Promise<ListPage<R, S>>;
export function readList(
  exec: Executor,
  list: SortKeyList<unknown, Fields, unknown> | CountFirstList<unknown, unknown, unknown, unknown>,
  query: unknown,
  context: unknown,
): Promise<ListPage<unknown, unknown>> {
  return list.pages.by === 'sortKey'
    ? readSortKeyList(exec, list as SortKeyList<unknown, Fields, unknown>, query, context)
    : readCountFirstList(exec, list as CountFirstList<unknown, unknown, unknown, unknown>, query, context);
}
