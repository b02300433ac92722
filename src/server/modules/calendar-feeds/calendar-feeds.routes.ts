import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import {
  CALENDAR_FEED_MESSAGES,
  calendarFeedCreated,
  calendarFeedsOverview,
  myCalendarFeed,
  officeFeedInput,
} from '../../../domain/calendar-feeds.js';
import { idParams } from '../../../domain/customers.js';
import { ICALENDAR_CONTENT_TYPE } from '../../../domain/icalendar.js';
import { allow } from '../../../domain/policy.js';
import { notFound } from '../../errors.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { currentUser } from '../../plugins/auth.js';
import { rateLimitByAddress, type DbRateLimiter } from '../../plugins/rate-limit.js';
import type { CalendarFeedsService } from './calendar-feeds.service.js';

const tags = ['calendar-feeds'];
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const own = allow('calendarFeeds.own');
const managers = allow('calendarFeeds.manage');

/**
 * Public fetches per client address. The secret is 256 random bits, so this is about load, not
 * guessing: Google Calendar fetches every subscriber's feeds from a few addresses of its own, so
 * the limit is high enough for a whole company's feeds read at once.
 */
export const FEED_FETCH_LIMIT = {
  name: 'calendar-feed-read',
  max: 300,
  windowMs: 60_000,
  message: 'Too many calendar requests. Please try again in a minute.',
};

/** "<token>.ics" (the extension is optional: some apps drop it). */
const feedFileParams = z.object({ file: z.string().max(200) });

/**
 * /api/calendar-feeds (decision 049): a technician's own feed (`/mine`), the offices' feeds for
 * admins and managers, and the public feed itself under /api/public/calendar/.
 */
export function calendarFeedsRoutes(
  app: FastifyInstance,
  { feeds, limiter }: { feeds: CalendarFeedsService; limiter: DbRateLimiter },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/calendar-feeds/mine', {
    config: own,
    schema: {
      tags,
      summary: 'My calendar feed (technicians): whether I have one; its URL is shown only when made',
      response: { 200: myCalendarFeed, 403: apiErrorBody },
    },
    handler: async (request) => feeds.mine(currentUser(request)),
  });

  r.post('/api/calendar-feeds/mine', {
    config: own,
    schema: {
      tags,
      summary: 'Make my calendar feed, or regenerate it (the old URL stops working at once); answers the URL once',
      response: { 200: calendarFeedCreated, ...errors },
    },
    handler: async (request) => feeds.putMine(currentUser(request)),
  });

  r.delete('/api/calendar-feeds/mine', {
    config: own,
    schema: { tags, summary: 'Turn my calendar feed off', response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await feeds.removeMine(currentUser(request));
      return reply.status(204).send(null);
    },
  });

  r.get('/api/calendar-feeds', {
    config: managers,
    schema: {
      tags,
      summary: "Every office with its feed, and the technicians' feeds",
      response: { 200: calendarFeedsOverview, 403: apiErrorBody },
    },
    handler: async () => feeds.overview(),
  });

  r.post('/api/calendar-feeds/offices', {
    config: managers,
    schema: {
      tags,
      summary: "Make an office's calendar feed, or regenerate it; answers the URL once",
      body: officeFeedInput,
      response: { 200: calendarFeedCreated, ...errors },
    },
    handler: async (request) => feeds.putOffice(currentUser(request), request.body.office),
  });

  r.delete('/api/calendar-feeds/:id', {
    config: managers,
    schema: {
      tags,
      summary: "Turn a feed off (an office's, or a technician's)",
      params: idParams(CALENDAR_FEED_MESSAGES.invalidFeedId),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await feeds.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });

  // -- the calendar app's fetch: public, the secret in the URL is the access --------------------
  r.get('/api/public/calendar/:file', {
    config: { public: true },
    onRequest: rateLimitByAddress(limiter, FEED_FETCH_LIMIT),
    schema: {
      tags,
      summary:
        'A calendar feed (public): text/calendar (RFC 5545) of the scheduled jobs from 30 days back to 90 days ahead',
      params: feedFileParams,
      response: { 404: apiErrorBody, 429: apiErrorBody },
    },
    handler: async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      if (token === request.params.file && request.params.file.includes('.'))
        throw notFound(CALENDAR_FEED_MESSAGES.notFound);
      const feed = await feeds.calendar(token);
      // Not JSON: the route's schema describes only its error answers.
      return (reply as FastifyReply)
        .header('content-type', ICALENDAR_CONTENT_TYPE)
        .header('content-disposition', contentDisposition('inline', feed.fileName))
        .header('cache-control', 'private, no-store')
        .send(feed.body);
    },
  });
}
