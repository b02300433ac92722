import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { isUuidV4 } from '../../../domain/ids.js';
import {
  decisionInput,
  decisionResult,
  jobQuotesView,
  nextQuoteNumber,
  publicQuoteView,
  QUOTE_MESSAGES,
  sendQuoteInput,
  sendQuoteResult,
  withdrawQuoteResult,
} from '../../../domain/quotes.js';
import { allow } from '../../../domain/policy.js';
import type { QuotePdfService } from './quote-pdf.service.js';
import { currentUser } from '../../plugins/auth.js';
import { rateLimitByAddress, type DbRateLimiter } from '../../plugins/rate-limit.js';
import type { QuotesService } from './quotes.service.js';

/** Sending quotes: admin, manager and office users (RULINGS, roles); technicians read. */
const senders = allow('quotes.send');

const jobIdParams = z.object({ id: z.string().refine(isUuidV4, 'Invalid job ID format') });
const quoteIdParams = z.object({ quoteId: z.string().refine(isUuidV4, 'Invalid quote id') });
// A token is hex; anything else cannot be one of ours (answered like an unknown one).
const tokenParams = z.object({ token: z.string().max(128) });

/** Public limits per client address (decision 018), counted in the database. */
export const PUBLIC_READ_LIMIT = {
  name: 'public-quote-read',
  max: 60,
  windowMs: 60_000,
  message: QUOTE_MESSAGES.tooManyRequests,
};
export const PUBLIC_DECISION_LIMIT = {
  name: 'public-quote-decision',
  max: 10,
  windowMs: 60_000,
  message: QUOTE_MESSAGES.tooManyRequests,
};

export function quotesRoutes(
  app: FastifyInstance,
  deps: { quotes: QuotesService; quotePdf: QuotePdfService; limiter: DbRateLimiter },
) {
  const { quotes, quotePdf, limiter } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['quotes'];

  r.get('/api/jobs/:id/quotes', {
    schema: {
      tags,
      summary: "The job's Quotes card: badges, per-type state and the history, newest first",
      params: jobIdParams,
      response: { 200: jobQuotesView, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => {
      await quotePdf.assertMayView(currentUser(request), request.params.id);
      return quotes.jobQuotes(request.params.id);
    },
  });

  r.get('/api/jobs/:id/quotes/next-number', {
    config: senders,
    schema: {
      tags,
      summary: 'A free quote number QT-{jobNumber}-{4 digits}',
      params: jobIdParams,
      response: { 200: nextQuoteNumber, 400: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => quotes.nextNumber(request.params.id),
  });

  r.post('/api/jobs/:id/quotes/send', {
    config: senders,
    schema: {
      tags,
      summary:
        'Send a quote: the record, a new 30-day link and the e-mail with the PDF into the outbox, in one transaction',
      params: jobIdParams,
      body: sendQuoteInput,
      response: { 201: sendQuoteResult, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
    },
    handler: async (request, reply) => {
      const result = await quotes.send(request.params.id, request.body, currentUser(request).id);
      return reply.code(201).send(result);
    },
  });

  r.post('/api/quotes/:quoteId/withdraw', {
    config: senders,
    schema: {
      tags,
      summary: 'Withdraw a quote awaiting the customer: its link then says it was withdrawn and takes no answer',
      params: quoteIdParams,
      response: {
        200: withdrawQuoteResult,
        400: apiErrorBody,
        403: apiErrorBody,
        404: apiErrorBody,
        409: apiErrorBody,
      },
    },
    handler: async (request) => quotes.withdraw(request.params.quoteId),
  });

  r.get('/api/quotes/:quoteId/signature', {
    schema: {
      tags,
      summary: "The customer's drawn signature (PNG); a technician only of a job assigned to them",
      params: quoteIdParams,
    },
    handler: async (request, reply) => {
      const bytes = await quotes.signature(request.params.quoteId, currentUser(request));
      return reply.header('content-type', 'image/png').header('cache-control', 'private, no-store').send(bytes);
    },
  });

  // -- the customer's page: public, the token is the access ------------------------------------

  r.get('/api/public/quotes/:token', {
    config: { public: true },
    onRequest: rateLimitByAddress(limiter, PUBLIC_READ_LIMIT),
    schema: {
      tags,
      summary: 'The quote behind a link (public): this quote only',
      params: tokenParams,
      response: { 200: publicQuoteView, 404: apiErrorBody, 429: apiErrorBody },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quotes.publicQuote(request.params.token);
    },
  });

  r.post('/api/public/quotes/:token/decision', {
    config: { public: true },
    onRequest: rateLimitByAddress(limiter, PUBLIC_DECISION_LIMIT),
    schema: {
      tags,
      summary: "The customer's decision (public): approve or deny; a decided quote answers its stored decision",
      params: tokenParams,
      body: decisionInput,
      response: { 200: decisionResult, 400: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return quotes.decide(request.params.token, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
    },
  });
}
