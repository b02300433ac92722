import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the routes' zod schemas, served at /api/docs (signed-in users). */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'HVAC Field Service API',
        description:
          'JSON over REST. Errors always have the shape { error: { code, message, fields? } }. ' +
          'Lists take page and pageSize and answer { items, total, page, pageSize }. ' +
          'Every route needs the session cookie from POST /api/auth/login, except sign-in, health and the public quote routes.',
        version: '1.0.0',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'hvac_sid' } } },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
