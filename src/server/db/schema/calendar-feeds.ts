/** Calendar feeds (decision 049): a private iCalendar URL per technician and per office, the secret stored hashed. */
import { sql } from 'drizzle-orm';
import { check, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt } from './columns.js';
import { technicians } from './technicians.js';
import { users } from './users.js';

export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: id(),
    // 'personal': the technician's own jobs; 'office': the jobs whose office is `office`.
    kind: varchar('kind', { length: 20 }).notNull(),
    technicianId: uuid('technician_id').references(() => technicians.id, { onDelete: 'cascade' }),
    office: varchar('office', { length: 100 }),
    // SHA-256 (hex) of the URL's secret: a leaked table does not hand out the feeds.
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    // When this URL was made (a regenerated feed gets a new one).
    createdAt: createdAt(),
    // Stamped at most once an hour by the public route, so the screen can say a calendar app reads it.
    lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check(
      'calendar_feeds_owner_check',
      sql`(${t.kind} = 'personal' and ${t.technicianId} is not null and ${t.office} is null) or (${t.kind} = 'office' and ${t.office} is not null and ${t.technicianId} is null)`,
    ),
    uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash),
    uniqueIndex('calendar_feeds_technician_unique')
      .on(t.technicianId)
      .where(sql`${t.kind} = 'personal'`),
    uniqueIndex('calendar_feeds_office_unique')
      .on(t.office)
      .where(sql`${t.kind} = 'office'`),
  ],
);
