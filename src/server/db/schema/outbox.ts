/** The e-mail outbox: written in the same transaction as the change, delivered over SMTP with retries. */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, oneOf, DB_ENUMS } from './columns.js';

export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    // Where the recipient's reply goes (customer e-mails: the office's address, issue 26); none: the sender.
    replyTo: varchar('reply_to', { length: 254 }),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // [{ fileName, storageKey, contentType }]
    attachments: jsonb('attachments')
      .$type<{ fileName: string; storageKey: string; contentType: string }[]>()
      .notNull()
      .default([]),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    relatedType: varchar('related_type', { length: 30 }),
    relatedId: uuid('related_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    // A claim is a lease: the worker that set status 'sending' owns the message until the lease
    // ends; a message whose lease ended (its server crashed mid-send) is claimed again.
    claimToken: uuid('claim_token'),
    claimedBy: varchar('claimed_by', { length: 100 }),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('outbox_status_check', oneOf(t.status, DB_ENUMS.outboxStatus)),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_at_idx').on(t.createdAt.desc()),
    index('outbox_related_idx').on(t.relatedType, t.relatedId),
    index('outbox_lease_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'sending'`),
  ],
);
