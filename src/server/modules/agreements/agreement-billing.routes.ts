import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AGREEMENT_MESSAGES,
  agreementInvoices,
  deferredRevenueQuery,
  deferredRevenueReport,
  deferredRevenueSummary,
  monthsBetween,
} from '../../../domain/agreements/index.js';
import { apiErrorBody } from '../../../domain/api.js';
import { idParams } from '../../../domain/customers.js';
import { addMonths } from '../../../domain/agreements/index.js';
import { allow } from '../../../domain/policy.js';
import type { AgreementBillingRepo } from './agreement-billing.repo.js';
import type { AgreementsService } from './agreements.service.js';

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };

/** Agreement billing (decision 052): the deferred revenue report, its Home figure, an agreement's invoices. */
export function agreementBillingRoutes(
  app: FastifyInstance,
  deps: { reports: AgreementBillingRepo; today: () => Promise<string>; agreements: AgreementsService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = deps.reports;
  const today = deps.today;

  r.get('/api/agreements/deferred-revenue', {
    // Money: the invoice reports' readers.
    config: allow('invoices.lists'),
    schema: {
      tags: ['agreements'],
      summary:
        'Deferred revenue per month: billed in advance, earned (visits completed) and deferred at month end; default the last 12 months',
      querystring: deferredRevenueQuery,
      response: { 200: deferredRevenueReport, ...errors },
    },
    handler: async (request) => {
      const now = await today();
      const to = request.query.to ?? now.slice(0, 7);
      const from = request.query.from ?? addMonths(`${to}-01`, -11).slice(0, 7);
      const months = monthsBetween(`${from}-01`, `${to}-01`);
      const rows = await repo.byMonth(months);
      return {
        from: months[0]!.slice(0, 7),
        to: months[months.length - 1]!.slice(0, 7),
        months: rows,
        totals: {
          billedCents: rows.reduce((s, m) => s + m.billedCents, 0),
          earnedCents: rows.reduce((s, m) => s + m.earnedCents, 0),
        },
        deferredTodayCents: await repo.deferredOn(now),
        asOf: now,
      };
    },
  });

  r.get('/api/agreements/deferred-revenue/summary', {
    config: allow('invoices.lists'),
    schema: {
      tags: ['agreements'],
      summary: "Deferred revenue today (Home's card)",
      response: { 200: deferredRevenueSummary, ...errors },
    },
    handler: async () => {
      const now = await today();
      return { deferredCents: await repo.deferredOn(now), asOf: now };
    },
  });

  r.get('/api/agreements/:id/invoices', {
    config: allow('agreements.view'),
    schema: {
      tags: ['agreements'],
      summary: "The agreement's invoices (advance and per visit), newest period first",
      params: idParams(AGREEMENT_MESSAGES.invalidAgreementId),
      response: { 200: agreementInvoices, ...errors },
    },
    handler: async (request) => {
      // 404 for an agreement that does not exist
      await deps.agreements.detail(request.params.id);
      return { items: await repo.invoicesOf(request.params.id) };
    },
  });
}
