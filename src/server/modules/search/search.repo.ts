import { sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../../domain/customers.js';
import { SEARCH_LIMIT_PER_KIND, type SearchResults } from '../../../domain/search.js';
import type { Executor } from '../../db/client.js';
import { agreements, companies, jobInvoices, jobs, locations, units } from '../../db/schema.js';
import { from, searchTextMatch, selection, tableAlias, whereAll, type Fields } from '../../db/sql.js';
import {
  invoiceSearchTable as s,
  planSortKeyList,
  readList,
  searchable,
  searchCondition,
  searchTableCondition,
  type SortKeyList,
} from '../../lists/index.js';

const c = tableAlias(companies, 'c');
const l = tableAlias(locations, 'l');
const u = tableAlias(units, 'u');
const j = tableAlias(jobs, 'j');
const i = tableAlias(jobInvoices, 'i');
const a = tableAlias(agreements, 'a');

/** One hit of each kind: its id, the line shown first and the line under it (and the kind's sort key). */
const COMPANY_HIT = selection({
  id: c.id,
  title: c.name,
  subtitle: sql<string>`concat_ws(', ', ${c.city}, ${c.state})`,
  sortKey: c.name,
});
const LOCATION_HIT = selection({
  id: l.id,
  title: l.name,
  subtitle: sql<string>`concat_ws(' · ', ${c.name}, concat_ws(', ', ${l.city}, ${l.state}))`,
  sortKey: l.name,
});
const UNIT_HIT = selection({
  id: u.id,
  title: sql<string>`concat('Unit ', ${u.unitNumber})`,
  subtitle: sql<string>`concat_ws(' · ', ${l.name}, ${c.name})`,
  sortKey: u.unitNumber,
});
const JOB_HIT = selection({
  id: j.id,
  title: sql<string>`concat('Job #', ${j.number}, ': ', ${j.name})`,
  subtitle: j.status,
  sortKey: j.number,
});
/** An invoice: "draft · Job #1042", or for an agreement's advance invoice (no job) "draft · Agreement #1001". */
const INVOICE_HIT = selection({
  id: i.id,
  title: i.invoiceNumber,
  subtitle: sql<string>`case when ${j.id} is null then concat(${i.status}, ' · Agreement #', ${a.number})
    else concat(${i.status}, ' · Job #', ${j.number}) end`,
  sortKey: i.createdAt,
});
/** The invoice's job, or its agreement when it has none (decision 052). */
const INVOICE_JOINS = sql`left join ${from(j)} on ${j.id} = ${i.jobId}
  left join ${from(a)} on ${a.id} = ${i.agreementId} and ${i.jobId} is null`;

/** Every word matches the kind's search text, kept in lower case (the rule of its list's search box). */
const allWords = (column: Parameters<typeof searchTextMatch>[0], words: string[]): SQL =>
  whereAll(words.map((word) => searchTextMatch(column, word)));

/**
 * The header search shows no totals, so it gathers at most this many matches of a kind (through the
 * trigram index) to sort them; more, and they are dense enough that walking the kind's order index
 * finds its five hits at once. Gathering up to a list's cap (10,000) only to show five cost up to
 * seconds on the large data set for frequent fragments ("ma", "1"). When the walk's first rows hold
 * too few (every "RTU" unit sorts after every "AHU" unit), the first five matches found in any
 * order are shown, sorted: walking the whole order for "rt" took seconds.
 */
const HEADER_GATHER_LIMIT = 200;

type HeaderOptions = {
  totalCap?: number;
  /** hits per kind (tests ask for every match) */
  limit?: number;
  /** false for a technician, who cannot open an agreement's advance invoice (decision 052) */
  advanceInvoices?: boolean;
};

/**
 * The header search's five kinds, each described like a list (src/server/lists/description.ts) of
 * the typed text: the first five hits in its list's order, found like a list's first page (the
 * matches gathered through the trigram index when few, the order index walked when many; five
 * matches in any order when the walk finds too few, see HEADER_GATHER_LIMIT). Every word of the
 * text must match, by the rule of the lists' search boxes (src/domain/search.ts): companies on
 * their name, locations, units and jobs on the text their list searches, invoices on number, job,
 * location and company (and a job number).
 */
export function headerSearchKinds(options: HeaderOptions = {}) {
  const countLimit = Math.min(options.totalCap ?? HEADER_GATHER_LIMIT, HEADER_GATHER_LIMIT);
  const paging = () => ({ limit: options.limit ?? SEARCH_LIMIT_PER_KIND, offset: 0, countLimit });
  const keys = { sort: 'sortKey', id: 'id' } as const;
  /** The parts every kind shares: the typed text is its only filter, no counters, at most countLimit sorted. */
  const kind = <F extends Fields>(
    parts: Pick<SortKeyList<string, F>, 'name' | 'table' | 'orders' | 'searchText' | 'filters' | 'readFrom'> & {
      pages: Omit<SortKeyList<string, F>['pages'], 'by' | 'keys' | 'sortLimit' | 'anyOrderPastWalk'>;
    },
  ): SortKeyList<string, F> => ({
    ...parts,
    paging,
    total: {},
    pages: { ...parts.pages, by: 'sortKey', keys, sortLimit: countLimit, anyOrderPastWalk: true },
  });
  const words = (text: string) => searchWords(text);
  const withJob = (column: typeof s.jobId | typeof i.jobId): SQL[] =>
    options.advanceInvoices === false ? [sql`${column} is not null`] : [];
  // On invoice_search alone (its text, job and creation time), walked newest first through its own index.
  const invoicesOnSearchTable = kind({
    name: 'header search: invoices (invoice_search)',
    table: s,
    orders: { created: { index: 'invoice_search_created_idx' } },
    searchText: [s.searchText],
    filters: (text) => [searchTableCondition(text), ...withJob(s.jobId)],
    pages: {
      select: INVOICE_HIT,
      id: s.invoiceId,
      sort: s.createdAt,
      descending: true,
      joins: sql`join ${from(i)} on ${i.id} = ${s.invoiceId} ${INVOICE_JOINS}`,
    },
  });
  return {
    companies: kind({
      name: 'header search: companies',
      table: c,
      orders: { name: { index: 'companies_name_idx' } },
      searchText: [c.searchText],
      filters: (text) => [allWords(c.searchText, words(text))],
      pages: { select: COMPANY_HIT, id: c.id, sort: c.name },
    }),
    locations: kind({
      name: 'header search: locations',
      table: l,
      orders: { name: { index: 'locations_name_idx' } },
      searchText: [l.searchText],
      filters: (text) => [allWords(l.searchText, words(text))],
      pages: {
        select: LOCATION_HIT,
        id: l.id,
        sort: l.name,
        joins: sql`join ${from(c)} on ${c.id} = ${l.companyId}`,
      },
    }),
    units: kind({
      name: 'header search: units',
      table: u,
      orders: { unitNumber: { index: 'units_unit_number_idx' } },
      searchText: [u.searchText],
      filters: (text) => [allWords(u.searchText, words(text))],
      pages: {
        select: UNIT_HIT,
        id: u.id,
        sort: u.unitNumber,
        joins: sql`join ${from(l)} on ${l.id} = ${u.locationId} join ${from(c)} on ${c.id} = ${l.companyId}`,
      },
    }),
    jobs: kind({
      name: 'header search: jobs',
      table: j,
      orders: { number: { index: 'jobs_number_unique' } },
      searchText: [j.searchText],
      filters: (text) => {
        const jobNumber = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
        return [
          jobNumber === null
            ? allWords(j.searchText, words(text))
            : sql`(${allWords(j.searchText, words(text))} or ${j.number} = ${jobNumber})`,
        ];
      },
      pages: { select: JOB_HIT, id: j.id, sort: j.number, descending: true, uniqueSort: true },
    }),
    invoices: kind({
      name: 'header search: invoices',
      table: i,
      orders: { created: { index: 'job_invoices_created_at_idx' } },
      searchText: [s.searchText],
      // searchCondition names job_invoices by its table name, hence the inner select.
      filters: (text) => [
        sql`${i.id} in (select ${jobInvoices.id} from ${jobInvoices} where ${searchCondition(text)})`,
        ...withJob(i.jobId),
      ],
      // A search the lists run on invoice_search alone (searchable) reads that copy instead.
      readFrom: (text) => (searchable(text) ? invoicesOnSearchTable : null),
      pages: {
        select: INVOICE_HIT,
        id: i.id,
        sort: i.createdAt,
        descending: true,
        joins: INVOICE_JOINS,
      },
    }),
  };
}

/** The header search's statements for a text, by kind (the tests and the benchmark read them). */
export function headerSearchStatements(text: string, options: HeaderOptions = {}) {
  const kinds = headerSearchKinds(options);
  const planOf = <F extends Fields>(list: SortKeyList<string, F>) => {
    const plan = planSortKeyList(list, text, undefined);
    if (plan.kind !== 'capped') throw new Error('the header search has no counters');
    return plan.plan;
  };
  return {
    companies: planOf(kinds.companies),
    locations: planOf(kinds.locations),
    units: planOf(kinds.units),
    jobs: planOf(kinds.jobs),
    invoices: planOf(kinds.invoices),
  };
}

export function createSearchRepo(db: Executor, options: { totalCap?: number } = {}) {
  const everyInvoice = headerSearchKinds(options);
  const jobInvoicesOnly = headerSearchKinds({ ...options, advanceInvoices: false });
  return {
    /**
     * Five hits per kind, each in its list's order; without agreements' advance invoices when
     * `advanceInvoices` is false (a technician).
     */
    async search(text: string, { advanceInvoices = true }: { advanceInvoices?: boolean } = {}): Promise<SearchResults> {
      const kinds = advanceInvoices ? everyInvoice : jobInvoicesOnly;
      const hits = <T extends { id: string; title: string; subtitle: string }>({ rows }: { rows: T[] }) =>
        rows.map(({ id, title, subtitle }) => ({ id, title, subtitle }));
      const [companyHits, locationHits, unitHits, jobHits, invoiceHits] = await Promise.all([
        readList(db, kinds.companies, text, undefined),
        readList(db, kinds.locations, text, undefined),
        readList(db, kinds.units, text, undefined),
        readList(db, kinds.jobs, text, undefined),
        readList(db, kinds.invoices, text, undefined),
      ]);
      return {
        companies: hits(companyHits),
        locations: hits(locationHits),
        units: hits(unitHits),
        jobs: hits(jobHits),
        invoices: hits(invoiceHits),
      };
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
