/**
 * The Tech Scorecard at scale (decision 056, migration scorecard-day-totals): what each job adds to
 * the scorecard's figures (src/domain/tech-scorecard.ts) per technician, and those contributions
 * added up per technician and day, kept by statement-level triggers on jobs, job_technicians,
 * job_quotes and job_invoices in the same transaction as the change. GET /api/tech-scorecard sums
 * at most one row per technician and day of the period instead of reading the period's jobs,
 * invoices and quotes.
 */
import { bigint, date, index, integer, numeric, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';

const total = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' });

/**
 * One row per job, technician of the job and counted fact: the job's completion (with whether a
 * repeat visit followed it), its scheduled start (with its minutes), each of its issued or paid
 * invoices (with its amount), each quote sent on it (with whether it is approved or declined). A job
 * with no technician has none (it counts for nobody). `at` is the fact's instant and `day` its UTC
 * day; an invoice has no instant (`at` null) and its `day` is its issue date. The triggers
 * recompute a changed job's rows and add the difference to scorecard_day_totals; the reader takes
 * from here the hours of a period outside the whole UTC days.
 */
export const scorecardJobFacts = pgTable(
  'scorecard_job_facts',
  {
    jobId: uuid('job_id').notNull(),
    technicianId: uuid('technician_id').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }),
    day: date('day', { mode: 'string' }).notNull(),
    completed: integer('completed').notNull(),
    repeats: integer('repeats').notNull(),
    scheduled: integer('scheduled').notNull(),
    minutes: integer('minutes').notNull(),
    sent: integer('sent').notNull(),
    approved: integer('approved').notNull(),
    declined: integer('declined').notNull(),
    invoices: integer('invoices').notNull(),
    revenue: total('revenue').notNull(),
  },
  (t) => [index('scorecard_job_facts_job_idx').on(t.jobId), index('scorecard_job_facts_at_idx').on(t.at)],
);

/**
 * The facts added up per technician and day. completed, repeats, scheduled, minutes, sent,
 * approved and declined are by the UTC day of their instant (the period starts at a midnight of the
 * company's zone: the reader adds the facts of the hours outside whole UTC days); invoices and
 * revenue by the invoice's issue date (a date: no hours to add). A row that went back to zero stays.
 */
export const scorecardDayTotals = pgTable(
  'scorecard_day_totals',
  {
    technicianId: uuid('technician_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    completed: bigint('completed', { mode: 'number' }).notNull().default(0),
    repeats: bigint('repeats', { mode: 'number' }).notNull().default(0),
    scheduled: bigint('scheduled', { mode: 'number' }).notNull().default(0),
    minutes: bigint('minutes', { mode: 'number' }).notNull().default(0),
    sent: bigint('sent', { mode: 'number' }).notNull().default(0),
    approved: bigint('approved', { mode: 'number' }).notNull().default(0),
    declined: bigint('declined', { mode: 'number' }).notNull().default(0),
    invoices: bigint('invoices', { mode: 'number' }).notNull().default(0),
    revenue: total('revenue').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.technicianId, t.day] }),
    // every technician's rows of a period
    index('scorecard_day_totals_day_idx').on(t.day),
  ],
);
