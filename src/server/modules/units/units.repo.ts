import { eq, sql, type SQL } from 'drizzle-orm';
import { searchWords } from '../../../domain/customers.js';
import { toCents } from '../../../domain/money.js';
import type { JobStatistics, Unit, UnitInput, UnitJob, UnitListItem, UnitListQuery } from '../../../domain/units.js';
import { queryRows, type Executor } from '../../db/client.js';
import { units } from '../../db/schema.js';
import { ilikeContains, isoTimestamp, nullableNumber, pageWithTotal, toCount, whereAll } from '../../db/sql.js';

interface UnitListRow {
  id: string;
  unit_number: string;
  status: UnitListItem['status'];
  primary_contact_type: UnitListItem['primaryContactType'];
  primary_contact_email: string | null;
  primary_contact_phone: string | null;
  phone: string | null;
  billing_entity: string | null;
  location_id: string;
  location_name: string;
  company_id: string;
  company_name: string;
}

interface UnitRow extends UnitListRow {
  billing_email: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_zip: string | null;
  office: string;
  taxable: boolean;
  tax_group_name: string | null;
  tax_group_code: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  building_name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number | string | null;
  longitude: number | string | null;
}

/** Filtered lists gather at most this many matches to sort (see pageWithTotal). */
const UNIT_MATCH_CAP = 200_000;

const LIST_COLUMNS = sql`u.id, u.unit_number, u.status, u.primary_contact_type, u.primary_contact_email, u.primary_contact_phone,
  u.phone, u.billing_entity, u.location_id, l.name as location_name, l.company_id, c.name as company_name`;
const FROM = sql`from units u join locations l on l.id = u.location_id join companies c on c.id = l.company_id`;

function toListItem(row: UnitListRow): UnitListItem {
  return {
    id: row.id,
    unitNumber: row.unit_number,
    status: row.status,
    primaryContactType: row.primary_contact_type,
    primaryContactEmail: row.primary_contact_email,
    primaryContactPhone: row.primary_contact_phone,
    phone: row.phone,
    billingEntity: row.billing_entity,
    locationId: row.location_id,
    locationName: row.location_name,
    companyId: row.company_id,
    companyName: row.company_name,
  };
}

function toUnit(row: UnitRow): Unit {
  return {
    id: row.id,
    unitNumber: row.unit_number,
    status: row.status,
    primaryContactType: row.primary_contact_type,
    primaryContactEmail: row.primary_contact_email,
    primaryContactPhone: row.primary_contact_phone,
    phone: row.phone,
    billingEntity: row.billing_entity,
    billingEmail: row.billing_email,
    billingCity: row.billing_city,
    billingState: row.billing_state,
    billingZip: row.billing_zip,
    office: row.office,
    taxable: row.taxable,
    taxGroupName: row.tax_group_name,
    taxGroupCode: row.tax_group_code,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
    location: {
      id: row.location_id,
      name: row.location_name,
      buildingName: row.building_name,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
      latitude: nullableNumber(row.latitude),
      longitude: nullableNumber(row.longitude),
    },
    company: { id: row.company_id, name: row.company_name },
  };
}

/**
 * The /units filters. The free text uses the maintained search column (unit number, location
 * name, company name) so every word is one trigram-index condition, however many words there are.
 */
function filterConditions(query: UnitListQuery): SQL[] {
  const conditions: SQL[] = [];
  for (const word of searchWords(query.q)) conditions.push(ilikeContains(sql`u.search_text`, word));
  if (query.unitNumber) conditions.push(ilikeContains(sql`u.unit_number`, query.unitNumber));
  if (query.location) conditions.push(ilikeContains(sql`l.name`, query.location));
  if (query.company) conditions.push(ilikeContains(sql`c.name`, query.company));
  if (query.status) conditions.push(sql`u.status = ${query.status}`);
  if (query.locationId) conditions.push(sql`u.location_id = ${query.locationId}::uuid`);
  return conditions;
}

/** The statements behind the /units list (also shown with EXPLAIN by the benchmark). */
export function unitListStatements(query: UnitListQuery, matchCap = UNIT_MATCH_CAP) {
  const conditions = filterConditions(query);
  const limit = query.pageSize;
  const offset = (query.page - 1) * query.pageSize;
  const where = whereAll(conditions);
  if (conditions.length === 0 || (conditions.length === 1 && query.status !== undefined)) {
    // Every unit, or every active / inactive one: spread evenly, so the order index finds the page.
    const counter = query.status === undefined ? sql`units` : query.status === 'active' ? sql`active_units` : sql`units - active_units`;
    return {
      kind: 'unfiltered' as const,
      page: sql`select ${LIST_COLUMNS} ${FROM} where ${where} order by u.unit_number, u.id limit ${limit} offset ${offset}`,
      count: sql`select ${counter} as n from customer_counts where id = 1`,
    };
  }
  // The location and company name filters need the joins to find the matches.
  const matchFrom = query.location || query.company ? FROM : sql`from units u`;
  return {
    kind: 'filtered' as const,
    sparse: sql`
      with m as materialized (select u.id, u.unit_number ${matchFrom} where ${where} limit ${matchCap + 1}),
      page as (select id, unit_number from m order by unit_number, id limit ${limit} offset ${offset})
      select t.total, r.* from (select count(*) as total from m) t
      left join lateral (select ${LIST_COLUMNS} ${FROM} join page p on p.id = u.id) r on true
      order by r.unit_number, r.id`,
    dense: sql`select ${LIST_COLUMNS} ${FROM} where ${where} order by u.unit_number, u.id limit ${limit} offset ${offset}`,
    denseCount: sql`select count(*) as n ${matchFrom} where ${where}`,
  };
}

interface JobRow {
  id: string;
  number: number;
  name: string;
  status: UnitJob['status'];
  type: string;
  type_name: string | null;
  is_training: boolean;
  service_line: string;
  service_line_name: string | null;
  description: string;
  time_period_start: string;
  time_period_due: string;
  schedule_start: Date | string | null;
  total_cost: string | number | null;
  created_at: Date | string;
}

export type UnitWrite = UnitInput;

export function createUnitsRepo(db: Executor, options: { matchCap?: number } = {}) {
  const matchCap = options.matchCap ?? UNIT_MATCH_CAP;
  return {
    /**
     * One page of /units ordered by unit number, and the total: exact, from the counters when
     * nothing or only the status is filtered, otherwise counted over the matching rows.
     */
    async list(query: UnitListQuery, exec: Executor = db): Promise<{ items: UnitListItem[]; total: number }> {
      const plan = unitListStatements(query, matchCap);
      if (plan.kind === 'unfiltered') {
        const [rows, counted] = await Promise.all([queryRows<UnitListRow>(exec, plan.page), queryRows<{ n: string | number }>(exec, plan.count)]);
        return { items: rows.map(toListItem), total: toCount(counted[0]?.n) };
      }
      const { rows, total } = await pageWithTotal<UnitListRow & { total: string | number }>(exec, { ...plan, cap: matchCap, hasRow: (row) => row.id !== null });
      return { items: rows.map(toListItem), total };
    },

    async getById(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}): Promise<Unit | null> {
      const rows = await queryRows<UnitRow>(
        exec,
        sql`select ${LIST_COLUMNS}, u.billing_email, u.billing_city, u.billing_state, u.billing_zip, u.office, u.taxable,
                   u.tax_group_name, u.tax_group_code, u.created_at, u.updated_at,
                   l.building_name, l.address, l.city, l.state, l.zip, l.latitude, l.longitude
            ${FROM} where u.id = ${id}::uuid ${options.forUpdate ? sql`for update of u` : sql``}`,
      );
      return rows[0] ? toUnit(rows[0]) : null;
    },

    async insert(values: UnitWrite, exec: Executor = db): Promise<string> {
      const [row] = await exec.insert(units).values(values).returning({ id: units.id });
      return row!.id;
    },

    async update(id: string, values: UnitWrite, exec: Executor = db): Promise<boolean> {
      const rows = await exec.update(units).set({ ...values, updatedAt: new Date() }).where(eq(units.id, id)).returning({ id: units.id });
      return rows.length > 0;
    },

    async countHoldingJobs(id: string, exec: Executor = db): Promise<number> {
      const [row] = await queryRows<{ n: string | number }>(exec, sql`select count(*) as n from jobs where unit_id = ${id}::uuid`);
      return toCount(row?.n);
    },

    async delete(id: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.delete(units).where(eq(units.id, id)).returning({ id: units.id });
      return rows.length > 0;
    },

    /** The unit's jobs, newest first, each with the sum of its items' total cost. */
    async jobs(unitId: string, page: number, pageSize: number): Promise<UnitJob[]> {
      const rows = await queryRows<JobRow>(
        db,
        sql`select j.id, j.number, j.name, j.status, j.type, jt.name as type_name, j.is_training, j.service_line,
                   sl.name as service_line_name, j.description,
                   to_char(j.time_period_start, 'YYYY-MM-DD') as time_period_start,
                   to_char(j.time_period_due, 'YYYY-MM-DD') as time_period_due,
                   j.schedule_start, j.created_at,
                   (select coalesce(sum(i.total_cost), 0) from job_items i where i.job_id = j.id) as total_cost
            from jobs j
            left join job_types jt on jt.code = j.type
            left join service_lines sl on sl.code = j.service_line
            where j.unit_id = ${unitId}::uuid
            order by j.created_at desc, j.number desc
            limit ${pageSize} offset ${(page - 1) * pageSize}`,
      );
      return rows.map((r) => ({
        id: r.id,
        number: Number(r.number),
        name: r.name,
        status: r.status,
        type: r.type,
        typeName: r.type_name,
        isTraining: r.is_training,
        serviceLine: r.service_line,
        serviceLineName: r.service_line_name,
        description: r.description,
        timePeriodStart: r.time_period_start,
        timePeriodDue: r.time_period_due,
        scheduleStart: r.schedule_start === null ? null : isoTimestamp(r.schedule_start),
        totalCostCents: toCents(r.total_cost ?? '0'),
        createdAt: isoTimestamp(r.created_at),
      }));
    },

    /** The Job Statistics card over all the unit's jobs (src/domain/units.ts unitJobStatistics). */
    async jobStatistics(unitId: string): Promise<JobStatistics> {
      const [row] = await queryRows<{ total: string; completed: string; scheduled: string; unscheduled: string; cost: string | null }>(
        db,
        sql`select count(*) as total,
                   count(*) filter (where j.status = 'completed') as completed,
                   count(*) filter (where j.status = 'scheduled') as scheduled,
                   count(*) filter (where j.status = 'unscheduled') as unscheduled,
                   coalesce(sum(t.cost), 0) as cost
            from jobs j
            left join lateral (select sum(i.total_cost) as cost from job_items i where i.job_id = j.id) t on true
            where j.unit_id = ${unitId}::uuid`,
      );
      return {
        total: toCount(row?.total),
        completed: toCount(row?.completed),
        scheduled: toCount(row?.scheduled),
        unscheduled: toCount(row?.unscheduled),
        totalCostCents: toCents(row?.cost ?? '0'),
      };
    },
  };
}
export type UnitsRepo = ReturnType<typeof createUnitsRepo>;
