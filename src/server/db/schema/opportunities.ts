/** Service Opportunities (issue 28, decision 039): the office's follow-ups and dismissals. */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, oneOf, updatedAt } from './columns.js';
import { users } from './users.js';

// Kept here (not imported from src/domain) so drizzle-kit can load this file on its own;
// tests/api/opportunities.test.ts checks it against OPPORTUNITY_KINDS of src/domain/opportunities.ts.
export const OPPORTUNITY_KINDS_DB = ['unquoted_repair', 'awaiting_customer', 'declined_quote', 'replacement'] as const;

/**
 * What the office decided about one opportunity, keyed by its kind and the record it comes from
 * (the repair record, the quote, or the unit of a replacement candidate): a "follow up on" date
 * with a note, and a dismissal with its reason (a dismissed opportunity leaves the list until
 * restored). No foreign key on source_id (it names a row of one of three tables): a row whose
 * source is gone matches nothing and is harmless.
 */
export const opportunityFollowUps = pgTable(
  'opportunity_follow_ups',
  {
    kind: varchar('kind', { length: 20 }).notNull(),
    sourceId: uuid('source_id').notNull(),
    followUpOn: date('follow_up_on', { mode: 'string' }),
    note: varchar('note', { length: 1000 }),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true, mode: 'date' }),
    dismissReason: varchar('dismiss_reason', { length: 500 }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.sourceId] }),
    check('opportunity_follow_ups_kind_check', oneOf(t.kind, OPPORTUNITY_KINDS_DB)),
    check(
      'opportunity_follow_ups_dismissed_has_reason',
      sql`${t.dismissedAt} is null or (${t.dismissReason} is not null and btrim(${t.dismissReason}) <> '')`,
    ),
    index('opportunity_follow_ups_due_idx')
      .on(t.followUpOn)
      .where(sql`${t.followUpOn} is not null`),
  ],
);
