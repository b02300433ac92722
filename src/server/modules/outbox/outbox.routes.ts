import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import {
  outboxAttachmentParams,
  outboxIdParams,
  outboxList,
  outboxListQuery,
  outboxMessage,
} from '../../../domain/quote-outbox.js';
import { allow } from '../../../domain/policy.js';
import { contentDisposition } from '../../http/content-disposition.js';
import type { OutboxService } from './outbox.service.js';

/** Settings > Outbox: admin and manager (issue 13). */
const admins = allow('outbox.manage');

export function outboxRoutes(app: FastifyInstance, { outbox }: { outbox: OutboxService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['outbox'];

  r.get('/api/outbox', {
    config: admins,
    schema: {
      tags,
      summary: 'E-mail messages, newest first: recipient, subject, status, attempts, last error (admin, manager)',
      querystring: outboxListQuery,
      response: { 200: outboxList, 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => outbox.list(request.query),
  });

  r.get('/api/outbox/:id', {
    config: admins,
    schema: {
      tags,
      summary: 'One message as sent: text, HTML and its attachments (admin, manager)',
      params: outboxIdParams,
      response: { 200: outboxMessage, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => outbox.message(request.params.id),
  });

  r.get('/api/outbox/:id/attachments/:index', {
    config: admins,
    schema: {
      tags,
      summary: "Download one of a message's attachments (admin, manager)",
      params: outboxAttachmentParams,
    },
    handler: async (request, reply) => {
      const file = await outbox.attachment(request.params.id, request.params.index);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  });

  r.post('/api/outbox/:id/retry', {
    config: admins,
    schema: {
      tags,
      summary: 'Retry a failed message: queued again, due now, with a fresh set of attempts (admin, manager)',
      params: outboxIdParams,
      response: { 200: outboxMessage, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
    },
    handler: async (request) => outbox.retry(request.params.id),
  });
}
