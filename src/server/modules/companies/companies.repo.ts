import { count, eq, sql, type SQL } from 'drizzle-orm';
import type {
  Company,
  CompanyExportQuery,
  CompanyInput,
  CompanyListQuery,
  CompanySummary,
} from '../../../domain/companies.js';
import { NAME_SUGGESTION_LIMIT } from '../../../domain/companies.js';
import type { Executor } from '../../db/client.js';
import { recordCrud } from '../../db/crud.js';
import { companies, customerCounts, jobs, locations, units } from '../../db/schema.js';
import { countLimitFor } from '../../../domain/search.js';
import {
  COUNT_ROWS,
  from,
  selectRow,
  selectRows,
  selection,
  searchTextMatch,
  tableAlias,
  textMatch,
  whereAll,
  type RowOf,
} from '../../db/sql.js';
import { selectPage, selectTotalled, sortedPagePlan } from '../../lists/index.js';
import type { GeoPoint } from '../../geocoder/geocoder.js';

/** Filtered lists gather and sort at most this many matches when walking the order does not find the page (see selectPage). */
const COMPANY_SORT_LIMIT = 20_000;

const c = tableAlias(companies, 'c');
const COMPANY = selection({
  id: c.id,
  name: c.name,
  address: c.address,
  city: c.city,
  state: c.state,
  zip: c.zip,
  phone: c.phone,
  latitude: c.latitude,
  longitude: c.longitude,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});
const SUMMARY = selection({ id: c.id, name: c.name, city: c.city, state: c.state });

const toCompany = (row: RowOf<typeof COMPANY.fields>): Company => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The contains filters of /companies; each one is served by its trigram index. */
function filterConditions(filters: CompanyExportQuery): SQL[] {
  const conditions: SQL[] = [];
  if (filters.company) conditions.push(searchTextMatch(c.searchText, filters.company));
  if (filters.city) conditions.push(textMatch(c.city, filters.city));
  if (filters.state) conditions.push(textMatch(c.state, filters.state));
  if (filters.zip) conditions.push(textMatch(c.zip, filters.zip));
  return conditions;
}

/** The statements behind the /companies list (also shown with EXPLAIN by the benchmark). */
export function companyListStatements(
  query: CompanyListQuery,
  options: { totalCap?: number; sortLimit?: number } = {},
) {
  const conditions = filterConditions(query);
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  if (conditions.length === 0) {
    return {
      kind: 'unfiltered' as const,
      // The page and the total (from the counters) in one round trip.
      page: sql`
        select t.total, r.* from (select ${customerCounts.companies} as total from ${customerCounts} where ${customerCounts.id} = 1) t
        left join lateral (select ${COMPANY} from ${from(c)} order by ${c.name}, ${c.id} limit ${limit} offset ${offset}) r on true
        order by r.${COMPANY.key('name')}, r.${COMPANY.key('id')}`,
    };
  }
  return {
    kind: 'filtered' as const,
    plan: sortedPagePlan({
      select: COMPANY,
      table: c,
      id: c.id,
      sort: c.name,
      keys: { sort: 'name', id: 'id' },
      where: whereAll(conditions),
      limit,
      offset,
      countLimit: countLimitFor(query.page, query.pageSize, options.totalCap),
      sortLimit: options.sortLimit ?? COMPANY_SORT_LIMIT,
    }),
  };
}

/** The statements behind the company name suggestions: up to 5 by name (planned like the list). */
export function companySuggestionStatements(text: string, options: { totalCap?: number; sortLimit?: number } = {}) {
  return sortedPagePlan({
    select: SUMMARY,
    table: c,
    id: c.id,
    sort: c.name,
    keys: { sort: 'name', id: 'id' },
    where: searchTextMatch(c.searchText, text),
    limit: NAME_SUGGESTION_LIMIT,
    offset: 0,
    countLimit: countLimitFor(1, NAME_SUGGESTION_LIMIT, options.totalCap),
    sortLimit: options.sortLimit ?? COMPANY_SORT_LIMIT,
  });
}

const l = tableAlias(locations, 'l');
const u = tableAlias(units, 'u');
const j = tableAlias(jobs, 'j');

export type CompanyWrite = CompanyInput & { latitude: number | null; longitude: number | null };

const records = recordCrud<typeof companies, CompanyWrite, typeof COMPANY.fields, Company>(companies, {
  select: sql`select ${COMPANY} from ${from(c)}`,
  selection: COMPANY,
  idColumn: c.id,
  toRecord: toCompany,
});

export function createCompaniesRepo(db: Executor, options: { totalCap?: number; sortLimit?: number } = {}) {
  return {
    /** One page of /companies ordered by name, and the total (from the counters when unfiltered; capped when filtered). */
    async list(
      query: CompanyListQuery,
      exec: Executor = db,
    ): Promise<{ items: Company[]; total: number; totalCapped: boolean }> {
      const statements = companyListStatements(query, options);
      if (statements.kind === 'unfiltered') {
        // Its text never changes (the page and its size are parameters): prepared once per connection.
        const { rows, total } = await selectTotalled(exec, COMPANY, statements.page, { preparedAs: 'companies_page' });
        return { items: rows.map(toCompany), total, totalCapped: false };
      }
      const { rows, total, totalCapped } = await selectPage(exec, statements.plan);
      return { items: rows.map(toCompany), total, totalCapped };
    },

    /** The export's keyset batches: the rows after (name, id), in list order. */
    async exportBatch(
      filters: CompanyExportQuery,
      after: { name: string; id: string } | null,
      limit: number,
    ): Promise<Company[]> {
      const conditions = filterConditions(filters);
      if (after) conditions.push(sql`(${c.name}, ${c.id}) > (${after.name}, ${after.id}::uuid)`);
      const rows = await selectRows(
        db,
        COMPANY,
        sql`select ${COMPANY} from ${from(c)} where ${whereAll(conditions)} order by ${c.name}, ${c.id} limit ${limit}`,
      );
      return rows.map(toCompany);
    },

    /** Up to 5 companies whose name matches the text (src/domain/search.ts), by name. */
    async suggestions(text: string): Promise<CompanySummary[]> {
      return (await selectPage(db, companySuggestionStatements(text, options))).rows;
    },

    /** Another company with the same name, case-insensitive and trimmed (the unique index's rule). */
    async findByName(name: string, excludeId: string | undefined, exec: Executor = db): Promise<CompanySummary | null> {
      return selectRow(
        exec,
        SUMMARY,
        sql`select ${SUMMARY} from ${from(c)}
            where lower(btrim(${c.name})) = lower(btrim(${name})) ${excludeId ? sql`and ${c.id} <> ${excludeId}::uuid` : sql``}
            limit 1`,
      );
    },

    async getById(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}): Promise<Company | null> {
      return records.getById(exec, id, options);
    },

    async exists(id: string, exec: Executor = db): Promise<boolean> {
      return records.exists(exec, id);
    },

    async insert(values: CompanyWrite, exec: Executor = db): Promise<string> {
      return records.insert(exec, values);
    },

    async update(id: string, values: CompanyWrite, exec: Executor = db): Promise<boolean> {
      return records.update(exec, id, values);
    },

    async setCoordinates(id: string, point: GeoPoint | null, exec: Executor = db): Promise<void> {
      await exec
        .update(companies)
        .set({ latitude: point?.latitude ?? null, longitude: point?.longitude ?? null })
        .where(eq(companies.id, id));
    },

    async countLocations(id: string, exec: Executor = db): Promise<number> {
      const [row] = await exec.select({ n: count() }).from(locations).where(eq(locations.companyId, id));
      return row?.n ?? 0;
    },

    /** Jobs that hold the company: jobs at any of its locations or on any of its units. */
    async countHoldingJobs(id: string, exec: Executor = db): Promise<number> {
      const row = await selectRow(
        exec,
        COUNT_ROWS,
        sql`select ${COUNT_ROWS} from (
              select ${j.id} from ${from(l)} join ${from(j)} on ${j.locationId} = ${l.id} where ${l.companyId} = ${id}::uuid
              union
              select ${j.id} from ${from(l)} join ${from(u)} on ${u.locationId} = ${l.id} join ${from(j)} on ${j.unitId} = ${u.id}
              where ${l.companyId} = ${id}::uuid
            ) held`,
      );
      return row?.n ?? 0;
    },

    /** Deletes the company; its locations and units go with it (ON DELETE CASCADE). */
    async delete(id: string, exec: Executor = db): Promise<boolean> {
      return records.delete(exec, id);
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
