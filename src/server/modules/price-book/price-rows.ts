import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import {
  partPriceInputOf,
  SKILL_LEVELS,
  type ItemPriceRecord,
  type ItemPriceUpdateInput,
  type LaborPriceRecord,
  type LaborPriceUpdateInput,
  type PartPriceRecord,
  type PartPriceUpdateInput,
  type PriceRecord,
} from '../../../domain/price-book.js';
import { computePartPrice } from '../../../domain/pricing.js';
import type { Executor } from '../../db/client.js';
import { jobItemPrices, jobLaborPrices, jobPartPrices, serviceLines } from '../../db/schema.js';
import { from, nullable, oneOfColumn, selectRows, selection, tableAlias, type RowOf } from '../../db/sql.js';

/**
 * Each kind of price between its table and the API, in one place per kind:
 * - `columnsOf`: the columns a validated payload (dollars) is stored as, in numeric(12,2) text. A
 *   part's adjusted labor rate, base, flat rates and unit cost always come from the formula here,
 *   never from the request;
 * - `row` and `toRecord`: the stored row (with its service line's name) read through a selection,
 *   and the record (cents) the API answers with;
 * - `insert`, `update`, `remove`: the writes on that kind's table.
 * The values a form holds for a record are the domain's PRICE_VALUES (src/domain/price-book.ts).
 */

const sl = tableAlias(serviceLines, 'sl');
const pp = tableAlias(jobPartPrices, 'pp');
const lp = tableAlias(jobLaborPrices, 'lp');
const ip = tableAlias(jobItemPrices, 'ip');

const PART_ROW = selection({ ...getTableColumns(pp), serviceLineName: nullable(sl.name) });
const LABOR_ROW = selection({
  ...getTableColumns(lp),
  skillLevel: oneOfColumn(lp.skillLevel, SKILL_LEVELS),
  serviceLineName: nullable(sl.name),
});
const ITEM_ROW = selection({ ...getTableColumns(ip), serviceLineName: nullable(sl.name) });
type AnyRow = RowOf<typeof PART_ROW.fields> | RowOf<typeof LABOR_ROW.fields> | RowOf<typeof ITEM_ROW.fields>;

/** A decimal with at most 2 places as numeric text (hours, multipliers). */
const decimal2 = (value: number) => (Math.round(value * 100) / 100).toFixed(2);
/** Dollars as a person typed them (at most 2 decimals) as numeric(12,2) text. */
const money = (dollars: number) => centsToDecimal(toCents(dollars));

const commonColumnsOf = (price: { name: string; description: string | null; serviceLine: string }) => ({
  name: price.name,
  description: price.description,
  serviceLine: price.serviceLine,
});
const commonRecordOf = (row: AnyRow) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  description: row.description,
  serviceLine: row.serviceLine,
  serviceLineName: row.serviceLineName,
  unitCostCents: toCents(row.unitCost),
});
const returningId = <T extends { id: string }>(rows: T[]) => rows.map((row) => row.id);

export const PART_PRICES = {
  alias: pp,
  row: PART_ROW,
  columnsOf(part: PartPriceUpdateInput) {
    const input = partPriceInputOf(part);
    const price = computePartPrice(input);
    return {
      ...commonColumnsOf(part),
      unitCost: centsToDecimal(price.unitCostCents),
      partsCost: centsToDecimal(input.partsCostCents),
      estimatedHours: decimal2(part.estimatedHours),
      complexityMultiplier: decimal2(part.complexityMultiplier),
      laborRate: centsToDecimal(input.laborRateCents),
      multiTechnician: part.multiTechnician,
      adjustedLaborCost: centsToDecimal(price.adjustedLaborRateCents),
      truckFee: centsToDecimal(input.truckFeeCents),
      includeRoofAccess: part.includeRoofAccess,
      roofAccessFee: centsToDecimal(input.roofAccessFeeCents),
      totalBaseCost: centsToDecimal(price.totalBaseCents),
      flatRateNonContract: centsToDecimal(price.flatRateNonContractCents),
      flatRatePmContract: centsToDecimal(price.flatRatePmContractCents),
    };
  },
  toRecord(row: RowOf<typeof PART_ROW.fields>): PartPriceRecord {
    return {
      kind: 'part',
      ...commonRecordOf(row),
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
    };
  },
  insert: async (exec: Executor, parts: (PartPriceUpdateInput & { code: string })[]) =>
    returningId(
      await exec
        .insert(jobPartPrices)
        .values(parts.map((part) => ({ code: part.code, ...PART_PRICES.columnsOf(part) })))
        .returning({ id: jobPartPrices.id }),
    ),
  update: async (exec: Executor, id: string, part: PartPriceUpdateInput) =>
    returningId(
      await exec
        .update(jobPartPrices)
        .set({ ...PART_PRICES.columnsOf(part), updatedAt: new Date() })
        .where(eq(jobPartPrices.id, id))
        .returning({ id: jobPartPrices.id }),
    ),
  remove: async (exec: Executor, id: string) =>
    returningId(await exec.delete(jobPartPrices).where(eq(jobPartPrices.id, id)).returning({ id: jobPartPrices.id })),
};

export const LABOR_PRICES = {
  alias: lp,
  row: LABOR_ROW,
  columnsOf(labor: LaborPriceUpdateInput) {
    return {
      ...commonColumnsOf(labor),
      unitCost: money(labor.unitCost),
      skillLevel: labor.skillLevel,
      durationHours: decimal2(labor.durationHours),
      isOvertime: labor.isOvertime,
      isEmergency: labor.isEmergency,
    };
  },
  toRecord(row: RowOf<typeof LABOR_ROW.fields>): LaborPriceRecord {
    return {
      kind: 'labor',
      ...commonRecordOf(row),
      skillLevel: row.skillLevel,
      durationHours: Number(row.durationHours),
      isOvertime: row.isOvertime,
      isEmergency: row.isEmergency,
    };
  },
  insert: async (exec: Executor, labor: (LaborPriceUpdateInput & { code: string })[]) =>
    returningId(
      await exec
        .insert(jobLaborPrices)
        .values(labor.map((price) => ({ code: price.code, ...LABOR_PRICES.columnsOf(price) })))
        .returning({ id: jobLaborPrices.id }),
    ),
  update: async (exec: Executor, id: string, labor: LaborPriceUpdateInput) =>
    returningId(
      await exec
        .update(jobLaborPrices)
        .set({ ...LABOR_PRICES.columnsOf(labor), updatedAt: new Date() })
        .where(eq(jobLaborPrices.id, id))
        .returning({ id: jobLaborPrices.id }),
    ),
  remove: async (exec: Executor, id: string) =>
    returningId(
      await exec.delete(jobLaborPrices).where(eq(jobLaborPrices.id, id)).returning({ id: jobLaborPrices.id }),
    ),
};

export const ITEM_PRICES = {
  alias: ip,
  row: ITEM_ROW,
  columnsOf(item: ItemPriceUpdateInput) {
    return {
      ...commonColumnsOf(item),
      unitCost: money(item.unitCost),
      category: item.category,
      isTaxable: item.isTaxable,
    };
  },
  toRecord(row: RowOf<typeof ITEM_ROW.fields>): ItemPriceRecord {
    return { kind: 'item', ...commonRecordOf(row), category: row.category, isTaxable: row.isTaxable };
  },
  insert: async (exec: Executor, items: (ItemPriceUpdateInput & { code: string })[]) =>
    returningId(
      await exec
        .insert(jobItemPrices)
        .values(items.map((item) => ({ code: item.code, ...ITEM_PRICES.columnsOf(item) })))
        .returning({ id: jobItemPrices.id }),
    ),
  update: async (exec: Executor, id: string, item: ItemPriceUpdateInput) =>
    returningId(
      await exec
        .update(jobItemPrices)
        .set({ ...ITEM_PRICES.columnsOf(item), updatedAt: new Date() })
        .where(eq(jobItemPrices.id, id))
        .returning({ id: jobItemPrices.id }),
    ),
  remove: async (exec: Executor, id: string) =>
    returningId(await exec.delete(jobItemPrices).where(eq(jobItemPrices.id, id)).returning({ id: jobItemPrices.id })),
};

export const PRICE_ROWS = { part: PART_PRICES, labor: LABOR_PRICES, item: ITEM_PRICES };
/** Any kind's aliased table: the columns every kind has (id, code, name, service line, ...). */
export type PriceTable = (typeof PRICE_ROWS)[keyof typeof PRICE_ROWS]['alias'];

/** The prices of one kind that meet `where` (on that kind's aliased table), as records. */
export async function readPrices(
  exec: Executor,
  kind: keyof typeof PRICE_ROWS,
  where: (t: PriceTable) => SQL,
  tail: SQL = sql``,
): Promise<PriceRecord[]> {
  const { alias: t, row } = PRICE_ROWS[kind];
  const query = sql`select ${row} from ${from(t)} left join ${from(sl)} on ${sl.code} = ${t.serviceLine} where ${where(t)} ${tail}`;
  switch (kind) {
    case 'part':
      return (await selectRows(exec, PART_PRICES.row, query)).map(PART_PRICES.toRecord);
    case 'labor':
      return (await selectRows(exec, LABOR_PRICES.row, query)).map(LABOR_PRICES.toRecord);
    case 'item':
      return (await selectRows(exec, ITEM_PRICES.row, query)).map(ITEM_PRICES.toRecord);
  }
}
