/** Quotes sent to customers and the PDF and e-mail templates they are made from. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money, oneOf, notBlank, DB_ENUMS } from './columns.js';
import { storedFiles } from './files.js';
import { jobInvoices } from './invoices.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

/**
 * Every quote sent to a customer, and the one record of its state (decision 018): `status` is sent
 * (awaiting the customer), approved, declined, superseded (a newer send replaced it), expired (its
 * link ran out before an answer) or withdrawn (its job was cancelled before an answer). The job's quote badges and the home counts derive from the job's
 * latest row (the view job_latest_quotes, src/server/db/views.ts). The decision's evidence is kept with it.
 */
export const jobQuotes = pgTable(
  'job_quotes',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    quoteNumber: varchar('quote_number', { length: 40 }).notNull(),
    quoteType: varchar('quote_type', { length: 20 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('sent'),
    amount: money('amount').notNull().default('0'),
    // the customer page's link: at least 128 random bits, unique, valid until expires_at
    token: varchar('token', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // the PDF attached to the e-mail, and its SHA-256 (what the customer was shown)
    pdfFileKey: uuid('pdf_file_key').references(() => storedFiles.id, { onDelete: 'set null' }),
    pdfSha256: varchar('pdf_sha256', { length: 64 }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    // evidence of the customer's decision
    signerName: varchar('signer_name', { length: 200 }),
    signatureFileKey: uuid('signature_file_key').references(() => storedFiles.id, { onDelete: 'set null' }),
    // [{ inspectionId, phase }] as chosen by the customer (phases only; money stays in numeric columns)
    chosenOptions: jsonb('chosen_options').$type<{ inspectionId: string; phase: string }[]>(),
    declineReason: varchar('decline_reason', { length: 20 }),
    declineComment: varchar('decline_comment', { length: 1000 }),
    decisionIp: varchar('decision_ip', { length: 64 }),
    decisionUserAgent: varchar('decision_user_agent', { length: 300 }),
    // the inspection-fee invoice created when the customer declined
    feeInvoiceId: uuid('fee_invoice_id').references(() => jobInvoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_quotes_type_check', oneOf(t.quoteType, DB_ENUMS.sentQuoteType)),
    check('job_quotes_status_check', oneOf(t.status, DB_ENUMS.quoteStatus)),
    check('job_quotes_decline_reason_check', oneOf(t.declineReason, DB_ENUMS.quoteDeclineReason)),
    check('job_quotes_amount_check', sql`${t.amount} >= 0`),
    check(
      'job_quotes_decided_has_time',
      sql`${t.status} not in ('approved', 'declined') or ${t.decidedAt} is not null`,
    ),
    uniqueIndex('job_quotes_number_unique').on(t.quoteNumber),
    uniqueIndex('job_quotes_token_unique').on(t.token),
    // a job has at most one quote awaiting the customer: a new send supersedes the open one
    uniqueIndex('job_quotes_one_open_per_job')
      .on(t.jobId)
      .where(sql`${t.status} = 'sent'`),
    index('job_quotes_job_idx').on(t.jobId, t.sentAt.desc()),
    // The Tech Scorecard's quotes sent in a period; Service Opportunities' declined quotes (decision 039).
    index('job_quotes_sent_at_idx').on(t.sentAt),
    index('job_quotes_declined_idx')
      .on(t.decidedAt)
      .where(sql`${t.status} = 'declined'`),
    index('job_quotes_open_idx')
      .on(t.sentAt)
      .where(sql`${t.status} = 'sent'`),
  ],
);

export const quoteTemplates = pgTable(
  'quote_templates',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    // null: a PDF template that applies to every quote type
    templateType: varchar('template_type', { length: 20 }),
    isDefault: boolean('is_default').notNull().default(false),
    fileName: varchar('file_name', { length: 255 }),
    storageKey: varchar('storage_key', { length: 300 }),
    fileSize: integer('file_size'),
    pageCount: integer('page_count'),
    preservedPages: integer('preserved_pages')
      .array()
      .notNull()
      .default(sql`'{1}'::integer[]`),
    // e-mail templates: subject, greeting, introText, approvalText, approveButtonText, denyButtonText,
    // approvalNote, denialNote, closingText, signature
    emailContent: jsonb('email_content').$type<Record<string, string>>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('quote_templates_name_not_blank', notBlank(t.name)),
    check('quote_templates_kind_check', oneOf(t.kind, DB_ENUMS.templateKind)),
    check('quote_templates_type_check', oneOf(t.templateType, DB_ENUMS.quoteType)),
    check('quote_templates_pdf_has_file', sql`${t.kind} <> 'pdf' or ${t.storageKey} is not null`),
    check('quote_templates_email_has_content', sql`${t.kind} <> 'email' or ${t.emailContent} is not null`),
    check('quote_templates_file_size_check', sql`${t.fileSize} is null or ${t.fileSize} <= 10485760`),
    uniqueIndex('quote_templates_one_default')
      .on(t.kind, t.templateType)
      .where(sql`${t.isDefault}`),
    index('quote_templates_kind_type_idx').on(t.kind, t.templateType, t.name),
  ],
);
