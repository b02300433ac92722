/**
 * Settings > Webhooks (issue 31, decision 048): an admin's endpoints, their secrets, deliveries
 * and attempts, and replay. Events are written by `recordWebhookEvent` (index.ts) in the
 * transaction of the change that causes them; the worker (webhooks.worker.ts) sends them.
 */
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_MESSAGES,
  webhookUrlProblem,
  type WebhookEndpointDetail,
  type WebhookEndpointList,
  type WebhookEndpointValues,
} from '../../../domain/webhooks.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { newWebhookSecret } from './webhook-signature.js';
import type { WebhooksRepo } from './webhooks.repo.js';

export function createWebhooksService(deps: { repo: WebhooksRepo; allowPrivateUrls: boolean }) {
  const { repo, allowPrivateUrls } = deps;

  function checkUrl(values: WebhookEndpointValues) {
    const problem = webhookUrlProblem(values.url, { allowPrivate: allowPrivateUrls });
    if (problem) throw badRequest(problem, { url: problem });
  }

  async function detail(id: string): Promise<WebhookEndpointDetail> {
    const endpoint = await repo.get(id);
    if (!endpoint) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
    return {
      ...endpoint,
      deliveries: await repo.deliveries(id, WEBHOOK_LIMITS.deliveriesShown),
      allowPrivateUrls,
    };
  }

  return {
    async list(): Promise<WebhookEndpointList> {
      return { items: await repo.list(), eventTypes: [...WEBHOOK_EVENT_TYPES], allowPrivateUrls };
    },

    detail,

    /** A new endpoint with a new secret; the answer carries the secret so the screen can show it at once. */
    async create(values: WebhookEndpointValues, actorId: string): Promise<WebhookEndpointDetail & { secret: string }> {
      checkUrl(values);
      if ((await repo.count()) >= WEBHOOK_LIMITS.endpoints) throw conflict(WEBHOOK_MESSAGES.tooMany);
      const secret = newWebhookSecret();
      const id = await repo.insert({ ...values, secret, createdBy: actorId || null });
      return { ...(await detail(id)), secret };
    },

    async update(id: string, values: WebhookEndpointValues): Promise<WebhookEndpointDetail> {
      checkUrl(values);
      if (!(await repo.update(id, values))) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
      return detail(id);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
    },

    async secret(id: string): Promise<{ secret: string }> {
      const secret = await repo.secret(id);
      if (secret === null) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
      return { secret };
    },

    /** A new secret at once: deliveries from now on are signed with it (the receiver must change too). */
    async rotateSecret(id: string): Promise<{ secret: string }> {
      const secret = newWebhookSecret();
      if (!(await repo.rotateSecret(id, secret))) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
      return { secret };
    },

    /**
     * Replay: a new delivery of the same event with the same webhook-id (the receiver can drop a
     * copy it already has), due now. Refused while the delivery is still being sent, and for a
     * disabled endpoint.
     */
    async replay(endpointId: string, deliveryId: string): Promise<WebhookEndpointDetail> {
      const endpoint = await repo.get(endpointId);
      if (!endpoint) throw notFound(WEBHOOK_MESSAGES.endpointNotFound);
      const delivery = await repo.delivery(endpointId, deliveryId);
      if (!delivery) throw notFound(WEBHOOK_MESSAGES.deliveryNotFound);
      if (!endpoint.enabled) throw conflict(WEBHOOK_MESSAGES.replayDisabled);
      if (delivery.status === 'pending' || delivery.status === 'sending')
        throw conflict(WEBHOOK_MESSAGES.replayInFlight);
      await repo.replay(endpointId, delivery);
      return detail(endpointId);
    },
  };
}
export type WebhooksService = ReturnType<typeof createWebhooksService>;
