import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import {
  dailySchedule,
  dailyScheduleQuery,
  homeDeficienciesListQuery,
  homeFilters,
  homeOptions,
  homeStats,
  openDeficiencies,
} from '../../../domain/home.js';
import type { HomeService } from './home.service.js';

export function homeRoutes(app: FastifyInstance, { home }: { home: HomeService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/home/stats', {
    schema: {
      tags: ['home'],
      summary: 'The nine Home counts, filtered by office, technician and period',
      querystring: homeFilters,
      response: { 200: homeStats, 400: apiErrorBody },
    },
    handler: async (request) => home.stats(request.query),
  });

  r.get('/api/home/deficiencies', {
    schema: {
      tags: ['home'],
      summary: 'The open deficiencies Open Deficiencies counts (same selects and period), newest first, 25 a page',
      querystring: homeDeficienciesListQuery,
      response: { 200: openDeficiencies, 400: apiErrorBody },
    },
    handler: async (request) => home.deficiencies(request.query),
  });

  r.get('/api/home/options', {
    schema: {
      tags: ['home'],
      summary: 'Choices for the Office and Technician selects',
      response: { 200: homeOptions },
    },
    handler: async () => home.options(),
  });

  r.get('/api/home/schedule', {
    schema: {
      tags: ['home'],
      summary: "The Daily Schedule: a day's scheduled jobs, optionally for one technician",
      querystring: dailyScheduleQuery,
      response: { 200: dailySchedule, 400: apiErrorBody },
    },
    handler: async (request) => home.schedule(request.query),
  });
}
