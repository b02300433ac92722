import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { Company, CompanyExportQuery, CompanyInput, CompanyListQuery, CompanySummary } from '../../../domain/companies.js';
import { NAME_SUGGESTION_LIMIT } from '../../../domain/companies.js';
import type { Executor } from '../../db/client.js';
import { companies, customerCounts, jobs, locations, units } from '../../db/schema.js';
import { COUNT_ROWS, from, ilikeContains, selectPage, selectRow, selectRows, selectTotalled, selection, tableAlias, whereAll, type RowOf } from '../../db/sql.js';
import type { GeoPoint } from '../../geocoder/geocoder.js';

/** Filtered lists gather at most this many matches to sort (see selectPage). */
const COMPANY_MATCH_CAP = 20_000;

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

const toCompany = (row: RowOf<typeof COMPANY.fields>): Company => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** The contains filters of /companies; each one is served by its trigram index. */
function filterConditions(filters: CompanyExportQuery): SQL[] {
  const conditions: SQL[] = [];
  if (filters.company) conditions.push(ilikeContains(c.name, filters.company));
  if (filters.city) conditions.push(ilikeContains(c.city, filters.city));
  if (filters.state) conditions.push(ilikeContains(c.state, filters.state));
  if (filters.zip) conditions.push(ilikeContains(c.zip, filters.zip));
  return conditions;
}

/** The statements behind the /companies list (also shown with EXPLAIN by the benchmark). */
export function companyListStatements(query: CompanyListQuery, matchCap = COMPANY_MATCH_CAP) {
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
  const where = whereAll(conditions);
  return {
    kind: 'filtered' as const,
    // m and page carry (id, sort key) under their own names; r is the page's rows.
    sparse: sql`
      with m as materialized (select ${c.id} as id, ${c.name} as sort_name from ${from(c)} where ${where} limit ${matchCap + 1}),
      page as (select id, sort_name from m order by sort_name, id limit ${limit} offset ${offset})
      select t.total, r.* from (select count(*) as total from m) t
      left join lateral (select ${COMPANY} from page p join ${from(c)} on ${c.id} = p.id) r on true
      order by r.${COMPANY.key('name')}, r.${COMPANY.key('id')}`,
    dense: sql`select ${COMPANY} from ${from(c)} where ${where} order by ${c.name}, ${c.id} limit ${limit} offset ${offset}`,
    denseCount: sql`select ${COUNT_ROWS} from ${from(c)} where ${where}`,
  };
}

const l = tableAlias(locations, 'l');
const u = tableAlias(units, 'u');
const j = tableAlias(jobs, 'j');

export type CompanyWrite = CompanyInput & { latitude: number | null; longitude: number | null };

export function createCompaniesRepo(db: Executor, options: { matchCap?: number } = {}) {
  const matchCap = options.matchCap ?? COMPANY_MATCH_CAP;
  return {
    /** One page of /companies ordered by name, and the total (from the counters when unfiltered). */
    async list(query: CompanyListQuery, exec: Executor = db): Promise<{ items: Company[]; total: number }> {
      const plan = companyListStatements(query, matchCap);
      if (plan.kind === 'unfiltered') {
        const { rows, total } = await selectTotalled(exec, COMPANY, plan.page);
        return { items: rows.map(toCompany), total };
      }
      const { rows, total } = await selectPage(exec, COMPANY, { ...plan, cap: matchCap });
      return { items: rows.map(toCompany), total };
    },

    /** The export's keyset batches: the rows after (name, id), in list order. */
    async exportBatch(filters: CompanyExportQuery, after: { name: string; id: string } | null, limit: number): Promise<Company[]> {
      const conditions = filterConditions(filters);
      if (after) conditions.push(sql`(${c.name}, ${c.id}) > (${after.name}, ${after.id}::uuid)`);
      const rows = await selectRows(db, COMPANY, sql`select ${COMPANY} from ${from(c)} where ${whereAll(conditions)} order by ${c.name}, ${c.id} limit ${limit}`);
      return rows.map(toCompany);
    },

    /** Up to 5 companies whose name contains the text, by name (planned like the list). */
    async suggestions(text: string): Promise<CompanySummary[]> {
      const where = ilikeContains(c.name, text);
      const { rows } = await selectPage(db, SUMMARY, {
        cap: matchCap,
        sparse: sql`
          with m as materialized (select ${SUMMARY} from ${from(c)} where ${where} limit ${matchCap + 1})
          select t.total, r.* from (select count(*) as total from m) t
          left join lateral (select * from m order by m.${SUMMARY.key('name')}, m.${SUMMARY.key('id')} limit ${NAME_SUGGESTION_LIMIT}) r on true
          order by r.${SUMMARY.key('name')}, r.${SUMMARY.key('id')}`,
        dense: sql`select ${SUMMARY} from ${from(c)} where ${where} order by ${c.name}, ${c.id} limit ${NAME_SUGGESTION_LIMIT}`,
        // The number of matches is not needed for suggestions.
        denseCount: sql`select 0 as n`,
      });
      return rows;
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
      const row = await selectRow(exec, COMPANY, sql`select ${COMPANY} from ${from(c)} where ${c.id} = ${id}::uuid ${options.forUpdate ? sql`for update` : sql``}`);
      return row ? toCompany(row) : null;
    },

    async exists(id: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
      return rows.length > 0;
    },

    async insert(values: CompanyWrite, exec: Executor = db): Promise<string> {
      const [row] = await exec.insert(companies).values(values).returning({ id: companies.id });
      return row!.id;
    },

    async update(id: string, values: CompanyWrite, exec: Executor = db): Promise<boolean> {
      const rows = await exec.update(companies).set({ ...values, updatedAt: new Date() }).where(eq(companies.id, id)).returning({ id: companies.id });
      return rows.length > 0;
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
      const rows = await exec.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
      return rows.length > 0;
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
