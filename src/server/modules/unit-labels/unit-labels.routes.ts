import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import { CUSTOMER_MESSAGES, idParams } from '../../../domain/customers.js';
import { allow } from '../../../domain/policy.js';
import { labelSheetQuery, unitCodeQuery, unitCodeResult } from '../../../domain/unit-labels.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { currentUser } from '../../plugins/auth.js';
import type { LabelFile, UnitLabelsService } from './unit-labels.service.js';

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
/** The office prints labels (decision 046); every signed-in role scans them. */
const printers = allow('unitLabels.print');

function sendPdf(reply: FastifyReply, { bytes, fileName }: LabelFile) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export function unitLabelsRoutes(app: FastifyInstance, { labels }: { labels: UnitLabelsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/units/:id/label', {
    config: printers,
    schema: {
      tags: ['units'],
      summary: "The unit's QR label as a PDF (a 4 x 2 inch page): QR code, unit number, location, company, code",
      params: idParams(CUSTOMER_MESSAGES.invalidUnitId),
      response: { ...errors },
    },
    handler: async (request, reply) => sendPdf(reply, await labels.unitLabel(request.params.id)),
  });

  r.get('/api/companies/:id/labels', {
    config: printers,
    schema: {
      tags: ['companies'],
      summary:
        'QR labels of every unit of the company (or of one location), 10 to a Letter sheet (Avery 5163), each location from a new sheet',
      params: idParams(CUSTOMER_MESSAGES.invalidCompanyId),
      querystring: labelSheetQuery,
      response: { ...errors },
    },
    handler: async (request, reply) =>
      sendPdf(reply, await labels.companySheet(request.params.id, request.query.locationId)),
  });

  r.get('/api/unit-labels/resolve', {
    schema: {
      tags: ['units'],
      summary:
        "The unit a scanned or typed code names (the label's URL, the unit id, or the printed code), and for a technician their open job on it",
      querystring: unitCodeQuery,
      response: { 200: unitCodeResult, ...errors },
    },
    handler: async (request) =>
      labels.resolve(request.query.code, currentUser(request), [`${request.protocol}://${request.host}`]),
  });
}
