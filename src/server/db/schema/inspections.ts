/** Inspections of units and their repair records (three option tiers). */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money, oneOf, DB_ENUMS } from './columns.js';
import { jobs } from './jobs.js';

export const jobInspections = pgTable(
  'job_inspections',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    modelNumber: varchar('model_number', { length: 100 }),
    serialNumber: varchar('serial_number', { length: 100 }),
    age: integer('age'),
    tonnage: varchar('tonnage', { length: 20 }),
    unitType: varchar('unit_type', { length: 20 }),
    systemType: varchar('system_type', { length: 20 }),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_inspections_age_check', sql`${t.age} >= 0`),
    check('job_inspections_unit_type_check', oneOf(t.unitType, DB_ENUMS.inspectionUnitType)),
    check('job_inspections_system_type_check', oneOf(t.systemType, DB_ENUMS.inspectionSystemType)),
    index('job_inspections_job_idx').on(t.jobId, t.createdAt.desc()),
  ],
);

export const jobRepairs = pgTable(
  'job_repairs',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => jobInspections.id, { onDelete: 'cascade' }),
    needsCrane: boolean('needs_crane').notNull().default(false),
    phase1Description: text('phase1_description').notNull().default('Economy Option'),
    phase1Cost: money('phase1_cost').notNull().default('0'),
    phase2Description: text('phase2_description').notNull().default('Standard Option'),
    phase2Cost: money('phase2_cost').notNull().default('0'),
    phase3Description: text('phase3_description').notNull().default('Premium Option'),
    phase3Cost: money('phase3_cost').notNull().default('0'),
    labor: money('labor').notNull().default('0'),
    refrigerationRecovery: money('refrigeration_recovery').notNull().default('0'),
    startUpCosts: money('start_up_costs').notNull().default('0'),
    accessories: jsonb('accessories').$type<{ name: string; cost: number }[]>().notNull().default([]),
    thermostatStartup: money('thermostat_startup').notNull().default('0'),
    removalCost: money('removal_cost').notNull().default('0'),
    permitCost: money('permit_cost').notNull().default('0'),
    warranty: text('warranty'),
    additionalItems: jsonb('additional_items').$type<{ name: string; cost: number }[]>().notNull().default([]),
    selectedPhase: varchar('selected_phase', { length: 10 }).notNull().default('phase2'),
    totalCost: money('total_cost').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_repairs_selected_phase_check', oneOf(t.selectedPhase, DB_ENUMS.repairPhase)),
    check(
      'job_repairs_costs_check',
      sql`${t.phase1Cost} >= 0 and ${t.phase2Cost} >= 0 and ${t.phase3Cost} >= 0 and ${t.labor} >= 0 and ${t.refrigerationRecovery} >= 0 and ${t.startUpCosts} >= 0 and ${t.thermostatStartup} >= 0 and ${t.removalCost} >= 0 and ${t.permitCost} >= 0 and ${t.totalCost} >= 0`,
    ),
    uniqueIndex('job_repairs_inspection_unique').on(t.inspectionId),
    index('job_repairs_job_idx').on(t.jobId),
  ],
);
