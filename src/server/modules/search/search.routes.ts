import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import { isTechnicianRole } from '../../../domain/policy.js';
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
    // a technician cannot open an agreement's advance invoice (decision 052), so is not shown one
    handler: async (request) =>
      search.search(request.query.q, { advanceInvoices: !isTechnicianRole(request.user?.role) }),
  });
}
