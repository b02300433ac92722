import { asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
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
import type { Executor } from '../../db/client.js';
import { jobItemPrices, jobLaborPrices, jobPartPrices, serviceLines } from '../../db/schema.js';
import { COUNT_ROWS, from, nullable, oneOfColumn, selectRow, selectRows, selection, tableAlias, whereAll, type RowOf } from '../../db/sql.js';

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
// Reading: each kind's rows (with the service line's name) become PriceRecords; the list takes a
// page of (kind, id) from the three tables in code order, then each kind's rows by id
// ---------------------------------------------------------------------------------------------

const sl = tableAlias(serviceLines, 'sl');
const pp = tableAlias(jobPartPrices, 'pp');
const lp = tableAlias(jobLaborPrices, 'lp');
const ip = tableAlias(jobItemPrices, 'ip');

const PART_ROW = selection({ ...getTableColumns(pp), serviceLineName: nullable(sl.name) });
const LABOR_ROW = selection({ ...getTableColumns(lp), skillLevel: oneOfColumn(lp.skillLevel, SKILL_LEVELS), serviceLineName: nullable(sl.name) });
const ITEM_ROW = selection({ ...getTableColumns(ip), serviceLineName: nullable(sl.name) });

const commonOf = (row: RowOf<typeof ITEM_ROW.fields> | RowOf<typeof LABOR_ROW.fields> | RowOf<typeof PART_ROW.fields>) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
  serviceLine: row.serviceLine,
  serviceLineName: row.serviceLineName,
  unitCostCents: toCents(row.unitCost),
});

/** How each kind is read: its aliased table, its selection and the record a row becomes. */
const READ = {
  part: {
    t: pp,
    row: PART_ROW,
    toRecord: (row: RowOf<typeof PART_ROW.fields>): PriceRecord => ({
      kind: 'part',
      ...commonOf(row),
      partsCostCents: toCents(row.partsCost),
      estimatedHours: Number(row.estimatedHours),
      complexityMultiplier: Number(row.complexityMultiplier),
      laborRateCents: toCents(row.laborRate),
      multiTechnician: row.multiTechnician,
      adjustedLaborCostCents: toCents(row.adjustedLaborCost),
      truckFeeCents: toCents(row.truckFee),
      includeRoofAccess: row.includeRoofAccess,
      roofAccessFeeCents: toCents(row.roofAccessFee),
      totalBaseCostCents: toCents(row.totalBaseCost),
      flatRateNonContractCents: toCents(row.flatRateNonContract),
      flatRatePmContractCents: toCents(row.flatRatePmContract),
    }),
  },
  labor: {
    t: lp,
    row: LABOR_ROW,
    toRecord: (row: RowOf<typeof LABOR_ROW.fields>): PriceRecord => ({
      kind: 'labor',
      ...commonOf(row),
      skillLevel: row.skillLevel,
      durationHours: Number(row.durationHours),
      isOvertime: row.isOvertime,
      isEmergency: row.isEmergency,
    }),
  },
  item: {
    t: ip,
    row: ITEM_ROW,
    toRecord: (row: RowOf<typeof ITEM_ROW.fields>): PriceRecord => ({ kind: 'item', ...commonOf(row), category: row.category, isTaxable: row.isTaxable }),
  },
};
type PriceTable = (typeof READ)[PriceKind]['t'];

/** The rows of one kind that meet `where` (on that kind's table), as records. */
async function readKind(exec: Executor, kind: PriceKind, where: (t: PriceTable) => SQL, tail: SQL = sql``): Promise<PriceRecord[]> {
  const read = READ[kind];
  const query = sql`select ${read.row} from ${from(read.t)} left join ${from(sl)} on ${sl.code} = ${read.t.serviceLine} where ${where(read.t)} ${tail}`;
  switch (kind) {
    case 'part':
      return (await selectRows(exec, READ.part.row, query)).map(READ.part.toRecord);
    case 'labor':
      return (await selectRows(exec, READ.labor.row, query)).map(READ.labor.toRecord);
    case 'item':
      return (await selectRows(exec, READ.item.row, query)).map(READ.item.toRecord);
  }
}

/** The list's filters on one kind's table: search on code or name (trigram indexes), service line. */
function filtersOn(t: PriceTable, filters: Pick<PriceListFilters, 'q' | 'serviceLine'>): SQL {
  const conditions: SQL[] = [];
  if (filters.q) {
    const like = likeContains(filters.q);
    conditions.push(sql`(${t.code} ilike ${like} or ${t.name} ilike ${like})`);
  }
  if (filters.serviceLine) conditions.push(sql`${t.serviceLine} = ${filters.serviceLine}`);
  return whereAll(conditions);
}

const kindsOf = (type: PriceKind | undefined): readonly PriceKind[] => (type ? [type] : PRICE_KINDS);

/** The list's order over the three kinds: code in byte order (so PGlite and PostgreSQL agree), kind, id. */
const KEY = selection({
  kind: sql<PriceKind>`p.kind`.mapWith((value: string) => {
    if (!(PRICE_KINDS as readonly string[]).includes(value)) throw new Error(`Unexpected price kind ${value}`);
    return value as PriceKind;
  }),
  id: sql<string>`p.id`,
  code: sql<string>`p.code`,
});
const ORDER = sql`p.code collate "C", p.kind, p.id`;

/** (kind, id, code) of every price of the kinds that meets the filters, as one table `p`. */
function keysOf(kinds: readonly PriceKind[], filters: PriceListFilters): SQL {
  return sql.join(
    kinds.map((kind) => {
      const t = READ[kind].t;
      return sql`select ${kind}::text as kind, ${t.id} as id, ${t.code} as code from ${from(t)} where ${filtersOn(t, filters)}`;
    }),
    sql` union all `,
  );
}

export function createPriceBookRepo(db: Executor) {
  /** The records of a page of keys, in the keys' order (one query per kind on the page). */
  async function recordsOf(exec: Executor, keys: { kind: PriceKind; id: string }[]): Promise<PriceRecord[]> {
    const byKey = new Map<string, PriceRecord>();
    for (const kind of PRICE_KINDS) {
      const ids = keys.filter((key) => key.kind === kind).map((key) => key.id);
      if (ids.length === 0) continue;
      for (const record of await readKind(exec, kind, (t) => sql`${t.id} in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`)) {
        byKey.set(`${kind}:${record.id}`, record);
      }
    }
    return keys.map((key) => byKey.get(`${key.kind}:${key.id}`)).filter((record) => record !== undefined);
  }

  return {
    /** One page of the list, ordered by code, with the total; both in SQL. */
    async list(filters: PriceListFilters, page: number, pageSize: number): Promise<{ items: PriceRecord[]; total: number }> {
      const kinds = kindsOf(filters.type);
      const [keys, counted] = await Promise.all([
        selectRows(db, KEY, sql`select ${KEY} from (${keysOf(kinds, filters)}) p order by ${ORDER} limit ${pageSize} offset ${(page - 1) * pageSize}`),
        selectRow(
          db,
          COUNT_ROWS,
          sql`select ${sql.join(
            kinds.map((kind) => sql`(select count(*) from ${from(READ[kind].t)} where ${filtersOn(READ[kind].t, filters)})`),
            sql` + `,
          )} as ${COUNT_ROWS.key('n')}`,
        ),
      ]);
      return { items: await recordsOf(db, keys), total: counted?.n ?? 0 };
    },

    /** The filtered list after a cursor, in list order (the export reads it in batches). */
    async listAfter(filters: PriceListFilters, after: { code: string; kind: PriceKind; id: string } | null, limit: number): Promise<PriceRecord[]> {
      const cursor = after ? sql`where (p.code collate "C", p.kind, p.id) > (${after.code} collate "C", ${after.kind}::text, ${after.id}::uuid)` : sql``;
      const keys = await selectRows(db, KEY, sql`select ${KEY} from (${keysOf(kindsOf(filters.type), filters)}) p ${cursor} order by ${ORDER} limit ${limit}`);
      return recordsOf(db, keys);
    },

    async getById(kind: PriceKind, id: string, exec: Executor = db): Promise<PriceRecord | undefined> {
      const [record] = await readKind(exec, kind, (t) => sql`${t.id} = ${id}::uuid`);
      return record;
    },

    /** The price of that kind whose code matches without regard to case. */
    async findByCode(kind: PriceKind, code: string, exec: Executor = db): Promise<PriceRecord | undefined> {
      const [record] = await readKind(exec, kind, (t) => sql`lower(${t.code}) = lower(${code})`, sql`limit 1`);
      return record;
    },

    /** Prices of that kind whose codes are among `codes` (compared in lower case). */
    async findByCodes(kind: PriceKind, codes: string[], exec: Executor = db): Promise<PriceRecord[]> {
      const found: PriceRecord[] = [];
      const lower = [...new Set(codes.map((c) => c.toLowerCase()))];
      for (let i = 0; i < lower.length; i += 500) {
        const chunk = lower.slice(i, i + 500);
        found.push(...(await readKind(exec, kind, (t) => sql`lower(${t.code}) in (${sql.join(chunk.map((c) => sql`${c}`), sql`, `)})`)));
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
      const rows = await db.selectDistinct({ category: jobItemPrices.category }).from(jobItemPrices).orderBy(asc(jobItemPrices.category)).limit(200);
      return rows.map((r) => r.category);
    },
  };
}
export type PriceBookRepo = ReturnType<typeof createPriceBookRepo>;
