/**
 * Search as you type, the adversarial cases (issue 15, decision 021): for every search box, the
 * fragments a person types first that match the most rows of the data itself, found at bench start
 * by a SQL over a sample of the table (not chosen by hand):
 *   - the most frequent 1-, 2- and 3-letter fragments anywhere in the text (what "contains" would
 *     find; a 1-2 letter word is answered as "starts a word", so these measure that too),
 *   - the most frequent 1- and 2-letter starts of a word (what a 1-2 letter search finds, so the
 *     densest short searches of all).
 * Every case must answer its first page within the list targets (50 ms PostgreSQL, 150 ms PGlite).
 */
import { sql, type SQL } from 'drizzle-orm';
import { companyListQuery } from '../../src/domain/companies.js';
import { DEFAULT_TIME_ZONE, dateInZone } from '../../src/domain/dates.js';
import { invoiceListFilters, pendingInvoiceFilters, paidInvoiceFilters } from '../../src/domain/invoices/index.js';
import { jobListQuery } from '../../src/domain/jobs/index.js';
import { locationListQuery } from '../../src/domain/locations.js';
import { LIST_TOTAL_CAP, SEARCH_MIN_LENGTH } from '../../src/domain/search.js';
import { unitListQuery } from '../../src/domain/units.js';
import { queryRows } from '../../src/server/db/client.js';
import { walkRowsFor, type PagePlan } from '../../src/server/lists/index.js';
import { companyListStatements } from '../../src/server/modules/companies/companies.repo.js';
import * as invoices from '../../src/server/modules/invoices/invoices.repo.js';
import { jobListStatements } from '../../src/server/modules/jobs/jobs.repo.js';
import { locationListStatements } from '../../src/server/modules/locations/locations.repo.js';
import { headerSearchStatements } from '../../src/server/modules/search/search.repo.js';
import { unitListStatements } from '../../src/server/modules/units/units.repo.js';
import type { BenchCase, BenchContext } from '../types.js';

const TARGET = { postgres: 50, pglite: 150 };
const SAMPLE_ROWS = 1500;

/** Where a list's search looks: one text per row, sampled from `table` when it is big. */
interface Source {
  key: string;
  table: string;
  /** the searched text of a row of `table` (alias t) */
  text: string;
}
const SOURCES = {
  units: { key: 'units', table: 'units', text: 't.search_text' },
  locations: { key: 'locations', table: 'locations', text: 't.search_text' },
  companies: { key: 'companies', table: 'companies', text: 't.name' },
  jobs: { key: 'jobs', table: 'jobs', text: 't.search_text' },
  invoices: { key: 'invoices', table: 'invoice_search', text: 't.search_text' },
  partPrices: { key: 'price book', table: 'job_part_prices', text: `concat_ws(' ', t.code, t.name)` },
  users: { key: 'users', table: 'users', text: `concat_ws(' ', t.username, t.email, t.first_name, t.last_name)` },
} satisfies Record<string, Source>;

interface Fragments {
  /** the most frequent fragment anywhere in the text, by length 1-3 */
  anywhere: [string, string, string];
  /** the most frequent start of a word, by length 1-2 */
  wordStart: [string, string];
}

const found = new Map<string, Promise<Fragments>>();

/** The source's most frequent fragments in a sample of about SAMPLE_ROWS rows (one statement). */
function fragmentsOf(ctx: BenchContext, source: Source): Promise<Fragments> {
  const key = `${ctx.kind}:${source.key}`;
  let pending = found.get(key);
  if (!pending) {
    pending = (async () => {
      const { n } = await ctx.one<{ n: number }>(
        sql`select greatest(reltuples, 1)::float8 as n from pg_class where relname = ${source.table}`,
      );
      const percent = Math.min(100, (SAMPLE_ROWS * 400) / Math.max(n, 1));
      const rows = await queryRows<{ kind: string; n: number; f: string }>(
        ctx.db,
        sql`with s as (select row_number() over () as rid, lower(${sql.raw(source.text)}) as t
                       from ${sql.identifier(source.table)} t tablesample system (${sql.raw(percent.toFixed(4))}) repeatable (7) limit ${SAMPLE_ROWS}),
            f as (select distinct s.rid, x.kind, x.n, x.f from s cross join lateral (
                    select 'anywhere' as kind, n, substr(s.t, i, n) as f from generate_series(1, 3) n, generate_series(1, length(s.t) - n + 1) i
                    union all
                    select 'start', n, left(w, n) from regexp_split_to_table(s.t, '[ \u001f]+') w, generate_series(1, 2) n where length(w) >= n) x),
            ranked as (select kind, n, f, row_number() over (partition by kind, n order by count(*) desc, f) as r
                       from f where f ~ '^[[:alnum:]]+$' group by kind, n, f)
            select kind, n, f from ranked where r = 1 order by kind, n`,
      );
      const pick = (kind: string, length: number) =>
        rows.find((r) => r.kind === kind && Number(r.n) === length)?.f ?? 'a'.repeat(length);
      return {
        anywhere: [pick('anywhere', 1), pick('anywhere', 2), pick('anywhere', 3)],
        wordStart: [pick('start', 1), pick('start', 2)],
      };
    })();
    found.set(key, pending);
  }
  return pending;
}

type Pick = (f: Fragments) => string;
const FRAGMENTS: { label: string; length: number; pick: Pick }[] = [
  { label: 'the most frequent letter anywhere', length: 1, pick: (f) => f.anywhere[0] },
  { label: 'the most frequent 2 letters anywhere', length: 2, pick: (f) => f.anywhere[1] },
  { label: 'the most frequent 3 letters anywhere', length: 3, pick: (f) => f.anywhere[2] },
  { label: 'the most frequent first letter of a word', length: 1, pick: (f) => f.wordStart[0] },
  { label: 'the most frequent first 2 letters of a word', length: 2, pick: (f) => f.wordStart[1] },
];

/** The SQL a capped list runs first (the capped gathering, then the bounded walk of its order). */
const firstOfPlan = (plan: PagePlan) => [
  plan.gathered(plan.countLimit),
  plan.walk(walkRowsFor(plan.offset + plan.limit)),
];
const filtered = <T extends { kind: string }>(statements: T) => {
  if (statements.kind !== 'filtered') throw new Error('expected a filtered list');
  return statements as Extract<T, { kind: 'filtered' }>;
};
const today = () => dateInZone(new Date(), DEFAULT_TIME_ZONE);

/** One search box: its URL for a typed text and the statements to EXPLAIN. */
interface SearchBox {
  name: string;
  /** the fewest characters the box searches with */
  minLength?: number;
  source: Source;
  url(text: string): string;
  explain?(text: string, ctx: BenchContext): SQL[];
}

const q = (text: string) => encodeURIComponent(text);
const BOXES: SearchBox[] = [
  {
    name: 'units list q',
    source: SOURCES.units,
    url: (t) => `/api/units?q=${q(t)}`,
    explain: (t) => firstOfPlan(filtered(unitListStatements(unitListQuery.parse({ q: t }))).plan),
  },
  {
    name: 'locations list q',
    source: SOURCES.locations,
    url: (t) => `/api/locations?q=${q(t)}`,
    explain: (t) => firstOfPlan(filtered(locationListStatements(locationListQuery.parse({ q: t }))).plan),
  },
  {
    name: 'companies list company',
    source: SOURCES.companies,
    url: (t) => `/api/companies?company=${q(t)}`,
    explain: (t) => firstOfPlan(filtered(companyListStatements(companyListQuery.parse({ company: t }))).plan),
  },
  { name: 'price book q', source: SOURCES.partPrices, url: (t) => `/api/price-book?q=${q(t)}` },
  { name: 'users q', source: SOURCES.users, url: (t) => `/api/users?q=${q(t)}` },
  {
    name: 'header search',
    minLength: SEARCH_MIN_LENGTH,
    source: SOURCES.units,
    url: (t) => `/api/search?q=${q(t)}`,
    explain: (t) => {
      const plans = headerSearchStatements(t);
      return [
        plans.units.gathered(plans.units.countLimit),
        plans.jobs.gathered(plans.jobs.countLimit),
        plans.invoices.gathered(plans.invoices.countLimit),
      ];
    },
  },
  {
    name: 'jobs list q',
    source: SOURCES.jobs,
    url: (t) => `/api/jobs?q=${q(t)}`,
    explain: (t) => {
      const now = new Date();
      const statements = jobListStatements(jobListQuery.parse({ q: t }), {
        now,
        timeZone: DEFAULT_TIME_ZONE,
        today: dateInZone(now, DEFAULT_TIME_ZONE),
      });
      return [statements.page, statements.count];
    },
  },
  {
    name: 'invoices list q',
    source: SOURCES.invoices,
    url: (t) => `/api/invoices?q=${q(t)}`,
    explain: (t, ctx) => {
      const filters = invoiceListFilters.parse({ q: t });
      return [
        invoices.listSummaryQuery(ctx.db, filters, LIST_TOTAL_CAP).getSQL(),
        invoices.listPage(ctx.db, invoices.listConditions(filters), 'created', { limit: 25, offset: 0 }).getSQL(),
      ];
    },
  },
  {
    name: 'pending invoices q',
    source: SOURCES.invoices,
    url: (t) => `/api/invoices/pending?q=${q(t)}`,
    explain: (t, ctx) => [
      invoices
        .listPage(ctx.db, invoices.pendingConditions(pendingInvoiceFilters.parse({ q: t }), today()), 'due', {
          limit: 25,
          offset: 0,
        })
        .getSQL(),
    ],
  },
  {
    name: 'paid invoices q',
    source: SOURCES.invoices,
    url: (t) => `/api/invoices/paid?q=${q(t)}`,
    explain: (t, ctx) => [
      invoices
        .listPage(ctx.db, invoices.paidConditions(paidInvoiceFilters.parse({ q: t })), 'paid', { limit: 25, offset: 0 })
        .getSQL(),
    ],
  },
];

function fragmentCase(box: SearchBox, fragment: { label: string; pick: Pick }): BenchCase {
  const text = async (ctx: BenchContext) => fragment.pick(await fragmentsOf(ctx, box.source));
  return {
    name: `${box.name} = ${fragment.label}`,
    area: 'search',
    request: async (ctx) => ({ method: 'GET', url: box.url(await text(ctx)) }),
    targetsMs: TARGET,
    ...(box.explain ? { explain: async (ctx: BenchContext) => box.explain!(await text(ctx), ctx) } : {}),
  };
}

/** The short searches the issue measured by hand, kept beside the ones the data chooses. */
const fixed = (name: string, url: string, explain?: () => SQL[]): BenchCase => ({
  name,
  area: 'search',
  request: () => ({ method: 'GET', url }),
  targetsMs: TARGET,
  ...(explain ? { explain } : {}),
});

export const searchCases: BenchCase[] = [
  ...BOXES.flatMap((box) =>
    FRAGMENTS.filter((f) => f.length >= (box.minLength ?? 1)).map((fragment) => fragmentCase(box, fragment)),
  ),
  fixed('units list q=r (issue 15)', '/api/units?q=r'),
  fixed('units list q=rt (issue 15)', '/api/units?q=rt', () =>
    firstOfPlan(filtered(unitListStatements(unitListQuery.parse({ q: 'rt' }))).plan),
  ),
  fixed('units list q=rtu (issue 15)', '/api/units?q=rtu', () =>
    firstOfPlan(filtered(unitListStatements(unitListQuery.parse({ q: 'rtu' }))).plan),
  ),
  fixed('header search q=ab (issue 15)', '/api/search?q=ab'),
  fixed('locations list q=d (issue 15)', '/api/locations?q=d'),
  fixed('companies list company=ab (issue 15)', '/api/companies?company=ab'),
  fixed('units list q=summit p (two words, the second one letter)', '/api/units?q=summit%20p'),
];
