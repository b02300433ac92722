import { eq, sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../../domain/customers.js';
import type { Location, LocationExportQuery, LocationInput, LocationListQuery } from '../../../domain/locations.js';
import { queryRows, type Executor } from '../../db/client.js';
import { locations } from '../../db/schema.js';
import { ilikeContains, isoTimestamp, nullableNumber, pageWithTotal, toCount, whereAll } from '../../db/sql.js';
import type { GeoPoint } from '../../geocoder/geocoder.js';

interface LocationRow {
  id: string;
  company_id: string;
  company_name: string;
  name: string;
  building_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | string | null;
  longitude: number | string | null;
  unit_count: number | string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** Filtered lists gather at most this many matches to sort (see pageWithTotal). */
const LOCATION_MATCH_CAP = 60_000;

/** A location with its company's name and its number of units (one index-only count per row). */
const SELECT = sql`
  select l.id, l.company_id, c.name as company_name, l.name, l.building_name, l.address, l.city, l.state, l.zip,
         l.latitude, l.longitude, l.created_at, l.updated_at,
         (select count(*) from units u where u.location_id = l.id) as unit_count
  from locations l join companies c on c.id = l.company_id`;

function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    companyId: row.company_id,
    companyName: row.company_name,
    name: row.name,
    buildingName: row.building_name,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    latitude: nullableNumber(row.latitude),
    longitude: nullableNumber(row.longitude),
    unitCount: toCount(row.unit_count),
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

function filterConditions(filters: LocationExportQuery): SQL[] {
  const conditions: SQL[] = [];
  // Every word of the search must appear in the name, building, address, city or company name.
  for (const word of searchWords(filters.q)) conditions.push(ilikeContains(sql`l.search_text`, word));
  if (filters.name) conditions.push(ilikeContains(sql`l.name`, filters.name));
  if (filters.buildingName) conditions.push(ilikeContains(sql`l.building_name`, filters.buildingName));
  if (filters.city) conditions.push(ilikeContains(sql`l.city`, filters.city));
  if (filters.state) conditions.push(ilikeContains(sql`l.state`, filters.state));
  if (filters.zip) conditions.push(ilikeContains(sql`l.zip`, filters.zip));
  if (filters.companyId) conditions.push(sql`l.company_id = ${filters.companyId}::uuid`);
  return conditions;
}

/** The statements behind the /locations list (also shown with EXPLAIN by the benchmark). */
export function locationListStatements(query: LocationListQuery, matchCap = LOCATION_MATCH_CAP) {
  const conditions = filterConditions(query);
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  if (conditions.length === 0) {
    return {
      kind: 'unfiltered' as const,
      page: sql`${SELECT} order by l.name, l.id limit ${limit} offset ${offset}`,
      count: sql`select locations as n from customer_counts where id = 1`,
    };
  }
  const where = whereAll(conditions);
  return {
    kind: 'filtered' as const,
    sparse: sql`
      with m as materialized (select l.id, l.name from locations l where ${where} limit ${matchCap + 1}),
      page as (select id, name from m order by name, id limit ${limit} offset ${offset})
      select t.total, r.* from (select count(*) as total from m) t
      left join lateral (${SELECT} join page p on p.id = l.id) r on true
      order by r.name, r.id`,
    dense: sql`${SELECT} where ${where} order by l.name, l.id limit ${limit} offset ${offset}`,
    denseCount: sql`select count(*) as n from locations l where ${where}`,
  };
}

export type LocationWrite = LocationInput & { latitude: number | null; longitude: number | null };

export function createLocationsRepo(db: Executor, options: { matchCap?: number } = {}) {
  const matchCap = options.matchCap ?? LOCATION_MATCH_CAP;
  return {
    /** One page of /locations ordered by name, and the total (from the counters when unfiltered). */
    async list(query: LocationListQuery, exec: Executor = db): Promise<{ items: Location[]; total: number }> {
      const plan = locationListStatements(query, matchCap);
      if (plan.kind === 'unfiltered') {
        const [rows, counted] = await Promise.all([queryRows<LocationRow>(exec, plan.page), queryRows<{ n: string | number }>(exec, plan.count)]);
        return { items: rows.map(toLocation), total: toCount(counted[0]?.n) };
      }
      const { rows, total } = await pageWithTotal<LocationRow & { total: string | number }>(exec, { ...plan, cap: matchCap, hasRow: (row) => row.id !== null });
      return { items: rows.map(toLocation), total };
    },

    /** A company's locations by name (the company detail page), at most `limit`. */
    async listForCompany(companyId: string, limit: number, exec: Executor = db): Promise<Location[]> {
      const rows = await queryRows<LocationRow>(exec, sql`${SELECT} where l.company_id = ${companyId}::uuid order by l.name, l.id limit ${limit}`);
      return rows.map(toLocation);
    },

    async exportBatch(filters: LocationExportQuery, after: { name: string; id: string } | null, limit: number): Promise<Location[]> {
      const conditions = filterConditions(filters);
      if (after) conditions.push(sql`(l.name, l.id) > (${after.name}, ${after.id}::uuid)`);
      const rows = await queryRows<LocationRow>(db, sql`${SELECT} where ${whereAll(conditions)} order by l.name, l.id limit ${limit}`);
      return rows.map(toLocation);
    },

    async getById(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}): Promise<Location | null> {
      const rows = await queryRows<LocationRow>(exec, sql`${SELECT} where l.id = ${id}::uuid ${options.forUpdate ? sql`for update of l` : sql``}`);
      return rows[0] ? toLocation(rows[0]) : null;
    },

    async exists(id: string, exec: Executor = db): Promise<boolean> {
      const rows = await queryRows<{ one: number }>(exec, sql`select 1 as one from locations where id = ${id}::uuid`);
      return rows.length > 0;
    },

    async insert(values: LocationWrite, exec: Executor = db): Promise<string> {
      const [row] = await exec.insert(locations).values(values).returning({ id: locations.id });
      return row!.id;
    },

    async update(id: string, values: LocationWrite, exec: Executor = db): Promise<boolean> {
      const rows = await exec.update(locations).set({ ...values, updatedAt: new Date() }).where(eq(locations.id, id)).returning({ id: locations.id });
      return rows.length > 0;
    },

    async setCoordinates(id: string, point: GeoPoint | null, exec: Executor = db): Promise<void> {
      await exec
        .update(locations)
        .set({ latitude: point?.latitude ?? null, longitude: point?.longitude ?? null })
        .where(eq(locations.id, id));
    },

    /** Jobs that hold the location: jobs at it or on any of its units. */
    async countHoldingJobs(id: string, exec: Executor = db): Promise<number> {
      const [row] = await queryRows<{ n: string | number }>(
        exec,
        sql`select count(*) as n from (
              select j.id from jobs j where j.location_id = ${id}::uuid
              union
              select j.id from units u join jobs j on j.unit_id = u.id where u.location_id = ${id}::uuid
            ) held`,
      );
      return toCount(row?.n);
    },

    /** Deletes the location; its units go with it (ON DELETE CASCADE). */
    async delete(id: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.delete(locations).where(eq(locations.id, id)).returning({ id: locations.id });
      return rows.length > 0;
    },
  };
}
export type LocationsRepo = ReturnType<typeof createLocationsRepo>;
