import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientConfig } from '../../../domain/customers.js';
import type { AppConfig } from '../../config.js';

/** What the browser needs of the server's configuration (signed-in users): the map tile server. */
export function clientConfigRoutes(app: FastifyInstance, { config }: { config: AppConfig }) {
  app.withTypeProvider<ZodTypeProvider>().get('/api/config', {
    schema: {
      tags: ['config'],
      summary: 'Client configuration: the map tile URL template',
      response: { 200: clientConfig },
    },
    handler: async () => ({ mapTileUrl: config.mapTileUrl }),
  });
}
