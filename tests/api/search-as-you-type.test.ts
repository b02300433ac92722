import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords } from '../../src/domain/customers.js';
import { invoiceListFilters, paidInvoiceFilters, pendingInvoiceFilters } from '../../src/domain/invoices/index.js';
import { LIST_TOTAL_CAP, textMatchesAllWords } from '../../src/domain/search.js';
import { queryRows } from '../../src/server/db/client.js';
import { selectPage } from '../../src/server/lists/index.js';
import {
  listConditions,
  listPage,
  paidConditions,
  pendingConditions,
  searchedInvoices,
} from '../../src/server/modules/invoices/invoices.repo.js';
import { headerSearchStatements } from '../../src/server/modules/search/search.repo.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

/**
 * Search as you type at scale (decision 021): every search box answers the same rows as the
 * long-hand rule of src/domain/search.ts (3+ characters anywhere, 1-2 at the start of a word), and
 * a list counts its matches only up to a cap, answering "cap+" (totalCapped) beyond it while its
 * pager keeps working.
 */

interface Page<T = { id: string }> {
  items: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

describe("short and long searches give the long-hand rule's rows", () => {
  let ctx: TestContext;
  let api: ApiClient;
  const get = async <T>(url: string) => {
    const response = await api.call('GET', url);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json<T>();
  };
  /** Every page of a list (100 rows a page). */
  const all = async (path: string, query: Record<string, string>) => {
    const rows: string[] = [];
    for (let page = 1; ; page++) {
      const body = await get<Page>(
        `${path}?${new URLSearchParams({ ...query, pageSize: '100', page: String(page) }).toString()}`,
      );
      rows.push(...body.items.map((r) => r.id));
      expect(body.totalCapped).toBe(false);
      if (rows.length >= body.total) {
        expect(rows.length).toBe(body.total);
        return rows;
      }
    }
  };

  const NAMES = [
    'Rooftop Partners',
    'Art Center',
    'Northpoint Apartments',
    'Smart Storage',
    'Bright-Star Medical',
    'Maple Court',
    'North Ridge',
    'Martin & Sons',
    'Zeta Ice',
  ];
  const UNIT_NUMBERS = ['RTU-1', 'RTU-12', 'AHU-3', 'ART-5', 'SPLIT-2', 'rt-9', 'CU-10'];

  beforeAll(async () => {
    ctx = await createTestContext();
    api = await signInAs(ctx, 'admin');
    for (const [i, name] of NAMES.entries()) {
      const company = await ctx.f.company({ name: `${name} ${i}`, city: i % 2 ? 'Martinez' : 'Atlanta' });
      const location = await ctx.f.location({
        companyId: company.id,
        name: `${['Main Campus', 'Art Annex', 'North Tower'][i % 3]} ${i}`,
        city: i % 2 ? 'Smyrna' : 'Marietta',
      });
      for (const [k, unitNumber] of UNIT_NUMBERS.entries()) {
        if ((i + k) % 3 === 0) continue;
        const unit = await ctx.f.unit({ locationId: location.id, unitNumber });
        if ((i + k) % 4 === 0) {
          const job = await ctx.f.job({
            locationId: location.id,
            unitId: unit.id,
            name: ['Art deco chiller', 'Rooftop leak', 'Startup check', 'Martial filter swap'][k % 4],
          });
          await ctx.f.invoice(job, { invoiceNumber: `JOB-${job.number}-INV-${1000 + i * 10 + k}` });
        }
      }
    }
  });
  afterAll(() => ctx.close());

  // Short words ("r", "rt", "ma"), a 3-letter one, mixed case, several words, a hyphen, wildcards, nothing.
  const QUERIES = [
    'r',
    'rt',
    'RT',
    'a',
    'ar',
    'art',
    'ma',
    'mar',
    'nor tow',
    'rt ma',
    'u-1',
    'rtu-1',
    '%',
    '_a',
    'z',
    'zq',
    'north ridge 6',
  ];

  it('units (unit number, location name, company name)', async () => {
    const units = await queryRows<{ id: string; text: string }>(
      ctx.database.db,
      sql`select u.id, concat_ws(' ', u.unit_number, l.name, c.name) as text
          from units u join locations l on l.id = u.location_id join companies c on c.id = l.company_id order by u.unit_number, u.id`,
    );
    for (const q of QUERIES) {
      const expected = units.filter((u) => textMatchesAllWords(u.text, searchWords(q))).map((u) => u.id);
      expect(await all('/api/units', { q }), q).toEqual(expected);
    }
    // the unit number, location and company filters take their whole text as one word
    for (const [filter, column] of [
      ['unitNumber', 'u.unit_number'],
      ['company', 'c.name'],
    ] as const) {
      for (const text of ['r', 'rt', 'art', 'rtu-1', 'ma']) {
        const rows = await queryRows<{ id: string; text: string }>(
          ctx.database.db,
          sql`select u.id, ${sql.raw(column)} as text from units u join locations l on l.id = u.location_id join companies c on c.id = l.company_id order by u.unit_number, u.id`,
        );
        expect(await all('/api/units', { [filter]: text }), `${filter}=${text}`).toEqual(
          rows.filter((r) => textMatchesAllWords(r.text, [text.toLowerCase()])).map((r) => r.id),
        );
      }
    }
  });

  it('locations (name, building, address, city, company name)', async () => {
    const locations = await queryRows<{ id: string; text: string }>(
      ctx.database.db,
      sql`select l.id, concat_ws(' ', l.name, l.building_name, l.address, l.city, c.name) as text from locations l join companies c on c.id = l.company_id order by l.name, l.id`,
    );
    for (const q of QUERIES) {
      expect(await all('/api/locations', { q }), q).toEqual(
        locations.filter((l) => textMatchesAllWords(l.text, searchWords(q))).map((l) => l.id),
      );
    }
  });

  it('companies (name, and the city filter)', async () => {
    const companies = await queryRows<{ id: string; name: string; city: string }>(
      ctx.database.db,
      sql`select id, name, city from companies order by name, id`,
    );
    for (const text of ['r', 'ro', 'art', 'ma', 'north r', 'z', '%']) {
      expect(await all('/api/companies', { company: text }), text).toEqual(
        companies.filter((c) => textMatchesAllWords(c.name, [text.toLowerCase()])).map((c) => c.id),
      );
      expect(await all('/api/companies', { city: text }), `city ${text}`).toEqual(
        companies.filter((c) => textMatchesAllWords(c.city, [text.toLowerCase()])).map((c) => c.id),
      );
    }
  });

  it('jobs (number, name, company, location, unit number)', async () => {
    const jobs = await queryRows<{ id: string; text: string }>(
      ctx.database.db,
      sql`select j.id, concat_ws(' ', j.number, j.name, c.name, l.name, u.unit_number) as text
          from jobs j join locations l on l.id = j.location_id join companies c on c.id = l.company_id left join units u on u.id = j.unit_id
          order by j.created_at desc, j.number desc`,
    );
    for (const q of QUERIES) {
      expect(await all('/api/jobs', { q }), q).toEqual(
        jobs.filter((j) => textMatchesAllWords(j.text, searchWords(q))).map((j) => j.id),
      );
    }
  });

  it('invoices, pending and paid (number, job name, location, company)', async () => {
    const invoices = await queryRows<{ id: string; status: string; parts: string[] }>(
      ctx.database.db,
      sql`select i.id, i.status, array[i.invoice_number, j.name, l.name, c.name] as parts
          from job_invoices i join jobs j on j.id = i.job_id join locations l on l.id = j.location_id join companies c on c.id = l.company_id
          order by i.created_at desc, i.id desc`,
    );
    // A word matches inside one of the four texts, never across two of them.
    const matches = (parts: string[], q: string) =>
      searchWords(q).every((w) => parts.some((p) => textMatchesAllWords(p, [w])));
    for (const q of [...QUERIES, 'in', 'inv', 'jo', 'job-1', '1', 'x', 'ix']) {
      const expected = invoices.filter((i) => matches(i.parts, q));
      expect(await all('/api/invoices', { q }), q).toEqual(expected.map((i) => i.id));
      const list = await get<Page & { summary: { total: { count: number } } | null }>(
        `/api/invoices?q=${encodeURIComponent(q)}`,
      );
      expect(list.summary?.total.count, q).toBe(expected.length);
    }
  });

  it('invoices: a word start looks up only the invoices with such a word, not every "-INV-" number', async () => {
    // Every invoice number holds "inv" after a "-", which pg_trgm takes for a word break; the index
    // is over the words the rule sees (migration 0035), so "in" (no word of these texts starts so)
    // finds no candidate at all instead of every invoice.
    const invoices = (
      await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from invoice_search`)
    )[0]!.n;
    expect(invoices).toBeGreaterThan(5);
    const candidates = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const plan = await queryRows<Record<string, unknown>>(
        tx,
        sql`explain (analyze, format json) select count(*) from ${searchedInvoices('all', { q: 'in' })}`,
      );
      const scans: number[] = [];
      const walk = (node: Record<string, unknown>) => {
        if (node['Node Type'] === 'Bitmap Index Scan') scans.push(Number(node['Actual Rows']));
        for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      const json = Object.values(plan[0]!)[0];
      walk((typeof json === 'string' ? JSON.parse(json) : json)[0].Plan);
      return scans;
    });
    expect(candidates.length).toBeGreaterThan(0);
    expect(Math.max(...candidates)).toBe(0);
  });

  it("the header search: five of each kind, in each list's order, from the same rule", async () => {
    for (const q of ['rt', 'ar', 'art', 'ma', 'nor tow', 'rt ma']) {
      const body = await get<Record<'companies' | 'locations' | 'units' | 'jobs' | 'invoices', { id: string }[]>>(
        `/api/search?q=${encodeURIComponent(q)}`,
      );
      const [companies, locations, units] = await Promise.all([
        get<Page>(`/api/companies?company=${encodeURIComponent(q)}`),
        get<Page>(`/api/locations?q=${encodeURIComponent(q)}`),
        get<Page>(`/api/units?q=${encodeURIComponent(q)}`),
      ]);
      if (searchWords(q).length === 1)
        expect(
          body.companies.map((h) => h.id),
          q,
        ).toEqual(companies.items.slice(0, 5).map((c) => c.id));
      expect(
        body.locations.map((h) => h.id),
        q,
      ).toEqual(locations.items.slice(0, 5).map((l) => l.id));
      expect(
        body.units.map((h) => h.id),
        q,
      ).toEqual(units.items.slice(0, 5).map((u) => u.id));
    }
  });

  it('the header search past a walk that finds too few: five matches in any order, sorted, never a non-match', async () => {
    const plan = headerSearchStatements('rt').units;
    expect(plan.countLimit).toBeLessThanOrEqual(200);
    // A walk that finds nothing stands in for one whose first rows hold too few (5,000+ rows here).
    const { rows } = await selectPage(ctx.database.db, {
      ...plan,
      walk: () => sql`select ${plan.select} from units u where false`,
    });
    expect(rows).toHaveLength(5);
    expect(
      rows.every(
        (r) =>
          textMatchesAllWords(r.title.toLowerCase(), ['rt']) || textMatchesAllWords(r.subtitle.toLowerCase(), ['rt']),
      ),
    ).toBe(true);
    expect(rows.map((r) => r.sortKey)).toEqual(rows.map((r) => r.sortKey).sort());
  });

  it('the header search finds an invoice by its job number, with or without #', async () => {
    const job = await ctx.f.job({ name: 'Header number job' });
    const invoice = await ctx.f.invoice(job, {});
    for (const q of [String(job.number), `#${job.number}`]) {
      const body = await get<{ invoices: { id: string }[] }>(`/api/search?q=${encodeURIComponent(q)}`);
      expect(
        body.invoices.map((h) => h.id),
        q,
      ).toContain(invoice.id);
    }
  });
});

describe('totals counted up to a cap, and the pager at the cap', () => {
  const CAP = 30;
  let ctx: TestContext;
  let api: ApiClient;
  const get = async <T>(url: string) => (await api.call('GET', url)).json<T>();

  beforeAll(async () => {
    ctx = await createTestContext({ listTotalCap: CAP });
    api = await signInAs(ctx, 'admin');
    const company = await ctx.f.company({ name: 'Capstone Holdings' });
    for (let i = 0; i < 40; i++) {
      const location = await ctx.f.location({
        companyId: company.id,
        name: `Capstone Site ${String(i).padStart(2, '0')}`,
      });
      const unit = await ctx.f.unit({ locationId: location.id, unitNumber: `CAP-${String(i).padStart(2, '0')}` });
      const job = await ctx.f.job({ locationId: location.id, unitId: unit.id, name: `Capstone job ${i}` });
      await ctx.f.invoice(job, {
        status: i % 2 ? 'issued' : 'paid',
        issuedDate: '2025-01-10',
        dueDate: '2099-01-01',
        paidDate: i % 2 ? null : '2025-02-01',
      });
      await ctx.f.company({ name: `Capco ${String(i).padStart(2, '0')}` });
    }
  });
  afterAll(() => ctx.close());

  it.each([
    ['units', '/api/units?q=cap'],
    ['locations', '/api/locations?q=capstone'],
    ['companies', '/api/companies?company=cap'],
    ['jobs', '/api/jobs?q=capstone'],
    ['invoices', '/api/invoices?q=capstone'],
  ])('%s: "30+" on the first page, then exact on the second, and every row reached once', async (_name, url) => {
    const first = await get<Page>(`${url}&pageSize=25`);
    expect(first).toMatchObject({ total: CAP, totalCapped: true, page: 1 });
    expect(first.items).toHaveLength(25);
    // Page 2 counts on to its own end (50): 40 or 41 rows match, so the total is exact again and the pager ends there.
    const second = await get<Page>(`${url}&pageSize=25&page=2`);
    expect(second.totalCapped).toBe(false);
    expect(second.total).toBeGreaterThanOrEqual(40);
    expect(second.items).toHaveLength(second.total - 25);
    const ids = [...first.items, ...second.items].map((r) => r.id);
    expect(new Set(ids).size).toBe(second.total);
    // Past the end: an empty page with the exact total.
    const past = await get<Page>(`${url}&pageSize=25&page=3`);
    expect(past).toMatchObject({ items: [], total: second.total, totalCapped: false });
    // A page size that holds them all counts them all.
    expect(await get<Page>(`${url}&pageSize=50`)).toMatchObject({ total: second.total, totalCapped: false });
  });

  it('invoices: the cards are left out (null) past the cap, and come back when the search narrows', async () => {
    const wide = await get<Page & { summary: unknown }>('/api/invoices?q=capstone');
    expect(wide).toMatchObject({ total: CAP, totalCapped: true, summary: null });
    const paid = await get<Page & { summary: unknown }>('/api/invoices/paid?q=capstone');
    expect(paid).toMatchObject({ total: 20, totalCapped: false });
    expect(paid.summary).toMatchObject({ totalPaid: { count: 20 } });
    const pending = await get<Page & { summary: unknown }>('/api/invoices/pending?q=capstone');
    expect(pending).toMatchObject({ total: 20, totalCapped: false, summary: { totalOutstanding: { count: 20 } } });
    const narrow = await get<Page & { summary: { total: { count: number } } }>('/api/invoices?q=capstone%20job%203');
    expect(narrow).toMatchObject({ totalCapped: false });
    expect(narrow.summary.total.count).toBe(narrow.total);
  });

  it("invoices past the cap: the page walks the list's order and checks the search on each row, never gathering every match", async () => {
    const page = { limit: 25, offset: 0 };
    for (const [order, conditions] of [
      ['created', listConditions(invoiceListFilters.parse({ q: 'capstone' }), { walk: true })],
      ['due', pendingConditions(pendingInvoiceFilters.parse({ q: 'capstone' }), '2025-01-01', true, { walk: true })],
      ['paid', paidConditions(paidInvoiceFilters.parse({ q: 'capstone' }), { walk: true })],
    ] as const) {
      const plan = await queryRows<Record<string, string>>(
        ctx.database.db,
        sql`explain ${listPage(ctx.database.db, [...conditions], order, page).getSQL()}`,
      );
      const text = plan.map((row) => Object.values(row)[0]).join('\n');
      // invoice_search is read only inside the per-row check (a SubPlan), not joined to gather the matches
      expect(text, order).toMatch(/SubPlan/);
      expect(
        text.split('\n').filter((line) => /invoice_search/.test(line) && !/invoice_search_pkey/.test(line)).length,
        order,
      ).toBe(0);
    }
    // and it gives the rows of the gathering way
    const walked = await listPage(
      ctx.database.db,
      paidConditions(paidInvoiceFilters.parse({ q: 'capstone' }), { walk: true }),
      'paid',
      { limit: 50, offset: 0 },
    );
    const gathered = await listPage(
      ctx.database.db,
      paidConditions(paidInvoiceFilters.parse({ q: 'capstone' })),
      'paid',
      { limit: 50, offset: 0 },
    );
    expect(walked.map((r) => r.id)).toEqual(gathered.map((r) => r.id));
    expect(walked.length).toBe(20);
  });

  it('the header search is not affected by the cap', async () => {
    const body = await get<Record<string, { title: string }[]>>('/api/search?q=cap');
    expect(body.units!.map((h) => h.title)).toEqual([
      'Unit CAP-00',
      'Unit CAP-01',
      'Unit CAP-02',
      'Unit CAP-03',
      'Unit CAP-04',
    ]);
  });
});

describe('the real cap', () => {
  let ctx: TestContext;
  let api: ApiClient;
  beforeAll(async () => {
    ctx = await createTestContext();
    api = await signInAs(ctx, 'admin');
  });
  afterAll(() => ctx.close());

  it(`counts ${LIST_TOTAL_CAP.toLocaleString('en-US')} exactly and says "${LIST_TOTAL_CAP.toLocaleString('en-US')}+" past it`, async () => {
    const location = await ctx.f.location({ name: 'Bulk Yard' });
    await ctx.f.bulkUnits(location.id, LIST_TOTAL_CAP, 'BULKCAP');
    const get = async (url: string) => (await api.call('GET', url)).json<Page<{ unitNumber: string }>>();
    expect(await get('/api/units?q=bulkcap')).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: false });
    await ctx.f.unit({ locationId: location.id, unitNumber: 'BULKCAP-EXTRA' });
    const capped = await get('/api/units?q=bulkcap');
    expect(capped).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });
    expect(capped.items.map((u) => u.unitNumber).slice(0, 3)).toEqual(['BULKCAP-1', 'BULKCAP-10', 'BULKCAP-100']);
    // The last page inside the cap, then the page after it: counted on to its own end.
    expect(await get('/api/units?q=bulkcap&page=400')).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true });
    const after = await get('/api/units?q=bulkcap&page=401');
    expect(after).toMatchObject({ total: LIST_TOTAL_CAP + 1, totalCapped: false });
    expect(after.items).toHaveLength(1);
  });
});
