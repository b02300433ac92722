/** The price book: parts (flat-rate formula), labor and other items. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money, oneOf, notBlank, trgm, DB_ENUMS } from './columns.js';
import { serviceLines } from './reference.js';

const priceCommon = () => ({
  id: id(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  description: text('description'),
  serviceLine: varchar('service_line', { length: 20 })
    .notNull()
    .default('HVACGEN')
    .references(() => serviceLines.code, { onUpdate: 'cascade' }),
  unitCost: money('unit_cost').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const jobPartPrices = pgTable(
  'job_part_prices',
  {
    ...priceCommon(),
    partsCost: money('parts_cost').notNull().default('0'),
    estimatedHours: numeric('estimated_hours', { precision: 6, scale: 2, mode: 'string' }).notNull().default('0'),
    complexityMultiplier: numeric('complexity_multiplier', { precision: 4, scale: 2, mode: 'string' })
      .notNull()
      .default('1'),
    laborRate: money('labor_rate').notNull().default('60'),
    multiTechnician: boolean('multi_technician').notNull().default(false),
    // labor rate plus the multi-technician markup (+50 per hour) when it applies
    adjustedLaborCost: money('adjusted_labor_cost').notNull().default('60'),
    truckFee: money('truck_fee').notNull().default('10'),
    includeRoofAccess: boolean('include_roof_access').notNull().default(false),
    roofAccessFee: money('roof_access_fee').notNull().default('75'),
    totalBaseCost: money('total_base_cost').notNull().default('0'),
    flatRateNonContract: money('flat_rate_non_contract').notNull().default('0'),
    flatRatePmContract: money('flat_rate_pm_contract').notNull().default('0'),
  },
  (t) => [
    check('job_part_prices_code_not_blank', notBlank(t.code)),
    // Every price needs a name and a unit cost above 0, parts included (a part priced at $0 could never be saved again).
    check('job_part_prices_name_not_blank', notBlank(t.name)),
    check('job_part_prices_unit_cost_check', sql`${t.unitCost} > 0`),
    check('job_part_prices_parts_cost_check', sql`${t.partsCost} >= 0`),
    check('job_part_prices_hours_check', sql`${t.estimatedHours} >= 0`),
    check('job_part_prices_complexity_check', sql`${t.complexityMultiplier} >= 0.1`),
    check('job_part_prices_fees_check', sql`${t.laborRate} >= 0 and ${t.truckFee} >= 0 and ${t.roofAccessFee} >= 0`),
    uniqueIndex('job_part_prices_code_unique').on(t.code),
    index('job_part_prices_service_line_idx').on(t.serviceLine),
    trgm('job_part_prices_code_trgm', t.code),
    trgm('job_part_prices_name_trgm', t.name),
  ],
);

export const jobLaborPrices = pgTable(
  'job_labor_prices',
  {
    ...priceCommon(),
    skillLevel: varchar('skill_level', { length: 20 }).notNull().default('standard'),
    isOvertime: boolean('is_overtime').notNull().default(false),
    isEmergency: boolean('is_emergency').notNull().default(false),
    durationHours: numeric('duration_hours', { precision: 6, scale: 2, mode: 'string' }).notNull().default('1'),
  },
  (t) => [
    check('job_labor_prices_code_not_blank', notBlank(t.code)),
    check('job_labor_prices_name_not_blank', notBlank(t.name)),
    check('job_labor_prices_unit_cost_check', sql`${t.unitCost} > 0`),
    check('job_labor_prices_skill_level_check', oneOf(t.skillLevel, DB_ENUMS.skillLevel)),
    check('job_labor_prices_duration_check', sql`${t.durationHours} >= 0.1`),
    uniqueIndex('job_labor_prices_code_unique').on(t.code),
    index('job_labor_prices_service_line_idx').on(t.serviceLine),
    trgm('job_labor_prices_code_trgm', t.code),
    trgm('job_labor_prices_name_trgm', t.name),
  ],
);

export const jobItemPrices = pgTable(
  'job_item_prices',
  {
    ...priceCommon(),
    category: varchar('category', { length: 100 }).notNull().default('General'),
    isTaxable: boolean('is_taxable').notNull().default(true),
  },
  (t) => [
    check('job_item_prices_code_not_blank', notBlank(t.code)),
    check('job_item_prices_name_not_blank', notBlank(t.name)),
    check('job_item_prices_unit_cost_check', sql`${t.unitCost} > 0`),
    uniqueIndex('job_item_prices_code_unique').on(t.code),
    index('job_item_prices_service_line_idx').on(t.serviceLine),
    trgm('job_item_prices_code_trgm', t.code),
    trgm('job_item_prices_name_trgm', t.name),
  ],
);
