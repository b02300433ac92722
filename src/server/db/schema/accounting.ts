/**
 * Accounting export (issue 31 item 4, decision 051): the account mapping (Settings > Accounting)
 * and the export log: each export, the invoices and payments it included (so a later export
 * leaves them out unless asked), and the files it wrote, kept as written.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, oneOf, updatedAt } from './columns.js';
import { jobInvoicePayments, jobInvoices } from './invoices.js';
import { users } from './users.js';

/** One row (id 1): the accounts each figure goes to, as validated by `accountingSettings` (names and codes only, no money). */
export const accountingSettingsTable = pgTable(
  'accounting_settings',
  {
    id: smallint('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('accounting_settings_single_row', sql`${t.id} = 1`)],
);

/** The export log: who exported which period in which format, when, and its totals. */
export const accountingExports = pgTable(
  'accounting_exports',
  {
    id: id(),
    format: varchar('format', { length: 10 }).notNull(),
    periodFrom: date('period_from', { mode: 'string' }).notNull(),
    periodTo: date('period_to', { mode: 'string' }).notNull(),
    includeExported: boolean('include_exported').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    invoiceCount: integer('invoice_count').notNull(),
    invoicesTotal: money('invoices_total').notNull(),
    taxTotal: money('tax_total').notNull(),
    paymentCount: integer('payment_count').notNull(),
    paymentsTotal: money('payments_total').notNull(),
    customerCount: integer('customer_count').notNull(),
    // What the export reversed: invoices and payments earlier exports posted, voided since (decision 055).
    reversedInvoiceCount: integer('reversed_invoice_count').notNull().default(0),
    reversedInvoicesTotal: money('reversed_invoices_total').notNull().default('0'),
    reversedTaxTotal: money('reversed_tax_total').notNull().default('0'),
    reversedPaymentCount: integer('reversed_payment_count').notNull().default(0),
    reversedPaymentsTotal: money('reversed_payments_total').notNull().default('0'),
  },
  (t) => [
    check('accounting_exports_format_check', oneOf(t.format, ['iif', 'qbo', 'xero'])),
    check('accounting_exports_period_check', sql`${t.periodTo} >= ${t.periodFrom}`),
    // the log, newest first
    index('accounting_exports_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * What one export included: an invoice or a payment (exactly one of the two), posted, or (reversal)
 * reversed because it was voided after an earlier export posted it (decision 055).
 */
export const accountingExportItems = pgTable(
  'accounting_export_items',
  {
    id: id(),
    exportId: uuid('export_id')
      .notNull()
      .references(() => accountingExports.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id').references(() => jobInvoices.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id').references(() => jobInvoicePayments.id, { onDelete: 'restrict' }),
    reversal: boolean('reversal').notNull().default(false),
  },
  (t) => [
    check('accounting_export_items_one_record', sql`(${t.invoiceId} is null) <> (${t.paymentId} is null)`),
    uniqueIndex('accounting_export_items_invoice_unique')
      .on(t.exportId, t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    uniqueIndex('accounting_export_items_payment_unique')
      .on(t.exportId, t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // "exported before?" for the invoices and payments of a period
    index('accounting_export_items_invoice_idx')
      .on(t.invoiceId)
      .where(sql`${t.invoiceId} is not null`),
    index('accounting_export_items_payment_idx')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
  ],
);

/** The files an export wrote, exactly as downloaded then (a later mapping change does not rewrite them). */
export const accountingExportFiles = pgTable(
  'accounting_export_files',
  {
    id: id(),
    exportId: uuid('export_id')
      .notNull()
      .references(() => accountingExports.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    contentType: varchar('content_type', { length: 60 }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('accounting_export_files_position_unique').on(t.exportId, t.position),
    uniqueIndex('accounting_export_files_name_unique').on(t.exportId, t.name),
  ],
);
