/**
 * The only SQL for invoices (job_invoices, job_invoice_lines, job_invoice_status_changes) and what
 * they read of jobs, items and repairs. Every function takes the executor it runs on (the
 * database, or the transaction of the use case); rows become domain types before they leave.
 */
import { and, asc, desc, eq, gte, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { displayName } from '../../../domain/display-name.js';
import {
  dueState,
  dueWindow,
  type BillableItem,
  type BillableRepair,
  type InvoiceItemType,
  type InvoiceLineDraft,
  type InvoiceListFilters,
  type InvoiceListItem,
  type InvoiceListSummary,
  type InvoiceReportAggregates,
  type InvoiceStatus,
  type InvoiceType,
  type PaidInvoiceFilters,
  type PaidInvoiceSummary,
  type PendingInvoiceFilters,
  type PendingInvoiceSummary,
  type ReportMonth,
} from '../../../domain/invoices.js';
import { searchWords } from '../../../domain/customers.js';
import { DEFAULT_TIME_ZONE } from '../../../domain/dates.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { REPAIR_PHASE_LABELS, type RepairPhase } from '../../../domain/repairs.js';
import { readTogether, type Executor } from '../../db/client.js';
import {
  companies,
  invoiceCompanyTotals,
  invoiceDueTotals,
  invoiceMonthTotals,
  invoicePaidTotals,
  invoiceSearch,
  jobInvoiceLines,
  jobInvoices,
  jobInvoiceStatusChanges,
  jobItems,
  jobQuotes,
  jobRepairs,
  jobs,
  jobTechnicians,
  locations,
  serviceLines,
  settings,
  units,
  users,
} from '../../db/schema.js';
import { selectRow, selection } from '../../db/sql.js';
import { jobLatestQuotes } from '../../db/views.js';
import { cappedCount, from, searchWordsMatch, tableAlias, textMatch, whereAll } from '../../db/sql.js';
import { COMPANY_SETTINGS_KEY } from '../settings/settings.repo.js';

/** Locks the job row for the rest of the transaction (two invoices created at once are numbered one after the other). */
export async function lockJob(exec: Executor, jobId: string): Promise<{ id: string; number: number } | null> {
  const [row] = await exec.select({ id: jobs.id, number: jobs.number }).from(jobs).where(eq(jobs.id, jobId)).for('update');
  return row ?? null;
}

export async function readBillableItems(exec: Executor, jobId: string): Promise<BillableItem[]> {
  const rows = await exec
    .select({ code: jobItems.code, name: jobItems.name, type: jobItems.type, quantity: jobItems.quantity, unitCost: jobItems.unitCost, totalCost: jobItems.totalCost })
    .from(jobItems)
    .where(eq(jobItems.jobId, jobId))
    .orderBy(asc(jobItems.createdAt), asc(jobItems.id));
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    type: r.type as InvoiceItemType,
    quantity: r.quantity,
    unitCents: toCents(r.unitCost),
    totalCents: toCents(r.totalCost),
  }));
}

export async function readBillableRepairs(exec: Executor, jobId: string): Promise<BillableRepair[]> {
  const rows = await exec
    .select({ totalCost: jobRepairs.totalCost, selectedPhase: jobRepairs.selectedPhase })
    .from(jobRepairs)
    .where(eq(jobRepairs.jobId, jobId))
    .orderBy(asc(jobRepairs.updatedAt), asc(jobRepairs.id));
  return rows.map((r) => ({ totalCents: toCents(r.totalCost), label: REPAIR_PHASE_LABELS[r.selectedPhase as RepairPhase] ?? r.selectedPhase }));
}

export interface InvoiceInsert {
  jobId: string;
  invoiceNumber: string;
  invoiceType: InvoiceType;
  amountCents: number;
  dueDate: string;
  createdBy: string | null;
}

/** Inserts the invoice unless its number is taken; null on a clash (the caller draws another number). */
export async function insertInvoiceIfNumberFree(exec: Executor, invoice: InvoiceInsert): Promise<{ id: string } | null> {
  const [row] = await exec
    .insert(jobInvoices)
    .values({
      jobId: invoice.jobId,
      invoiceNumber: invoice.invoiceNumber,
      invoiceType: invoice.invoiceType,
      amount: centsToDecimal(invoice.amountCents),
      status: 'draft',
      dueDate: invoice.dueDate,
      createdBy: invoice.createdBy,
    })
    .onConflictDoNothing({ target: jobInvoices.invoiceNumber })
    .returning({ id: jobInvoices.id });
  return row ?? null;
}

/** Replaces the invoice's lines with these (positions 1..n). */
export async function replaceLines(exec: Executor, invoiceId: string, lines: readonly InvoiceLineDraft[]): Promise<void> {
  await exec.delete(jobInvoiceLines).where(eq(jobInvoiceLines.invoiceId, invoiceId));
  if (!lines.length) return;
  await exec.insert(jobInvoiceLines).values(
    lines.map((l, i) => ({
      invoiceId,
      position: i + 1,
      code: l.code,
      name: l.name,
      itemType: l.itemType,
      quantity: String(l.quantity),
      unitPrice: centsToDecimal(l.unitCents),
      total: centsToDecimal(l.totalCents),
    })),
  );
}

export async function recordStatusChange(
  exec: Executor,
  change: { invoiceId: string; fromStatus: InvoiceStatus | null; toStatus: InvoiceStatus; note?: string | null; changedBy: string | null },
): Promise<void> {
  await exec.insert(jobInvoiceStatusChanges).values({
    invoiceId: change.invoiceId,
    fromStatus: change.fromStatus,
    toStatus: change.toStatus,
    note: change.note ?? null,
    changedBy: change.changedBy,
  });
}

/** The invoice's row, locked for the rest of the transaction. */
export async function lockInvoice(exec: Executor, invoiceId: string) {
  const [row] = await exec
    .select({
      id: jobInvoices.id,
      jobId: jobInvoices.jobId,
      invoiceNumber: jobInvoices.invoiceNumber,
      status: jobInvoices.status,
      dueDate: jobInvoices.dueDate,
      amount: jobInvoices.amount,
    })
    .from(jobInvoices)
    .where(eq(jobInvoices.id, invoiceId))
    .for('update');
  return row ? { ...row, status: row.status as InvoiceStatus, amountCents: toCents(row.amount) } : null;
}

export async function updateInvoice(exec: Executor, invoiceId: string, set: Partial<typeof jobInvoices.$inferInsert>): Promise<void> {
  await exec
    .update(jobInvoices)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(jobInvoices.id, invoiceId)));
}

// ---------------------------------------------------------------------------------------------
// Reads: lists, summaries, detail
// ---------------------------------------------------------------------------------------------

const LIST_FIELDS = {
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
type ListRow = {
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

function listSelect(exec: Executor) {
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

const s = tableAlias(invoiceSearch, 's');
/** invoice_search as the search statements name it ("s"). */
export const invoiceSearchTable = s;

/** Every word of a search on invoice_search's text (the lists' matching rule). */
const wordsOnSearchText = (q: string): SQL[] => searchWords(q).map((word) => searchWordsMatch(s.searchText, word, SEARCH_SEPARATORS));

/**
 * A search (searchable(q)) as one condition on invoice_search ("s") alone: every word on its text,
 * or the job number. The header search walks invoice_search newest first with it.
 */
export function searchTableCondition(q: string): SQL {
  const digits = jobNumberOf(q);
  const byWords = whereAll(wordsOnSearchText(q));
  return digits === null ? byWords : sql`(${byWords} or ${s.jobId} = (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits}))`;
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
  if (list === 'pending') c.push(sql`${s.status} = 'issued'`);
  if (list === 'paid') c.push(sql`${s.status} = 'paid'`);
  if (list === 'all') {
    const a = f as InvoiceListFilters;
    if (a.status) c.push(eq(s.status, a.status));
    if (a.from) c.push(gte(s.issuedDate, a.from));
    if (a.to) c.push(lte(s.issuedDate, a.to));
    if (a.office) c.push(eq(s.office, a.office));
    if (a.technicianId) c.push(sql`${s.jobId} in (select ${jobTechnicians.jobId} from ${jobTechnicians} where ${jobTechnicians.technicianId} = ${a.technicianId}::uuid)`);
    if (a.createdFrom) {
      c.push(sql`${s.createdAt} >= (${a.createdFrom}::date)::timestamp at time zone ${COMPANY_ZONE}`);
    }
  }
  if (list === 'pending' && options.withDue && (f as PendingInvoiceFilters).due && options.today) {
    const w = dueWindow(options.today);
    if ((f as PendingInvoiceFilters).due === 'overdue') c.push(lt(s.dueDate, w.overdueBefore));
    else c.push(and(gte(s.dueDate, w.dueSoonFrom), lte(s.dueDate, w.dueSoonThrough))!);
  }
  if (list === 'paid') {
    const p = f as PaidInvoiceFilters;
    if (p.from) c.push(gte(s.paidDate, p.from));
    if (p.to) c.push(lte(s.paidDate, p.to));
  }
  const columns = sql`${s.invoiceId} as "id", ${s.status} as "status", ${s.amount} as "amount", ${s.issuedDate} as "issued_date", ${s.dueDate} as "due_date", ${s.paidDate} as "paid_date", ${s.createdAt} as "created_at"`;
  const byWords = whereAll([...c, ...wordsOnSearchText(q)]);
  const digits = jobNumberOf(q);
  const matches =
    digits === null
      ? sql`select ${columns} from ${from(s)} where ${byWords}`
      : sql`select ${columns} from ${from(s)} where ${byWords}
            union select ${columns} from ${from(s)} where ${whereAll([...c, sql`${s.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits})`])}`;
  return options.limit === undefined ? sql`(${matches}) as ${jobInvoices}` : sql`(${matches} limit ${options.limit}) as ${jobInvoices}`;
}

export type ListOrder = 'created' | 'due' | 'paid';
const ORDERS: Record<ListOrder, SQL[]> = {
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

const cents = (column: SQL) => sql<number>`coalesce(round(${column} * 100), 0)`.mapWith(Number);
const counted = (column: SQL) => sql<number>`${column}`.mapWith(Number);

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

export async function jobExists(exec: Executor, jobId: string): Promise<boolean> {
  const [row] = await exec.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return Boolean(row);
}

export async function jobInvoiceRows(exec: Executor, jobId: string): Promise<ListRow[]> {
  return listSelect(exec)
    .where(eq(jobInvoices.jobId, jobId))
    .orderBy(...ORDERS.created);
}

export async function invoiceJobId(exec: Executor, invoiceId: string): Promise<string | null> {
  const [row] = await exec.select({ jobId: jobInvoices.jobId }).from(jobInvoices).where(eq(jobInvoices.id, invoiceId)).limit(1);
  return row?.jobId ?? null;
}

/** The invoice with its job, customer, location, lines and history; null when missing. */
export async function readInvoice(exec: Executor, invoiceId: string) {
  const [head] = await exec
    .select({
      ...LIST_FIELDS,
      email: jobInvoices.email,
      notes: jobInvoices.notes,
      voidReason: jobInvoices.voidReason,
      voidedDate: jobInvoices.voidedDate,
      serviceLine: jobs.serviceLine,
      customerPo: jobs.customerPo,
      contactName: jobs.contactName,
      contactEmail: jobs.contactEmail,
      contactPhone: jobs.contactPhone,
      address: locations.address,
      city: locations.city,
      state: locations.state,
      zip: locations.zip,
      billingEntity: units.billingEntity,
      billingEmail: units.billingEmail,
      unitNumber: units.unitNumber,
    })
    .from(jobInvoices)
    .innerJoin(jobs, eq(jobs.id, jobInvoices.jobId))
    .leftJoin(locations, eq(locations.id, jobs.locationId))
    .leftJoin(companies, eq(companies.id, locations.companyId))
    .leftJoin(units, eq(units.id, jobs.unitId))
    .where(eq(jobInvoices.id, invoiceId));
  if (!head) return null;
  const [lines, history] = await readTogether(exec, [
    () =>
      exec
        .select({
          id: jobInvoiceLines.id,
          position: jobInvoiceLines.position,
          code: jobInvoiceLines.code,
          name: jobInvoiceLines.name,
          itemType: jobInvoiceLines.itemType,
          quantity: jobInvoiceLines.quantity,
          unitPrice: jobInvoiceLines.unitPrice,
          total: jobInvoiceLines.total,
        })
        .from(jobInvoiceLines)
        .where(eq(jobInvoiceLines.invoiceId, invoiceId))
        .orderBy(asc(jobInvoiceLines.position)),
    () =>
      exec
        .select({
          id: jobInvoiceStatusChanges.id,
          fromStatus: jobInvoiceStatusChanges.fromStatus,
          toStatus: jobInvoiceStatusChanges.toStatus,
          note: jobInvoiceStatusChanges.note,
          changedAt: jobInvoiceStatusChanges.changedAt,
          firstName: users.firstName,
          lastName: users.lastName,
          username: users.username,
        })
        .from(jobInvoiceStatusChanges)
        .leftJoin(users, eq(users.id, jobInvoiceStatusChanges.changedBy))
        .where(eq(jobInvoiceStatusChanges.invoiceId, invoiceId))
        .orderBy(asc(jobInvoiceStatusChanges.changedAt), asc(jobInvoiceStatusChanges.id)),
  ]);
  return {
    head,
    lines: lines.map((l) => ({
      id: l.id,
      position: l.position,
      code: l.code,
      name: l.name,
      itemType: (l.itemType as InvoiceItemType | null) ?? null,
      quantity: Number(l.quantity),
      unitPriceCents: toCents(l.unitPrice),
      totalCents: toCents(l.total),
    })),
    history: history.map((h) => ({
      id: h.id,
      fromStatus: (h.fromStatus as InvoiceStatus | null) ?? null,
      toStatus: h.toStatus as InvoiceStatus,
      note: h.note,
      changedAt: h.changedAt.toISOString(),
      changedByName: h.username ? displayName({ ...h, username: h.username }) : null,
    })),
  };
}
export type InvoiceRecord = NonNullable<Awaited<ReturnType<typeof readInvoice>>>;

export async function deleteInvoice(exec: Executor, invoiceId: string): Promise<void> {
  await exec.delete(jobInvoices).where(eq(jobInvoices.id, invoiceId));
}

// ---------------------------------------------------------------------------------------------
// The financial report: aggregates over job_invoices alone (job_invoices_report_idx)
// ---------------------------------------------------------------------------------------------

/** The earliest issue year, for the report's year list (null with no issued invoice). */
export async function earliestIssuedYear(exec: Executor): Promise<number | null> {
  const [row] = await exec.select({ first: sql<string | null>`min(${jobInvoices.issuedDate})` }).from(jobInvoices);
  return row?.first ? Number(row.first.slice(0, 4)) : null;
}

/** The report period [from, to) is a whole year, quarter or month: its key in invoice_company_totals, or null. */
export function reportPeriodKey(range: { from: string; to: string }): 'y' | 'q' | 'm' | null {
  const start = /^(\d{4})-(\d{2})-01$/.exec(range.from);
  const end = /^(\d{4})-(\d{2})-01$/.exec(range.to);
  if (!start || !end) return null;
  const months = (Number(end[1]) - Number(start[1])) * 12 + Number(end[2]) - Number(start[2]);
  const month = Number(start[2]);
  if (months === 12 && month === 1) return 'y';
  if (months === 3 && (month - 1) % 3 === 0) return 'q';
  if (months === 1) return 'm';
  return null;
}

/**
 * Every figure of the report for the period [from, to), summed in SQL: by month and status, by
 * service line, the top customers. A whole year, quarter or month reads the totals the database
 * keeps (invoice_month_totals, invoice_company_totals); any other range aggregates the invoices.
 */
export async function reportAggregates(exec: Executor, range: { from: string; to: string }, topLimit: number): Promise<InvoiceReportAggregates> {
  const period = reportPeriodKey(range);
  if (period) return reportAggregatesOfTotals(exec, range, period, topLimit);
  return reportAggregatesOfInvoices(exec, range, topLimit);
}

type TotalsJsonRow = { key: string | null; label: string | null; count: number | string; cents: number | string };
type MonthJsonRow = { month: string; status: string; count: number | string; cents: number | string };
/** A json_agg column (PGlite hands it over parsed, node-postgres as parsed json too; text is parsed here). */
const jsonArray = <T>(expression: SQL) => sql<T[]>`${expression}`.mapWith((value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as T[]) : ((value ?? []) as T[])));

/**
 * The report over the totals in one statement (one round trip; also shown with EXPLAIN by the
 * benchmark): the period's months by status, its service lines and its top customers, each as a
 * JSON array, amounts already in cents.
 */
function reportTotalsSelection(range: { from: string; to: string }, period: 'y' | 'q' | 'm', topLimit: number) {
  const t = invoiceMonthTotals;
  const ct = invoiceCompanyTotals;
  const inPeriod = sql`${t.issuedMonth} >= ${range.from} and ${t.issuedMonth} < ${range.to} and ${t.status} <> 'draft'`;
  const centsOf = (column: SQL) => sql`coalesce(round(${column} * 100), 0)::bigint`;
  return selection({
    monthly: jsonArray<MonthJsonRow>(sql`(select coalesce(json_agg(m), '[]') from (
        select to_char(${t.issuedMonth}, 'YYYY-MM') as month, ${t.status} as status, sum(${t.n})::bigint as count, ${centsOf(sql`sum(${t.amount})`)} as cents
        from ${t} where ${inPeriod} group by 1, 2
        having sum(${t.n}) <> 0) m)`),
    lines: jsonArray<TotalsJsonRow>(sql`(select coalesce(json_agg(l), '[]') from (
        select b.service_line as key, ${serviceLines.name} as label, b.count, b.cents from (
          select ${t.serviceLine} as service_line, sum(${t.n})::bigint as count, ${centsOf(sql`sum(${t.amount})`)} as cents
          from ${t} where ${inPeriod} group by ${t.serviceLine}
          -- a total that went back to zero (its invoices moved to another line) is no line of the report
          having sum(${t.n}) <> 0) b
        left join ${serviceLines} on ${serviceLines.code} = b.service_line) l)`),
    customers: jsonArray<TotalsJsonRow>(sql`(select coalesce(json_agg(c order by c.cents desc, c.key), '[]') from (
        select top.company_id as key, ${companies.name} as label, top.count, top.cents from (
          select ${ct.companyId} as company_id, ${ct.n}::bigint as count, ${centsOf(sql`${ct.amount}`)} as cents, ${ct.amount} as amount
          from ${ct}
          where ${ct.period} = ${period} and ${ct.periodStart} = ${range.from} and ${ct.n} > 0
          order by ${ct.amount} desc, ${ct.companyId} limit ${topLimit + 1}) top
        left join ${companies} on ${companies.id} = top.company_id) c)`),
  });
}

export function reportTotalsStatement(range: { from: string; to: string }, period: 'y' | 'q' | 'm', topLimit: number): SQL {
  return sql`select ${reportTotalsSelection(range, period, topLimit)}`;
}

async function reportAggregatesOfTotals(exec: Executor, range: { from: string; to: string }, period: 'y' | 'q' | 'm', topLimit: number): Promise<InvoiceReportAggregates> {
  const select = reportTotalsSelection(range, period, topLimit);
  const row = await selectRow(exec, select, sql`select ${select}`);
  const bucket = (r: TotalsJsonRow): ReportRow => ({ key: r.key, label: r.label, count: Number(r.count), amountCents: Number(r.cents) });
  return reportOf(
    (row?.monthly ?? []).map((m) => ({ month: m.month, status: m.status, count: Number(m.count), amount: Number(m.cents) })),
    (row?.lines ?? []).map(bucket),
    (row?.customers ?? []).map(bucket),
  );
}

/** The report summed over the invoices themselves (any range; the totals must always agree with it). */
export async function reportAggregatesOfInvoices(exec: Executor, range: { from: string; to: string }, topLimit: number): Promise<InvoiceReportAggregates> {
  const inPeriod = and(gte(jobInvoices.issuedDate, range.from), lt(jobInvoices.issuedDate, range.to), sql`${jobInvoices.status} <> 'draft'`);
  const month = sql<string>`to_char(${jobInvoices.issuedDate}, 'YYYY-MM')`;
  const amount = cents(sql`sum(${jobInvoices.amount})`);
  const byLine = exec
    .select({ serviceLine: jobInvoices.serviceLine, count: counted(sql`count(*)`).as('count'), amount: sql<string>`sum(${jobInvoices.amount})`.as('amount') })
    .from(jobInvoices)
    .where(inPeriod)
    .groupBy(jobInvoices.serviceLine)
    .as('by_line');
  const byCompany = exec
    .select({ companyId: jobInvoices.companyId, count: counted(sql`count(*)`).as('count'), amount: sql<string>`sum(${jobInvoices.amount})`.as('amount') })
    .from(jobInvoices)
    .where(inPeriod)
    .groupBy(jobInvoices.companyId)
    .orderBy(sql`sum(${jobInvoices.amount}) desc`, jobInvoices.companyId)
    .limit(topLimit + 1)
    .as('by_company');
  const [monthly, lines, customers] = await Promise.all([
    exec
      .select({ month, status: jobInvoices.status, count: counted(sql`count(*)`), amount })
      .from(jobInvoices)
      .where(inPeriod)
      .groupBy(sql`1`, jobInvoices.status),
    exec
      .select({ key: byLine.serviceLine, label: serviceLines.name, count: byLine.count, amount: byLine.amount })
      .from(byLine)
      .leftJoin(serviceLines, eq(serviceLines.code, byLine.serviceLine)),
    exec
      .select({ key: byCompany.companyId, label: companies.name, count: byCompany.count, amount: byCompany.amount })
      .from(byCompany)
      .leftJoin(companies, eq(companies.id, byCompany.companyId)),
  ]);
  const bucket = (r: { key: string | null; label: string | null; count: number | string; amount: string | null }): ReportRow => ({ key: r.key, label: r.label, count: Number(r.count), amountCents: toCents(r.amount) });
  return reportOf(monthly, lines.map(bucket), customers.map(bucket));
}

type ReportRow = { key: string | null; label: string | null; count: number; amountCents: number };
function reportOf(
  monthly: { month: string; status: string; count: number; amount: number }[],
  lines: ReportRow[],
  customers: ReportRow[],
): InvoiceReportAggregates {
  const byStatus = new Map<InvoiceStatus, { amountCents: number; count: number }>();
  const months = new Map<string, ReportMonth>();
  for (const row of monthly) {
    const status = row.status as InvoiceStatus;
    const s = byStatus.get(status) ?? { amountCents: 0, count: 0 };
    s.amountCents += row.amount;
    s.count += row.count;
    byStatus.set(status, s);
    const m = months.get(row.month) ?? { month: row.month, amountCents: 0, count: 0, paidCents: 0, outstandingCents: 0, voidCents: 0 };
    m.amountCents += row.amount;
    m.count += row.count;
    if (status === 'paid') m.paidCents += row.amount;
    if (status === 'issued') m.outstandingCents += row.amount;
    if (status === 'void') m.voidCents += row.amount;
    months.set(row.month, m);
  }
  return {
    byStatus: [...byStatus].map(([status, v]) => ({ status, ...v })),
    monthly: [...months.values()],
    serviceLines: lines,
    customers,
  };
}

/**
 * The "Signed by" of an invoice made for approved work: the job's latest quote, when the customer
 * approved it, unless this invoice is a quote's inspection-fee invoice (decision 018, issue 13).
 */
export async function approvalSignatureOf(exec: Executor, invoiceId: string, jobId: string) {
  const [row] = await exec
    .select({ quoteId: jobQuotes.id, quoteNumber: jobQuotes.quoteNumber, signerName: jobQuotes.signerName, signedAt: jobQuotes.decidedAt, signatureFileKey: jobQuotes.signatureFileKey })
    .from(jobQuotes)
    .where(
      and(
        eq(jobQuotes.jobId, jobId),
        eq(jobQuotes.status, 'approved'),
        sql`${jobQuotes.id} = (select ${jobLatestQuotes.quoteId} from ${jobLatestQuotes} where ${jobLatestQuotes.jobId} = ${jobId})`,
        sql`not exists (select 1 from ${jobQuotes} fee where fee.job_id = ${jobId} and fee.fee_invoice_id = ${invoiceId})`,
      ),
    );
  if (!row || !row.signerName || !row.signedAt) return null;
  return { quoteId: row.quoteId, quoteNumber: row.quoteNumber, signerName: row.signerName, signedAt: row.signedAt, signatureFileKey: row.signatureFileKey };
}
