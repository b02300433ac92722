/**
 * The webhook delivery worker: every app server runs one against the shared database, on the
 * outbox worker's design and its shared loop (src/server/workers/lease-worker.ts, decisions 048, 055):
 * - Claim: one UPDATE over a FOR UPDATE SKIP LOCKED selection marks a few due deliveries
 *   'sending' with a fresh claim token and a lease; two servers never claim the same delivery.
 * - Send: before each delivery the lease is renewed under the claim token (a worker whose lease
 *   ran out and was taken over loses its claim here and skips it); the body is the event's stored
 *   body, signed for this attempt (Standard Webhooks), posted with a deadline and no redirects.
 * - Record the attempt (time, status code, duration, error, the first characters of the answer),
 *   then settle under the claim token: 'delivered' on a 2xx; back to 'pending' with a growing
 *   back-off; 'failed' after the last attempt or when the address is refused.
 * - A server that crashes mid-send leaves the delivery 'sending'; when its lease ends another
 *   worker claims it again. Whether the first request reached the receiver cannot be known, so
 *   that rare case may deliver twice, with the same webhook-id for the receiver to drop it.
 * - Retention: after its claims, at most once per sweep interval, the worker deletes delivered
 *   deliveries older than WEBHOOK_RETENTION.deliveredDays and failed ones older than
 *   failedDays (a replayed failure goes with its replay), in bounded batches (decision 055).
 */
import {
  WEBHOOK_LIMITS,
  WEBHOOK_RETENTION,
  WEBHOOK_RETRY,
  webhookBackoffMs,
  webhookIdOf,
  type WebhookRetention,
} from '../../../domain/webhooks.js';
import type { Executor } from '../../db/client.js';
import { createLeaseWorker, workerIdOf, type LeaseRunResult, type WorkerLog } from '../../workers/lease-worker.js';
import { webhookHeaders } from './webhook-signature.js';
import { sendWebhook, type SendAttempt, type SendResult } from './webhook-sender.js';
import { createWebhookDeliveryRepo, type ClaimedDelivery, type WebhookSweepResult } from './webhooks.repo.js';

export interface WebhookWorkerOptions {
  db: Executor;
  /** WEBHOOK_ALLOW_PRIVATE_URLS: deliveries may go to loopback and private addresses. */
  allowPrivate: boolean;
  workerId?: string;
  pollIntervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
  /** each attempt's deadline; well inside the lease */
  timeoutMs?: number;
  maxAttempts?: number;
  backoff?: (attempt: number) => number;
  /** tests replace the HTTP call (a hanging receiver) */
  send?: (attempt: SendAttempt) => Promise<SendResult>;
  clock?: () => Date;
  /** how long settled deliveries are kept, and the sweep's pace (WEBHOOK_RETENTION by default) */
  retention?: Partial<WebhookRetention>;
  log?: WorkerLog;
}

export const WEBHOOK_WORKER_DEFAULTS = {
  pollIntervalMs: 2_000,
  batchSize: 10,
  leaseMs: 2 * 60_000,
  timeoutMs: 15_000,
} as const;

type WebhookOutcome = 'delivered' | 'retried' | 'failed';
export type WebhookRunResult = LeaseRunResult<WebhookOutcome>;

const DAY_MS = 24 * 60 * 60 * 1000;

export function createWebhookWorker(options: WebhookWorkerOptions) {
  const repo = createWebhookDeliveryRepo(options.db);
  const workerId = workerIdOf(options.workerId);
  const pollIntervalMs = options.pollIntervalMs ?? WEBHOOK_WORKER_DEFAULTS.pollIntervalMs;
  const batchSize = options.batchSize ?? WEBHOOK_WORKER_DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? WEBHOOK_WORKER_DEFAULTS.leaseMs;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_WORKER_DEFAULTS.timeoutMs;
  const maxAttempts = options.maxAttempts ?? WEBHOOK_RETRY.maxAttempts;
  const backoff = options.backoff ?? ((attempt: number) => webhookBackoffMs(attempt));
  const send = options.send ?? sendWebhook;
  const clock = options.clock ?? (() => new Date());
  const retention = { ...WEBHOOK_RETENTION, ...options.retention };

  /** Sends one claimed delivery, records the attempt and settles it under the claim token. */
  async function handle(row: ClaimedDelivery, token: string): Promise<WebhookOutcome | null> {
    const started = clock();
    const startedAt = performance.now();
    const outcome = await send({
      url: row.url,
      headers: webhookHeaders(row.secret, webhookIdOf(row.eventId), row.body, started),
      body: row.body,
      timeoutMs,
      allowPrivate: options.allowPrivate,
      excerptLength: WEBHOOK_LIMITS.responseExcerpt,
    }).catch((error: unknown): SendResult => ({
      statusCode: null,
      responseExcerpt: null,
      error: String((error as Error)?.message ?? error),
      permanent: false,
    }));
    const error = outcome.error?.slice(0, WEBHOOK_LIMITS.errorLength) ?? null;
    await repo.recordAttempt({
      deliveryId: row.id,
      attempt: row.attempts,
      attemptedAt: started,
      durationMs: Math.max(0, Math.round(performance.now() - startedAt)),
      statusCode: outcome.statusCode,
      error,
      responseExcerpt: outcome.responseExcerpt?.slice(0, WEBHOOK_LIMITS.responseExcerpt) ?? null,
      workerId,
    });
    if (error === null) return (await repo.delivered(row.id, token)) ? 'delivered' : null;
    if (outcome.permanent || row.attempts >= maxAttempts) {
      const settled = await repo.failed(row.id, token, error);
      options.log?.warn({ webhookDeliveryId: row.id, attempts: row.attempts, err: error }, 'webhook delivery failed');
      return settled ? 'failed' : null;
    }
    const wait = backoff(row.attempts);
    const settled = await repo.retryLater(row.id, token, error, wait);
    options.log?.info(
      { webhookDeliveryId: row.id, attempts: row.attempts, retryInMs: wait, err: error },
      'webhook not delivered; will retry',
    );
    return settled ? 'retried' : null;
  }

  /**
   * The retention sweep (decision 055): old settled deliveries and the events no delivery needs
   * any more, in bounded batches. Any server may run it; the deletes are idempotent.
   */
  async function sweepOld(): Promise<WebhookSweepResult> {
    const now = clock();
    const cutoffs = {
      deliveredBefore: new Date(now.getTime() - retention.deliveredDays * DAY_MS),
      failedBefore: new Date(now.getTime() - retention.failedDays * DAY_MS),
      batchSize: retention.batchSize,
    };
    const total: WebhookSweepResult = { deliveries: 0, events: 0 };
    for (let batch = 0; batch < retention.maxBatches; batch++) {
      const swept = await repo.deleteOld(cutoffs);
      total.deliveries += swept.deliveries;
      total.events += swept.events;
      // A batch that was not full left nothing more to remove.
      if (swept.deliveries < retention.batchSize && swept.events < retention.batchSize) break;
    }
    return total;
  }

  let lastSweepAt: number | null = null;
  const worker = createLeaseWorker<ClaimedDelivery, WebhookOutcome>({
    name: 'webhook',
    outcomes: ['delivered', 'retried', 'failed'],
    queue: {
      claim: (token, limit) => repo.claim(token, workerId, limit, leaseMs),
      renewLease: (id, token) => repo.renewLease(id, token, leaseMs),
      handle,
    },
    pollIntervalMs,
    batchSize,
    // At most once per sweep interval per server, one bounded batch: the poll stays short.
    afterRun: async () => {
      const at = clock().getTime();
      if (lastSweepAt !== null && at - lastSweepAt < retention.sweepIntervalMs) return;
      lastSweepAt = at;
      const swept = await sweepOld();
      if (swept.deliveries + swept.events > 0) options.log?.info({ ...swept }, 'old webhook deliveries removed');
    },
    ...(options.log ? { log: options.log } : {}),
  });

  return {
    workerId,
    runOnce: worker.runOnce,
    sweepOld,
    start: worker.start,
    /** Stops polling and waits for the deliveries in hand to be settled. */
    stop: worker.stop,
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
