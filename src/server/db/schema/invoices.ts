/**
 * Invoices: the invoice, its own lines (copied from the job's items when it is created, so a later
 * change to the job never changes an invoice already sent) and the history of its status changes.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money, oneOf, trgm, trgmWords, notBlank, DB_ENUMS } from './columns.js';
import { agreements } from './agreements.js';
import { jobItems, jobs } from './jobs.js';
import { users } from './users.js';

export const jobInvoices = pgTable(
  'job_invoices',
  {
    id: id(),
    // The job billed; null for a service agreement's advance invoice (decision 052), which names
    // its agreement and billing period instead. A per-visit agreement invoice has both.
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'restrict' }),
    agreementId: uuid('agreement_id').references(() => agreements.id, { onDelete: 'restrict' }),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    invoiceNumber: varchar('invoice_number', { length: 40 }).notNull(),
    invoiceType: varchar('invoice_type', { length: 20 }).notNull().default('standard'),
    // What the customer owes in total (after discount and tax): invoiceTotals (src/domain/invoices/
    // totals.ts), kept by the server whenever the lines or discounts change; payments compare to it.
    amount: money('amount').notNull(),
    // What the invoice's non-void payments sum to (job_invoice_payments), kept by the server in the
    // same transaction as each payment and void (decision 036). Balance due = amount - amount_paid.
    amountPaid: money('amount_paid').notNull().default('0'),
    // The same function's parts (issue 27): the lines' sum, the discounts taken off, the sales tax.
    subtotal: money('subtotal').notNull().default('0'),
    discount: money('discount').notNull().default('0'),
    tax: money('tax').notNull().default('0'),
    // The tax group used, snapshotted on every draft write (an issued invoice never changes when
    // Settings do): code, name, rate (percent, 3 decimals); null when no group applies.
    taxGroupCode: varchar('tax_group_code', { length: 50 }),
    taxGroupName: varchar('tax_group_name', { length: 100 }),
    taxRate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'string' }),
    // The unit's taxable flag and label at the snapshot (false: "Tax exempt: unit … is not taxable").
    unitTaxable: boolean('unit_taxable').notNull().default(true),
    unitLabel: varchar('unit_label', { length: 200 }),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    issuedDate: date('issued_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    paidDate: date('paid_date', { mode: 'string' }),
    // The address the invoice was sent to (set by Send Invoice).
    email: varchar('email', { length: 254 }),
    notes: text('notes'),
    voidReason: text('void_reason'),
    voidedDate: date('voided_date', { mode: 'string' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // The job's service line and its location's company, kept equal to them by triggers (migration
    // 0017_invoice-report-triggers), so the financial report aggregates one table through one index.
    serviceLine: varchar('service_line', { length: 20 }),
    companyId: uuid('company_id'),
    // Bill To (decision 037): the unit's billing party, else the company's name and address; written
    // when the invoice is created, refreshed while it is a draft (edit, send), fixed once issued.
    billToName: varchar('bill_to_name', { length: 200 }),
    billToEmail: varchar('bill_to_email', { length: 254 }),
    billToAddress: varchar('bill_to_address', { length: 200 }),
    billToCity: varchar('bill_to_city', { length: 100 }),
    billToState: varchar('bill_to_state', { length: 2 }),
    billToZip: varchar('bill_to_zip', { length: 10 }),
    // Why this invoice bills job items another non-void invoice of the job already bills (issue 27).
    rebillReason: text('rebill_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_invoices_status_check', oneOf(t.status, DB_ENUMS.invoiceStatus)),
    check('job_invoices_type_check', oneOf(t.invoiceType, DB_ENUMS.invoiceType)),
    check('job_invoices_amount_check', sql`${t.amount} >= 0`),
    check('job_invoices_amount_paid_check', sql`${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.amount}`),
    check('job_invoices_money_parts_check', sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.tax} >= 0`),
    check('job_invoices_issued_has_date', sql`${t.status} not in ('issued', 'paid') or ${t.issuedDate} is not null`),
    check('job_invoices_paid_has_date', sql`${t.status} <> 'paid' or ${t.paidDate} is not null`),
    check(
      'job_invoices_void_has_reason',
      sql`${t.status} <> 'void' or (${t.voidReason} is not null and btrim(${t.voidReason}) <> '')`,
    ),
    check(
      'job_invoices_due_after_issue',
      sql`${t.dueDate} is null or ${t.issuedDate} is null or ${t.dueDate} >= ${t.issuedDate}`,
    ),
    uniqueIndex('job_invoices_number_unique').on(t.invoiceNumber),
    check('job_invoices_job_or_agreement', sql`${t.jobId} is not null or ${t.agreementId} is not null`),
    check(
      'job_invoices_agreement_period_check',
      sql`${t.agreementId} is null or (${t.periodStart} is not null and ${t.periodEnd} >= ${t.periodStart})`,
    ),
    // The agreement generator's keys (decision 052): one advance invoice per billing period, one
    // per-visit invoice per visit job; a second run or a second server finds the row and stops.
    uniqueIndex('job_invoices_agreement_period_unique')
      .on(t.agreementId, t.periodStart)
      .where(sql`${t.agreementId} is not null and ${t.jobId} is null`),
    uniqueIndex('job_invoices_agreement_job_unique')
      .on(t.agreementId, t.jobId)
      .where(sql`${t.agreementId} is not null and ${t.jobId} is not null`),
    // The deferred revenue report: the advance invoices billed, by issue date.
    index('job_invoices_advance_issued_idx')
      .on(t.issuedDate)
      .where(sql`${t.agreementId} is not null and ${t.jobId} is null and ${t.status} in ('issued', 'paid')`),
    index('job_invoices_job_idx').on(t.jobId),
    // /invoices/pending: the issued invoices by due date, the id as the tie break.
    index('job_invoices_status_due_idx').on(t.status, t.dueDate, t.id),
    index('job_invoices_issued_date_idx').on(t.issuedDate),
    index('job_invoices_paid_date_idx').on(t.paidDate),
    // /invoices newest first, the id as the tie break (many invoices share a creation time).
    index('job_invoices_created_at_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('job_invoices_draft_created_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'draft'`),
    // /invoices with a status filter, newest first.
    index('job_invoices_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // /invoices/paid, newest paid first.
    index('job_invoices_paid_list_idx')
      .on(t.paidDate.desc(), t.id.desc().nullsFirst())
      .where(sql`${t.status} = 'paid'`),
    trgm('job_invoices_number_trgm', t.invoiceNumber),
  ],
);

/** One billed line of an invoice: code, name, quantity x unit price = total. */
export const jobInvoiceLines = pgTable(
  'job_invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => jobInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    // part, labor or item when copied from a job item; null for a line typed on the edit screen.
    itemType: varchar('item_type', { length: 10 }),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'string' }).notNull(),
    unitPrice: money('unit_price').notNull(),
    total: money('total').notNull(),
    // The job item the line was copied from (double billing, issue 27); null for a typed or fee line.
    jobItemId: uuid('job_item_id').references(() => jobItems.id, { onDelete: 'set null' }),
    // Snapshot: the line's item is taxable (issue 27; the unit and the group decide the rest).
    taxable: boolean('taxable').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('job_invoice_lines_name_not_blank', notBlank(t.name)),
    check(
      'job_invoice_lines_item_type_check',
      sql`${t.itemType} is null or ${oneOf(t.itemType, DB_ENUMS.jobItemType)}`,
    ),
    check('job_invoice_lines_quantity_check', sql`${t.quantity} > 0`),
    check('job_invoice_lines_unit_price_check', sql`${t.unitPrice} >= 0`),
    check('job_invoice_lines_total_check', sql`${t.total} >= 0`),
    uniqueIndex('job_invoice_lines_position_unique').on(t.invoiceId, t.position),
    // Deleting a job item sets its lines' job_item_id to null through this index.
    index('job_invoice_lines_job_item_idx')
      .on(t.jobItemId)
      .where(sql`${t.jobItemId} is not null`),
  ],
);

/**
 * A payment received against an invoice (issue 27): never edited; voided (admin or manager, with a
 * reason) instead. The invoice's amount_paid is the sum of its non-void payments.
 */
export const jobInvoicePayments = pgTable(
  'job_invoice_payments',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => jobInvoices.id, { onDelete: 'cascade' }),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    reference: varchar('reference', { length: 100 }),
    note: text('note'),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
    voidedBy: uuid('voided_by').references(() => users.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
  },
  (t) => [
    check('job_invoice_payments_amount_check', sql`${t.amount} > 0`),
    check('job_invoice_payments_method_check', oneOf(t.method, DB_ENUMS.paymentMethod)),
    check(
      'job_invoice_payments_void_has_reason',
      sql`${t.voidedAt} is null or (${t.voidReason} is not null and btrim(${t.voidReason}) <> '')`,
    ),
    index('job_invoice_payments_invoice_idx').on(t.invoiceId, t.paymentDate, t.createdAt),
    // /invoices/payments newest first (and its date range), the id as the tie break.
    index('job_invoice_payments_date_idx').on(t.paymentDate.desc(), t.id.desc()),
    // the same, without the voided payments (the list's default)
    index('job_invoice_payments_live_date_idx')
      .on(t.paymentDate.desc(), t.id.desc())
      .where(sql`${t.voidedAt} is null`),
    index('job_invoice_payments_method_idx').on(t.method, t.paymentDate.desc(), t.id.desc()),
    trgm('job_invoice_payments_reference_trgm', t.reference),
  ],
);

/** A discount of a draft invoice (issue 27): an amount or a percentage of the subtotal, with its reason. */
export const jobInvoiceDiscounts = pgTable(
  'job_invoice_discounts',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => jobInvoices.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    amount: money('amount'),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'string' }),
    reason: text('reason').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('job_invoice_discounts_kind_check', oneOf(t.kind, ['amount', 'percent'])),
    check(
      'job_invoice_discounts_value_check',
      sql`(${t.kind} = 'amount' and ${t.amount} > 0 and ${t.percent} is null) or (${t.kind} = 'percent' and ${t.percent} > 0 and ${t.percent} <= 100 and ${t.amount} is null)`,
    ),
    check('job_invoice_discounts_reason_not_blank', notBlank(t.reason)),
    index('job_invoice_discounts_invoice_idx').on(t.invoiceId, t.createdAt),
  ],
);

/** Sales tax groups (Settings > Tax Groups): a unit names one by code; rate a percentage, 3 decimals. */
export const taxGroups = pgTable(
  'tax_groups',
  {
    id: id(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    rate: numeric('rate', { precision: 6, scale: 3, mode: 'string' }).notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tax_groups_code_unique').on(t.code),
    check('tax_groups_code_not_blank', notBlank(t.code)),
    check('tax_groups_name_not_blank', notBlank(t.name)),
    check('tax_groups_rate_check', sql`${t.rate} >= 0 and ${t.rate} <= 100`),
  ],
);

/** Every status an invoice went through, with who and when (the history on the invoice page). */
export const jobInvoiceStatusChanges = pgTable(
  'job_invoice_status_changes',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => jobInvoices.id, { onDelete: 'cascade' }),
    fromStatus: varchar('from_status', { length: 10 }),
    toStatus: varchar('to_status', { length: 10 }).notNull(),
    note: text('note'),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'job_invoice_status_changes_from_check',
      sql`${t.fromStatus} is null or ${oneOf(t.fromStatus, DB_ENUMS.invoiceStatus)}`,
    ),
    check('job_invoice_status_changes_to_check', oneOf(t.toStatus, DB_ENUMS.invoiceStatus)),
    index('job_invoice_status_changes_invoice_idx').on(t.invoiceId, t.changedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Totals kept by statement-level triggers on job_invoices (migration invoice-totals), in the same
// transaction as every insert, delete and change of an invoice: the lists' cards and the financial
// report read these few thousand rows instead of aggregating 500,000 invoices.
// ---------------------------------------------------------------------------------------------
const total = (name: string) => numeric(name, { precision: 16, scale: 2, mode: 'string' });

/** Invoices per status, issue month (null for drafts) and service line: the /invoices cards and the report's months, statuses and service lines. */
export const invoiceMonthTotals = pgTable(
  'invoice_month_totals',
  {
    status: varchar('status', { length: 10 }).notNull(),
    issuedMonth: date('issued_month', { mode: 'string' }),
    serviceLine: varchar('service_line', { length: 20 }),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: total('amount').notNull(),
  },
  (t) => [unique('invoice_month_totals_key').on(t.status, t.issuedMonth, t.serviceLine).nullsNotDistinct()],
);

/** Issued (not draft) invoices per customer and report period (y = year, q = quarter, m = month, by its first day): the report's Top Customers. */
export const invoiceCompanyTotals = pgTable(
  'invoice_company_totals',
  {
    period: char('period', { length: 1 }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    companyId: uuid('company_id'),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: total('amount').notNull(),
  },
  (t) => [
    unique('invoice_company_totals_key').on(t.period, t.periodStart, t.companyId).nullsNotDistinct(),
    // the period's largest customers first, as the report orders them
    index('invoice_company_totals_top_idx').on(t.period, t.periodStart, t.amount.desc().nullsFirst(), t.companyId),
    check('invoice_company_totals_period_check', oneOf(t.period, ['y', 'q', 'm'])),
  ],
);

/** Issued invoices per due date: /invoices/pending's Total Outstanding, Overdue and Due Soon. */
export const invoiceDueTotals = pgTable(
  'invoice_due_totals',
  {
    dueDate: date('due_date', { mode: 'string' }),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: total('amount').notNull(),
  },
  (t) => [unique('invoice_due_totals_key').on(t.dueDate).nullsNotDistinct()],
);

/** Paid invoices per paid date: /invoices/paid's Total Paid and Monthly Breakdown. */
export const invoicePaidTotals = pgTable('invoice_paid_totals', {
  paidDate: date('paid_date', { mode: 'string' }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
  amount: total('amount').notNull(),
});

/**
 * Sales tax of the issued and paid invoices per issue date and tax group: the financial report's
 * "Sales Tax Collected" for any period sums a few rows per day (decision 035). Kept by triggers.
 */
export const invoiceTaxDayTotals = pgTable(
  'invoice_tax_day_totals',
  {
    issuedDate: date('issued_date', { mode: 'string' }).notNull(),
    taxGroupCode: varchar('tax_group_code', { length: 50 }),
    n: bigint('n', { mode: 'number' }).notNull(),
    tax: total('tax').notNull(),
  },
  (t) => [unique('invoice_tax_day_totals_key').on(t.issuedDate, t.taxGroupCode).nullsNotDistinct()],
);

/** Payments not voided per payment date and method: the report's "Payments Received" (decision 036). Kept by triggers. */
export const paymentDayTotals = pgTable(
  'payment_day_totals',
  {
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    method: varchar('method', { length: 10 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    amount: total('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentDate, t.method] })],
);

/**
 * What the invoice lists' search box matches, one row per invoice: its number, its job's name, its
 * location's and its company's names, joined by a separator no search contains (U+001F). Kept by
 * triggers (migration invoice-search) on invoices, jobs, locations and companies, so one trigram
 * index finds an invoice by any of the four instead of uniting four searches through three joins.
 */
export const invoiceSearch = pgTable(
  'invoice_search',
  {
    invoiceId: uuid('invoice_id')
      .primaryKey()
      .references(() => jobInvoices.id, { onDelete: 'cascade' }),
    searchText: text('search_text').notNull(),
    // Copies of the invoice's own columns that the lists filter, sort and sum by (migration
    // 0029_invoice-search-columns, kept by the same triggers), so a search is filtered, counted and
    // summed on this narrow table alone, and each status list has a trigram index of its own.
    // null for an agreement's advance invoice (decision 052)
    jobId: uuid('job_id'),
    // the job's office ('' for an advance invoice: it has no job) (Home's Total Unsent Invoices opens the drafts of one office)
    office: varchar('office', { length: 100 }).notNull(),
    status: varchar('status', { length: 10 }).notNull(),
    amount: money('amount').notNull(),
    amountPaid: money('amount_paid').notNull().default('0'),
    issuedDate: date('issued_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    paidDate: date('paid_date', { mode: 'string' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    // Over the text's words as the search rule sees them (trigramWords: migration 0035).
    trgmWords('invoice_search_words_trgm', t.searchText),
    // /invoices/pending and /invoices/paid search only their own status.
    trgmWords('invoice_search_issued_words_trgm', t.searchText).where(sql`${t.status} = 'issued'`),
    trgmWords('invoice_search_paid_words_trgm', t.searchText).where(sql`${t.status} = 'paid'`),
    index('invoice_search_job_idx').on(t.jobId),
    // /invoices of one office (and status), newest first
    index('invoice_search_office_idx').on(t.office, t.status, t.createdAt.desc(), t.invoiceId.desc()),
    // every invoice newest first: the header search walks it when a fragment matches many
    index('invoice_search_created_idx').on(t.createdAt.desc().nullsFirst(), t.invoiceId.desc().nullsFirst()),
  ],
);
