/**
 * Webhooks (issue 31, decision 048): endpoints an admin subscribes to events, each event's body,
 * one delivery per endpoint (claimed by the webhooks worker under a lease, like the outbox) and
 * every attempt a delivery made.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, oneOf, DB_ENUMS } from './columns.js';
import { users } from './users.js';

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    url: varchar('url', { length: 2000 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    // The event types subscribed (src/domain/webhooks.ts WEBHOOK_EVENT_TYPES).
    events: text('events').array().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    // The signing secret, `whsec_` and base64 of 32 random bytes: the server signs with it, so it is
    // kept as it is (not hashed); only admins read it.
    secret: varchar('secret', { length: 100 }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_created_at_idx').on(t.createdAt)],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    type: varchar('type', { length: 60 }).notNull(),
    // The exact body every delivery and replay of the event sends (signed as it is).
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_events_created_at_idx').on(t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    // The order deliveries were written in (several in one transaction share now()): the worker
    // sends due deliveries in this order, the screen lists them newest first by it.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    // A replay is a new delivery of the same event (same webhook-id); this names the one replayed.
    replayOf: uuid('replay_of'),
    // The lease, as in the outbox: the worker that set 'sending' owns the delivery until it ends.
    claimToken: uuid('claim_token'),
    claimedBy: varchar('claimed_by', { length: 100 }),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('webhook_deliveries_status_check', oneOf(t.status, DB_ENUMS.webhookDeliveryStatus)),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_lease_idx')
      .on(t.leaseExpiresAt)
      .where(sql`${t.status} = 'sending'`),
    // The retention sweep's two selections, oldest first (decision 055).
    index('webhook_deliveries_delivered_idx')
      .on(t.deliveredAt)
      .where(sql`${t.status} = 'delivered'`),
    index('webhook_deliveries_failed_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'failed'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.seq.desc()),
    index('webhook_deliveries_event_idx').on(t.eventId),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull(),
    durationMs: integer('duration_ms').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    responseExcerpt: text('response_excerpt'),
    workerId: varchar('worker_id', { length: 100 }).notNull(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
