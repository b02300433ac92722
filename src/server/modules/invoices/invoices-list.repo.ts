/**
 * The three invoice lists (/invoices, pending, paid): their conditions, search, pages, capped
 * counts and summary cards, and the export's keyset batches.
 */
import { and, asc, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
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
  balanceDueCents,
} from '../../../domain/invoices/index.js';
import { toCents } from '../../../domain/money.js';
import { countLimitFor, LIST_TOTAL_CAP } from '../../../domain/search.js';
import { type Executor } from '../../db/client.js';
import {
  companies,
  invoiceDueTotals,
  invoiceSearch,
  invoiceMonthTotals,
  invoicePaidTotals,
  jobInvoices,
  jobs,
  agreements,
  jobTechnicians,
  locations,
} from '../../db/schema.js';
import {
  COMPANY_ZONE,
  onSearchTable,
  readList,
  searchable,
  searchCondition,
  searchedInvoices,
  type CountFirstList,
  type SearchConditionOptions,
} from '../../lists/index.js';

// ---------------------------------------------------------------------------------------------
// Reads: lists, summaries, detail
// ---------------------------------------------------------------------------------------------

export const LIST_FIELDS = {
  id: jobInvoices.id,
  invoiceNumber: jobInvoices.invoiceNumber,
  invoiceType: jobInvoices.invoiceType,
  status: jobInvoices.status,
  amount: jobInvoices.amount,
  amountPaid: jobInvoices.amountPaid,
  issuedDate: jobInvoices.issuedDate,
  dueDate: jobInvoices.dueDate,
  paidDate: jobInvoices.paidDate,
  createdAt: jobInvoices.createdAt,
  jobId: jobs.id,
  jobNumber: jobs.number,
  jobName: jobs.name,
  agreementId: jobInvoices.agreementId,
  agreementNumber: agreements.number,
  agreementName: agreements.name,
  periodStart: jobInvoices.periodStart,
  periodEnd: jobInvoices.periodEnd,
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
  amountPaid: string;
  issuedDate: string | null;
  dueDate: string | null;
  paidDate: string | null;
  createdAt: Date;
  jobId: string | null;
  jobNumber: number | null;
  jobName: string | null;
  agreementId: string | null;
  agreementNumber: number | null;
  agreementName: string | null;
  periodStart: string | null;
  periodEnd: string | null;
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
    amountPaidCents: toCents(row.amountPaid),
    balanceCents: balanceDueCents(toCents(row.amount), toCents(row.amountPaid)),
    issuedDate: row.issuedDate,
    dueDate: row.dueDate,
    paidDate: row.paidDate,
    createdAt: row.createdAt.toISOString(),
    dueState: dueState(status, row.dueDate, today),
    jobId: row.jobId,
    jobNumber: row.jobNumber,
    jobName: row.jobName,
    agreement:
      row.agreementId && row.agreementNumber !== null
        ? {
            id: row.agreementId,
            number: row.agreementNumber,
            name: row.agreementName ?? '',
            periodStart: row.periodStart,
            periodEnd: row.periodEnd,
          }
        : null,
    companyId: row.companyId,
    companyName: row.companyName,
    locationId: row.locationId,
    locationName: row.locationName,
  };
}

export function listSelect(exec: Executor) {
  return (
    exec
      .select(LIST_FIELDS)
      .from(jobInvoices)
      .leftJoin(jobs, eq(jobs.id, jobInvoices.jobId))
      .leftJoin(locations, eq(locations.id, jobs.locationId))
      // The invoice's own company (kept equal to the job location's by trigger; an agreement's
      // advance invoice has no job: decision 052).
      .leftJoin(companies, eq(companies.id, jobInvoices.companyId))
      .leftJoin(agreements, eq(agreements.id, jobInvoices.agreementId))
  );
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
  // the office as invoice_search keeps it: the job's, or an advance invoice's agreement's (decision 059)
  if (f.office)
    c.push(
      sql`${jobInvoices.id} in (select ${invoiceSearch.invoiceId} from ${invoiceSearch} where ${invoiceSearch.office} = ${f.office})`,
    );
  if (f.technicianId) {
    c.push(
      sql`${jobInvoices.jobId} in (select ${jobTechnicians.jobId} from ${jobTechnicians} where ${jobTechnicians.technicianId} = ${f.technicianId}::uuid)`,
    );
  }
  if (f.createdFrom) {
    c.push(sql`${jobInvoices.createdAt} >= (${f.createdFrom}::date)::timestamp at time zone ${COMPANY_ZONE}`);
  }
  return c;
}

export function pendingConditions(
  f: PendingInvoiceFilters,
  today: string,
  withDue = true,
  options: SearchConditionOptions = {},
): SQL[] {
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
    .select({
      id: source ? sql<string>`${jobInvoices}.${sql.identifier(jobInvoices.id.name)}`.as('id') : jobInvoices.id,
    })
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
export async function listBatch(
  exec: Executor,
  conditions: SQL[],
  order: ListOrder,
  after: ListRowCursor | null,
  limit: number,
): Promise<ListRow[]> {
  const c = [...conditions];
  if (after) {
    if (order === 'created')
      c.push(
        sql`(${jobInvoices.createdAt}, ${jobInvoices.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
      );
    if (order === 'due')
      c.push(sql`(${jobInvoices.dueDate}, ${jobInvoices.id}) > (${after.dueDate}::date, ${after.id}::uuid)`);
    if (order === 'paid')
      c.push(sql`(${jobInvoices.paidDate}, ${jobInvoices.id}) < (${after.paidDate}::date, ${after.id}::uuid)`);
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
export async function listSummary(
  exec: Executor,
  filters: InvoiceListFilters,
  countLimit: number,
): Promise<InvoiceListSummary | null> {
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
  sql`(select ${jobInvoices.status}, ${jobInvoices.amount}, ${jobInvoices.amountPaid}, ${jobInvoices.dueDate}, ${jobInvoices.paidDate} from ${jobInvoices} where ${and(...conditions)} limit ${limit}) as ${jobInvoices}`;

export function listSummaryQuery(exec: Executor, filters: InvoiceListFilters, countLimit: number) {
  if (!filters.q && !filters.from && !filters.to && !filters.office && !filters.technicianId && !filters.createdFrom) {
    const t = invoiceMonthTotals;
    // Outstanding is what the issued invoices still owe (their balances, issue 27): the pending
    // list's due-date totals hold exactly that.
    const d = invoiceDueTotals;
    const owed = !filters.status || filters.status === 'issued';
    return exec
      .select({
        count: counted(sql`coalesce(sum(${t.n}), 0)`),
        amount: cents(sql`sum(${t.amount})`),
        paidCount: counted(sql`coalesce(sum(${t.n}) filter (where ${t.status} = 'paid'), 0)`),
        paidAmount: cents(sql`sum(${t.amount}) filter (where ${t.status} = 'paid')`),
        outCount: counted(owed ? sql`(select coalesce(sum(${d.n}), 0) from ${d})` : sql`0`),
        outAmount: cents(owed ? sql`(select sum(${d.amount}) from ${d})` : sql`null`),
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
      outAmount: cents(
        sql`sum(${jobInvoices.amount} - ${jobInvoices.amountPaid}) filter (where ${jobInvoices.status} = 'issued')`,
      ),
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

/** The rows the conditions find (or a search's matches, `searched`), as `select 1 from ...` for a capped count. */
const matchRows = (conditions: SQL[], searched?: SQL) =>
  searched ? sql`select 1 from ${searched}` : sql`select 1 from ${jobInvoices} where ${and(...conditions)}`;

/**
 * Total Outstanding, Overdue and Due Soon for the pending search, in one aggregate; `filtered` counts
 * the tile filter's rows for the pager. With a search, the aggregate reads at most `cap` + 1
 * matches: `summary` and `filtered` are null when more match.
 */
export async function pendingSummary(
  exec: Executor,
  f: PendingInvoiceFilters,
  today: string,
  cap: number,
): Promise<{ summary: PendingInvoiceSummary | null; filtered: number | null }> {
  const w = dueWindow(today);
  const [row] = f.q ? await pendingSummaryOfInvoices(exec, f, w, cap) : await pendingSummaryOfTotals(exec, w);
  if (f.q && (row?.count ?? 0) > cap) return { summary: null, filtered: null };
  const summary = {
    totalOutstanding: { amountCents: row?.amount ?? 0, count: row?.count ?? 0 },
    overdue: { amountCents: row?.overdueAmount ?? 0, count: row?.overdueCount ?? 0 },
    dueSoon: { amountCents: row?.soonAmount ?? 0, count: row?.soonCount ?? 0 },
    today,
  };
  const filtered =
    f.due === 'overdue'
      ? summary.overdue.count
      : f.due === 'due-soon'
        ? summary.dueSoon.count
        : summary.totalOutstanding.count;
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
function pendingSummaryOfInvoices(
  exec: Executor,
  f: PendingInvoiceFilters,
  w: ReturnType<typeof dueWindow>,
  cap: number,
) {
  const overdue = sql`${jobInvoices.dueDate} < ${w.overdueBefore}`;
  const soon = sql`${jobInvoices.dueDate} between ${w.dueSoonFrom} and ${w.dueSoonThrough}`;
  return exec
    .select({
      count: counted(sql`count(*)`),
      amount: cents(sql`sum(${jobInvoices.amount} - ${jobInvoices.amountPaid})`),
      overdueCount: counted(sql`count(*) filter (where ${overdue})`),
      overdueAmount: cents(sql`sum(${jobInvoices.amount} - ${jobInvoices.amountPaid}) filter (where ${overdue})`),
      soonCount: counted(sql`count(*) filter (where ${soon})`),
      soonAmount: cents(sql`sum(${jobInvoices.amount} - ${jobInvoices.amountPaid}) filter (where ${soon})`),
    })
    .from(
      searchable(f.q)
        ? searchedInvoices('pending', { q: f.q }, { limit: cap + 1 })
        : atMost(pendingConditions({ q: f.q }, '', false), cap + 1),
    );
}

/**
 * Total Paid and the Monthly Breakdown by paid month (newest first), in one grouping-sets aggregate.
 * With a search it reads at most countLimit + 1 matches: null when more match.
 */
export async function paidSummary(
  exec: Executor,
  f: PaidInvoiceFilters,
  countLimit: number,
): Promise<PaidInvoiceSummary | null> {
  const rows = f.q ? await paidSummaryOfInvoices(exec, f, countLimit) : await paidSummaryOfTotals(exec, f);
  const total = rows.find((r) => r.isTotal === 1);
  if (f.q && (total?.count ?? 0) > countLimit) return null;
  return {
    totalPaid: { amountCents: total?.amount ?? 0, count: total?.count ?? 0 },
    monthly: rows
      .filter((r) => r.isTotal === 0 && r.month)
      .map((r) => ({ month: r.month!, amountCents: r.amount, count: r.count })),
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
    .from(
      searchable(f.q)
        ? searchedInvoices('paid', f, { limit: countLimit + 1 })
        : atMost(paidConditions(f), countLimit + 1),
    )
    .groupBy(sql`grouping sets ((), (${month}))`)
    .orderBy(sql`1 desc nulls last`);
}

/** Up to this many matches, a filtered list gathers and sorts its matches instead of walking its order index. */
const MATCHES_FIRST_LIMIT = 50_000;
type Paging = { page: number; pageSize: number };
const pageOf = (query: Paging) => ({ limit: query.pageSize, offset: (query.page - 1) * query.pageSize });

/** Pending's context: today in the company's time zone (the due tiles). */
export interface PendingContext {
  today: string;
}

/**
 * The three invoice lists (src/server/lists/description.ts), each stated once: its order's index,
 * its filters and search (a searchable text, and /invoices' office, read from invoice_search:
 * searchedInvoices), its cards (read first: their count is the exact total, or null past `cap`), the
 * capped count past them, the walked page and the gathered page (a search's matches, or the few
 * matches of a narrowed list, sorted). The service passes filters; the planner picks the way.
 */
export function invoiceLists(cap: number) {
  const paging = (query: Paging) => ({ ...pageOf(query), countLimit: countLimitFor(query.page, query.pageSize, cap) });
  const all: CountFirstList<InvoiceListFilters & Paging, ListRow, undefined, InvoiceListSummary | null> = {
    name: 'invoices',
    table: jobInvoices,
    orders: { created: { index: 'job_invoices_created_at_idx' } },
    searchText: [invoiceSearch.searchText],
    filters: (query) => listConditions(query),
    paging,
    total: {
      // A search matching more than the cap has no cards (null): its matches are dense.
      summary: async (exec, query) => {
        const summary = await listSummary(exec, query, cap);
        return { summary, count: summary ? summary.total.count : null, countedUpTo: cap };
      },
      capped: (query) =>
        matchRows(listConditions(query), onSearchTable(query) ? searchedInvoices('all', query) : undefined),
    },
    pages: {
      by: 'countFirst',
      gatherLimit: MATCHES_FIRST_LIMIT,
      walk: (exec, query) => listPage(exec, listConditions(query, { walk: true }), 'created', pageOf(query)),
      // With a date range, a search or one technician few matches are gathered (one technician's
      // drafts: 715 of 500,000 invoices, 200 ms walked).
      gather: {
        applies: () => true,
        read: (exec, query) =>
          listPage(exec, listConditions(query), 'created', pageOf(query), {
            matchesFirst: Boolean(query.q || query.from || query.to || query.technicianId),
            searched: onSearchTable(query) ? searchedInvoices('all', query) : undefined,
          }),
      },
    },
  };
  const pending: CountFirstList<PendingInvoiceFilters & Paging, ListRow, PendingContext, PendingInvoiceSummary | null> =
    {
      name: 'pending invoices',
      table: jobInvoices,
      orders: { due: { index: 'job_invoices_status_due_idx' } },
      searchText: [invoiceSearch.searchText],
      filters: (query, { today }) => pendingConditions(query, today),
      paging,
      total: {
        summary: async (exec, query, { today }) => {
          const { summary, filtered } = await pendingSummary(exec, query, today, cap);
          return { summary, count: filtered, countedUpTo: cap };
        },
        // A tile (due) is narrower than the cards' matches: counted on its own past the cap.
        narrowerThanSummary: (query) => Boolean(query.due),
        capped: (query, { today }) =>
          matchRows(
            pendingConditions(query, today),
            searchable(query.q) ? searchedInvoices('pending', query, { today, withDue: true }) : undefined,
          ),
      },
      pages: {
        by: 'countFirst',
        gatherLimit: MATCHES_FIRST_LIMIT,
        walk: (exec, query, { today }) =>
          listPage(exec, pendingConditions(query, today, true, { walk: true }), 'due', pageOf(query)),
        gather: {
          applies: () => true,
          read: (exec, query, { today }) =>
            listPage(exec, pendingConditions(query, today), 'due', pageOf(query), {
              matchesFirst: Boolean(query.q),
              searched: searchable(query.q) ? searchedInvoices('pending', query, { today, withDue: true }) : undefined,
            }),
        },
      },
    };
  // A paid-date range is walked in the paid-date index itself; only a search gathers its matches first.
  const paid: CountFirstList<PaidInvoiceFilters & Paging, ListRow, undefined, PaidInvoiceSummary | null> = {
    name: 'paid invoices',
    table: jobInvoices,
    orders: { paid: { index: 'job_invoices_paid_list_idx' } },
    searchText: [invoiceSearch.searchText],
    filters: (query) => paidConditions(query),
    paging,
    total: {
      summary: async (exec, query) => {
        const summary = await paidSummary(exec, query, cap);
        return { summary, count: summary ? summary.totalPaid.count : null, countedUpTo: cap };
      },
      capped: (query) =>
        matchRows(paidConditions(query), searchable(query.q) ? searchedInvoices('paid', query) : undefined),
    },
    pages: {
      by: 'countFirst',
      gatherLimit: MATCHES_FIRST_LIMIT,
      walk: (exec, query) => listPage(exec, paidConditions(query, { walk: true }), 'paid', pageOf(query)),
      gather: {
        applies: () => true,
        read: (exec, query) =>
          listPage(exec, paidConditions(query), 'paid', pageOf(query), {
            matchesFirst: Boolean(query.q),
            searched: searchable(query.q) ? searchedInvoices('paid', query) : undefined,
          }),
      },
    },
  };
  return { all, pending, paid };
}

/**
 * The reads of the three lists: the service passes the filters (and `totalCap`, where a searched
 * list stops counting), the descriptions and the planner decide how each page is found and counted.
 */
export function createInvoicesListRepo(db: Executor, options: { totalCap?: number } = {}) {
  const lists = invoiceLists(options.totalCap ?? LIST_TOTAL_CAP);
  return {
    /** /invoices, by creation (newest first), with its three cards. */
    async readList(query: InvoiceListFilters & Paging) {
      const { summary = null, ...page } = await readList(db, lists.all, query, undefined);
      return { ...page, summary };
    },

    /** Pending: issued invoices by due date, with Total Outstanding, Overdue and Due Soon. */
    async readPending(query: PendingInvoiceFilters & Paging, today: string) {
      const { summary = null, ...page } = await readList(db, lists.pending, query, { today });
      return { ...page, summary };
    },

    /** Paid: by paid date (newest first), with Total Paid and the Monthly Breakdown. */
    async readPaid(query: PaidInvoiceFilters & Paging) {
      const { summary = null, ...page } = await readList(db, lists.paid, query, undefined);
      return { ...page, summary };
    },

    /** A keyset batch of a list's export: its filters, in its order, after the last row read. */
    exportBatch(
      kind: 'all' | 'pending' | 'paid',
      filters: InvoiceListFilters | PendingInvoiceFilters | PaidInvoiceFilters,
      today: string,
      after: ListRowCursor | null,
      limit: number,
      exec: Executor = db,
    ) {
      const conditions =
        kind === 'all'
          ? listConditions(filters as InvoiceListFilters)
          : kind === 'pending'
            ? pendingConditions(filters as PendingInvoiceFilters, today)
            : paidConditions(filters as PaidInvoiceFilters);
      const order: ListOrder = kind === 'all' ? 'created' : kind === 'pending' ? 'due' : 'paid';
      return listBatch(exec, conditions, order, after, limit);
    },
  };
}
