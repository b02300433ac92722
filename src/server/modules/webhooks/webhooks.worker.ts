/**
 * The webhook delivery worker: every app server runs one against the shared database, on the
 * outbox worker's design (src/server/outbox/worker.ts, decision 048):
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
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { WEBHOOK_LIMITS, WEBHOOK_RETRY, webhookBackoffMs, webhookIdOf } from '../../../domain/webhooks.js';
import type { Executor } from '../../db/client.js';
import { webhookHeaders } from './webhook-signature.js';
import { sendWebhook, type SendAttempt, type SendResult } from './webhook-sender.js';
import { createWebhookDeliveryRepo } from './webhooks.repo.js';

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
  log?: {
    info(obj: object, msg?: string): void;
    warn(obj: object, msg?: string): void;
    error(obj: object, msg?: string): void;
  };
}

export const WEBHOOK_WORKER_DEFAULTS = {
  pollIntervalMs: 2_000,
  batchSize: 10,
  leaseMs: 2 * 60_000,
  timeoutMs: 15_000,
} as const;

export interface WebhookRunResult {
  claimed: number;
  delivered: number;
  retried: number;
  failed: number;
}

export function createWebhookWorker(options: WebhookWorkerOptions) {
  const repo = createWebhookDeliveryRepo(options.db);
  const workerId = (options.workerId ?? `${hostname()}:${process.pid}`).slice(0, 100);
  const pollIntervalMs = options.pollIntervalMs ?? WEBHOOK_WORKER_DEFAULTS.pollIntervalMs;
  const batchSize = options.batchSize ?? WEBHOOK_WORKER_DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? WEBHOOK_WORKER_DEFAULTS.leaseMs;
  const timeoutMs = options.timeoutMs ?? WEBHOOK_WORKER_DEFAULTS.timeoutMs;
  const maxAttempts = options.maxAttempts ?? WEBHOOK_RETRY.maxAttempts;
  const backoff = options.backoff ?? ((attempt: number) => webhookBackoffMs(attempt));
  const send = options.send ?? sendWebhook;
  const clock = options.clock ?? (() => new Date());

  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  async function runOnce(): Promise<WebhookRunResult> {
    const token = randomUUID();
    const rows = await repo.claim(token, workerId, batchSize, leaseMs);
    const result: WebhookRunResult = { claimed: rows.length, delivered: 0, retried: 0, failed: 0 };
    for (const row of rows) {
      if (!(await repo.renewLease(row.id, token, leaseMs))) continue;
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
      if (error === null) {
        if (await repo.delivered(row.id, token)) result.delivered++;
      } else if (outcome.permanent || row.attempts >= maxAttempts) {
        if (await repo.failed(row.id, token, error)) result.failed++;
        options.log?.warn({ webhookDeliveryId: row.id, attempts: row.attempts, err: error }, 'webhook delivery failed');
      } else {
        const wait = backoff(row.attempts);
        if (await repo.retryLater(row.id, token, error, wait)) result.retried++;
        options.log?.info(
          { webhookDeliveryId: row.id, attempts: row.attempts, retryInMs: wait, err: error },
          'webhook not delivered; will retry',
        );
      }
    }
    return result;
  }

  async function loop(): Promise<void> {
    if (stopped) return;
    try {
      for (;;) {
        const result = await runOnce();
        if (stopped || result.claimed < batchSize) break;
      }
    } catch (error) {
      options.log?.error({ err: error }, 'webhook worker run failed');
    }
    if (!stopped) {
      timer = setTimeout(() => {
        running = loop();
      }, pollIntervalMs);
      timer.unref();
    }
  }

  return {
    workerId,
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    /** Stops polling and waits for the deliveries in hand to be settled. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      running = null;
    },
  };
}
export type WebhookWorker = ReturnType<typeof createWebhookWorker>;
