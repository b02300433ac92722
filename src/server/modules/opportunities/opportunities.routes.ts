import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import {
  dismissInput,
  followUpInput,
  OPPORTUNITY_KIND_LABELS,
  opportunityFilters,
  opportunityKey,
  opportunityList,
  opportunityListQuery,
  replacementReasonText,
  type Opportunity,
} from '../../../domain/opportunities.js';
import { DECLINE_REASON_LABELS, type DeclineReason } from '../../../domain/quotes.js';
import { allow } from '../../../domain/policy.js';
import { exportFileName, sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import { currentUser } from '../../plugins/auth.js';
import type { OpportunitiesService } from './opportunities.service.js';

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const ok = z.object({ ok: z.literal(true) });

/** What a row says beside its kind: the option, the quote, the reason declined, why replace. */
export function opportunityDetail(o: Opportunity): string {
  if (o.kind === 'unquoted_repair') return o.optionLabel ?? '';
  if (o.kind === 'replacement')
    return o.replacementReason ? replacementReasonText(o.replacementReason, o.unitAgeYears) : '';
  const quote = `${o.quoteNumber ?? ''} (${o.quoteType ?? ''})`;
  if (o.kind === 'awaiting_customer') return quote;
  const reason = o.declineReason ? (DECLINE_REASON_LABELS[o.declineReason as DeclineReason] ?? o.declineReason) : '';
  return [quote, reason, o.declineComment].filter(Boolean).join(': ');
}

const EXPORT_COLUMNS: XlsxColumn<Opportunity>[] = [
  { header: 'Kind', width: 22, value: (o) => OPPORTUNITY_KIND_LABELS[o.kind] },
  { header: 'Company', width: 28, value: (o) => o.companyName },
  { header: 'Location', width: 28, value: (o) => o.locationName },
  { header: 'Unit', width: 14, value: (o) => o.unitNumber },
  { header: 'Job', width: 10, value: (o) => o.jobNumber },
  { header: 'Technicians', width: 24, value: (o) => o.technicians.join(', ') },
  { header: 'Details', width: 40, value: (o) => opportunityDetail(o) },
  { header: 'Value', width: 14, numFmt: '#,##0.00', value: (o) => (o.valueCents === null ? null : o.valueCents / 100) },
  { header: 'Age (days)', width: 11, value: (o) => o.ageDays },
  { header: 'Follow Up On', width: 14, value: (o) => o.followUpOn },
  { header: 'Follow-up Note', width: 30, value: (o) => o.followUpNote },
  { header: 'Dismissed Reason', width: 30, value: (o) => o.dismissReason },
];

export function opportunitiesRoutes(app: FastifyInstance, { opportunities }: { opportunities: OpportunitiesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const office = allow('opportunities.manage');

  r.get('/api/opportunities', {
    config: office,
    schema: {
      tags: ['opportunities'],
      summary:
        'Service Opportunities: unquoted repairs, quotes awaiting the customer, declined quotes, replacement candidates; with totals by kind',
      querystring: opportunityListQuery,
      response: { 200: opportunityList, ...errors },
    },
    handler: async (request) => opportunities.list(request.query),
  });

  r.get('/api/opportunities/export', {
    config: office,
    schema: {
      tags: ['opportunities'],
      summary: 'The filtered Service Opportunities as an .xlsx spreadsheet (streamed)',
      querystring: opportunityFilters,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('service-opportunities', await opportunities.today()),
        sheetName: 'Service Opportunities',
        columns: EXPORT_COLUMNS,
        batches: opportunities.exportBatches(request.query),
      }),
  });

  r.put('/api/opportunities/:kind/:sourceId/follow-up', {
    config: office,
    schema: {
      tags: ['opportunities'],
      summary: 'Set the "follow up on" date and note of an opportunity',
      params: opportunityKey,
      body: followUpInput,
      response: { 200: ok, ...errors },
    },
    handler: async (request) => {
      await opportunities.setFollowUp(currentUser(request), request.params, request.body);
      return { ok: true as const };
    },
  });

  r.post('/api/opportunities/:kind/:sourceId/dismiss', {
    config: office,
    schema: {
      tags: ['opportunities'],
      summary: 'Dismiss an opportunity with a reason (it leaves the list; Show dismissed brings it back)',
      params: opportunityKey,
      body: dismissInput,
      response: { 200: ok, ...errors },
    },
    handler: async (request) => {
      await opportunities.dismiss(currentUser(request), request.params, request.body);
      return { ok: true as const };
    },
  });

  r.post('/api/opportunities/:kind/:sourceId/restore', {
    config: office,
    schema: {
      tags: ['opportunities'],
      summary: 'Bring a dismissed opportunity back to the list',
      params: opportunityKey,
      response: { 200: ok, ...errors },
    },
    handler: async (request) => {
      await opportunities.restore(currentUser(request), request.params);
      return { ok: true as const };
    },
  });
}
