import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNTING_EXPORT_MESSAGES,
  accountingExportInput,
  accountingExportList,
  accountingExportSummary,
  accountingSettings,
  accountingSettingsAnswer,
} from '../../../domain/accounting-export.js';
import { apiErrorBody } from '../../../domain/api.js';
import { isUuidV4 } from '../../../domain/ids.js';
import { allow } from '../../../domain/policy.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { currentUser } from '../../plugins/auth.js';
import type { AccountingExportService } from './accounting-export.service.js';

/** A stored export file, as written (its own content type; the route's schema only types the errors). */
function sendFile(reply: FastifyReply, file: { name: string; contentType: string; content: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition('attachment', file.name))
    .send(Buffer.from(file.content, 'utf8'));
}

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const exportId = z.string().refine((v) => isUuidV4(v), 'Invalid export ID format');

export function accountingExportRoutes(app: FastifyInstance, { exports }: { exports: AccountingExportService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const bookkeepers = allow('accounting.export');

  r.get('/api/settings/accounting', {
    config: bookkeepers,
    schema: {
      tags: ['accounting'],
      summary: 'The accounts the accounting export posts to (admins and managers)',
      response: { 200: accountingSettingsAnswer, ...errors },
    },
    handler: async () => exports.settings(),
  });

  r.put('/api/settings/accounting', {
    config: bookkeepers,
    schema: {
      tags: ['accounting'],
      summary: 'Change the account mapping: A/R, undeposited funds, sales tax, discounts, income per service line',
      body: accountingSettings,
      response: { 200: accountingSettingsAnswer, ...errors },
    },
    handler: async (request) => exports.putSettings(currentUser(request).id, request.body),
  });

  r.get('/api/accounting-exports', {
    config: bookkeepers,
    schema: {
      tags: ['accounting'],
      summary: 'The export log, newest first (the latest 50)',
      response: { 200: accountingExportList, ...errors },
    },
    handler: async () => ({ items: await exports.list() }),
  });

  r.post('/api/accounting-exports', {
    config: bookkeepers,
    schema: {
      tags: ['accounting'],
      summary:
        'Export a period for QuickBooks Desktop (IIF), QuickBooks Online or Xero: issued invoices, payments, customers; each once unless includeExported',
      body: accountingExportInput,
      response: { 201: accountingExportSummary, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await exports.create(currentUser(request).id, request.body)),
  });

  r.get('/api/accounting-exports/:id/files/:position', {
    config: bookkeepers,
    schema: {
      tags: ['accounting'],
      summary: 'Download one file of an export, as it was written',
      params: z.object({
        id: exportId,
        position: z.coerce
          .number({ error: ACCOUNTING_EXPORT_MESSAGES.filePosition })
          .int(ACCOUNTING_EXPORT_MESSAGES.filePosition)
          .min(1, ACCOUNTING_EXPORT_MESSAGES.filePosition)
          .max(4, ACCOUNTING_EXPORT_MESSAGES.filePosition),
      }),
      response: errors,
    },
    handler: async (request, reply) => {
      return sendFile(reply, await exports.file(request.params.id, request.params.position));
    },
  });
}
