import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { allow } from '../../../domain/policy.js';
import {
  webhookDeliveryParams,
  webhookEndpointDetail,
  webhookEndpointInput,
  webhookEndpointList,
  webhookEndpointParams,
  webhookSecret,
} from '../../../domain/webhooks.js';
import type { WebhooksService } from './webhooks.service.js';

/** Settings > Webhooks: admins only (decision 048: an endpoint receives the company's data). */
const admins = allow('webhooks.manage');
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['webhooks'];

export function webhooksRoutes(app: FastifyInstance, { webhooks }: { webhooks: WebhooksService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/webhooks', {
    config: admins,
    schema: {
      tags,
      summary: 'Webhook endpoints with their events and latest delivery (admin)',
      response: { 200: webhookEndpointList, 403: apiErrorBody },
    },
    handler: async () => webhooks.list(),
  });

  r.post('/api/webhooks', {
    config: admins,
    schema: {
      tags,
      summary: 'Subscribe an endpoint URL to events; the answer carries its signing secret (admin)',
      body: webhookEndpointInput,
      response: { 201: webhookEndpointDetail.extend({ secret: z.string() }), ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await webhooks.create(request.body, request.user?.id ?? '')),
  });

  r.get('/api/webhooks/:id', {
    config: admins,
    schema: {
      tags,
      summary: "An endpoint with its latest deliveries and each delivery's attempts (admin)",
      params: webhookEndpointParams,
      response: { 200: webhookEndpointDetail, ...errors },
    },
    handler: async (request) => webhooks.detail(request.params.id),
  });

  r.put('/api/webhooks/:id', {
    config: admins,
    schema: {
      tags,
      summary: 'Change an endpoint: URL, description, events, enabled (admin)',
      params: webhookEndpointParams,
      body: webhookEndpointInput,
      response: { 200: webhookEndpointDetail, ...errors },
    },
    handler: async (request) => webhooks.update(request.params.id, request.body),
  });

  r.delete('/api/webhooks/:id', {
    config: admins,
    schema: {
      tags,
      summary: 'Remove an endpoint with its deliveries (admin)',
      params: webhookEndpointParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await webhooks.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/webhooks/:id/secret', {
    config: admins,
    schema: {
      tags,
      summary: "The endpoint's signing secret, whsec_... (admin)",
      params: webhookEndpointParams,
      response: { 200: webhookSecret, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return webhooks.secret(request.params.id);
    },
  });

  r.post('/api/webhooks/:id/secret/rotate', {
    config: admins,
    schema: {
      tags,
      summary: 'Replace the signing secret at once (admin)',
      params: webhookEndpointParams,
      response: { 200: webhookSecret, ...errors },
    },
    handler: async (request) => webhooks.rotateSecret(request.params.id),
  });

  r.post('/api/webhooks/:id/deliveries/:deliveryId/replay', {
    config: admins,
    schema: {
      tags,
      summary: 'Send a delivered or failed event again, with the same webhook-id (admin)',
      params: webhookDeliveryParams,
      response: { 200: webhookEndpointDetail, ...errors },
    },
    handler: async (request) => webhooks.replay(request.params.id, request.params.deliveryId),
  });
}
