/**
 * How a list describes itself (docs/decisions/030-list-descriptions.md). Every list, and each kind of
 * the header search, is one `ListDescription` (a `SortKeyList` or a `CountFirstList`) written in its
 * module's list repo: the table its
 * page is found on, the orders it may be read in (each an index's key, named), the text columns its
 * search box matches, its filters as conditions, its paging, how its total is known and how its page
 * is read. The planner (planner.ts: `readList`) takes the description and a query and
 * picks the way; a repo never calls the ways itself, and a service passes filters, never a way.
 *
 * Two shapes of page, one vocabulary:
 *   by 'sortKey'     one sort key then the id (companies, locations, units, the company
 *                    suggestions, the header search's kinds): the planner writes every statement
 *                    from the parts (sortedPagePlan) and finds the page by selectPage's ways
 *                    (keyed, gathered, walked, sorted, dense), the total capped on the way
 *   by 'countFirst'  several orders, an ids-first page (jobs, the three invoice lists): the total
 *                    first (counters, the list's cards, or capped), then the matches gathered when
 *                    few (`gather`) or the order's index walked (`walk`)
 */
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.js';
import type { Fields, Selection } from '../db/sql.js';

/** Where a page starts and stops, and where a capped total stops counting (countLimitFor). */
export interface Paging {
  limit: number;
  offset: number;
  countLimit: number;
}

/** One order a list may be read in: the index whose key it is (the walk reads that index). */
export interface ListOrder {
  index: string;
}

/** What every list states, whatever the shape of its page. */
interface ListParts<Query, Context> {
  /** The list's name (its plans, its prepared statement, the bench's label). */
  name: string;
  /** The table the list is of (for a sortKey list, the tableAlias its page is found on). */
  table: PgTable;
  /** The orders a query may ask for, by name; `orderOf` says which one a query reads (the only one when absent). */
  orders: Record<string, ListOrder>;
  orderOf?(query: Query): string;
  /** The text columns the search box matches, every word on one of them (kept per table: decisions 021, 027). */
  searchText: readonly AnyColumn[];
  /** The query's filters as conditions (the search's words among them), each served by an index. */
  filters(query: Query, context: Context): SQL[];
  /** Where the page starts and stops, and where a capped total stops. */
  paging(query: Query): Paging;
}

/**
 * The page and total through the sort key's own matches (selectPage's `keyed`, decision 021):
 * `with` names the statement's CTEs; `candidates(n)` selects `id, sort_key` of rows holding the
 * first n matches in order; `total(candidates)` counts the matches up to countLimit + 1;
 * `complete` is true when this way applies and read everything it needed.
 */
export interface KeyedWay {
  with: SQL;
  candidates: (n: number) => SQL;
  total: (candidates: SQL) => SQL;
  complete: SQL;
}

/** A list sorted by one key then its id: the parts the planner writes its statements from. */
export interface SortKeyList<Query, F extends Fields, Context = undefined> extends ListParts<Query, Context> {
  total: {
    /**
     * Exact, from a table triggers keep, when the counters answer the query: a statement answering
     * `n` (null: they do not, and the total is counted up to countLimit while the page is found).
     */
    counters?(query: Query): SQL | null;
    /**
     * The counters are read in the page's own statement, prepared once per connection under this
     * name (for a list whose unfiltered statement never changes: the companies' first page).
     */
    withPage?: { preparedAs: string };
  };
  pages: {
    by: 'sortKey';
    /** the page's columns (`keys`: the output names of the sort key and the id) */
    select: Selection<F>;
    id: AnyColumn;
    sort: AnyColumn;
    keys: { sort: keyof F & string; id: keyof F & string };
    /** both keys descending */
    descending?: boolean;
    /** the sort key is unique: no tie break by id */
    uniqueSort?: boolean;
    /** the joins that bring the page's other columns (and hold every table the filters name) */
    joins?: SQL;
    /** the filters of this query name a joined table, so the matches are found through `joins` */
    matchJoins?(query: Query): boolean;
    /** the most matches gathered and sorted when the walk's first rows do not hold the page */
    sortLimit: number;
    /** past the walk, any first matches sorted (a short list that names no order: the header search) */
    anyOrderPastWalk?: boolean;
    /** the keyed way, for the queries whose matches may cluster by the sort key (null: not this query) */
    keyed?(query: Query, conditions: SQL[], countLimit: number): KeyedWay | null;
  };
  /** Another description serves this query (a copy that carries the list's columns: invoice_search). */
  readFrom?(query: Query): SortKeyList<Query, F, Context> | null;
}

/** A list whose total comes first and decides whether its matches are gathered or its order walked. */
export interface CountFirstList<Query, Row, Context = undefined, Summary = undefined> extends ListParts<
  Query,
  Context
> {
  total: {
    /** Exact, from a table triggers keep, when the counters answer the query (a statement answering `n`). */
    counters?(query: Query, context: Context): SQL | null;
    /**
     * The cards shown beside the page, read first; `count` is the list's exact total when they
     * counted it (from the totals, or at most countedUpTo + 1 matches), null when more match.
     */
    summary?(
      exec: Executor,
      query: Query,
      context: Context,
    ): Promise<{ summary: Summary; count: number | null; countedUpTo: number }>;
    /** The page's rows are fewer than the summary's (a pending tile): past the cap they are counted on their own. */
    narrowerThanSummary?(query: Query): boolean;
    /** The rows counted up to countLimit + 1 when nothing above answers (`select 1 from ...`). */
    capped(query: Query, context: Context): SQL;
  };
  pages: {
    by: 'countFirst';
    /** Gather the matches when the total is exact and at most this many (absent: the capped count's limit). */
    gatherLimit?: number;
    /** The page from the order's index walked, the filters checked row by row (ids first, then joined). */
    walk(exec: Executor, query: Query, context: Context): PromiseLike<Row[]>;
    /** The page from the matches gathered through their own index and sorted, for the queries it `applies` to. */
    gather?: {
      applies(query: Query): boolean;
      read(exec: Executor, query: Query, context: Context): PromiseLike<Row[]>;
    };
  };
}

/** A list's description, of either page shape (readList takes both). */
export type ListDescription<Query, Row, Context = undefined, Summary = undefined> =
  SortKeyList<Query, Fields, Context> | CountFirstList<Query, Row, Context, Summary>;
