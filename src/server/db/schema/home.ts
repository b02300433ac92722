/**
 * The Home counts at scale (decision 022, migration home-counters): what every job contributes to
 * the nine counts, and those contributions added up per technician, office and day, kept by
 * statement-level triggers on jobs, job_technicians, job_quotes, job_invoices and job_repairs in the
 * same transaction as the change. GET /api/home/stats sums a few thousand counter rows instead of
 * reading 500,000 jobs.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

const total = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' });

/**
 * Every technician's counter rows use their id; the counters of all jobs, whoever works them, use
 * this id (no technician has it: ids are random version-4 UUIDs).
 */
export const EVERY_TECHNICIAN = '00000000-0000-0000-0000-000000000000';

/**
 * What each job adds to the counts, one row per technician key (EVERY_TECHNICIAN, and each of the
 * job's technicians) and instant of the records it counts by: the job's creation (its job-level
 * counts, with its due date when open and its start when scheduled), the creation of each of its
 * open-deficiency repair records and of each of its draft invoices. A job that counts nowhere has
 * no rows. The triggers recompute a changed job's rows and add the difference to home_counts and
 * home_future_counts; the reader takes from here the part of a period before the counters' first
 * whole day, the jobs due (or starting) later this month, and the live quotes.
 */
export const homeJobFacts = pgTable(
  'home_job_facts',
  {
    technicianId: uuid('technician_id').notNull(),
    // the job, or for an advance agreement invoice (no job, decision 059) the invoice: one of the two
    jobId: uuid('job_id'),
    invoiceId: uuid('invoice_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    office: varchar('office', { length: 100 }).notNull(),
    timePeriodDue: date('time_period_due', { mode: 'string' }),
    scheduleStart: timestamp('schedule_start', { withTimezone: true, mode: 'date' }),
    noAppointment: integer('no_appointment').notNull(),
    openJobs: integer('open_jobs').notNull(),
    scheduledJobs: integer('scheduled_jobs').notNull(),
    followUp: integer('follow_up').notNull(),
    toSchedule: integer('to_schedule').notNull(),
    toScheduleValue: total('to_schedule_value').notNull(),
    toInvoice: integer('to_invoice').notNull(),
    deficiencies: integer('deficiencies').notNull(),
    unsent: integer('unsent').notNull(),
    unsentValue: total('unsent_value').notNull(),
    // the job's quote awaiting the customer (status sent; one per job), at its send time: Total
    // Submitted Quotes counts it while its link is live
    openQuote: integer('open_quote').notNull(),
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true, mode: 'date' }),
    quoteAmount: total('quote_amount'),
  },
  (t) => [
    index('home_job_facts_job_idx').on(t.jobId),
    index('home_job_facts_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    check('home_job_facts_job_or_invoice', sql`(${t.jobId} is null) <> (${t.invoiceId} is null)`),
    index('home_job_facts_created_idx').on(t.technicianId, t.createdAt),
    // and, in the migration (drizzle has no INCLUDE), partial indexes per technician key, with the
    // creation time and office to filter on: the open jobs by due date, the scheduled jobs by start,
    // the open quotes by expiry
  ],
);

/**
 * The contributions added up per technician (EVERY_TECHNICIAN: all jobs), job office and UTC day.
 * open_jobs and scheduled_jobs are the totals Overdue Jobs and Past Jobs to Mark Complete are taken
 * from: the jobs not yet due / not yet started are counted at read time (they move with the clock).
 */
export const homeCounts = pgTable(
  'home_counts',
  {
    technicianId: uuid('technician_id').notNull(),
    office: varchar('office', { length: 100 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    noAppointment: bigint('no_appointment', { mode: 'number' }).notNull().default(0),
    openJobs: bigint('open_jobs', { mode: 'number' }).notNull().default(0),
    scheduledJobs: bigint('scheduled_jobs', { mode: 'number' }).notNull().default(0),
    followUp: bigint('follow_up', { mode: 'number' }).notNull().default(0),
    toSchedule: bigint('to_schedule', { mode: 'number' }).notNull().default(0),
    toScheduleValue: total('to_schedule_value').notNull().default('0'),
    toInvoice: bigint('to_invoice', { mode: 'number' }).notNull().default(0),
    deficiencies: bigint('deficiencies', { mode: 'number' }).notNull().default(0),
    unsent: bigint('unsent', { mode: 'number' }).notNull().default(0),
    unsentValue: total('unsent_value').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.technicianId, t.office, t.day] })],
);

/**
 * The open jobs per technician key, office and UTC creation day, by the month they are due
 * (kind 'd', the first day of the month of time_period_due), and the scheduled jobs by the UTC
 * month they start (kind 's'). Overdue Jobs = open jobs less those not yet due: the ones due in a
 * later month come from here, the ones due later this month from home_job_facts; the same for
 * Past Jobs to Mark Complete with the start.
 */
export const homeFutureCounts = pgTable(
  'home_future_counts',
  {
    technicianId: uuid('technician_id').notNull(),
    kind: char('kind', { length: 1 }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    office: varchar('office', { length: 100 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.technicianId, t.kind, t.month, t.office, t.day] }),
    check('home_future_counts_kind_check', sql`${t.kind} in ('d', 's')`),
  ],
);
