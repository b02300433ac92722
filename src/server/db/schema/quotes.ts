/** Quotes sent to customers and the PDF and e-mail templates they are made from. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money, oneOf, notBlank, DB_ENUMS } from './columns.js';
import { jobs } from './jobs.js';
import { users } from './users.js';

export const jobQuotes = pgTable(
  'job_quotes',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    quoteNumber: varchar('quote_number', { length: 40 }).notNull(),
    quoteType: varchar('quote_type', { length: 20 }).notNull(),
    amount: money('amount').notNull().default('0'),
    token: varchar('token', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    email: varchar('email', { length: 254 }).notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('job_quotes_type_check', oneOf(t.quoteType, DB_ENUMS.quoteType)),
    check('job_quotes_amount_check', sql`${t.amount} >= 0`),
    uniqueIndex('job_quotes_number_unique').on(t.quoteNumber),
    uniqueIndex('job_quotes_token_unique').on(t.token),
    index('job_quotes_job_idx').on(t.jobId, t.createdAt.desc()),
    index('job_quotes_awaiting_idx').on(t.createdAt).where(sql`not ${t.confirmed}`),
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
    preservedPages: integer('preserved_pages').array().notNull().default(sql`'{1}'::integer[]`),
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
    uniqueIndex('quote_templates_one_default').on(t.kind, t.templateType).where(sql`${t.isDefault}`),
    index('quote_templates_kind_type_idx').on(t.kind, t.templateType, t.name),
  ],
);
