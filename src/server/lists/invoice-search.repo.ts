/**
 * The invoices' search (the lists' and the header search's): every word on invoice_search's text
 * (number, job, location and company, kept by triggers: migrations 0029, 0030, 0035), or the job's
 * number. Part of the list module: the invoice lists and the header search read it from here.
 */
import { and, eq, gte, lt, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { searchWords } from '../../domain/customers.js';
import { DEFAULT_TIME_ZONE } from '../../domain/dates.js';
import {
  dueWindow,
  type InvoiceListFilters,
  type PaidInvoiceFilters,
  type PendingInvoiceFilters,
} from '../../domain/invoices/index.js';
import { companies, invoiceSearch, jobInvoices, jobs, jobTechnicians, locations, settings } from '../db/schema.js';
import { from, searchWordsMatch, tableAlias, textMatch, whereAll } from '../db/sql.js';
import { COMPANY_SETTINGS_KEY } from '../modules/settings/index.js';

const SEARCH_SEPARATOR = '\u001f';
const SEARCH_SEPARATORS = [' ', SEARCH_SEPARATOR];

/** "1042" or "#1042": a search that is also a job number. */
const jobNumberOf = (q: string): number | null => (/^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null);

/** The company's time zone, read in the statement (a created-from filter is a day in that zone). */
export const COMPANY_ZONE = sql`coalesce((select ${settings.value} ->> 'time_zone' from ${settings} where ${settings.key} = ${COMPANY_SETTINGS_KEY}), ${DEFAULT_TIME_ZONE})`;

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
      const byJobNumber =
        digits === null
          ? sql``
          : sql` or ${jobInvoices.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits})`;
      return sql`(exists (select 1 from ${invoiceSearch} where ${invoiceSearch.invoiceId} = ${jobInvoices.id} and ${byWords} offset 0)${byJobNumber})`;
    }
    const byJobNumber =
      digits === null
        ? sql``
        : sql` union select ${jobInvoices.id} from ${jobInvoices} where ${jobInvoices.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits})`;
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

/** A search the lists run on invoice_search alone (one holding the separator searches the four texts apart). */
export const searchable = (q: string | undefined): q is string => Boolean(q) && !q!.includes(SEARCH_SEPARATOR);

/** /invoices read from invoice_search: a search, or an office's invoices (Home's Total Unsent Invoices), which it indexes by office. */
export const onSearchTable = (f: InvoiceListFilters): boolean => searchable(f.q) || (!f.q && Boolean(f.office));

const searchDoc = tableAlias(invoiceSearch, 'search_doc');
/** invoice_search as the search statements name it ("search_doc"). */
export const invoiceSearchTable = searchDoc;

/** Every word of a search on invoice_search's text (the lists' matching rule). */
const wordsOnSearchText = (q: string): SQL[] =>
  searchWords(q).map((word) => searchWordsMatch(searchDoc.searchText, word, SEARCH_SEPARATORS));

/**
 * A search (searchable(q)) as one condition on invoice_search ("search_doc") alone: every word on its text,
 * or the job number. The header search walks invoice_search newest first with it.
 */
export function searchTableCondition(q: string): SQL {
  const digits = jobNumberOf(q);
  const byWords = whereAll(wordsOnSearchText(q));
  return digits === null
    ? byWords
    : sql`(${byWords} or ${searchDoc.jobId} = (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits}))`;
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
    if (a.technicianId)
      c.push(
        sql`${searchDoc.jobId} in (select ${jobTechnicians.jobId} from ${jobTechnicians} where ${jobTechnicians.technicianId} = ${a.technicianId}::uuid)`,
      );
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
  const columns = sql`${searchDoc.invoiceId} as "id", ${searchDoc.status} as "status", ${searchDoc.amount} as "amount", ${searchDoc.amountPaid} as "amount_paid", ${searchDoc.issuedDate} as "issued_date", ${searchDoc.dueDate} as "due_date", ${searchDoc.paidDate} as "paid_date", ${searchDoc.createdAt} as "created_at"`;
  const byWords = whereAll([...c, ...wordsOnSearchText(q)]);
  const digits = jobNumberOf(q);
  const matches =
    digits === null
      ? sql`select ${columns} from ${from(searchDoc)} where ${byWords}`
      : sql`select ${columns} from ${from(searchDoc)} where ${byWords}
            union select ${columns} from ${from(searchDoc)} where ${whereAll([...c, sql`${searchDoc.jobId} in (select ${jobs.id} from ${jobs} where ${jobs.number} = ${digits})`])}`;
  return options.limit === undefined
    ? sql`(${matches}) as ${jobInvoices}`
    : sql`(${matches} limit ${options.limit}) as ${jobInvoices}`;
}
