import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import {
  PRICE_KINDS,
  SKILL_LEVELS,
  type PriceKind,
  type PriceListFilters,
  type PriceRecord,
  type ServiceLineOption,
  type SkillLevel,
} from '../../../domain/price-book.js';
import { likeContains } from '../../../domain/search.js';
import { queryRows, type Executor } from '../../db/client.js';
import { jobItemPrices, jobLaborPrices, jobPartPrices, serviceLines } from '../../db/schema.js';

/** What the service writes, in cents; the repo turns it into numeric(12,2) text. */
interface CommonWrite {
  name: string;
  description: string | null;
  serviceLine: string;
  unitCostCents: number;
}
export interface PartWrite extends CommonWrite {
  kind: 'part';
  partsCostCents: number;
  estimatedHours: number;
  complexityMultiplier: number;
  laborRateCents: number;
  multiTechnician: boolean;
  adjustedLaborCostCents: number;
  truckFeeCents: number;
  includeRoofAccess: boolean;
  roofAccessFeeCents: number;
  totalBaseCostCents: number;
  flatRateNonContractCents: number;
  flatRatePmContractCents: number;
}
export interface LaborWrite extends CommonWrite {
  kind: 'labor';
  skillLevel: SkillLevel;
  durationHours: number;
  isOvertime: boolean;
  isEmergency: boolean;
}
export interface ItemWrite extends CommonWrite {
  kind: 'item';
  category: string;
  isTaxable: boolean;
}
export type PriceWrite = PartWrite | LaborWrite | ItemWrite;

const TABLES = { part: jobPartPrices, labor: jobLaborPrices, item: jobItemPrices } as const;
const TABLE_NAMES: Record<PriceKind, string> = { part: 'job_part_prices', labor: 'job_labor_prices', item: 'job_item_prices' };

/** A decimal with at most 2 places as numeric text (hours, multipliers). */
const decimal2 = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

function columnsOf(write: PriceWrite) {
  const common = { name: write.name, description: write.description, serviceLine: write.serviceLine, unitCost: centsToDecimal(write.unitCostCents) };
  switch (write.kind) {
    case 'part':
      return {
        ...common,
        partsCost: centsToDecimal(write.partsCostCents),
        estimatedHours: decimal2(write.estimatedHours),
        complexityMultiplier: decimal2(write.complexityMultiplier),
        laborRate: centsToDecimal(write.laborRateCents),
        multiTechnician: write.multiTechnician,
        adjustedLaborCost: centsToDecimal(write.adjustedLaborCostCents),
        truckFee: centsToDecimal(write.truckFeeCents),
        includeRoofAccess: write.includeRoofAccess,
        roofAccessFee: centsToDecimal(write.roofAccessFeeCents),
        totalBaseCost: centsToDecimal(write.totalBaseCostCents),
        flatRateNonContract: centsToDecimal(write.flatRateNonContractCents),
        flatRatePmContract: centsToDecimal(write.flatRatePmContractCents),
      };
    case 'labor':
      return { ...common, skillLevel: write.skillLevel, durationHours: decimal2(write.durationHours), isOvertime: write.isOvertime, isEmergency: write.isEmergency };
    case 'item':
      return { ...common, category: write.category, isTaxable: write.isTaxable };
  }
}

// ---------------------------------------------------------------------------------------------
// Reading: the three tables as one list (UNION ALL), every filter applied inside each branch
// ---------------------------------------------------------------------------------------------

/** Each branch yields the same columns; the other kinds' columns are typed nulls. */
const BRANCHES: Record<PriceKind, SQL> = {
  part: sql`select 'part'::text as kind, id, code, name, description, service_line, unit_cost,
      parts_cost, estimated_hours, complexity_multiplier, labor_rate, multi_technician, adjusted_labor_cost,
      truck_fee, include_roof_access, roof_access_fee, total_base_cost, flat_rate_non_contract, flat_rate_pm_contract,
      null::varchar as skill_level, null::numeric as duration_hours, null::boolean as is_overtime, null::boolean as is_emergency,
      null::varchar as category, null::boolean as is_taxable
    from job_part_prices`,
  labor: sql`select 'labor'::text as kind, id, code, name, description, service_line, unit_cost,
      null::numeric, null::numeric, null::numeric, null::numeric, null::boolean, null::numeric,
      null::numeric, null::boolean, null::numeric, null::numeric, null::numeric, null::numeric,
      skill_level, duration_hours, is_overtime, is_emergency,
      null::varchar, null::boolean
    from job_labor_prices`,
  item: sql`select 'item'::text as kind, id, code, name, description, service_line, unit_cost,
      null::numeric, null::numeric, null::numeric, null::numeric, null::boolean, null::numeric,
      null::numeric, null::boolean, null::numeric, null::numeric, null::numeric, null::numeric,
      null::varchar, null::numeric, null::boolean, null::boolean,
      category, is_taxable
    from job_item_prices`,
};

type Numeric = string | number | null;
interface PriceRow {
  kind: PriceKind;
  id: string;
  code: string;
  name: string;
  description: string | null;
  service_line: string;
  service_line_name: string | null;
  unit_cost: Numeric;
  parts_cost: Numeric;
  estimated_hours: Numeric;
  complexity_multiplier: Numeric;
  labor_rate: Numeric;
  multi_technician: boolean | null;
  adjusted_labor_cost: Numeric;
  truck_fee: Numeric;
  include_roof_access: boolean | null;
  roof_access_fee: Numeric;
  total_base_cost: Numeric;
  flat_rate_non_contract: Numeric;
  flat_rate_pm_contract: Numeric;
  skill_level: string | null;
  duration_hours: Numeric;
  is_overtime: boolean | null;
  is_emergency: boolean | null;
  category: string | null;
  is_taxable: boolean | null;
}

const num = (value: Numeric) => (value === null ? 0 : Number(value));

function toRecord(row: PriceRow): PriceRecord {
  const common = {
    id: row.id,
    code: row.code,
    name: row.name,
    description: row.description,
    serviceLine: row.service_line,
    serviceLineName: row.service_line_name,
    unitCostCents: toCents(row.unit_cost),
  };
  switch (row.kind) {
    case 'part':
      return {
        kind: 'part',
        ...common,
        partsCostCents: toCents(row.parts_cost),
        estimatedHours: num(row.estimated_hours),
        complexityMultiplier: num(row.complexity_multiplier),
        laborRateCents: toCents(row.labor_rate),
        multiTechnician: Boolean(row.multi_technician),
        adjustedLaborCostCents: toCents(row.adjusted_labor_cost),
        truckFeeCents: toCents(row.truck_fee),
        includeRoofAccess: Boolean(row.include_roof_access),
        roofAccessFeeCents: toCents(row.roof_access_fee),
        totalBaseCostCents: toCents(row.total_base_cost),
        flatRateNonContractCents: toCents(row.flat_rate_non_contract),
        flatRatePmContractCents: toCents(row.flat_rate_pm_contract),
      };
    case 'labor':
      return {
        kind: 'labor',
        ...common,
        skillLevel: (SKILL_LEVELS as readonly string[]).includes(row.skill_level ?? '') ? (row.skill_level as SkillLevel) : 'standard',
        durationHours: num(row.duration_hours),
        isOvertime: Boolean(row.is_overtime),
        isEmergency: Boolean(row.is_emergency),
      };
    case 'item':
      return { kind: 'item', ...common, category: row.category ?? 'General', isTaxable: Boolean(row.is_taxable) };
  }
}

/** The WHERE of one branch: search on code or name (trigram indexes), service line. */
function branchWhere(filters: Pick<PriceListFilters, 'q' | 'serviceLine'>, extra?: SQL): SQL {
  const conditions: SQL[] = [];
  if (filters.q) {
    const like = likeContains(filters.q);
    conditions.push(sql`(code ilike ${like} or name ilike ${like})`);
  }
  if (filters.serviceLine) conditions.push(sql`service_line = ${filters.serviceLine}`);
  if (extra) conditions.push(extra);
  return conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
}

function union(kinds: readonly PriceKind[], where: (kind: PriceKind) => SQL): SQL {
  return sql.join(
    kinds.map((kind) => sql`${BRANCHES[kind]}${where(kind)}`),
    sql` union all `,
  );
}

const kindsOf = (type: PriceKind | undefined): readonly PriceKind[] => (type ? [type] : PRICE_KINDS);

/** Byte order, so PGlite and PostgreSQL (whatever its locale) order codes the same way. */
const ORDER = sql`p.code collate "C", p.kind, p.id`;

export function createPriceBookRepo(db: Executor) {
  async function select(exec: Executor, kinds: readonly PriceKind[], where: (kind: PriceKind) => SQL, tail: SQL = sql``): Promise<PriceRecord[]> {
    const rows = await queryRows<PriceRow>(
      exec,
      sql`select p.*, sl.name as service_line_name
          from (${union(kinds, where)}) p
          left join service_lines sl on sl.code = p.service_line
          ${tail}`,
    );
    return rows.map(toRecord);
  }

  return {
    /** One page of the list, ordered by code, with the total; both in SQL. */
    async list(filters: PriceListFilters, page: number, pageSize: number): Promise<{ items: PriceRecord[]; total: number }> {
      const kinds = kindsOf(filters.type);
      const [items, counted] = await Promise.all([
        select(db, kinds, () => branchWhere(filters), sql`order by ${ORDER} limit ${pageSize} offset ${(page - 1) * pageSize}`),
        queryRows<{ total: string | number }>(
          db,
          sql`select ${sql.join(
            kinds.map((kind) => sql`(select count(*) from ${sql.identifier(TABLE_NAMES[kind])}${branchWhere(filters)})`),
            sql` + `,
          )} as total`,
        ),
      ]);
      return { items, total: Number(counted[0]?.total ?? 0) };
    },

    /** The filtered list after a cursor, in list order (the export reads it in batches). */
    async listAfter(filters: PriceListFilters, after: { code: string; kind: PriceKind; id: string } | null, limit: number): Promise<PriceRecord[]> {
      const cursor = after ? sql`where (p.code collate "C", p.kind, p.id) > (${after.code} collate "C", ${after.kind}::text, ${after.id}::uuid)` : sql``;
      return select(db, kindsOf(filters.type), () => branchWhere(filters), sql`${cursor} order by ${ORDER} limit ${limit}`);
    },

    async getById(kind: PriceKind, id: string, exec: Executor = db): Promise<PriceRecord | undefined> {
      const [row] = await select(exec, [kind], () => sql` where id = ${id}::uuid`);
      return row;
    },

    /** The price of that kind whose code matches without regard to case. */
    async findByCode(kind: PriceKind, code: string, exec: Executor = db): Promise<PriceRecord | undefined> {
      const [row] = await select(exec, [kind], () => sql` where lower(code) = lower(${code})`, sql`limit 1`);
      return row;
    },

    /** Prices of that kind whose codes are among `codes` (compared in lower case). */
    async findByCodes(kind: PriceKind, codes: string[], exec: Executor = db): Promise<PriceRecord[]> {
      const found: PriceRecord[] = [];
      const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
      for (let i = 0; i < lower.length; i += 500) {
        const chunk = lower.slice(i, i + 500);
        found.push(...(await select(exec, [kind], () => sql` where lower(code) in (${sql.join(chunk.map((c) => sql`${c}`), sql`, `)})`)));
      }
      return found;
    },

    async insert(code: string, write: PriceWrite, exec: Executor = db): Promise<string> {
      const table = TABLES[write.kind];
      const [row] = await exec
        .insert(table)
        .values({ code, ...columnsOf(write) } as typeof table.$inferInsert)
        .returning({ id: table.id });
      return row!.id;
    },

    /** Many new prices of one kind, a few hundred per statement (imports). */
    async insertMany(kind: PriceKind, rows: { code: string; write: PriceWrite }[], exec: Executor = db): Promise<void> {
      const table = TABLES[kind];
      for (let i = 0; i < rows.length; i += 250) {
        const chunk = rows.slice(i, i + 250).map(({ code, write }) => ({ code, ...columnsOf(write) }) as typeof table.$inferInsert);
        await exec.insert(table).values(chunk);
      }
    },

    /** Every field but the code; false when there is no such price. */
    async update(id: string, write: PriceWrite, exec: Executor = db): Promise<boolean> {
      const table = TABLES[write.kind];
      const rows = await exec
        .update(table)
        .set({ ...columnsOf(write), updatedAt: new Date() } as Partial<typeof table.$inferInsert>)
        .where(eq(table.id, id))
        .returning({ id: table.id });
      return rows.length > 0;
    },

    async delete(kind: PriceKind, id: string): Promise<boolean> {
      const table = TABLES[kind];
      const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
      return rows.length > 0;
    },

    async serviceLines(exec: Executor = db): Promise<ServiceLineOption[]> {
      return exec.select({ code: serviceLines.code, name: serviceLines.name, isActive: serviceLines.isActive }).from(serviceLines).orderBy(asc(serviceLines.name));
    },

    async serviceLine(code: string): Promise<ServiceLineOption | undefined> {
      const [row] = await db
        .select({ code: serviceLines.code, name: serviceLines.name, isActive: serviceLines.isActive })
        .from(serviceLines)
        .where(eq(serviceLines.code, code))
        .limit(1);
      return row;
    },

    /** Item categories in use, for the Category field's suggestions. */
    async categories(): Promise<string[]> {
      const rows = await queryRows<{ category: string }>(db, sql`select distinct category from job_item_prices order by category limit 200`);
      return rows.map((r) => r.category);
    },
  };
}
export type PriceBookRepo = ReturnType<typeof createPriceBookRepo>;
