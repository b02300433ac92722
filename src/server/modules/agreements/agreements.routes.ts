import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGREEMENT_MESSAGES,
  AGREEMENT_STATUS_LABELS,
  BILLING_PLAN_LABELS,
  agreementDetail,
  agreementExportQuery,
  agreementInput,
  agreementListItem,
  agreementListQuery,
  agreementUnit,
  agreementVisits,
  cancelPreview,
  createAgreementInput,
  generatorRun,
  type AgreementListItem,
} from '../../../domain/agreements/index.js';
import { apiErrorBody, paginated } from '../../../domain/api.js';
import { idParams } from '../../../domain/customers.js';
import { isUuidV4 } from '../../../domain/ids.js';
import { formatCents } from '../../../domain/money.js';
import { allow } from '../../../domain/policy.js';
import { currentUser } from '../../plugins/auth.js';
import { exportFileName, sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import type { AgreementsService } from './agreements.service.js';

const params = idParams(AGREEMENT_MESSAGES.invalidAgreementId);
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const viewers = allow('agreements.view');
const editors = allow('agreements.edit');

export const AGREEMENT_EXPORT_COLUMNS: XlsxColumn<AgreementListItem>[] = [
  { header: 'Number', width: 10, value: (x) => x.number },
  { header: 'Agreement', width: 34, value: (x) => x.name },
  { header: 'Company', width: 34, value: (x) => x.companyName },
  { header: 'Status', width: 12, value: (x) => AGREEMENT_STATUS_LABELS[x.status] },
  { header: 'Start Date', width: 12, value: (x) => x.startDate },
  { header: 'End Date', width: 12, value: (x) => x.endDate },
  { header: 'Price', width: 14, value: (x) => formatCents(x.priceCents) },
  { header: 'Billing', width: 20, value: (x) => BILLING_PLAN_LABELS[x.billingPlan] },
  { header: 'Auto-Renew', width: 11, value: (x) => (x.autoRenew ? 'Yes' : 'No') },
  { header: 'Next Visit', width: 12, value: (x) => x.nextVisitOn },
];

const jobParams = z.object({ jobId: z.string().refine((v) => isUuidV4(v), 'Invalid job ID format') });

/** Service agreements (issue 29): office staff read and edit; admin and manager cancel and run the generator. */
export function agreementsRoutes(app: FastifyInstance, { agreements }: { agreements: AgreementsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/agreements', {
    config: viewers,
    schema: {
      tags: ['agreements'],
      summary: 'Service agreements by end date; status, company and ending-before filters',
      querystring: agreementListQuery,
      response: { 200: paginated(agreementListItem), 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => agreements.list(request.query),
  });

  r.get('/api/agreements/export', {
    config: viewers,
    schema: {
      tags: ['agreements'],
      summary: 'The filtered agreement list, every page, as an .xlsx spreadsheet (streamed)',
      querystring: agreementExportQuery,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('agreements', await agreements.exportFileDate()),
        sheetName: 'Agreements',
        columns: AGREEMENT_EXPORT_COLUMNS,
        batches: agreements.exportBatches(request.query),
      }),
  });

  r.post('/api/agreements', {
    config: editors,
    schema: {
      tags: ['agreements'],
      summary: 'Create a service agreement (draft or active)',
      body: createAgreementInput,
      response: { 201: agreementDetail, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await agreements.create(currentUser(request), request.body)),
  });

  r.post('/api/agreements/generate-visits', {
    config: allow('agreements.generate'),
    schema: {
      tags: ['agreements'],
      summary: 'Generate visits now: every active agreement visit due within the days ahead becomes a job',
      response: { 200: generatorRun, 403: apiErrorBody },
    },
    handler: async (request) => agreements.generate('manual', currentUser(request)),
  });

  r.get('/api/agreements/company-units', {
    config: editors,
    schema: {
      tags: ['agreements'],
      summary: "A company's units with their locations: what an agreement may cover",
      querystring: z.object({
        companyId: z
          .string({ error: AGREEMENT_MESSAGES.companyRequired })
          .refine((v) => isUuidV4(v), AGREEMENT_MESSAGES.companyRequired),
      }),
      response: { 200: z.object({ items: z.array(agreementUnit) }), 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => agreements.companyUnits(request.query.companyId),
  });

  r.get('/api/agreements/by-job/:jobId', {
    schema: {
      tags: ['agreements'],
      summary:
        'The service agreement a job is a visit of (null when none), with the amount of repairs that need no new approval',
      params: jobParams,
      response: {
        200: z.object({
          agreement: z
            .object({
              agreementId: z.string(),
              number: z.number().int(),
              name: z.string(),
              visitDate: z.string(),
              // Repairs up to this amount need no new approval; null: every repair does.
              notToExceedCents: z.number().int().nullable(),
            })
            .nullable(),
        }),
        400: apiErrorBody,
      },
    },
    handler: async (request) => ({ agreement: await agreements.ofJob(request.params.jobId) }),
  });

  r.get('/api/agreements/:id', {
    config: viewers,
    schema: {
      tags: ['agreements'],
      summary: 'A service agreement',
      params,
      response: { 200: agreementDetail, ...errors },
    },
    handler: async (request) => agreements.detail(request.params.id),
  });

  r.get('/api/agreements/:id/visits', {
    config: viewers,
    schema: {
      tags: ['agreements'],
      summary: "The agreement's visits and their jobs, by date",
      params,
      response: { 200: agreementVisits, ...errors },
    },
    handler: async (request) => agreements.visits(request.params.id),
  });

  r.put('/api/agreements/:id', {
    config: editors,
    schema: {
      tags: ['agreements'],
      summary: 'Edit an agreement; a changed plan withdraws the future visits that are not scheduled yet',
      params,
      body: agreementInput,
      response: { 200: z.object({ agreement: agreementDetail, visitsWithdrawn: z.number().int() }), ...errors },
    },
    handler: async (request) => agreements.update(request.params.id, request.body),
  });

  r.post('/api/agreements/:id/activate', {
    config: editors,
    schema: {
      tags: ['agreements'],
      summary: 'Activate a draft agreement',
      params,
      response: { 200: agreementDetail, ...errors },
    },
    handler: async (request) => agreements.activate(request.params.id),
  });

  r.post('/api/agreements/:id/renew', {
    config: editors,
    schema: {
      tags: ['agreements'],
      summary: 'Renew: the next term, as long as this one, at the price raised by the escalator',
      params,
      response: { 201: agreementDetail, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await agreements.renew(currentUser(request), request.params.id)),
  });

  r.get('/api/agreements/:id/cancel-preview', {
    config: allow('agreements.cancel'),
    schema: {
      tags: ['agreements'],
      summary: 'What cancelling would do: unscheduled future visits removed, scheduled ones staying',
      params,
      response: { 200: cancelPreview, ...errors },
    },
    handler: async (request) => agreements.cancelPreview(request.params.id),
  });

  r.post('/api/agreements/:id/cancel', {
    config: allow('agreements.cancel'),
    schema: {
      tags: ['agreements'],
      summary: 'Cancel an agreement: its unscheduled future visits go; scheduled, completed and invoiced work stays',
      params,
      response: { 200: z.object({ agreement: agreementDetail, visitsRemoved: z.number().int() }), ...errors },
    },
    handler: async (request) => agreements.cancel(request.params.id),
  });
}
