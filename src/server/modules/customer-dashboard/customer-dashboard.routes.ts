import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerDashboard } from '../../../domain/customers.js';
import type { CustomerDashboardRepo } from './customer-dashboard.repo.js';

export function customerDashboardRoutes(app: FastifyInstance, { dashboard }: { dashboard: CustomerDashboardRepo }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/customers/dashboard', {
    schema: {
      tags: ['companies'],
      summary: '/dashboard: totals of companies, locations, units (active, inactive) and the 5 newest companies',
      response: { 200: customerDashboard },
    },
    handler: async () => dashboard.dashboard(),
  });
}
