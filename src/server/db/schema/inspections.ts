/** Inspections of units, their photos and their repair records (three option tiers). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money, oneOf, notBlank, DB_ENUMS } from './columns.js';
import { storedFiles } from './files.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

// Kept here (not imported from src/domain) so drizzle-kit can load this file on its own;
// src/server/modules/inspections/inspection-enums.test.ts checks them against the domain's lists.
export const REPAIR_LINE_KINDS_DB = ['accessory', 'additional'] as const;
export const PHOTO_CONTENT_TYPES_DB = ['image/jpeg', 'image/png', 'image/webp'] as const;

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
    thermostatStartup: money('thermostat_startup').notNull().default('0'),
    removalCost: money('removal_cost').notNull().default('0'),
    permitCost: money('permit_cost').notNull().default('0'),
    warranty: text('warranty'),
    selectedPhase: varchar('selected_phase', { length: 10 }).notNull().default('phase2'),
    totalCost: money('total_cost').notNull().default('0'),
    /**
     * Issue 29 (decision 044): a recommendation not sold on its visit stays open on the unit until
     * quoted and answered, or settled here: marked resolved (who, when, why), or added to a later
     * job's repair options (the copy; deleting the copy sets this back to null, so the original
     * is open again).
     */
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionReason: varchar('resolution_reason', { length: 500 }),
    carriedToRepairId: uuid('carried_to_repair_id').references((): AnyPgColumn => jobRepairs.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_repairs_selected_phase_check', oneOf(t.selectedPhase, DB_ENUMS.repairPhase)),
    check(
      'job_repairs_resolved_has_reason',
      sql`${t.resolvedAt} is null or (${t.resolutionReason} is not null and btrim(${t.resolutionReason}) <> '')`,
    ),
    index('job_repairs_carried_to_idx')
      .on(t.carriedToRepairId)
      .where(sql`${t.carriedToRepairId} is not null`),
    check(
      'job_repairs_costs_check',
      sql`${t.phase1Cost} >= 0 and ${t.phase2Cost} >= 0 and ${t.phase3Cost} >= 0 and ${t.labor} >= 0 and ${t.refrigerationRecovery} >= 0 and ${t.startUpCosts} >= 0 and ${t.thermostatStartup} >= 0 and ${t.removalCost} >= 0 and ${t.permitCost} >= 0 and ${t.totalCost} >= 0`,
    ),
    uniqueIndex('job_repairs_inspection_unique').on(t.inspectionId),
    index('job_repairs_job_idx').on(t.jobId),
    // Home's Open Deficiencies list, newest first (decision 022)
    index('job_repairs_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Accessories and additional items of a repair record, one row each, so money stays numeric(12,2)
 * and SQL can add them up (RULINGS.md). `position` keeps the order the form shows.
 */
export const jobRepairLines = pgTable(
  'job_repair_lines',
  {
    id: id(),
    repairId: uuid('repair_id')
      .notNull()
      .references(() => jobRepairs.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    cost: money('cost').notNull().default('0'),
  },
  (t) => [
    check('job_repair_lines_kind_check', oneOf(t.kind, REPAIR_LINE_KINDS_DB)),
    check('job_repair_lines_position_check', sql`${t.position} >= 0`),
    check('job_repair_lines_cost_check', sql`${t.cost} >= 0`),
    uniqueIndex('job_repair_lines_repair_kind_position_unique').on(t.repairId, t.kind, t.position),
  ],
);

/**
 * Photos of an inspection: the original as uploaded, a display-size JPEG and a thumbnail, each a
 * stored file (bytes in the database, shared by every app server). Deleting a photo row removes
 * its stored files (a trigger, so a cascade from a deleted job does too).
 */
export const jobInspectionPhotos = pgTable(
  'job_inspection_photos',
  {
    id: id(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => jobInspections.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    size: integer('size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    originalKey: uuid('original_key')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    displayKey: uuid('display_key')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    displayWidth: integer('display_width').notNull(),
    displayHeight: integer('display_height').notNull(),
    thumbKey: uuid('thumb_key')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('job_inspection_photos_content_type_check', oneOf(t.contentType, PHOTO_CONTENT_TYPES_DB)),
    check('job_inspection_photos_file_name_not_blank', notBlank(t.fileName)),
    check('job_inspection_photos_size_check', sql`${t.size} > 0 and ${t.size} <= 10485760`),
    check(
      'job_inspection_photos_dimensions_check',
      sql`${t.width} > 0 and ${t.height} > 0 and ${t.displayWidth} > 0 and ${t.displayHeight} > 0`,
    ),
    index('job_inspection_photos_inspection_idx').on(t.inspectionId, t.createdAt),
  ],
);

/**
 * The last time staff changed a job's inspections, repairs or photos, deletes included (a deleted
 * inspection leaves no row whose updated_at could tell). Compared with the job's latest quote to
 * show the resend banner.
 */
export const jobInspectionChanges = pgTable('job_inspection_changes', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
});
