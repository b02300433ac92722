/** Request counters for rate limits, shared by every app server (decision 018). */
import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** One fixed window per key (e.g. "public-quote-read:{ip}"): hits counted since window_started_at. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 200 }).primaryKey(),
    hits: integer('hits').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStartedAt)],
);
