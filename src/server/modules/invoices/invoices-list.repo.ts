/**
 * The three invoice lists (/invoices, pending, paid): their conditions, search, pages, capped
 * counts and summary cards, and the export's keyset batches.
 */
import { and, asc, desc, eq, gte, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import {
  dueState,
  dueWindow,
  type InvoiceListFilters,
  type InvoiceListItem,
  type InvoiceListSummary,
  type InvoiceStatus,
  type InvoiceType,
  type PaidInvoiceFilters,
  type PaidInvoiceSummary,
  type PendingInvoiceFilters,
  type PendingInvoiceSummary,
} from '../../../domain/invoices/index.js';
import { searchWords } from '../../../domain/customers.js';
import { DEFAULT_TIME_ZONE } from '../../../domain/dates.js';
import { toCents } from '../../../domain/money.js';
import { type Executor } from '../../db/client.js';
import {
  companies,
  invoiceDueTotals,
  invoiceMonthTotals,
  invoicePaidTotals,
  invoiceSearch,
  jobInvoices,
  jobs,
  jobTechnicians,
  locations,
  settings,
} from '../../db/schema.js';
import { cappedCount, from, searchWordsMatch, tableAlias, textMatch, whereAll } from '../../db/sql.js';
import { COMPANY_SETTINGS_KEY } from '../settings/index.js';

// ---------------------------------------------------------------------------------------------
// Reads: lists, summaries, detail
// ---------------------------------------------------------------------------------------------

export const LIST_FIELDS = {
  id: jobInvoices.id,
  invoiceNumber: jobInvoices.invoiceNumber,
  invoiceType: jobInvoices.invoiceType,
  status: jobInvoices.status,
  amount: jobInvoices.amount,
  issuedDate: jobInvoices.issuedDate,
  dueDate: jobInvoices.dueDate,
  paidDate: jobInvoices.paidDate,
  createdAt: jobInvoices.createdAt,
  jobId: jobs.id,
  jobNumber: jobs.number,
  jobName: jobs.name,
  companyId: companies.id,
  companyName: companies.name,
  locationId: locations.id,
  locationName: locations.name,
};

export type ListRowCursor = ListRow;
export type ListRow = {
  id: string;
  invoiceNumber: string;
  invoiceType: string;
  status: string;
  amount: string;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
  createdAt: Date;
  jobId: string;
  jobNumber: number;
  jobName: string;
  companyId: string | null;
  companyName: string | null;
  locationId: string | null;
  locationName: string | null;
};

/** A list row as the API gives it; `today` (company time zone) decides overdue and due soon. */
export function listItemOf(row: ListRow, today: string): InvoiceListItem {
  const status = row.status as InvoiceStatus;
  return {
    id: row.id,
    invoiceNumber: row.invoiceNumber,
    invoiceType: row.invoiceType as InvoiceType,
    status,
    amountCents: toCents(row.amount),
    issuedDate: row.issuedDate,
    dueDate: row.dueDate,
    paidDate: row.paidDate,
    createdAt: row.createdAt.toISOString(),
    dueState: dueState(status, row.dueDate, today),
    jobId: row.jobId,
    jobNumber: row.jobNumber,
    jobName: row.jobName,
    companyId: row.companyId,
    companyName: row.companyName,
    locationId: row.locationId,
    locationName: row.locationName,
  };
}

export function listSelect(exec: Executor) {
  return exec
    .select(LIST_FIELDS)
    .from(jobInvoices)
    .innerJoin(jobs, eq(jobs.id, jobInvoices.jobId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .leftJoin(companies, eq(companies.id, locations.companyId));
}

const SEARCH_SEPARATOR = '\u001f';
const SEARCH_SEPARATORS = [' ', SEARCH_SEPARATOR];

/** "1042" or "#1042": a search that is also a job number. */
const jobNumberOf = (q: string): number | null => (/^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null);

/** The company's time zone, read in the statement (a created-from filter is a day in that zone). */
const COMPANY_ZONE = sql`coalesce((select ${settings.value} ->> 'time_zone' from ${settings} where ${settings.key} = ${COMPANY_SETTINGS_KEY}), ${DEFAULT_TIME_ZONE})`;

/**
 * The invoices the search finds: every word of `q` (searchWords) matches the invoice number, the job's
 * name, the location's or the company's name, by the rule of src/domain/search.ts (3 or more
 * characters anywhere, 1 or 2 at the start of a word); or `q` is the job's number ("1042", "#1042").
 * Through invoice_search's trigram index (the four texts in lower case joined by U+001F, so a word
 * never matches across two of them), or, for a search containing that separator, each text through
 * its own index.
 */
export function searchCondition(q: string, options: SearchConditionOptions = {}): SQL {
  const words = searchWords(q);
  const digits = jobNumberOf(q);
  if (!q.includes(SEARCH_SEPARATOR)) {
    const byWords = whereAll(words.map((word) => searchWordsMatch(invoiceSearch.searchText, word, SEARCH_SEPARATORS)));
    if (options.walk) {
      // Checked row by row as the list's order index is walked: OFFSET 0 keeps the planner from
      // turning it into a join that gathers every match first (its estimate of the two conditions
      // on the text, each counted as if independent, is far too low: PGlite sorted the 31,313
      // invoices of "riverside" for the paid list's first page, 285 ms).
      const byJobNumber = digits === null ? sql`` : sql` or ${jobInvoices.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits})`;
      return sql`(exists (select 1 from ${invoiceSearch} where ${invoiceSearch.invoiceId} = ${jobInvoices.id} and ${byWords} offset 0)${byJobNumber})`;
    }
    const byJobNumber = digits === null ? sql`` : sql` union select ${jobInvoices.id} from ${jobInvoices} where ${jobInvoices.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits})`;
    return sql`${jobInvoices.id} in (select ${invoiceSearch.invoiceId} from ${invoiceSearch} where ${byWords}${byJobNumber})`;
  }
  // A word holding the separator matches inside one of the four texts (never across two).
  const byJobNumber = digits === null ? sql`` : sql` or ${jobs.number} = ${digits}`;
  const oneText = (column: AnyColumn) => whereAll(words.map((word) => textMatch(column, word)));
  return sql`${jobInvoices.id} in (
    select ${jobInvoices.id} from ${jobInvoices} where ${oneText(jobInvoices.invoiceNumber)}
    union
    select ${jobInvoices.id} from ${jobInvoices} where ${jobInvoices.jobId} in (
      select ${jobs.id} from ${jobs} where ${oneText(jobs.name)}${byJobNumber}
      union
      select ${jobs.id} from ${jobs} where ${jobs.locationId} in (
        select ${locations.id} from ${locations} where ${oneText(locations.name)}
        union
        select ${locations.id} from ${locations} where ${locations.companyId} in (select ${companies.id} from ${companies} where ${oneText(companies.name)})
      )
    )
  )`;
}

/**
 * `walk`: the search is checked on each row as a list's order index is walked, for a search whose
 * matches are many (more than the cap: the first rows of any order hold the page), never gathered.
 */
export interface SearchConditionOptions {
  walk?: boolean;
}

/**
 * The conditions of /invoices (status, search, issued-date range; and Home's selects: the job's
 * office, a technician of the job, created from the start of a day in the company's time zone).
 */
export function listConditions(f: InvoiceListFilters, options: SearchConditionOptions = {}): SQL[] {
  const c: SQL[] = [];
  if (f.status) c.push(eq(jobInvoices.status, f.status));
  if (f.from) c.push(gte(jobInvoices.issuedDate, f.from));
  if (f.to) c.push(lte(jobInvoices.issuedDate, f.to));
  if (f.q) c.push(searchCondition(f.q, options));
  if (f.office) c.push(sql`${jobInvoices.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.office} = ${f.office})`);
  if (f.technicianId) {
    c.push(sql`${jobInvoices.jobId} in (select ${jobTechnicians.jobId} from ${jobTechnicians} where ${jobTechnicians.technicianId} = ${f.technicianId}::uuid)`);
  }
  if (f.createdFrom) {
    c.push(sql`${jobInvoices.createdAt} >= (${f.createdFrom}::date)::timestamp at time zone ${COMPANY_ZONE}`);
  }
  return c;
}

export function pendingConditions(f: PendingInvoiceFilters, today: string, withDue = true, options: SearchConditionOptions = {}): SQL[] {
  const c: SQL[] = [eq(jobInvoices.status, 'issued')];
  if (f.q) c.push(searchCondition(f.q, options));
  if (withDue && f.due) {
    const w = dueWindow(today);
    if (f.due === 'overdue') c.push(lt(jobInvoices.dueDate, w.overdueBefore));
    else c.push(and(gte(jobInvoices.dueDate, w.dueSoonFrom), lte(jobInvoices.dueDate, w.dueSoonThrough))!);
  }
  return c;
}

export function paidConditions(f: PaidInvoiceFilters, options: SearchConditionOptions = {}): SQL[] {
  const c: SQL[] = [eq(jobInvoices.status, 'paid')];
  if (f.from) c.push(gte(jobInvoices.paidDate, f.from));
  if (f.to) c.push(lte(jobInvoices.paidDate, f.to));
  if (f.q) c.push(searchCondition(f.q, options));
  return c;
}

/** A search the lists run on invoice_search alone (one holding the separator searches the four texts apart). */
export const searchable = (q: string | undefined): q is string => Boolean(q) && !q!.includes(SEARCH_SEPARATOR);

/** /invoices read from invoice_search: a search, or an office's invoices (Home's Total Unsent Invoices), which it indexes by office. */
export const onSearchTable = (f: InvoiceListFilters): boolean => searchable(f.q) || (!f.q && Boolean(f.office));

const searchDoc = tableAlias(invoiceSearch, 'search_doc');
/** invoice_search as the search statements name it ("search_doc"). */
export const invoiceSearchTable = searchDoc;

/** Every word of a search on invoice_search's text (the lists' matching rule). */
const wordsOnSearchText = (q: string): SQL[] => searchWords(q).map((word) => searchWordsMatch(searchDoc.searchText, word, SEARCH_SEPARATORS));

/**
 * A search (searchable(q)) as one condition on invoice_search ("search_doc") alone: every word on its text,
 * or the job number. The header search walks invoice_search newest first with it.
 */
export function searchTableCondition(q: string): SQL {
  const digits = jobNumberOf(q);
  const byWords = whereAll(wordsOnSearchText(q));
  return digits === null ? byWords : sql`(${byWords} or ${searchDoc.jobId} = (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits}))`;
}

/**
 * The invoices a list's search finds, with every filter of that list, read from invoice_search
 * alone (it carries the invoice's status, amount, dates, creation time, job and the job's office:
 * migrations 0029_invoice-search-columns and 0030_invoice-search-office), as a table named job_invoices with job_invoices' column names, so
 * the lists' aggregates, counts and orders apply to it unchanged. The pending and paid lists name
 * their status as a literal, so the planner takes that status's own trigram index. At most `limit`
 * rows when given (a count or a sum that stops past the cap).
 */
export function searchedInvoices(
  list: 'all' | 'pending' | 'paid',
  f: InvoiceListFilters | PendingInvoiceFilters | PaidInvoiceFilters,
  options: { today?: string; withDue?: boolean; limit?: number } = {},
): SQL {
  const q = f.q ?? '';
  const c: SQL[] = [];
  if (list === 'pending') c.push(sql`${searchDoc.status} = 'issued'`);
  if (list === 'paid') c.push(sql`${searchDoc.status} = 'paid'`);
  if (list === 'all') {
    const a = f as InvoiceListFilters;
    if (a.status) c.push(eq(searchDoc.status, a.status));
    if (a.from) c.push(gte(searchDoc.issuedDate, a.from));
    if (a.to) c.push(lte(searchDoc.issuedDate, a.to));
    if (a.office) c.push(eq(searchDoc.office, a.office));
    if (a.technicianId) c.push(sql`${searchDoc.jobId} in (select ${jobTechnicians.jobId} from ${jobTechnicians} where ${jobTechnicians.technicianId} = ${a.technicianId}::uuid)`);
    if (a.createdFrom) {
      c.push(sql`${searchDoc.createdAt} >= (${a.createdFrom}::date)::timestamp at time zone ${COMPANY_ZONE}`);
    }
  }
  if (list === 'pending' && options.withDue && (f as PendingInvoiceFilters).due && options.today) {
    const w = dueWindow(options.today);
    if ((f as PendingInvoiceFilters).due === 'overdue') c.push(lt(searchDoc.dueDate, w.overdueBefore));
    else c.push(and(gte(searchDoc.dueDate, w.dueSoonFrom), lte(searchDoc.dueDate, w.dueSoonThrough))!);
  }
  if (list === 'paid') {
    const p = f as PaidInvoiceFilters;
    if (p.from) c.push(gte(searchDoc.paidDate, p.from));
    if (p.to) c.push(lte(searchDoc.paidDate, p.to));
  }
  const columns = sql`${searchDoc.invoiceId} as "id", ${searchDoc.status} as "status", ${searchDoc.amount} as "amount", ${searchDoc.issuedDate} as "issued_date", ${searchDoc.dueDate} as "due_date", ${searchDoc.paidDate} as "paid_date", ${searchDoc.createdAt} as "created_at"`;
  const byWords = whereAll([...c, ...wordsOnSearchText(q)]);
  const digits = jobNumberOf(q);
  const matches =
    digits === null
      ? sql`select ${columns} from ${from(searchDoc)} where ${byWords}`
      : sql`select ${columns} from ${from(searchDoc)} where ${byWords}
            union select ${columns} from ${from(searchDoc)} where ${whereAll([...c, sql`${searchDoc.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits})`])}`;
  return options.limit === undefined ? sql`(${matches}) as ${jobInvoices}` : sql`(${matches} limit ${options.limit}) as ${jobInvoices}`;
}

export type ListOrder = 'created' | 'due' | 'paid';
export const ORDERS: Record<ListOrder, SQL[]> = {
  created: [desc(jobInvoices.createdAt), desc(jobInvoices.id)],
  due: [sql`${jobInvoices.dueDate} asc nulls last`, asc(jobInvoices.id)],
  paid: [sql`${jobInvoices.paidDate} desc nulls last`, desc(jobInvoices.id)],
};

/**
 * A page of a list (the statement: awaiting it runs it, `.getSQL()` shows it to EXPLAIN). The
 * page's ids are found on job_invoices alone, in list order from an index, then joined to their
 * job, location and company: the joins never run for more than the page.
 */
export function listPage(
  exec: Executor,
  conditions: SQL[],
  order: ListOrder,
  page: { limit: number; offset: number },
  options: { matchesFirst?: boolean; searched?: SQL } = {},
) {
  // matchesFirst: the matches are few (the caller counted them) but would come late in list order
  // (a month issued long ago, a search), so they are found through their own index first and
  // sorted, instead of walking the list's order index past everything newer. OFFSET 0 keeps the
  // planner from merging the two steps; the subquery takes the table's name so ORDERS apply to it.
  // `searched` (searchedInvoices) is a search's matches with the list's filters, found that way.
  const source = options.searched
    ? options.searched
    : options.matchesFirst
      ? sql`(select ${jobInvoices.id}, ${jobInvoices.createdAt}, ${jobInvoices.dueDate}, ${jobInvoices.paidDate} from ${jobInvoices} where ${and(...conditions)} offset 0) as ${jobInvoices}`
      : null;
  const ids = exec
    .select({ id: source ? sql<string>`${jobInvoices}.${sql.identifier(jobInvoices.id.name)}`.as('id') : jobInvoices.id })
    .from(source ?? jobInvoices)
    .where(source ? undefined : and(...conditions))
    .orderBy(...ORDERS[order])
    .limit(page.limit)
    .offset(page.offset)
    .as('page');
  return listSelect(exec)
    .innerJoin(ids, sql`${sql.identifier('page')}.${sql.identifier('id')} = ${jobInvoices.id}`)
    .orderBy(...ORDERS[order]);
}

/** Keyset batches of a list for its export (offset 0 each time, after the last row's key). */
export async function listBatch(exec: Executor, conditions: SQL[], order: ListOrder, after: ListRowCursor | null, limit: number): Promise<ListRow[]> {
  const c = [...conditions];
  if (after) {
    if (order === 'created') c.push(sql`(${jobInvoices.createdAt}, ${jobInvoices.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`);
    if (order === 'due') c.push(sql`(${jobInvoices.dueDate}, ${jobInvoices.id}) > (${after.dueDate}::date, ${after.id}::uuid)`);
    if (order === 'paid') c.push(sql`(${jobInvoices.paidDate}, ${jobInvoices.id}) < (${after.paidDate}::date, ${after.id}::uuid)`);
  }
  return listPage(exec, c, order, { limit, offset: 0 });
}

export const cents = (column: SQL) => sql<number>`coalesce(round(${column} * 100), 0)`.mapWith(Number);
export const counted = (column: SQL) => sql<number>`${column}`.mapWith(Number);

/**
 * /invoices' three cards, and the list's total, in one aggregate (over the totals when only the
 * status filters). With a search, the aggregate reads at most `countLimit` + 1 matches: null when
 * more match (the list's total is then "countLimit+", and the cards are not summed over them).
 */
export async function listSummary(exec: Executor, filters: InvoiceListFilters, countLimit: number): Promise<InvoiceListSummary | null> {
  const [row] = await listSummaryQuery(exec, filters, countLimit);
  if (filters.q && (row?.count ?? 0) > countLimit) return null;
  return {
    total: { amountCents: row?.amount ?? 0, count: row?.count ?? 0 },
    paid: { amountCents: row?.paidAmount ?? 0, count: row?.paidCount ?? 0 },
    outstanding: { amountCents: row?.outAmount ?? 0, count: row?.outCount ?? 0 },
  };
}

/** The invoices the conditions find, at most `limit` of them, as a table named job_invoices (for an aggregate over them). */
const atMost = (conditions: SQL[], limit: number) =>
  sql`(select ${jobInvoices.status}, ${jobInvoices.amount}, ${jobInvoices.dueDate}, ${jobInvoices.paidDate} from ${jobInvoices} where ${and(...conditions)} limit ${limit}) as ${jobInvoices}`;

export function listSummaryQuery(exec: Executor, filters: InvoiceListFilters, countLimit: number) {
  if (!filters.q && !filters.from && !filters.to && !filters.office && !filters.technicianId && !filters.createdFrom) {
    const t = invoiceMonthTotals;
    return exec
      .select({
        count: counted(sql`coalesce(sum(${t.n}), 0)`),
        amount: cents(sql`sum(${t.amount})`),
        paidCount: counted(sql`coalesce(sum(${t.n}) filter (where ${t.status} = 'paid'), 0)`),
        paidAmount: cents(sql`sum(${t.amount}) filter (where ${t.status} = 'paid')`),
        outCount: counted(sql`coalesce(sum(${t.n}) filter (where ${t.status} = 'issued'), 0)`),
        outAmount: cents(sql`sum(${t.amount}) filter (where ${t.status} = 'issued')`),
      })
      .from(t)
      .where(filters.status ? eq(t.status, filters.status) : undefined);
  }
  const conditions = listConditions(filters);
  return exec
    .select({
      count: counted(sql`count(*)`),
      amount: cents(sql`sum(${jobInvoices.amount})`),
      paidCount: counted(sql`count(*) filter (where ${jobInvoices.status} = 'paid')`),
      paidAmount: cents(sql`sum(${jobInvoices.amount}) filter (where ${jobInvoices.status} = 'paid')`),
      outCount: counted(sql`count(*) filter (where ${jobInvoices.status} = 'issued')`),
      outAmount: cents(sql`sum(${jobInvoices.amount}) filter (where ${jobInvoices.status} = 'issued')`),
    })
    .from(
      searchable(filters.q)
        ? searchedInvoices('all', filters, { limit: countLimit + 1 })
        : filters.q
          ? atMost(conditions, countLimit + 1)
          : onSearchTable(filters)
            ? searchedInvoices('all', filters)
            : jobInvoices,
    )
    .where(filters.q || onSearchTable(filters) ? undefined : and(...conditions));
}

/** The rows the conditions find, counted up to countLimit (totalCapped beyond it). */
export function countMatches(exec: Executor, conditions: SQL[], countLimit: number, searched?: SQL) {
  return cappedCount(exec, searched ? sql`select 1 from ${searched}` : sql`select 1 from ${jobInvoices} where ${and(...conditions)}`, countLimit);
}

/**
 * Total Outstanding, Overdue and Due Soon for the pending search, in one aggregate; `filtered` counts
 * the tile filter's rows for the pager. With a search, the aggregate reads at most `cap` + 1
 * matches: `summary` and `filtered` are null when more match.
 */
export async function pendingSummary(exec: Executor, f: PendingInvoiceFilters, today: string, cap: number): Promise<{ summary: PendingInvoiceSummary | null; filtered: number | null }> {
  const w = dueWindow(today);
  const [row] = f.q ? await pendingSummaryOfInvoices(exec, f, w, cap) : await pendingSummaryOfTotals(exec, w);
  if (f.q && (row?.count ?? 0) > cap) return { summary: null, filtered: null };
  const summary = {
    totalOutstanding: { amountCents: row?.amount ?? 0, count: row?.count ?? 0 },
    overdue: { amountCents: row?.overdueAmount ?? 0, count: row?.overdueCount ?? 0 },
    dueSoon: { amountCents: row?.soonAmount ?? 0, count: row?.soonCount ?? 0 },
    today,
  };
  const filtered = f.due === 'overdue' ? summary.overdue.count : f.due === 'due-soon' ? summary.dueSoon.count : summary.totalOutstanding.count;
  return { summary, filtered };
}

/** The pending cards from the issued invoices' totals per due date (no search). */
function pendingSummaryOfTotals(exec: Executor, w: ReturnType<typeof dueWindow>) {
  const t = invoiceDueTotals;
  const overdue = sql`${t.dueDate} < ${w.overdueBefore}`;
  const soon = sql`${t.dueDate} between ${w.dueSoonFrom} and ${w.dueSoonThrough}`;
  return exec
    .select({
      count: counted(sql`coalesce(sum(${t.n}), 0)`),
      amount: cents(sql`sum(${t.amount})`),
      overdueCount: counted(sql`coalesce(sum(${t.n}) filter (where ${overdue}), 0)`),
      overdueAmount: cents(sql`sum(${t.amount}) filter (where ${overdue})`),
      soonCount: counted(sql`coalesce(sum(${t.n}) filter (where ${soon}), 0)`),
      soonAmount: cents(sql`sum(${t.amount}) filter (where ${soon})`),
    })
    .from(t);
}

/** The pending cards over the issued invoices the search finds (at most cap + 1 of them). */
function pendingSummaryOfInvoices(exec: Executor, f: PendingInvoiceFilters, w: ReturnType<typeof dueWindow>, cap: number) {
  const overdue = sql`${jobInvoices.dueDate} < ${w.overdueBefore}`;
  const soon = sql`${jobInvoices.dueDate} between ${w.dueSoonFrom} and ${w.dueSoonThrough}`;
  return exec
    .select({
      count: counted(sql`count(*)`),
      amount: cents(sql`sum(${jobInvoices.amount})`),
      overdueCount: counted(sql`count(*) filter (where ${overdue})`),
      overdueAmount: cents(sql`sum(${jobInvoices.amount}) filter (where ${overdue})`),
      soonCount: counted(sql`count(*) filter (where ${soon})`),
      soonAmount: cents(sql`sum(${jobInvoices.amount}) filter (where ${soon})`),
    })
    .from(searchable(f.q) ? searchedInvoices('pending', { q: f.q }, { limit: cap + 1 }) : atMost(pendingConditions({ q: f.q }, '', false), cap + 1));
}

/**
 * Total Paid and the Monthly Breakdown by paid month (newest first), in one grouping-sets aggregate.
 * With a search it reads at most countLimit + 1 matches: null when more match.
 */
export async function paidSummary(exec: Executor, f: PaidInvoiceFilters, countLimit: number): Promise<PaidInvoiceSummary | null> {
  const rows = f.q ? await paidSummaryOfInvoices(exec, f, countLimit) : await paidSummaryOfTotals(exec, f);
  const total = rows.find((r) => r.isTotal === 1);
  if (f.q && (total?.count ?? 0) > countLimit) return null;
  return {
    totalPaid: { amountCents: total?.amount ?? 0, count: total?.count ?? 0 },
    monthly: rows.filter((r) => r.isTotal === 0 && r.month).map((r) => ({ month: r.month!, amountCents: r.amount, count: r.count })),
  };
}

/** Total Paid and the months from the paid invoices' totals per paid date (no search). */
function paidSummaryOfTotals(exec: Executor, f: PaidInvoiceFilters) {
  const t = invoicePaidTotals;
  const month = sql`to_char(${t.paidDate}, 'YYYY-MM')`;
  const range: SQL[] = [];
  if (f.from) range.push(gte(t.paidDate, f.from));
  if (f.to) range.push(lte(t.paidDate, f.to));
  return exec
    .select({
      month: sql<string | null>`${month}`,
      isTotal: sql<number>`grouping(${month})`.mapWith(Number),
      count: counted(sql`coalesce(sum(${t.n}), 0)`),
      amount: cents(sql`sum(${t.amount})`),
    })
    .from(t)
    .where(and(...range))
    .groupBy(sql`grouping sets ((), (${month}))`)
    .having(sql`grouping(${month}) = 1 or sum(${t.n}) <> 0`)
    .orderBy(sql`1 desc nulls last`);
}

/** Total Paid and the months over the paid invoices the search finds (at most countLimit + 1 of them). */
function paidSummaryOfInvoices(exec: Executor, f: PaidInvoiceFilters, countLimit: number) {
  const month = sql`to_char(${jobInvoices.paidDate}, 'YYYY-MM')`;
  return exec
    .select({
      month: sql<string | null>`${month}`,
      isTotal: sql<number>`grouping(${month})`.mapWith(Number),
      count: counted(sql`count(*)`),
      amount: cents(sql`sum(${jobInvoices.amount})`),
    })
    .from(searchable(f.q) ? searchedInvoices('paid', f, { limit: countLimit + 1 }) : atMost(paidConditions(f), countLimit + 1))
    .groupBy(sql`grouping sets ((), (${month}))`)
    .orderBy(sql`1 desc nulls last`);
}

/** The list reads the invoices service runs (on the database, or `exec`). */
export function createInvoicesListRepo(db: Executor) {
  return {
    listPage: (conditions: SQL[], order: ListOrder, page: { limit: number; offset: number }, options: { matchesFirst?: boolean; searched?: SQL } = {}, exec: Executor = db) =>
      listPage(exec, conditions, order, page, options),
    listBatch: (conditions: SQL[], order: ListOrder, after: ListRowCursor | null, limit: number, exec: Executor = db) => listBatch(exec, conditions, order, after, limit),
    listSummary: (filters: InvoiceListFilters, countLimit: number, exec: Executor = db) => listSummary(exec, filters, countLimit),
    countMatches: (conditions: SQL[], countLimit: number, searched?: SQL, exec: Executor = db) => countMatches(exec, conditions, countLimit, searched),
    pendingSummary: (f: PendingInvoiceFilters, today: string, cap: number, exec: Executor = db) => pendingSummary(exec, f, today, cap),
    paidSummary: (f: PaidInvoiceFilters, countLimit: number, exec: Executor = db) => paidSummary(exec, f, countLimit),
  };
}
