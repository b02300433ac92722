/** Invoices. */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money, oneOf, trgm, DB_ENUMS } from './columns.js';
import { jobs } from './jobs.js';

export const jobInvoices = pgTable(
  'job_invoices',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    invoiceNumber: varchar('invoice_number', { length: 40 }).notNull(),
    invoiceType: varchar('invoice_type', { length: 20 }).notNull().default('standard'),
    amount: money('amount').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    issuedDate: date('issued_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    paidDate: date('paid_date', { mode: 'string' }),
    email: varchar('email', { length: 254 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_invoices_status_check', oneOf(t.status, DB_ENUMS.invoiceStatus)),
    check('job_invoices_type_check', oneOf(t.invoiceType, DB_ENUMS.invoiceType)),
    check('job_invoices_amount_check', sql`${t.amount} >= 0`),
    check('job_invoices_issued_has_date', sql`${t.status} not in ('issued', 'paid') or ${t.issuedDate} is not null`),
    check('job_invoices_paid_has_date', sql`${t.status} <> 'paid' or ${t.paidDate} is not null`),
    check('job_invoices_due_after_issue', sql`${t.dueDate} is null or ${t.issuedDate} is null or ${t.dueDate} >= ${t.issuedDate}`),
    uniqueIndex('job_invoices_number_unique').on(t.invoiceNumber),
    index('job_invoices_job_idx').on(t.jobId),
    index('job_invoices_status_due_idx').on(t.status, t.dueDate),
    index('job_invoices_issued_date_idx').on(t.issuedDate),
    index('job_invoices_paid_date_idx').on(t.paidDate),
    index('job_invoices_created_at_idx').on(t.createdAt.desc()),
    index('job_invoices_draft_created_idx').on(t.createdAt).where(sql`${t.status} = 'draft'`),
    trgm('job_invoices_number_trgm', t.invoiceNumber),
  ],
);
