/**
 * The webhook retention sweep (decision 055): the worker removes delivered deliveries older than
 * 30 days and failed ones older than 90 days (or once a replay of the same event to the same
 * endpoint was delivered and is itself old), with their attempts and the events no delivery needs
 * any more; pending and sending ones stay whatever their age; each statement is a bounded batch.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RETENTION, type WebhookRetention } from '../../src/domain/webhooks.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/server/db/schema.js';
import { createWebhookWorker, type WebhookWorker } from '../../src/server/modules/webhooks/index.js';
import { newWebhookSecret } from '../../src/server/modules/webhooks/webhook-signature.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const NOW = new Date('2026-11-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

let ctx: TestContext;
/** Each delivery's label (a replay shares its event's body, so the body cannot name it). */
const labels = new Map<string, string>();
const workers: WebhookWorker[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  await ctx.database.db.delete(webhookEndpoints);
  await ctx.database.db.delete(webhookEvents);
});
afterAll(async () => {
  await ctx?.close();
});

function worker(retention: Partial<WebhookRetention> = {}) {
  const w = createWebhookWorker({
    db: ctx.database.db,
    allowPrivate: true,
    pollIntervalMs: 20,
    clock: () => NOW,
    retention,
    // Nothing here is due: a send would be a bug.
    send: () => Promise.reject(new Error('no delivery is due in this test')),
  });
  workers.push(w);
  return w;
}

async function endpoint() {
  const [row] = await ctx.database.db
    .insert(webhookEndpoints)
    .values({ url: 'https://hooks.example.com/in', events: ['job.created'], secret: newWebhookSecret() })
    .returning({ id: webhookEndpoints.id });
  return row!.id;
}

/** One event with one delivery in the given state, dated `age` days back, with one attempt. */
async function delivery(
  endpointId: string,
  label: string,
  status: 'pending' | 'sending' | 'delivered' | 'failed',
  age: number,
  eventId?: string,
) {
  const at = daysAgo(age);
  const db = ctx.database.db;
  const event =
    eventId ??
    (
      await db
        .insert(webhookEvents)
        .values({ type: 'job.created', body: JSON.stringify({ label }), createdAt: at })
        .returning({ id: webhookEvents.id })
    )[0]!.id;
  const [row] = await db
    .insert(webhookDeliveries)
    .values({
      eventId: event,
      endpointId,
      status,
      attempts: 1,
      // Not due: pending ones wait a day, sending ones hold a live lease.
      nextAttemptAt: new Date(Date.now() + 86_400_000),
      leaseExpiresAt: status === 'sending' ? new Date(Date.now() + 86_400_000) : null,
      deliveredAt: status === 'delivered' ? at : null,
      lastError: status === 'failed' ? 'HTTP 500' : null,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: webhookDeliveries.id });
  // updated_at is stamped by the ORM on write; set the age the test means.
  await db.update(webhookDeliveries).set({ updatedAt: at }).where(eq(webhookDeliveries.id, row!.id));
  await db.insert(webhookAttempts).values({
    deliveryId: row!.id,
    attempt: 1,
    attemptedAt: at,
    durationMs: 12,
    statusCode: status === 'failed' ? 500 : 200,
    workerId: 'test',
  });
  labels.set(row!.id, label);
  return { label, deliveryId: row!.id, eventId: event };
}

async function remainingLabels(): Promise<string[]> {
  const rows = await ctx.database.db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .orderBy(asc(webhookDeliveries.seq));
  return rows.map((r) => labels.get(r.id) ?? r.id);
}

describe('the webhook retention sweep', () => {
  it('keeps 30 days of delivered and 90 of failed deliveries, and every queued one', async () => {
    const e = await endpoint();
    await delivery(e, 'delivered 31 days ago', 'delivered', 31);
    await delivery(e, 'delivered 29 days ago', 'delivered', 29);
    await delivery(e, 'failed 91 days ago', 'failed', 91);
    await delivery(e, 'failed 60 days ago', 'failed', 60);
    await delivery(e, 'pending from 200 days ago', 'pending', 200);
    await delivery(e, 'sending from 200 days ago', 'sending', 200);

    const swept = await worker().sweepOld();

    expect(swept).toEqual({ deliveries: 2, events: 2 });
    expect(await remainingLabels()).toEqual([
      'delivered 29 days ago',
      'failed 60 days ago',
      'pending from 200 days ago',
      'sending from 200 days ago',
    ]);
    // The removed deliveries' attempts and events went with them; the kept ones keep theirs.
    expect(await ctx.database.db.select().from(webhookAttempts)).toHaveLength(4);
    expect(await ctx.database.db.select().from(webhookEvents)).toHaveLength(4);
  });

  it('removes a failed delivery once its delivered replay is past the delivered retention', async () => {
    const e = await endpoint();
    const other = await endpoint();
    const failed = await delivery(e, 'failed, replayed 40 days ago', 'failed', 45);
    await delivery(e, 'its replay, delivered 40 days ago', 'delivered', 40, failed.eventId);
    const recent = await delivery(e, 'failed, replayed 5 days ago', 'failed', 6);
    await delivery(e, 'its replay, delivered 5 days ago', 'delivered', 5, recent.eventId);
    // A delivery of the same event to another endpoint settles nothing for this one.
    const elsewhere = await delivery(e, 'failed here, delivered elsewhere', 'failed', 45);
    await delivery(other, 'delivered to the other endpoint', 'delivered', 40, elsewhere.eventId);

    await worker().sweepOld();

    expect(await remainingLabels()).toEqual([
      'failed, replayed 5 days ago',
      'its replay, delivered 5 days ago',
      'failed here, delivered elsewhere',
    ]);
  });

  it('deletes in bounded batches, and the worker sweeps on its own after its claims', async () => {
    const e = await endpoint();
    for (let i = 0; i < 5; i++) await delivery(e, `old ${i}`, 'delivered', 40 + i);
    await delivery(e, 'new', 'delivered', 1);

    // Batches of 2, at most 2 per sweep: 4 of the 5 old ones go, oldest first.
    const swept = await worker({ batchSize: 2, maxBatches: 2 }).sweepOld();
    expect(swept.deliveries).toBe(4);
    expect(await remainingLabels()).toEqual(['old 0', 'new']);

    // Started, the worker runs the sweep after its first (empty) claim.
    const running = worker({ batchSize: 2, maxBatches: 2 });
    running.start();
    const deadline = Date.now() + 5_000;
    while ((await remainingLabels()).length > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(await remainingLabels()).toEqual(['new']);
  });

  it('documents the retention it applies', () => {
    expect(WEBHOOK_RETENTION).toMatchObject({ deliveredDays: 30, failedDays: 90 });
  });
});
