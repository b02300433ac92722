/**
 * The webhook worker on its own (decision 048): two workers (two app servers) on one database
 * never deliver one event twice; a delivery left by a crashed server is taken over when its
 * lease ends; redirects are not followed; an address refusal fails at once; the last attempt
 * fails the delivery; the back-off grows to its cap.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_RETRY, webhookBackoffMs } from '../../src/domain/webhooks.js';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/client.js';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/server/db/schema.js';
import {
  createWebhookWorker,
  recordWebhookEvent,
  type WebhookWorker,
} from '../../src/server/modules/webhooks/index.js';
import type { SendAttempt, SendResult } from '../../src/server/modules/webhooks/webhook-sender.js';
import { newWebhookSecret } from '../../src/server/modules/webhooks/webhook-signature.js';
import { startWebhookReceiver, type FakeWebhookReceiver } from '../support/fake-webhook-receiver.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let receiver: FakeWebhookReceiver;
const workers: WebhookWorker[] = [];
const extraHandles: DatabaseHandle[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  await receiver?.close();
  await ctx.database.db.delete(webhookEndpoints);
  await ctx.database.db.delete(webhookEvents);
});
afterAll(async () => {
  for (const h of extraHandles) await h.close();
  await ctx?.close();
});

function worker(
  options: {
    db?: Database;
    workerId?: string;
    leaseMs?: number;
    maxAttempts?: number;
    batchSize?: number;
    allowPrivate?: boolean;
    send?: (attempt: SendAttempt) => Promise<SendResult>;
  } = {},
) {
  const w = createWebhookWorker({
    db: options.db ?? ctx.database.db,
    allowPrivate: options.allowPrivate ?? true,
    pollIntervalMs: 20,
    timeoutMs: 5_000,
    leaseMs: options.leaseMs ?? 30_000,
    maxAttempts: options.maxAttempts ?? 8,
    batchSize: options.batchSize ?? 5,
    backoff: () => 0,
    ...(options.workerId ? { workerId: options.workerId } : {}),
    ...(options.send ? { send: options.send } : {}),
  });
  workers.push(w);
  return w;
}

async function endpoint(url: string) {
  const secret = newWebhookSecret();
  const [row] = await ctx.database.db
    .insert(webhookEndpoints)
    .values({ url, events: ['job.created'], secret })
    .returning({ id: webhookEndpoints.id });
  return { id: row!.id, secret };
}

async function events(n: number) {
  for (let i = 0; i < n; i++)
    await ctx.database.db.transaction((tx) =>
      recordWebhookEvent(tx, 'job.created', { id: `job-${i + 1}`, number: i + 1 }),
    );
}

const deliveries = () => ctx.database.db.select().from(webhookDeliveries);
async function until(check: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe('the webhook worker', () => {
  it('two workers (two app servers) on one database never deliver one event twice', async () => {
    // On PostgreSQL the second worker has its own connection pool, as a second server would.
    let otherDb = ctx.database.db;
    if (ctx.database.kind === 'postgres') {
      const url = (ctx.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const handle = await openDatabase({ url, poolSize: 3 });
      extraHandles.push(handle);
      otherDb = handle.db;
    }
    receiver = await startWebhookReceiver();
    receiver.secret = (await endpoint(receiver.url)).secret;
    await events(30);
    const a = worker({ workerId: 'server-a', batchSize: 3 });
    const b = worker({ db: otherDb, workerId: 'server-b', batchSize: 3 });
    a.start();
    b.start();
    await receiver.waitFor(() => receiver.received.length >= 30, 30_000);
    await until(async () => (await deliveries()).every((d) => d.status === 'delivered'));
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received).toHaveLength(30);
    expect(new Set(receiver.received.map((r) => r.webhookId)).size).toBe(30);
    expect(receiver.received.every((r) => r.verifyError === null)).toBe(true);
    expect((await deliveries()).every((d) => d.attempts === 1)).toBe(true);
    const attempts = await ctx.database.db.select().from(webhookAttempts);
    expect(attempts).toHaveLength(30);
    if (ctx.database.kind === 'postgres')
      expect(new Set(attempts.map((x) => x.workerId))).toEqual(new Set(['server-a', 'server-b']));
  });

  it('a delivery left half-sent by a crashed server is taken up again after its lease ends', async () => {
    receiver = await startWebhookReceiver();
    receiver.secret = (await endpoint(receiver.url)).secret;
    await events(1);
    let release: (result: SendResult) => void = () => {};
    const hanging = () => new Promise<SendResult>((resolve) => (release = resolve));
    const crashed = worker({ send: hanging, leaseMs: 300, workerId: 'crashed' });
    const inFlight = crashed.runOnce();
    await until(async () => (await deliveries())[0]!.status === 'sending');
    expect((await deliveries())[0]!.claimedBy).toBe('crashed');
    const rescuer = worker({ leaseMs: 300, workerId: 'rescuer' });
    expect(await rescuer.runOnce()).toMatchObject({ claimed: 0 }); // the lease still runs
    await new Promise((r) => setTimeout(r, 400));
    expect(await rescuer.runOnce()).toMatchObject({ claimed: 1, delivered: 1 });
    // The crashed server "wakes up" with an error: its claim is gone, it changes nothing.
    release({ statusCode: null, responseExcerpt: null, error: 'socket hang up', permanent: false });
    expect(await inFlight).toMatchObject({ delivered: 0, retried: 0, failed: 0 });
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, claimToken: null, lastError: null });
    expect(receiver.accepted()).toHaveLength(1);
  });

  it('does not follow a redirect: the attempt fails with the target named and the target is never asked', async () => {
    receiver = await startWebhookReceiver();
    receiver.secret = (await endpoint(receiver.url)).secret;
    receiver.answer = ({ path }) =>
      path === '/hooks' ? { status: 302, headers: { location: `${receiver.url}/internal` } } : { status: 200 };
    await events(1);
    expect(await worker().runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    expect(receiver.received.map((r) => r.path)).toEqual(['/hooks']);
    const [attempt] = await ctx.database.db.select().from(webhookAttempts);
    expect(attempt).toMatchObject({ statusCode: 302 });
    expect(attempt!.error).toContain('redirects are not followed');
    expect(attempt!.error).toContain('/hooks/internal');
  });

  it('refuses a private address when the setting is off: failed at once, nothing sent', async () => {
    receiver = await startWebhookReceiver();
    await endpoint(receiver.url.replace('http:', 'https:'));
    await endpoint('https://[::1]:1/in');
    await events(1);
    expect(await worker({ allowPrivate: false }).runOnce()).toMatchObject({ claimed: 2, failed: 2 });
    expect(receiver.received).toHaveLength(0);
    const rows = await deliveries();
    expect(rows.every((d) => d.status === 'failed' && d.lastError?.startsWith('Refused'))).toBe(true);
  });

  it('gives up after the last attempt, keeping every attempt and the answer bounded', async () => {
    receiver = await startWebhookReceiver();
    receiver.secret = (await endpoint(receiver.url)).secret;
    receiver.answer = () => ({ status: 500, body: 'x'.repeat(10_000) });
    await events(1);
    const w = worker({ maxAttempts: 3 });
    expect(await w.runOnce()).toMatchObject({ retried: 1 });
    expect(await w.runOnce()).toMatchObject({ retried: 1 });
    expect(await w.runOnce()).toMatchObject({ failed: 1 });
    expect(await w.runOnce()).toMatchObject({ claimed: 0 });
    const [row] = await deliveries();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastError: 'HTTP 500' });
    const attempts = await ctx.database.db.select().from(webhookAttempts);
    expect(attempts.map((a) => a.attempt).sort()).toEqual([1, 2, 3]);
    expect(attempts.every((a) => a.responseExcerpt!.length === 500)).toBe(true);
  });

  it('a receiver that does not answer in time is a failed attempt', async () => {
    receiver = await startWebhookReceiver();
    receiver.secret = (await endpoint(receiver.url)).secret;
    await events(1);
    const w = createWebhookWorker({ db: ctx.database.db, allowPrivate: true, timeoutMs: 200, backoff: () => 60_000 });
    workers.push(w);
    // a receiver that accepts the connection and never answers
    const { createServer } = await import('node:net');
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    await ctx.database.db.update(webhookEndpoints).set({ url: `http://127.0.0.1:${port}/in` });
    try {
      expect(await w.runOnce()).toMatchObject({ retried: 1 });
    } finally {
      silent.close();
    }
    const [row] = await deliveries();
    expect(row!.lastError).toMatch(/No answer within/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('back-off doubles from 30 s to a 4 hour cap', () => {
    expect([1, 2, 3, 4].map((n) => webhookBackoffMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(webhookBackoffMs(20)).toBe(WEBHOOK_RETRY.capMs);
    const total = Array.from({ length: WEBHOOK_RETRY.maxAttempts - 1 }, (_, i) => webhookBackoffMs(i + 1)).reduce(
      (a, b) => a + b,
    );
    expect(total / 3_600_000).toBeGreaterThan(11);
    expect(total / 3_600_000).toBeLessThan(13);
  });
});
