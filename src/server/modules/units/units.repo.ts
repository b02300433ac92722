import { count, eq, sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../../domain/customers.js';
import { JOB_STATUSES } from '../../../domain/home.js';
import { toCents } from '../../../domain/money.js';
import {
  CONTACT_TYPES,
  UNIT_STATUSES,
  type JobStatistics,
  type Unit,
  type UnitInput,
  type UnitJob,
  type UnitListItem,
  type UnitListQuery,
} from '../../../domain/units.js';
import type { Executor } from '../../db/client.js';
import { recordCrud } from '../../db/crud.js';
import {
  companies,
  customerCounts,
  jobItems,
  jobs,
  jobTypes,
  locations,
  serviceLines,
  unitNumbers,
  units,
} from '../../db/schema.js';
import {
  countOf,
  from,
  nullable,
  oneOfColumn,
  selectRow,
  selectRows,
  selection,
  searchTextMatch,
  tableAlias,
  textMatch,
  whereAll,
  type RowOf,
} from '../../db/sql.js';
import { planSortKeyList, readList, type KeyedWay, type SortKeyList } from '../../lists/index.js';
import { countLimitFor } from '../../../domain/search.js';

/** Filtered lists gather and sort at most this many matches when walking the order does not find the page (see selectPage). */
const UNIT_SORT_LIMIT = 200_000;
/** The keyed page (keyedSearch) reads the units of at most this many locations found by their name or company. */
const KEYED_LOCATION_LIMIT = 200;
/**
 * ...and of at most this many matching unit numbers: the numbers go into `= any(array)` and
 * `<> all(array)` tests, which PostgreSQL evaluates by reading the array for each row it checks (a
 * search matching 10,000 distinct numbers took a minute on a small table scanned in full).
 */
const KEYED_NUMBER_LIMIT = 100;

const u = tableAlias(units, 'u');
const l = tableAlias(locations, 'l');
const c = tableAlias(companies, 'c');
const n = tableAlias(unitNumbers, 'n');
const nl = tableAlias(locations, 'nl');
const nc = tableAlias(companies, 'nc');

const LIST_FIELDS = {
  id: u.id,
  unitNumber: u.unitNumber,
  status: oneOfColumn(u.status, UNIT_STATUSES),
  primaryContactType: oneOfColumn(u.primaryContactType, CONTACT_TYPES),
  primaryContactEmail: u.primaryContactEmail,
  primaryContactPhone: u.primaryContactPhone,
  phone: u.phone,
  billingEntity: u.billingEntity,
  locationId: u.locationId,
  locationName: l.name,
  companyId: l.companyId,
  companyName: c.name,
};
const LIST_ITEM = selection(LIST_FIELDS);
const UNIT = selection({
  ...LIST_FIELDS,
  billingEmail: u.billingEmail,
  billingCity: u.billingCity,
  billingState: u.billingState,
  billingZip: u.billingZip,
  office: u.office,
  taxable: u.taxable,
  taxGroupName: u.taxGroupName,
  taxGroupCode: u.taxGroupCode,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
  buildingName: l.buildingName,
  address: l.address,
  city: l.city,
  state: l.state,
  zip: l.zip,
  latitude: l.latitude,
  longitude: l.longitude,
});
/** The unfiltered total, read from the counters. */
const COUNTED = selection({ n: countOf() });
const JOINS = sql`join ${from(l)} on ${l.id} = ${u.locationId} join ${from(c)} on ${c.id} = ${l.companyId}`;
const FROM = sql`from ${from(u)} ${JOINS}`;

function toUnit(row: RowOf<typeof UNIT.fields>): Unit {
  return {
    id: row.id,
    unitNumber: row.unitNumber,
    status: row.status,
    primaryContactType: row.primaryContactType,
    primaryContactEmail: row.primaryContactEmail,
    primaryContactPhone: row.primaryContactPhone,
    phone: row.phone,
    billingEntity: row.billingEntity,
    billingEmail: row.billingEmail,
    billingCity: row.billingCity,
    billingState: row.billingState,
    billingZip: row.billingZip,
    office: row.office,
    taxable: row.taxable,
    taxGroupName: row.taxGroupName,
    taxGroupCode: row.taxGroupCode,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    location: {
      id: row.locationId,
      name: row.locationName,
      buildingName: row.buildingName,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
      latitude: row.latitude,
      longitude: row.longitude,
    },
    company: { id: row.companyId, name: row.companyName },
  };
}

/**
 * The /units filters. The free text uses the maintained search column (unit number, location
 * name, company name) so every word is one trigram-index condition, however many words there are.
 */
function filterConditions(query: UnitListQuery): SQL[] {
  const conditions: SQL[] = [];
  for (const word of searchWords(query.q)) conditions.push(searchTextMatch(u.searchText, word));
  if (query.unitNumber) conditions.push(textMatch(u.unitNumber, query.unitNumber));
  if (query.location) conditions.push(textMatch(l.name, query.location));
  if (query.company) conditions.push(searchTextMatch(c.searchText, query.company));
  if (query.status) conditions.push(sql`${u.status} = ${query.status}`);
  if (query.locationId) conditions.push(sql`${u.locationId} = ${query.locationId}::uuid`);
  return conditions;
}

/**
 * The search's page and total through the unit numbers that match (sortedPagePlan's `keyed`;
 * decision 021), for words whose matches cluster by unit number: "rt" finds the 125,000 RTU units
 * of the large set, which sort after every AHU, CH, CU, FCU, HP and MAU unit, so the walk of the
 * first rows finds none of them and gathering them all reads and sorts 125,000 rows.
 *
 * A unit's search text is its unit number, its location's name and its company's name joined by
 * spaces, and a typed word holds no space, so a word matches the text exactly when it matches one of
 * the three by the same rule. A unit matching every word therefore either has a number matching
 * every word (one of `keys`, found in unit_numbers; each such unit matches every word, and they are
 * walked in list order through units_unit_number_idx and counted up to the cap there), or one word
 * matches its location's or company's name (its location is one of `near`, whose units are all read
 * and checked). The total is the first count plus the second set's units whose number is not a key.
 * This way applies when some number matches but no more than KEYED_NUMBER_LIMIT do (otherwise the
 * trigram index serves the search as before) and `near` holds at most KEYED_LOCATION_LIMIT locations.
 */
function keyedSearch(words: string[], where: SQL, others: SQL, countLimit: number): KeyedWay {
  const keyList = sql`array(select unit_number from keys)`;
  return {
    with: sql`keys as materialized (select ${n.unitNumber} as unit_number from ${from(n)} where ${whereAll(words.map((word) => searchTextMatch(n.searchText, word)))}
        limit ${KEYED_NUMBER_LIMIT + 1}),
      near as materialized (
        (select ${nl.id} as id from ${from(nl)} where exists (select 1 from keys) and (${sql.join(
          words.map((word) => textMatch(nl.name, word)),
          sql` or `,
        )})
         limit ${KEYED_LOCATION_LIMIT + 1})
        union
        (select ${nl.id} from ${from(nc)} join ${from(nl)} on ${nl.companyId} = ${nc.id}
         where exists (select 1 from keys) and (${sql.join(
           words.map((word) => searchTextMatch(nc.searchText, word)),
           sql` or `,
         )})
         limit ${KEYED_LOCATION_LIMIT + 1})),
      keyed as (select 1 from ${from(u)} where ${u.unitNumber} = any(${keyList}) and ${others} limit ${countLimit + 1})`,
    candidates: (count: number) => sql`
      (select ${u.id} as id, ${u.unitNumber} as sort_key from ${from(u)}
       where ${u.unitNumber} = any(${keyList}) and ${where}
       order by ${u.unitNumber}, ${u.id} limit ${count})
      union
      select ${u.id}, ${u.unitNumber} from ${from(u)} where ${u.locationId} in (select id from near) and ${where}`,
    total: (candidates: SQL) =>
      sql`(select count(*) from keyed) + (select count(*) from ${candidates} where sort_key <> all(${keyList}))`,
    complete: sql`exists (select 1 from keys) and (select count(*) from keys) <= ${KEYED_NUMBER_LIMIT} and (select count(*) from near) <= ${KEYED_LOCATION_LIMIT}`,
  };
}

type ListOptions = { totalCap?: number; sortLimit?: number };

/**
 * The /units list (src/server/lists/description.ts): by unit number; exact from the counters when
 * nothing or only the status is filtered (spread evenly, so the order index finds the page),
 * otherwise capped; the search keyed through the unit numbers when it names the unit alone.
 */
export function unitList(options: ListOptions = {}): SortKeyList<UnitListQuery, typeof LIST_ITEM.fields> {
  return {
    name: 'units',
    table: u,
    orders: { unitNumber: { index: 'units_unit_number_idx' } },
    searchText: [u.searchText],
    filters: (query) => filterConditions(query),
    paging: (query) => ({
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      countLimit: countLimitFor(query.page, query.pageSize, options.totalCap),
    }),
    total: {
      counters: (query) => {
        const filters = filterConditions(query).length;
        if (!(filters === 0 || (filters === 1 && query.status !== undefined))) return null;
        const counter =
          query.status === undefined
            ? customerCounts.units
            : query.status === 'active'
              ? customerCounts.activeUnits
              : sql`${customerCounts.units} - ${customerCounts.activeUnits}`;
        return sql`select ${counter} as ${COUNTED.key('n')} from ${customerCounts} where ${customerCounts.id} = 1`;
      },
    },
    pages: {
      by: 'sortKey',
      select: LIST_ITEM,
      id: u.id,
      sort: u.unitNumber,
      keys: { sort: 'unitNumber', id: 'id' },
      joins: JOINS,
      // The location and company name filters need the joins to find the matches.
      matchJoins: (query) => Boolean(query.location || query.company),
      sortLimit: options.sortLimit ?? UNIT_SORT_LIMIT,
      // Through the unit numbers that match, when the filter names the unit alone.
      keyed: (query, conditions, countLimit) => {
        const words = searchWords(query.q);
        return words.length && !query.location && !query.company
          ? keyedSearch(words, whereAll(conditions), whereAll(conditions.slice(words.length)), countLimit)
          : null;
      },
    },
  };
}

/** The statements behind the /units list (the tests and the benchmark read them). */
export function unitListStatements(query: UnitListQuery, options: ListOptions = {}) {
  const plan = planSortKeyList(unitList(options), query, undefined);
  return plan.kind === 'counted'
    ? { kind: 'unfiltered' as const, page: plan.page, count: plan.count! }
    : { kind: 'filtered' as const, plan: plan.plan };
}

const j = tableAlias(jobs, 'j');
const jt = tableAlias(jobTypes, 'jt');
const sl = tableAlias(serviceLines, 'sl');
const i = tableAlias(jobItems, 'i');
/** A unit's job with the sum of its items' total cost. */
const UNIT_JOB = selection({
  id: j.id,
  number: j.number,
  name: j.name,
  status: oneOfColumn(j.status, JOB_STATUSES),
  type: j.type,
  typeName: nullable(jt.name),
  isTraining: j.isTraining,
  serviceLine: j.serviceLine,
  serviceLineName: nullable(sl.name),
  description: j.description,
  timePeriodStart: sql<string>`to_char(${j.timePeriodStart}, 'YYYY-MM-DD')`,
  timePeriodDue: sql<string>`to_char(${j.timePeriodDue}, 'YYYY-MM-DD')`,
  scheduleStart: j.scheduleStart,
  createdAt: j.createdAt,
  totalCostCents:
    sql<number>`(select coalesce(sum(${i.totalCost}), 0) from ${from(i)} where ${i.jobId} = ${j.id})`.mapWith(toCents),
});

/** The Job Statistics card: counts by status and the sum of every job's items. */
const JOB_STATISTICS = selection({
  total: countOf(),
  completed: countOf(sql`count(*) filter (where ${j.status} = 'completed')`),
  scheduled: countOf(sql`count(*) filter (where ${j.status} = 'scheduled')`),
  unscheduled: countOf(sql`count(*) filter (where ${j.status} = 'unscheduled')`),
  totalCostCents: sql<number>`coalesce(sum(t.cost), 0)`.mapWith(toCents),
});

export type UnitWrite = UnitInput;

const records = recordCrud<typeof units, UnitWrite, typeof UNIT.fields, Unit>(units, {
  select: sql`select ${UNIT} ${FROM}`,
  selection: UNIT,
  idColumn: u.id,
  lockOf: u,
  toRecord: toUnit,
});

export function createUnitsRepo(db: Executor, options: ListOptions = {}) {
  const list = unitList(options);
  return {
    /**
     * One page of /units ordered by unit number, and the total: exact from the counters when
     * nothing or only the status is filtered, otherwise counted over the matching rows up to the
     * cap (totalCapped beyond it).
     */
    async list(
      query: UnitListQuery,
      exec: Executor = db,
    ): Promise<{ items: UnitListItem[]; total: number; totalCapped: boolean }> {
      const { rows: items, total, totalCapped } = await readList(exec, list, query, undefined);
      return { items, total, totalCapped };
    },

    async getById(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}): Promise<Unit | null> {
      return records.getById(exec, id, options);
    },

    async insert(values: UnitWrite, exec: Executor = db): Promise<string> {
      return records.insert(exec, values);
    },

    async update(id: string, values: UnitWrite, exec: Executor = db): Promise<boolean> {
      return records.update(exec, id, values);
    },

    async countHoldingJobs(id: string, exec: Executor = db): Promise<number> {
      const [row] = await exec.select({ n: count() }).from(jobs).where(eq(jobs.unitId, id));
      return row?.n ?? 0;
    },

    async delete(id: string, exec: Executor = db): Promise<boolean> {
      return records.delete(exec, id);
    },

    /** The unit's jobs, newest first, each with the sum of its items' total cost. */
    async jobs(unitId: string, page: number, pageSize: number): Promise<UnitJob[]> {
      const rows = await selectRows(
        db,
        UNIT_JOB,
        sql`select ${UNIT_JOB}
            from ${from(j)}
            left join ${from(jt)} on ${jt.code} = ${j.type}
            left join ${from(sl)} on ${sl.code} = ${j.serviceLine}
            where ${j.unitId} = ${unitId}::uuid
            order by ${j.createdAt} desc, ${j.number} desc
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      return rows.map((row) => ({
        ...row,
        scheduleStart: row.scheduleStart?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** The Job Statistics card over all the unit's jobs (src/domain/units.ts unitJobStatistics). */
    async jobStatistics(unitId: string): Promise<JobStatistics> {
      const row = await selectRow(
        db,
        JOB_STATISTICS,
        sql`select ${JOB_STATISTICS}
            from ${from(j)}
            left join lateral (select sum(${i.totalCost}) as cost from ${from(i)} where ${i.jobId} = ${j.id}) t on true
            where ${j.unitId} = ${unitId}::uuid`,
      );
      return row ?? { total: 0, completed: 0, scheduled: 0, unscheduled: 0, totalCostCents: 0 };
    },
  };
}
export type UnitsRepo = ReturnType<typeof createUnitsRepo>;
