import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DATABASE_RETRY_AFTER_SECONDS } from '../../errors.js';
import type { HealthService } from './health.service.js';

const healthAnswer = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
  checkedAt: z.string(),
});

export function healthRoutes(app: FastifyInstance, { health }: { health: HealthService }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { public: true },
    schema: {
      tags: ['health'],
      summary: 'Liveness and database check',
      response: { 200: healthAnswer, 503: healthAnswer },
    },
    handler: async (request, reply) => {
      const checkedAt = new Date().toISOString();
      try {
        await health.ping();
        return { status: 'ok' as const, database: health.database, checkedAt };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({ status: 'unavailable' as const, database: health.database, checkedAt });
      }
    },
  });
}
