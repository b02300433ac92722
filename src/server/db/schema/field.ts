/**
 * The technician's field work (issue 30, decision 045): time events, notes, checklist marks, the
 * customer's signature, the conflicts of a merge, and the answers kept for Idempotency-Keys.
 * Owned by modules/field.
 */

import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, createdAt, oneOf } from './columns.js';
import { storedFiles } from './files.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const TIME_EVENT_KINDS_DB = ['travel_started', 'arrived', 'work_started', 'work_finished'] as const;
const FIELD_EDITABLE_DB = ['contactName', 'contactPhone', 'problemDescription'] as const;

/** Start Travel, Arrive, Start Work, Finish: the phone's time and the server's, one row each. */
export const fieldTimeEvents = pgTable(
  'field_time_events',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 20 }).notNull(),
    deviceAt: at('device_at').notNull(),
    serverAt: at('server_at').notNull().defaultNow(),
  },
  (t) => [
    check('field_time_events_kind_check', oneOf(t.kind, TIME_EVENT_KINDS_DB)),
    index('field_time_events_job_idx').on(t.jobId, t.deviceAt),
    index('field_time_events_user_idx').on(t.userId, t.deviceAt),
  ],
);

export const fieldNotes = pgTable(
  'field_notes',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    body: text('body').notNull(),
    deviceAt: at('device_at').notNull(),
    serverAt: at('server_at').notNull().defaultNow(),
  },
  (t) => [index('field_notes_job_idx').on(t.jobId, t.serverAt)],
);

/** One row per ticked (or unticked) checklist item of a job; the items come from the job type. */
export const fieldChecklistMarks = pgTable(
  'field_checklist_marks',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    item: varchar('item', { length: 200 }).notNull(),
    done: boolean('done').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    deviceAt: at('device_at').notNull(),
    serverAt: at('server_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.item] })],
);

/** The customer's name (and drawn signature, a PNG in stored_files) given on completion. */
export const fieldSignatures = pgTable(
  'field_signatures',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    signerName: varchar('signer_name', { length: 200 }).notNull(),
    fileId: uuid('file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    deviceAt: at('device_at').notNull(),
    serverAt: at('server_at').notNull().defaultNow(),
  },
  (t) => [index('field_signatures_job_idx').on(t.jobId)],
);

/** A technician's change the office had changed differently meanwhile: both values, until someone picks. */
export const fieldConflicts = pgTable(
  'field_conflicts',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    field: varchar('field', { length: 40 }).notNull(),
    baseValue: text('base_value'),
    officeValue: text('office_value'),
    technicianValue: text('technician_value'),
    createdAt: createdAt(),
    resolvedAt: at('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolution: varchar('resolution', { length: 20 }),
  },
  (t) => [
    check('field_conflicts_field_check', oneOf(t.field, FIELD_EDITABLE_DB)),
    check('field_conflicts_resolution_check', oneOf(t.resolution, ['office', 'field'])),
    index('field_conflicts_job_idx').on(t.jobId, t.createdAt),
  ],
);

/**
 * The answer to each write sent with an Idempotency-Key, per user: a replay of the key gets the
 * stored answer and changes nothing. Written in the same transaction as the change it answers.
 */
export const fieldIdempotency = pgTable(
  'field_idempotency',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: varchar('key', { length: 100 }).notNull(),
    request: varchar('request', { length: 200 }).notNull(),
    statusCode: integer('status_code'),
    body: jsonb('body'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('field_idempotency_created_idx').on(t.createdAt)],
);

/** Photos taken on the phone (resized there, re-encoded here without metadata), in stored_files. */
export const fieldPhotos = pgTable(
  'field_photos',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    deviceAt: at('device_at').notNull(),
    serverAt: at('server_at').notNull().defaultNow(),
  },
  (t) => [index('field_photos_job_idx').on(t.jobId, t.serverAt)],
);
