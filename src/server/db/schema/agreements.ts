/**
 * Service agreements (issue 29, decision 043): the agreement and its term, plan and price, the
 * units it covers, the visits it planned (each becomes a job) and the generator's runs.
 * Owned by modules/agreements; jobs are written only by the jobs module.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, notBlank, oneOf, updatedAt } from './columns.js';
import { companies, locations, units } from './customers.js';
import { jobs } from './jobs.js';
import { jobTypes, serviceLines } from './reference.js';
import { technicians } from './technicians.js';
import { users } from './users.js';

// Kept here (not imported from src/domain) so drizzle-kit can load this file on its own.
export const AGREEMENT_STATUS_VALUES = ['draft', 'active', 'expired', 'cancelled'] as const;
export const AGREEMENT_FREQUENCY_VALUES = ['monthly', 'quarterly', 'semiannual', 'annual', 'months'] as const;
export const AGREEMENT_BILLING_PLAN_VALUES = ['per_visit', 'monthly', 'quarterly', 'annually'] as const;

export const agreements = pgTable(
  'agreements',
  {
    id: id(),
    number: integer('number').notNull().generatedByDefaultAsIdentity({ name: 'agreement_number_seq', startWith: 1001 }),
    name: varchar('name', { length: 200 }).notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    // The visit plan (src/domain/agreements/recurrence.ts).
    frequency: varchar('frequency', { length: 20 }).notNull(),
    months: smallint('months')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    dayKind: varchar('day_kind', { length: 20 }).notNull(),
    dayOfMonth: smallint('day_of_month').notNull().default(1),
    nth: smallint('nth').notNull().default(1),
    weekday: smallint('weekday').notNull().default(1),
    windowDays: smallint('window_days').notNull().default(14),
    technicianId: uuid('technician_id').references(() => technicians.id, { onDelete: 'set null' }),
    jobType: varchar('job_type', { length: 20 })
      .notNull()
      .references(() => jobTypes.code, { onUpdate: 'cascade' }),
    serviceLine: varchar('service_line', { length: 20 })
      .notNull()
      .references(() => serviceLines.code, { onUpdate: 'cascade' }),
    visitDuration: integer('visit_duration').notNull().default(60),
    checklist: text('checklist')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Price and billing: what the billing issue builds on (invoices on the plan's schedule).
    price: money('price').notNull(),
    billingPlan: varchar('billing_plan', { length: 20 }).notNull(),
    notToExceed: money('not_to_exceed'),
    autoRenew: boolean('auto_renew').notNull().default(false),
    escalatorPercent: numeric('escalator_percent', { precision: 5, scale: 2, mode: 'string' }).notNull().default('0'),
    notes: text('notes'),
    renewedFromId: uuid('renewed_from_id').references((): AnyPgColumn => agreements.id, { onDelete: 'restrict' }),
    // Visits before this date follow the plan that was in force then: an edit of the plan never
    // makes the generator catch up on past dates of the new plan.
    planFrom: date('plan_from', { mode: 'string' }).notNull(),
    // The next plan date not yet made into visits (null: none left in the term); the generator
    // reads only the agreements whose next visit is inside its horizon.
    nextVisitOn: date('next_visit_on', { mode: 'string' }),
    // The start of the next billing period not yet invoiced (advance plans; decision 052); null:
    // none left, or billed per visit. The generator reads the active agreements due by today.
    nextBillOn: date('next_bill_on', { mode: 'string' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('agreements_name_not_blank', notBlank(t.name)),
    check('agreements_status_check', oneOf(t.status, AGREEMENT_STATUS_VALUES)),
    check('agreements_frequency_check', oneOf(t.frequency, AGREEMENT_FREQUENCY_VALUES)),
    check('agreements_billing_plan_check', oneOf(t.billingPlan, AGREEMENT_BILLING_PLAN_VALUES)),
    check('agreements_day_kind_check', oneOf(t.dayKind, ['dayOfMonth', 'nthWeekday'])),
    check('agreements_term_check', sql`${t.endDate} >= ${t.startDate}`),
    check('agreements_price_check', sql`${t.price} >= 0`),
    check('agreements_escalator_check', sql`${t.escalatorPercent} between 0 and 100`),
    check('agreements_day_check', sql`${t.dayOfMonth} between 1 and 28`),
    check('agreements_window_check', sql`${t.windowDays} between 1 and 92`),
    uniqueIndex('agreements_number_unique').on(t.number),
    // One renewal per term.
    uniqueIndex('agreements_renewed_from_unique')
      .on(t.renewedFromId)
      .where(sql`${t.renewedFromId} is not null`),
    // The list's order (end date, then id), with and without its filters.
    index('agreements_end_date_idx').on(t.endDate, t.id),
    index('agreements_company_idx').on(t.companyId, t.endDate),
    index('agreements_status_idx').on(t.status, t.endDate),
    // The generator's reading: active agreements whose next visit falls inside the horizon.
    index('agreements_next_bill_idx')
      .on(t.nextBillOn)
      .where(sql`${t.status} = 'active'`),
    index('agreements_next_visit_idx')
      .on(t.nextVisitOn)
      .where(sql`${t.status} = 'active'`),
  ],
);

export const agreementUnits = pgTable(
  'agreement_units',
  {
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    unitId: uuid('unit_id')
      .notNull()
      .references(() => units.id, { onDelete: 'restrict' }),
    // The unit's location when it was added: a visit is one job per location.
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
  },
  (t) => [
    // A unit once per agreement; the key also orders the full data export's reads.
    primaryKey({ name: 'agreement_units_pkey', columns: [t.agreementId, t.unitId] }),
    index('agreement_units_unit_idx').on(t.unitId),
  ],
);

export const agreementVisits = pgTable(
  'agreement_visits',
  {
    id: id(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    visitDate: date('visit_date', { mode: 'string' }).notNull(),
    // The first day of the visit's month: a plan visits at most once a month, so this is the
    // visit's key (a changed day of the month finds the visit it already has).
    period: date('period', { mode: 'string' }).notNull(),
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    // The visit's job; null when someone deleted the job (the visit is not made again).
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    runId: uuid('run_id'),
    createdAt: createdAt(),
  },
  (t) => [
    // The generator's key: each agreement's visit of a month at a location, once.
    uniqueIndex('agreement_visits_unique').on(t.agreementId, t.period, t.locationId),
    check('agreement_visits_period_check', sql`${t.period} = date_trunc('month', ${t.visitDate})::date`),
    // Visits due this month and not scheduled (Home's card, decision 053): the windows ending from
    // the month's first day on.
    index('agreement_visits_window_idx').on(t.windowEnd, t.visitDate),
    uniqueIndex('agreement_visits_job_unique')
      .on(t.jobId)
      .where(sql`${t.jobId} is not null`),
  ],
);

export const agreementGeneratorRuns = pgTable(
  'agreement_generator_runs',
  {
    id: id(),
    trigger: varchar('trigger', { length: 20 }).notNull(),
    triggeredBy: uuid('triggered_by').references(() => users.id, { onDelete: 'set null' }),
    server: varchar('server', { length: 100 }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    throughDate: date('through_date', { mode: 'string' }),
    visitsCreated: integer('visits_created').notNull().default(0),
    agreementsRenewed: integer('agreements_renewed').notNull().default(0),
    agreementsExpired: integer('agreements_expired').notNull().default(0),
    // Agreement invoices the run's billing created (advance periods and per-visit jobs; decision 058).
    invoicesCreated: integer('invoices_created').notNull().default(0),
    error: text('error'),
    // The database's own time (started_at is the app's clock, which tests pin): orders runs that started together.
    createdAt: createdAt(),
  },
  (t) => [
    check('agreement_generator_runs_trigger_check', oneOf(t.trigger, ['schedule', 'manual'])),
    index('agreement_generator_runs_started_idx').on(t.startedAt.desc()),
  ],
);
