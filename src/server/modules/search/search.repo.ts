import { sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../../domain/customers.js';
import { SEARCH_LIMIT_PER_KIND, type SearchResults } from '../../../domain/search.js';
import type { Executor } from '../../db/client.js';
import { companies, jobInvoices, jobs, locations, units } from '../../db/schema.js';
import { from, searchTextMatch, selection, tableAlias, whereAll } from '../../db/sql.js';
import {
  invoiceSearchTable as s,
  searchable,
  searchCondition,
  searchTableCondition,
  selectPage,
  sortedPagePlan,
} from '../../lists/index.js';

const c = tableAlias(companies, 'c');
const l = tableAlias(locations, 'l');
const u = tableAlias(units, 'u');
const j = tableAlias(jobs, 'j');
const i = tableAlias(jobInvoices, 'i');

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
const INVOICE_HIT = selection({
  id: i.id,
  title: i.invoiceNumber,
  subtitle: sql<string>`concat(${i.status}, ' · Job #', ${j.number})`,
  sortKey: i.createdAt,
});

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

/**
 * The header search's statements: for each kind, the first five hits in its list's order, found
 * like a list's first page (sortedPagePlan: the matches gathered through the trigram index when
 * few, the order index walked when many; five matches in any order when the walk finds too few,
 * see HEADER_GATHER_LIMIT). Every word of the text must match, by the rule of the
 * lists' search boxes (src/domain/search.ts): companies on their name, locations, units and jobs on
 * the text their list searches, invoices on number, job, location and company (and a job number).
 */
export function headerSearchStatements(
  text: string,
  options: { totalCap?: number; /** hits per kind (tests ask for every match) */ limit?: number } = {},
) {
  const words = searchWords(text);
  const jobNumber = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
  const countLimit = Math.min(options.totalCap ?? HEADER_GATHER_LIMIT, HEADER_GATHER_LIMIT);
  const page = {
    limit: options.limit ?? SEARCH_LIMIT_PER_KIND,
    offset: 0,
    countLimit,
    sortLimit: countLimit,
    anyOrderPastWalk: true,
  };
  const keys = { sort: 'sortKey', id: 'id' } as const;
  const invoicePage = { ...page, select: INVOICE_HIT, keys, descending: true };
  return {
    companies: sortedPagePlan({
      ...page,
      select: COMPANY_HIT,
      table: c,
      id: c.id,
      sort: c.name,
      keys,
      where: allWords(c.searchText, words),
    }),
    locations: sortedPagePlan({
      ...page,
      select: LOCATION_HIT,
      table: l,
      id: l.id,
      sort: l.name,
      keys,
      joins: sql`join ${from(c)} on ${c.id} = ${l.companyId}`,
      where: allWords(l.searchText, words),
    }),
    units: sortedPagePlan({
      ...page,
      select: UNIT_HIT,
      table: u,
      id: u.id,
      sort: u.unitNumber,
      keys,
      joins: sql`join ${from(l)} on ${l.id} = ${u.locationId} join ${from(c)} on ${c.id} = ${l.companyId}`,
      where: allWords(u.searchText, words),
    }),
    jobs: sortedPagePlan({
      ...page,
      select: JOB_HIT,
      table: j,
      id: j.id,
      sort: j.number,
      keys,
      descending: true,
      uniqueSort: true,
      where:
        jobNumber === null
          ? allWords(j.searchText, words)
          : sql`(${allWords(j.searchText, words)} or ${j.number} = ${jobNumber})`,
    }),
    // On invoice_search alone (its text, job and creation time), walked newest first through its own index.
    invoices: searchable(text)
      ? sortedPagePlan({
          ...invoicePage,
          table: s,
          id: s.invoiceId,
          sort: s.createdAt,
          joins: sql`join ${from(i)} on ${i.id} = ${s.invoiceId} join ${from(j)} on ${j.id} = ${i.jobId}`,
          where: searchTableCondition(text),
        })
      : sortedPagePlan({
          ...invoicePage,
          table: i,
          id: i.id,
          sort: i.createdAt,
          joins: sql`join ${from(j)} on ${j.id} = ${i.jobId}`,
          // searchCondition names job_invoices by its table name, hence the inner select.
          where: sql`${i.id} in (select ${jobInvoices.id} from ${jobInvoices} where ${searchCondition(text)})`,
        }),
  };
}

export function createSearchRepo(db: Executor, options: { totalCap?: number } = {}) {
  return {
    /** Five hits per kind, each in its list's order. */
    async search(text: string): Promise<SearchResults> {
      const plans = headerSearchStatements(text, options);
      const hits = <T extends { id: string; title: string; subtitle: string }>(rows: T[]) =>
        rows.map(({ id, title, subtitle }) => ({ id, title, subtitle }));
      const [companyHits, locationHits, unitHits, jobHits, invoiceHits] = await Promise.all([
        selectPage(db, plans.companies),
        selectPage(db, plans.locations),
        selectPage(db, plans.units),
        selectPage(db, plans.jobs),
        selectPage(db, plans.invoices),
      ]);
      return {
        companies: hits(companyHits.rows),
        locations: hits(locationHits.rows),
        units: hits(unitHits.rows),
        jobs: hits(jobHits.rows),
        invoices: hits(invoiceHits.rows),
      };
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
