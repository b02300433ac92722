import { eq, sql, type SQL } from 'drizzle-orm';
import type { Company, CompanyExportQuery, CompanyInput, CompanyListQuery, CompanySummary } from '../../../domain/companies.js';
import { NAME_SUGGESTION_LIMIT } from '../../../domain/companies.js';
import { queryRows, type Executor } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { ilikeContains, isoTimestamp, nullableNumber, pageWithTotal, toCount, whereAll } from '../../db/sql.js';
import type { GeoPoint } from '../../geocoder/geocoder.js';

interface CompanyRow {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
  latitude: number | string | null;
  longitude: number | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Filtered lists gather at most this many matches to sort (see pageWithTotal). */
const COMPANY_MATCH_CAP = 20_000;

const COLUMNS = sql`c.id, c.name, c.address, c.city, c.state, c.zip, c.phone, c.latitude, c.longitude, c.created_at, c.updated_at`;

function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    phone: row.phone,
    latitude: nullableNumber(row.latitude),
    longitude: nullableNumber(row.longitude),
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** The contains filters of /companies; each one is served by its trigram index. */
function filterConditions(filters: CompanyExportQuery): SQL[] {
  const conditions: SQL[] = [];
  if (filters.company) conditions.push(ilikeContains(sql`c.name`, filters.company));
  if (filters.city) conditions.push(ilikeContains(sql`c.city`, filters.city));
  if (filters.state) conditions.push(ilikeContains(sql`c.state`, filters.state));
  if (filters.zip) conditions.push(ilikeContains(sql`c.zip`, filters.zip));
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
      page: sql`select ${COLUMNS} from companies c order by c.name, c.id limit ${limit} offset ${offset}`,
      count: sql`select companies as n from customer_counts where id = 1`,
    };
  }
  const where = whereAll(conditions);
  return {
    kind: 'filtered' as const,
    sparse: sql`
      with m as materialized (select c.id, c.name from companies c where ${where} limit ${matchCap + 1}),
      page as (select id, name from m order by name, id limit ${limit} offset ${offset})
      select t.total, r.* from (select count(*) as total from m) t
      left join lateral (select ${COLUMNS} from page p join companies c on c.id = p.id) r on true
      order by r.name, r.id`,
    dense: sql`select ${COLUMNS}, 0 as total from companies c where ${where} order by c.name, c.id limit ${limit} offset ${offset}`,
    denseCount: sql`select count(*) as n from companies c where ${where}`,
  };
}

export type CompanyWrite = CompanyInput & { latitude: number | null; longitude: number | null };

export function createCompaniesRepo(db: Executor, options: { matchCap?: number } = {}) {
  const matchCap = options.matchCap ?? COMPANY_MATCH_CAP;
  return {
    /** One page of /companies ordered by name, and the total (from the counters when unfiltered). */
    async list(query: CompanyListQuery, exec: Executor = db): Promise<{ items: Company[]; total: number }> {
      const plan = companyListStatements(query, matchCap);
      if (plan.kind === 'unfiltered') {
        const [rows, counted] = await Promise.all([queryRows<CompanyRow>(exec, plan.page), queryRows<{ n: string | number }>(exec, plan.count)]);
        return { items: rows.map(toCompany), total: toCount(counted[0]?.n) };
      }
      const { rows, total } = await pageWithTotal<CompanyRow & { total: string | number }>(exec, { ...plan, cap: matchCap, hasRow: (row) => row.id !== null });
      return { items: rows.map(toCompany), total };
    },

    /** The export's keyset batches: the rows after (name, id), in list order. */
    async exportBatch(filters: CompanyExportQuery, after: { name: string; id: string } | null, limit: number): Promise<Company[]> {
      const conditions = filterConditions(filters);
      if (after) conditions.push(sql`(c.name, c.id) > (${after.name}, ${after.id}::uuid)`);
      const rows = await queryRows<CompanyRow>(db, sql`select ${COLUMNS} from companies c where ${whereAll(conditions)} order by c.name, c.id limit ${limit}`);
      return rows.map(toCompany);
    },

    /** Up to 5 companies whose name contains the text, by name (planned like the list). */
    async suggestions(text: string): Promise<CompanySummary[]> {
      const where = ilikeContains(sql`c.name`, text);
      const { rows } = await pageWithTotal<CompanySummary & { total: string | number }>(db, {
        cap: matchCap,
        sparse: sql`
          with m as materialized (select c.id, c.name, c.city, c.state from companies c where ${where} limit ${matchCap + 1})
          select t.total, r.* from (select count(*) as total from m) t
          left join lateral (select id, name, city, state from m order by name, id limit ${NAME_SUGGESTION_LIMIT}) r on true
          order by r.name, r.id`,
        dense: sql`select c.id, c.name, c.city, c.state, 0 as total from companies c where ${where} order by c.name, c.id limit ${NAME_SUGGESTION_LIMIT}`,
        // The number of matches is not needed for suggestions.
        denseCount: sql`select 0 as n`,
        hasRow: (row) => row.id !== null,
      });
      return rows.map(({ id, name, city, state }) => ({ id, name, city, state }));
    },

    /** Another company with the same name, case-insensitive and trimmed (the unique index's rule). */
    async findByName(name: string, excludeId: string | undefined, exec: Executor = db): Promise<CompanySummary | null> {
      const rows = await queryRows<CompanySummary>(
        exec,
        sql`select c.id, c.name, c.city, c.state from companies c
            where lower(btrim(c.name)) = lower(btrim(${name})) ${excludeId ? sql`and c.id <> ${excludeId}::uuid` : sql``}
            limit 1`,
      );
      return rows[0] ?? null;
    },

    async getById(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}): Promise<Company | null> {
      const rows = await queryRows<CompanyRow>(exec, sql`select ${COLUMNS} from companies c where c.id = ${id}::uuid ${options.forUpdate ? sql`for update` : sql``}`);
      return rows[0] ? toCompany(rows[0]) : null;
    },

    async exists(id: string, exec: Executor = db): Promise<boolean> {
      const rows = await queryRows<{ one: number }>(exec, sql`select 1 as one from companies where id = ${id}::uuid`);
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
      const [row] = await queryRows<{ n: string | number }>(exec, sql`select count(*) as n from locations where company_id = ${id}::uuid`);
      return toCount(row?.n);
    },

    /** Jobs that hold the company: jobs at any of its locations or on any of its units. */
    async countHoldingJobs(id: string, exec: Executor = db): Promise<number> {
      const [row] = await queryRows<{ n: string | number }>(
        exec,
        sql`select count(*) as n from (
              select j.id from locations l join jobs j on j.location_id = l.id where l.company_id = ${id}::uuid
              union
              select j.id from locations l join units u on u.location_id = l.id join jobs j on j.unit_id = u.id
              where l.company_id = ${id}::uuid
            ) held`,
      );
      return toCount(row?.n);
    },

    /** Deletes the company; its locations and units go with it (ON DELETE CASCADE). */
    async delete(id: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.delete(companies).where(eq(companies.id, id)).returning({ id: companies.id });
      return rows.length > 0;
    },
  };
}
export type CompaniesRepo = ReturnType<typeof createCompaniesRepo>;
