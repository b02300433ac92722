/** Jobs, their technicians, priced items and the job form presets. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { contacts } from './contacts.js';
import { id, createdAt, updatedAt, money, oneOf, notBlank, trgm, DB_ENUMS } from './columns.js';
import { locations, units } from './customers.js';
import { users } from './users.js';
import { technicians } from './technicians.js';
import { serviceLines, jobTypes } from './reference.js';

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    number: integer('number').notNull().generatedByDefaultAsIdentity({ name: 'job_number_seq', startWith: 1001 }),
    name: varchar('name', { length: 200 }).notNull(),
    type: varchar('type', { length: 20 })
      .notNull()
      .references(() => jobTypes.code, { onUpdate: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('unscheduled'),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'restrict' }),
    contactName: varchar('contact_name', { length: 200 }),
    contactPhone: varchar('contact_phone', { length: 30 }),
    contactEmail: varchar('contact_email', { length: 254 }),
    contactType: varchar('contact_type', { length: 20 }).notNull().default('primary'),
    // The contact picked from the location's contacts (decision 038); the name, phone and e-mail
    // above stay the job's own copy. A contact a job names cannot be deleted.
    contactId: uuid('contact_id').references(() => contacts.id, { onDelete: 'restrict' }),
    serviceLine: varchar('service_line', { length: 20 })
      .notNull()
      .references(() => serviceLines.code, { onUpdate: 'cascade' }),
    description: text('description').notNull(),
    problemDescription: text('problem_description'),
    customerPo: varchar('customer_po', { length: 100 }),
    isTraining: boolean('is_training').notNull().default(false),
    timePeriodStart: date('time_period_start', { mode: 'string' }).notNull(),
    timePeriodDue: date('time_period_due', { mode: 'string' }).notNull(),
    scheduleStart: timestamp('schedule_start', { withTimezone: true, mode: 'date' }),
    // A job's length in whole minutes (1 to 1440), shown as h:mm.
    scheduleDuration: integer('schedule_duration').notNull().default(60),
    office: varchar('office', { length: 100 }).notNull().default('Main Office'),
    serviceContract: varchar('service_contract', { length: 20 }),
    // The quote's state lives in job_quotes (decision 018): see job_latest_quotes.
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    // Free labels for the dispatch board's filters.
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subcontracted: boolean('subcontracted').notNull().default(false),
    // The office's notes: the one field a completed or cancelled job still lets change (issue 26).
    notes: text('notes'),
    // number, name, company, location and unit number, kept by triggers (migration jobs-search).
    searchText: text('search_text').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('jobs_name_not_blank', notBlank(t.name)),
    check('jobs_status_check', oneOf(t.status, DB_ENUMS.jobStatus)),
    check('jobs_contact_type_check', oneOf(t.contactType, DB_ENUMS.jobContactType)),
    check('jobs_service_contract_check', oneOf(t.serviceContract, DB_ENUMS.serviceContract)),
    check('jobs_duration_check', sql`${t.scheduleDuration} between 1 and 1440`),
    check('jobs_period_check', sql`${t.timePeriodDue} >= ${t.timePeriodStart}`),
    check('jobs_scheduled_has_start', sql`${t.status} <> 'scheduled' or ${t.scheduleStart} is not null`),
    uniqueIndex('jobs_number_unique').on(t.number),
    // A status's newest jobs first: the /jobs page for one status without walking the other statuses.
    index('jobs_status_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.number.desc().nullsFirst()),
    index('jobs_schedule_start_idx').on(t.scheduleStart),
    index('jobs_time_period_due_idx').on(t.timePeriodDue),
    index('jobs_created_at_idx').on(t.createdAt.desc()),
    index('jobs_unit_idx').on(t.unitId, t.createdAt.desc()),
    index('jobs_location_idx').on(t.locationId),
    index('jobs_contact_idx')
      .on(t.contactId)
      .where(sql`${t.contactId} is not null`),
    index('jobs_office_idx').on(t.office),
    index('jobs_service_line_idx').on(t.serviceLine),
    index('jobs_type_idx').on(t.type),
    trgm('jobs_name_trgm', t.name),
    trgm('jobs_search_trgm', t.searchText),
    // Tags match case-insensitively: jobs_tags_key(tags) is the tags in lower case (migration dispatch-filters).
    index('jobs_tags_key_gin').using('gin', sql`jobs_tags_key(${t.tags})`),
    // The drawer's tag suggestions read the latest tagged jobs only.
    // The dispatch board's default (Due By Date, completed jobs hidden): only the open and cancelled
    // jobs of the range are visited, not every completed job due in it.
    index('jobs_board_due_idx')
      .on(t.timePeriodDue)
      .where(sql`${t.status} <> 'completed'`),
    // The Tech Scorecard's completed jobs of a period (decision 039).
    index('jobs_completed_at_idx')
      .on(t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    index('jobs_tagged_idx')
      .on(t.createdAt.desc())
      .where(sql`cardinality(${t.tags}) > 0`),
  ],
);

export const jobTechnicians = pgTable(
  'job_technicians',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'restrict' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    // The job's creation time and number, written by a trigger (migration 0031_job-technician-order;
    // never by the application), so a technician's jobs are listed newest first from one index.
    jobCreatedAt: timestamp('job_created_at', { withTimezone: true, mode: 'date' }),
    jobNumber: integer('job_number'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('job_technicians_job_technician_unique').on(t.jobId, t.technicianId),
    uniqueIndex('job_technicians_one_primary')
      .on(t.jobId)
      .where(sql`${t.isPrimary}`),
    index('job_technicians_technician_idx').on(t.technicianId, t.jobId),
    index('job_technicians_technician_order_idx').on(t.technicianId, t.jobCreatedAt.desc(), t.jobNumber.desc()),
  ],
);

export const jobItems = pgTable(
  'job_items',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    serviceLine: varchar('service_line', { length: 20 }).references(() => serviceLines.code, { onUpdate: 'cascade' }),
    // Hours for labor (steps of 0.25), whole for parts and items (quantityRefusal, issue 27).
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull().default(1),
    unitCost: money('unit_cost').notNull(),
    totalCost: money('total_cost').notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_items_type_check', oneOf(t.type, DB_ENUMS.jobItemType)),
    check('job_items_quantity_check', sql`${t.quantity} > 0`),
    check('job_items_unit_cost_check', sql`${t.unitCost} >= 0`),
    check('job_items_total_cost_check', sql`${t.totalCost} >= 0`),
    index('job_items_job_idx').on(t.jobId, t.createdAt),
    // The price book's part changes reach the agreements whose jobs used the part (decision 060).
    index('job_items_part_code_idx')
      .on(t.code)
      .where(sql`${t.type} = 'part'`),
  ],
);

/**
 * A job's edit history (issue 26): who changed which fields when, with the old and new values
 * (and, for references, the names they had then). Written by the jobs module in the same
 * transaction as the change. `quote_relevant` marks a change of what a sent quote shows: the
 * quotes module reads the latest one to flag "Quote Needs Update".
 */
export const jobChanges = pgTable(
  'job_changes',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // [{ field, old, new, oldLabel?, newLabel? }] (src/domain/jobs/edit.ts jobChange)
    changes: jsonb('changes').notNull(),
    quoteRelevant: boolean('quote_relevant').notNull().default(false),
  },
  (t) => [
    check('job_changes_not_empty', sql`jsonb_typeof(${t.changes}) = 'array' and jsonb_array_length(${t.changes}) > 0`),
    index('job_changes_job_idx').on(t.jobId, t.at.desc()),
    index('job_changes_quote_idx')
      .on(t.jobId, t.at.desc())
      .where(sql`${t.quoteRelevant}`),
  ],
);

export const jobPresets = pgTable(
  'job_presets',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    data: jsonb('data').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('job_presets_name_not_blank', notBlank(t.name)), index('job_presets_user_idx').on(t.userId, t.name)],
);

/**
 * Exact job counts per (status, type, service line, office), kept by statement-level triggers
 * (migrations job-counts, jobs-list-counters) in the same transaction as every insert, delete and
 * change of those columns: the /jobs total with no filter or with only these filters is a sum
 * over a few hundred rows here instead of a count over 500,000 jobs.
 */
export const jobCounts = pgTable(
  'job_counts',
  {
    status: varchar('status', { length: 20 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    serviceLine: varchar('service_line', { length: 20 }).notNull(),
    office: varchar('office', { length: 100 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.status, t.type, t.serviceLine, t.office] })],
);

/**
 * How many jobs have at least one technician (one row), kept by statement-level triggers on
 * job_technicians (migration jobs-list-counters): the "unassigned" total is the jobs' total minus it.
 */
export const jobAssignedCount = pgTable(
  'job_assigned_count',
  {
    id: smallint('id').primaryKey().default(1),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('job_assigned_count_one_row', sql`${t.id} = 1`)],
);

/**
 * Open jobs (not completed or cancelled) per due date, kept by the job_counts triggers (migration
 * jobs-open-due-counts): the overdue queue's total is a sum over the days before today.
 */
export const jobOpenDueCounts = pgTable('job_open_due_counts', {
  timePeriodDue: date('time_period_due', { mode: 'string' }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});
