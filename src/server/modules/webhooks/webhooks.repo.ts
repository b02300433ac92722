/**
 * The webhooks module's SQL (it owns webhook_endpoints, webhook_events, webhook_deliveries and
 * webhook_attempts): the endpoints, an event written into the caller's transaction, the screen's
 * reads, replay, and the worker's claim, lease and settle (the outbox's design, decision 011/048).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, exists, inArray, lt, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookDeliveryStatus,
  WebhookEndpoint,
  WebhookEndpointValues,
} from '../../../domain/webhooks.js';
import { webhookIdOf } from '../../../domain/webhooks.js';
import type { Executor } from '../../db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export interface ClaimedDelivery {
  id: string;
  attempts: number;
  eventId: string;
  url: string;
  secret: string;
  body: string;
}

export interface WebhookSweepResult {
  /** deliveries removed (their attempts go with them) */
  deliveries: number;
  /** events removed once no delivery of them was left */
  events: number;
}

const ms = (value: number) => sql`now() + ${value} * interval '1 millisecond'`;

/**
 * Writes one event for every enabled endpoint subscribed to its type, in the caller's
 * transaction: the event's body once, one pending delivery per endpoint. Nothing is written when
 * no endpoint listens. Returns the event's id, or null.
 */
export async function insertWebhookEvent(
  exec: Executor,
  type: string,
  body: string,
): Promise<{ eventId: string; deliveries: number } | null> {
  const endpoints = await exec
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return null;
  const [event] = await exec.insert(webhookEvents).values({ type, body }).returning({ id: webhookEvents.id });
  await exec.insert(webhookDeliveries).values(endpoints.map((e) => ({ eventId: event!.id, endpointId: e.id })));
  return { eventId: event!.id, deliveries: endpoints.length };
}

/**
 * Several events of one type at once (the visit generator's batch, decision 053): the same rows as
 * `insertWebhookEvent` once per body, in the order given, in a few statements. Nothing when no
 * endpoint listens; the answer is how many events were written.
 */
export async function insertWebhookEvents(exec: Executor, type: string, bodies: readonly string[]): Promise<number> {
  if (bodies.length === 0) return 0;
  const endpoints = await exec
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.enabled, true), sql`${type} = any(${webhookEndpoints.events})`));
  if (endpoints.length === 0) return 0;
  // At most about 20,000 parameters per statement, whatever the number of endpoints.
  const CHUNK = Math.max(1, Math.floor(10_000 / endpoints.length));
  for (let i = 0; i < bodies.length; i += CHUNK) {
    const events = bodies.slice(i, i + CHUNK).map((body) => ({ id: randomUUID(), type, body }));
    await exec.insert(webhookEvents).values(events);
    await exec
      .insert(webhookDeliveries)
      .values(events.flatMap((event) => endpoints.map((e) => ({ eventId: event.id, endpointId: e.id }))));
  }
  return bodies.length;
}

export function createWebhooksRepo(db: Executor) {
  async function summaries(rows: EndpointRow[]): Promise<WebhookEndpoint[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [counts, latest] = await Promise.all([
      db
        .select({ endpointId: webhookDeliveries.endpointId, status: webhookDeliveries.status, n: count() })
        .from(webhookDeliveries)
        .where(
          and(
            inArray(webhookDeliveries.endpointId, ids),
            inArray(webhookDeliveries.status, ['pending', 'sending', 'failed']),
          ),
        )
        .groupBy(webhookDeliveries.endpointId, webhookDeliveries.status),
      db
        .selectDistinctOn([webhookDeliveries.endpointId], {
          endpointId: webhookDeliveries.endpointId,
          status: webhookDeliveries.status,
          createdAt: webhookDeliveries.createdAt,
          eventType: webhookEvents.type,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(inArray(webhookDeliveries.endpointId, ids))
        .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.seq)),
    ]);
    return rows.map((r) => {
      const mine = counts.filter((c) => c.endpointId === r.id);
      const last = latest.find((l) => l.endpointId === r.id);
      return {
        id: r.id,
        url: r.url,
        description: r.description,
        events: r.events,
        enabled: r.enabled,
        createdAt: r.createdAt.toISOString(),
        lastDelivery: last
          ? {
              status: last.status as WebhookDeliveryStatus,
              at: last.createdAt.toISOString(),
              eventType: last.eventType,
            }
          : null,
        pendingCount: mine.filter((c) => c.status !== 'failed').reduce((sum, c) => sum + Number(c.n), 0),
        failedCount: Number(mine.find((c) => c.status === 'failed')?.n ?? 0),
      };
    });
  }

  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id));
      return summaries(rows);
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(webhookEndpoints);
      return Number(row?.n ?? 0);
    },

    async get(id: string): Promise<WebhookEndpoint | null> {
      const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
      return (await summaries(rows))[0] ?? null;
    },

    async secret(id: string): Promise<string | null> {
      const [row] = await db
        .select({ secret: webhookEndpoints.secret })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id));
      return row?.secret ?? null;
    },

    async insert(values: WebhookEndpointValues & { secret: string; createdBy: string | null }): Promise<string> {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          url: values.url,
          description: values.description,
          events: values.events,
          enabled: values.enabled,
          secret: values.secret,
          createdBy: values.createdBy,
        })
        .returning({ id: webhookEndpoints.id });
      return row!.id;
    },

    async update(id: string, values: WebhookEndpointValues): Promise<boolean> {
      const rows = await db
        .update(webhookEndpoints)
        .set({ url: values.url, description: values.description, events: values.events, enabled: values.enabled })
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length === 1;
    },

    async rotateSecret(id: string, secret: string): Promise<boolean> {
      const rows = await db
        .update(webhookEndpoints)
        .set({ secret })
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length === 1;
    },

    /** The endpoint goes with its deliveries and their attempts (cascade); the events stay for others. */
    async remove(id: string): Promise<boolean> {
      const rows = await db
        .delete(webhookEndpoints)
        .where(eq(webhookEndpoints.id, id))
        .returning({ id: webhookEndpoints.id });
      return rows.length === 1;
    },

    /** The endpoint's latest deliveries, newest first, each with its attempts (oldest first). */
    async deliveries(endpointId: string, limit: number): Promise<WebhookDelivery[]> {
      const rows = await db
        .select({
          id: webhookDeliveries.id,
          eventId: webhookDeliveries.eventId,
          eventType: webhookEvents.type,
          eventAt: webhookEvents.createdAt,
          body: webhookEvents.body,
          status: webhookDeliveries.status,
          attempts: webhookDeliveries.attempts,
          nextAttemptAt: webhookDeliveries.nextAttemptAt,
          deliveredAt: webhookDeliveries.deliveredAt,
          lastError: webhookDeliveries.lastError,
          replayOf: webhookDeliveries.replayOf,
          createdAt: webhookDeliveries.createdAt,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(eq(webhookDeliveries.endpointId, endpointId))
        .orderBy(desc(webhookDeliveries.seq))
        .limit(limit);
      const attempts =
        rows.length === 0
          ? []
          : await db
              .select()
              .from(webhookAttempts)
              .where(
                inArray(
                  webhookAttempts.deliveryId,
                  rows.map((r) => r.id),
                ),
              )
              .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.attempt));
      return rows.map((r) => ({
        id: r.id,
        webhookId: webhookIdOf(r.eventId),
        eventType: r.eventType,
        eventAt: r.eventAt.toISOString(),
        status: r.status as WebhookDeliveryStatus,
        attempts: r.attempts,
        nextAttemptAt: r.status === 'pending' ? r.nextAttemptAt.toISOString() : null,
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
        lastError: r.lastError,
        replayOf: r.replayOf,
        createdAt: r.createdAt.toISOString(),
        payload: r.body,
        attemptList: attempts
          .filter((a) => a.deliveryId === r.id)
          .map((a): WebhookAttempt => ({
            id: a.id,
            attempt: a.attempt,
            attemptedAt: a.attemptedAt.toISOString(),
            durationMs: a.durationMs,
            statusCode: a.statusCode,
            error: a.error,
            responseExcerpt: a.responseExcerpt,
            workerId: a.workerId,
          })),
      }));
    },

    async delivery(endpointId: string, deliveryId: string) {
      const [row] = await db
        .select({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId, status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)));
      return row ?? null;
    },

    /** A new pending delivery of the same event to the same endpoint, due now. */
    async replay(endpointId: string, delivery: { id: string; eventId: string }): Promise<string> {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ eventId: delivery.eventId, endpointId, replayOf: delivery.id })
        .returning({ id: webhookDeliveries.id });
      return row!.id;
    },
  };
}
export type WebhooksRepo = ReturnType<typeof createWebhooksRepo>;

/** The worker's SQL: claim under a lease, renew, record an attempt, settle (all under the claim token). */
export function createWebhookDeliveryRepo(db: Executor) {
  const mine = (id: string, token: string) =>
    and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.claimToken, token), eq(webhookDeliveries.status, 'sending'));

  return {
    /**
     * Claims up to `limit` due deliveries of enabled endpoints (pending and due, or sending with an
     * ended lease): one UPDATE over a FOR UPDATE SKIP LOCKED selection, so two servers never claim
     * the same delivery.
     */
    async claim(token: string, workerId: string, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
      const due = db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          and(
            eq(webhookEndpoints.enabled, true),
            or(
              and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, sql`now()`)),
              and(eq(webhookDeliveries.status, 'sending'), lte(webhookDeliveries.leaseExpiresAt, sql`now()`)),
            ),
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.seq))
        .limit(limit)
        .for('update', { of: webhookDeliveries, skipLocked: true });
      const claimed = await db
        .update(webhookDeliveries)
        .set({
          status: 'sending',
          attempts: sql`${webhookDeliveries.attempts} + 1`,
          claimToken: token,
          claimedBy: workerId,
          leaseExpiresAt: ms(leaseMs),
        })
        .where(inArray(webhookDeliveries.id, due))
        .returning({ id: webhookDeliveries.id, attempts: webhookDeliveries.attempts, seq: webhookDeliveries.seq });
      if (claimed.length === 0) return [];
      const details = await db
        .select({
          id: webhookDeliveries.id,
          eventId: webhookDeliveries.eventId,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
          body: webhookEvents.body,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
        .where(
          inArray(
            webhookDeliveries.id,
            claimed.map((c) => c.id),
          ),
        );
      // RETURNING keeps no order: send in the order the deliveries were written.
      return claimed
        .sort((a, b) => a.seq - b.seq)
        .flatMap((c) => {
          const d = details.find((x) => x.id === c.id);
          return d ? [{ ...d, attempts: c.attempts }] : [];
        });
    },

    async renewLease(id: string, token: string, leaseMs: number): Promise<boolean> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ leaseExpiresAt: ms(leaseMs) })
        .where(mine(id, token))
        .returning({ id: webhookDeliveries.id });
      return rows.length === 1;
    },

    /** Every attempt is recorded, also one whose claim was taken over meanwhile: it was really made. */
    async recordAttempt(values: typeof webhookAttempts.$inferInsert): Promise<void> {
      await db.insert(webhookAttempts).values(values);
    },

    async delivered(id: string, token: string): Promise<boolean> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ status: 'delivered', deliveredAt: sql`now()`, lastError: null, claimToken: null, leaseExpiresAt: null })
        .where(mine(id, token))
        .returning({ id: webhookDeliveries.id });
      return rows.length === 1;
    },

    async retryLater(id: string, token: string, error: string, waitMs: number): Promise<boolean> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ status: 'pending', lastError: error, claimToken: null, leaseExpiresAt: null, nextAttemptAt: ms(waitMs) })
        .where(mine(id, token))
        .returning({ id: webhookDeliveries.id });
      return rows.length === 1;
    },

    /**
     * One bounded batch of the retention sweep (decision 055), oldest first, each statement at most
     * `batchSize` rows and skipping rows another server holds:
     * 1. failed deliveries that failed before `failedBefore`, or whose event a replay later
     *    delivered to the same endpoint before `deliveredBefore` (the failure is settled);
     * 2. delivered deliveries delivered before `deliveredBefore`;
     * 3. events older than `deliveredBefore` with no delivery left (their bodies).
     * Pending and sending deliveries are never touched. Attempts go with their delivery (cascade).
     */
    async deleteOld(input: {
      deliveredBefore: Date;
      failedBefore: Date;
      batchSize: number;
    }): Promise<WebhookSweepResult> {
      const { deliveredBefore, failedBefore, batchSize } = input;
      const d = webhookDeliveries;
      const replay = alias(webhookDeliveries, 'replay');
      const settledByReplay = exists(
        db
          .select({ one: sql`1` })
          .from(replay)
          .where(
            and(
              eq(replay.eventId, d.eventId),
              eq(replay.endpointId, d.endpointId),
              eq(replay.status, 'delivered'),
              lt(replay.deliveredAt, deliveredBefore),
            ),
          ),
      );
      const failed = await db
        .delete(d)
        .where(
          inArray(
            d.id,
            db
              .select({ id: d.id })
              .from(d)
              .where(and(eq(d.status, 'failed'), or(lt(d.updatedAt, failedBefore), settledByReplay)))
              .orderBy(asc(d.updatedAt))
              .limit(batchSize)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning({ id: d.id });
      const delivered = await db
        .delete(d)
        .where(
          inArray(
            d.id,
            db
              .select({ id: d.id })
              .from(d)
              .where(and(eq(d.status, 'delivered'), lt(d.deliveredAt, deliveredBefore)))
              .orderBy(asc(d.deliveredAt))
              .limit(batchSize)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning({ id: d.id });
      const e = webhookEvents;
      const events = await db
        .delete(e)
        .where(
          inArray(
            e.id,
            db
              .select({ id: e.id })
              .from(e)
              .where(
                and(
                  lt(e.createdAt, deliveredBefore),
                  notExists(
                    db
                      .select({ one: sql`1` })
                      .from(d)
                      .where(eq(d.eventId, e.id)),
                  ),
                ),
              )
              .orderBy(asc(e.createdAt))
              .limit(batchSize)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning({ id: e.id });
      return { deliveries: failed.length + delivered.length, events: events.length };
    },

    async failed(id: string, token: string, error: string): Promise<boolean> {
      const rows = await db
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: error, claimToken: null, leaseExpiresAt: null })
        .where(mine(id, token))
        .returning({ id: webhookDeliveries.id });
      return rows.length === 1;
    },
  };
}
export type WebhookDeliveryRepo = ReturnType<typeof createWebhookDeliveryRepo>;
