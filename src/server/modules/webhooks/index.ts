/**
 * The webhooks module's entry (docs/decisions/028, 048). It owns webhook_endpoints,
 * webhook_events, webhook_deliveries and webhook_attempts. Any service records an event with
 * `recordWebhookEvent(tx, type, data)` inside the transaction of the change, so the event exists
 * exactly when the change does; each app server's worker delivers it.
 */
import type { WebhookEventType, WebhookPayload } from '../../../domain/webhooks.js';
import type { Executor } from '../../db/client.js';
import { insertWebhookEvent, insertWebhookEvents } from './webhooks.repo.js';

export { createWebhooksRepo, type WebhooksRepo } from './webhooks.repo.js';
export { webhooksRoutes } from './webhooks.routes.js';
export { createWebhooksService, type WebhooksService } from './webhooks.service.js';
export { createWebhookWorker, type WebhookWorker, type WebhookWorkerOptions } from './webhooks.worker.js';

/**
 * Records an event for every enabled endpoint subscribed to `type`, on the given executor (pass
 * the transaction of the change). `data` is the record as a receiver needs it: its id and fields,
 * never a secret or a token. `at` is when it happened (the payload's timestamp); now by default.
 * Writes nothing when no endpoint listens.
 */
export async function recordWebhookEvent<T extends object>(
  exec: Executor,
  type: WebhookEventType,
  data: T,
  at: Date = new Date(),
): Promise<{ eventId: string; deliveries: number } | null> {
  const payload: WebhookPayload<T> = { type, timestamp: at.toISOString(), data };
  return insertWebhookEvent(exec, type, JSON.stringify(payload));
}

/**
 * `recordWebhookEvent` for several events of one type in one go (the visit generator's batch):
 * the same events and deliveries, in the order given, in a few statements. Answers how many
 * events were written (0 when no endpoint listens).
 */
export async function recordWebhookEvents<T extends object>(
  exec: Executor,
  type: WebhookEventType,
  events: readonly { data: T; at: Date }[],
): Promise<number> {
  return insertWebhookEvents(
    exec,
    type,
    events.map(({ data, at }) => {
      const payload: WebhookPayload<T> = { type, timestamp: at.toISOString(), data };
      return JSON.stringify(payload);
    }),
  );
}
