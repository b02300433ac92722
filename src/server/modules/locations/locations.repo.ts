import { eq, sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../../domain/customers.js';
import type { Location, LocationExportQuery, LocationInput, LocationListQuery } from '../../../domain/locations.js';
import type { Executor } from '../../db/client.js';
import { recordCrud } from '../../db/crud.js';
import { companies, customerCounts, jobs, locations, units } from '../../db/schema.js';
import { countLimitFor } from '../../../domain/search.js';
import {
  COUNT_ROWS,
  countOf,
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
const LOCATION_SORT_LIMIT = 60_000;

const l = tableAlias(locations, 'l');
const c = tableAlias(companies, 'c');
const u = tableAlias(units, 'u');
const j = tableAlias(jobs, 'j');

/** A location with its company's name and its number of units (one index-only count per row). */
const LOCATION = selection({
  id: l.id,
  companyId: l.companyId,
  companyName: c.name,
  name: l.name,
  buildingName: l.buildingName,
  address: l.address,
  city: l.city,
  state: l.state,
  zip: l.zip,
  latitude: l.latitude,
  longitude: l.longitude,
  createdAt: l.createdAt,
  updatedAt: l.updatedAt,
  unitCount: countOf(sql`(select count(*) from ${from(u)} where ${u.locationId} = ${l.id})`),
});
const JOINS = sql`join ${from(c)} on ${c.id} = ${l.companyId}`;
const SELECT = sql`select ${LOCATION} from ${from(l)} ${JOINS}`;

const toLocation = (row: RowOf<typeof LOCATION.fields>): Location => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

function filterConditions(filters: LocationExportQuery): SQL[] {
  const conditions: SQL[] = [];
  // Every word of the search must appear in the name, building, address, city or company name.
  for (const word of searchWords(filters.q)) conditions.push(searchTextMatch(l.searchText, word));
  if (filters.name) conditions.push(textMatch(l.name, filters.name));
  if (filters.buildingName) conditions.push(textMatch(l.buildingName, filters.buildingName));
  if (filters.city) conditions.push(textMatch(l.city, filters.city));
  if (filters.state) conditions.push(textMatch(l.state, filters.state));
  if (filters.zip) conditions.push(textMatch(l.zip, filters.zip));
  if (filters.companyId) conditions.push(sql`${l.companyId} = ${filters.companyId}::uuid`);
  return conditions;
}

type ListOptions = { totalCap?: number; sortLimit?: number };

/** The /locations list (src/server/lists/description.ts): by name, its search and filters, its counter. */
export function locationList(options: ListOptions = {}): SortKeyList<LocationListQuery, typeof LOCATION.fields> {
  return {
    name: 'locations',
    table: l,
    orders: { name: { index: 'locations_name_idx' } },
    searchText: [l.searchText],
    filters: (query) => filterConditions(query),
    paging: (query) => ({
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      countLimit: countLimitFor(query.page, query.pageSize, options.totalCap),
    }),
    total: {
      counters: (query) =>
        filterConditions(query).length === 0
          ? sql`select ${customerCounts.locations} as ${COUNT_ROWS.key('n')} from ${customerCounts} where ${customerCounts.id} = 1`
          : null,
    },
    pages: {
      by: 'sortKey',
      select: LOCATION,
      id: l.id,
      sort: l.name,
      keys: { sort: 'name', id: 'id' },
      joins: JOINS,
      sortLimit: options.sortLimit ?? LOCATION_SORT_LIMIT,
    },
  };
}

/** The statements behind the /locations list (the tests and the benchmark read them). */
export function locationListStatements(query: LocationListQuery, options: ListOptions = {}) {
  const plan = planSortKeyList(locationList(options), query, undefined);
  return plan.kind === 'counted'
    ? { kind: 'unfiltered' as const, page: plan.page, count: plan.count! }
    : { kind: 'filtered' as const, plan: plan.plan };
}

export type LocationWrite = LocationInput & { latitude: number | null; longitude: number | null };

const records = recordCrud<typeof locations, LocationWrite, typeof LOCATION.fields, Location>(locations, {
  select: SELECT,
  selection: LOCATION,
  idColumn: l.id,
  lockOf: l,
  toRecord: toLocation,
});

export function createLocationsRepo(db: Executor, options: ListOptions = {}) {
  const list = locationList(options);
  return {
    /** One page of /locations ordered by name, and the total (from the counters when unfiltered; capped when filtered). */
    async list(
      query: LocationListQuery,
      exec: Executor = db,
    ): Promise<{ items: Location[]; total: number; totalCapped: boolean }> {
      const { rows, total, totalCapped } = await readList(exec, list, query, undefined);
      return { items: rows.map(toLocation), total, totalCapped };
    },

    /** A company's locations by name (the company detail page), at most `limit`. */
    async listForCompany(companyId: string, limit: number, exec: Executor = db): Promise<Location[]> {
      const rows = await selectRows(
        exec,
        LOCATION,
        sql`${SELECT} where ${l.companyId} = ${companyId}::uuid order by ${l.name}, ${l.id} limit ${limit}`,
      );
      return rows.map(toLocation);
    },

    async exportBatch(
      filters: LocationExportQuery,
      after: { name: string; id: string } | null,
      limit: number,
    ): Promise<Location[]> {
      const conditions = filterConditions(filters);
      if (after) conditions.push(sql`(${l.name}, ${l.id}) > (${after.name}, ${after.id}::uuid)`);
      const rows = await selectRows(
        db,
        LOCATION,
        sql`${SELECT} where ${whereAll(conditions)} order by ${l.name}, ${l.id} limit ${limit}`,
      );
      return rows.map(toLocation);
    },

    async getById(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}): Promise<Location | null> {
      return records.getById(exec, id, options);
    },

    async exists(id: string, exec: Executor = db): Promise<boolean> {
      return records.exists(exec, id);
    },

    async insert(values: LocationWrite, exec: Executor = db): Promise<string> {
      return records.insert(exec, values);
    },

    async update(id: string, values: LocationWrite, exec: Executor = db): Promise<boolean> {
      return records.update(exec, id, values);
    },

    async setCoordinates(id: string, point: GeoPoint | null, exec: Executor = db): Promise<void> {
      await exec
        .update(locations)
        .set({ latitude: point?.latitude ?? null, longitude: point?.longitude ?? null })
        .where(eq(locations.id, id));
    },

    /** Jobs that hold the location: jobs at it or on any of its units. */
    async countHoldingJobs(id: string, exec: Executor = db): Promise<number> {
      const row = await selectRow(
        exec,
        COUNT_ROWS,
        sql`select ${COUNT_ROWS} from (
              select ${j.id} from ${from(j)} where ${j.locationId} = ${id}::uuid
              union
              select ${j.id} from ${from(u)} join ${from(j)} on ${j.unitId} = ${u.id} where ${u.locationId} = ${id}::uuid
            ) held`,
      );
      return row?.n ?? 0;
    },

    /** Deletes the location; its units go with it (ON DELETE CASCADE). */
    async delete(id: string, exec: Executor = db): Promise<boolean> {
      return records.delete(exec, id);
    },
  };
}
export type LocationsRepo = ReturnType<typeof createLocationsRepo>;
