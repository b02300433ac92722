import { and, count, eq, sql, type SQL } from 'drizzle-orm';
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
import { companies, companyTags, customerCounts, jobs, locations, tags, units } from '../../db/schema.js';
import { TAG_SUGGESTION_LIMIT, type Tag, type TagSuggestion } from '../../../domain/tags.js';
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
import { planSortKeyList, readList, type SortKeyList } from '../../lists/index.js';
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

const ct = tableAlias(companyTags, 'ct');
const tg = tableAlias(tags, 'tg');
const TAG = selection({ id: tg.id, name: tg.name });
const COMPANY_TAG = selection({ companyId: ct.companyId, id: tg.id, name: tg.name });
const TAG_SUGGESTION = selection({
  id: tg.id,
  name: tg.name,
  companyCount: sql<number>`(select count(*) from ${from(ct)} where ${ct.tagId} = ${tg.id})`.mapWith(Number),
});

/**
 * The tag filter: the companies carrying the tag, found through tags_name_unique (one tag) and
 * company_tags_tag_idx (its companies), never by reading every company's tags.
 */
const hasTag = (name: string) =>
  sql`${c.id} in (select ${ct.companyId} from ${from(ct)} where ${ct.tagId} = (
    select ${tg.id} from ${from(tg)} where lower(${tg.name}) = lower(${name})))`;

/** The contains filters of /companies (each served by its trigram index) and the tag filter. */
function filterConditions(filters: CompanyExportQuery): SQL[] {
  const conditions: SQL[] = [];
  if (filters.tag) conditions.push(hasTag(filters.tag));
  if (filters.company) conditions.push(searchTextMatch(c.searchText, filters.company));
  if (filters.city) conditions.push(textMatch(c.city, filters.city));
  if (filters.state) conditions.push(textMatch(c.state, filters.state));
  if (filters.zip) conditions.push(textMatch(c.zip, filters.zip));
  return conditions;
}

type ListOptions = { totalCap?: number; sortLimit?: number };

/** The /companies list (src/server/lists/description.ts): by name, its contains filters, its counter. */
export function companyList(options: ListOptions = {}): SortKeyList<CompanyListQuery, typeof COMPANY.fields> {
  return {
    name: 'companies',
    table: c,
    orders: { name: { index: 'companies_name_idx' } },
    searchText: [c.searchText],
    filters: (query) => filterConditions(query),
    paging: (query) => ({
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      countLimit: countLimitFor(query.page, query.pageSize, options.totalCap),
    }),
    total: {
      // Unfiltered: the counter, read in the page's statement (its text never changes: prepared).
      counters: (query) =>
        filterConditions(query).length === 0
          ? sql`select ${customerCounts.companies} as ${COUNT_ROWS.key('n')} from ${customerCounts} where ${customerCounts.id} = 1`
          : null,
      withPage: { preparedAs: 'companies_page' },
    },
    pages: {
      by: 'sortKey',
      select: COMPANY,
      id: c.id,
      sort: c.name,
      keys: { sort: 'name', id: 'id' },
      sortLimit: options.sortLimit ?? COMPANY_SORT_LIMIT,
    },
  };
}

/** The company name suggestions: up to 5 by name, planned like the list. */
export function companySuggestions(options: ListOptions = {}): SortKeyList<string, typeof SUMMARY.fields> {
  return {
    name: 'company suggestions',
    table: c,
    orders: { name: { index: 'companies_name_idx' } },
    searchText: [c.searchText],
    filters: (text) => [searchTextMatch(c.searchText, text)],
    paging: () => ({
      limit: NAME_SUGGESTION_LIMIT,
      offset: 0,
      countLimit: countLimitFor(1, NAME_SUGGESTION_LIMIT, options.totalCap),
    }),
    total: {},
    pages: {
      by: 'sortKey',
      select: SUMMARY,
      id: c.id,
      sort: c.name,
      keys: { sort: 'name', id: 'id' },
      sortLimit: options.sortLimit ?? COMPANY_SORT_LIMIT,
    },
  };
}

/** The statements behind the /companies list (the tests and the benchmark read them). */
export function companyListStatements(query: CompanyListQuery, options: ListOptions = {}) {
  const plan = planSortKeyList(companyList(options), query, undefined);
  return plan.kind === 'counted'
    ? { kind: 'unfiltered' as const, page: plan.page }
    : { kind: 'filtered' as const, plan: plan.plan };
}

/** The statements behind the company name suggestions. */
export function companySuggestionStatements(text: string, options: ListOptions = {}) {
  const plan = planSortKeyList(companySuggestions(options), text, undefined);
  if (plan.kind !== 'capped') throw new Error('the suggestions have no counters');
  return plan.plan;
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

export function createCompaniesRepo(db: Executor, options: ListOptions = {}) {
  const list = companyList(options);
  const suggestions = companySuggestions(options);
  return {
    /** One page of /companies ordered by name, and the total (from the counters when unfiltered; capped when filtered). */
    async list(
      query: CompanyListQuery,
      exec: Executor = db,
    ): Promise<{ items: Company[]; total: number; totalCapped: boolean }> {
      const { rows, total, totalCapped } = await readList(exec, list, query, undefined);
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
      return (await readList(db, suggestions, text, undefined)).rows;
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

    /** The tags of these companies by name (one query for a page of the list). */
    async tagsOf(companyIds: readonly string[], exec: Executor = db): Promise<Map<string, Tag[]>> {
      const found = new Map<string, Tag[]>();
      if (companyIds.length === 0) return found;
      const rows = await selectRows(
        exec,
        COMPANY_TAG,
        sql`select ${COMPANY_TAG} from ${from(ct)} join ${from(tg)} on ${tg.id} = ${ct.tagId}
            where ${ct.companyId} = any(${sql`array[${sql.join(
              companyIds.map((id) => sql`${id}`),
              sql`, `,
            )}]::uuid[]`})
            order by lower(${tg.name})`,
      );
      for (const row of rows) {
        const list = found.get(row.companyId) ?? [];
        list.push({ id: row.id, name: row.name });
        found.set(row.companyId, list);
      }
      return found;
    },

    /** Up to 10 tags whose name contains the text (every tag by name when empty), with how many companies carry each. */
    async suggestTags(text: string, exec: Executor = db): Promise<TagSuggestion[]> {
      return selectRows(
        exec,
        TAG_SUGGESTION,
        sql`select ${TAG_SUGGESTION} from ${from(tg)} where ${text ? textMatch(tg.name, text) : sql`true`}
            order by lower(${tg.name}) limit ${TAG_SUGGESTION_LIMIT}`,
      );
    },

    /** The tag of this name (case-insensitive), created when there is none. */
    async ensureTag(name: string, exec: Executor = db): Promise<Tag> {
      await exec.insert(tags).values({ name }).onConflictDoNothing();
      const row = await selectRow(
        exec,
        TAG,
        sql`select ${TAG} from ${from(tg)} where lower(${tg.name}) = lower(${name})`,
      );
      return row!;
    },

    /** Puts the tag on the company; false when it was already there. */
    async addCompanyTag(companyId: string, tagId: string, exec: Executor = db): Promise<boolean> {
      const added = await exec
        .insert(companyTags)
        .values({ companyId, tagId })
        .onConflictDoNothing()
        .returning({ tagId: companyTags.tagId });
      return added.length > 0;
    },

    /** Takes the tag off the company; false when it was not there. */
    async removeCompanyTag(companyId: string, tagId: string, exec: Executor = db): Promise<boolean> {
      const removed = await exec
        .delete(companyTags)
        .where(and(eq(companyTags.companyId, companyId), eq(companyTags.tagId, tagId)))
        .returning({ tagId: companyTags.tagId });
      return removed.length > 0;
    },

    async countCompanyTags(companyId: string, exec: Executor = db): Promise<number> {
      const [row] = await exec.select({ n: count() }).from(companyTags).where(eq(companyTags.companyId, companyId));
      return row?.n ?? 0;
    },

    /** Deletes the company; its locations and units go with it (ON DELETE CASCADE). */
    async delete(id: string, exec: Executor = db): Promise<boolean> {
      return records.delete(exec, id);
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
