import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import { searchQuery, searchResults } from '../../../domain/search.js';
import type { SearchRepo } from './search.repo.js';

export function searchRoutes(app: FastifyInstance, { search }: { search: SearchRepo }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/search', {
    schema: {
      tags: ['search'],
      summary: 'Header search across companies, locations, units, jobs and invoices',
      querystring: searchQuery,
      response: { 200: searchResults, 400: apiErrorBody },
    },
    handler: async (request) => search.search(request.query.q),
  });
}
