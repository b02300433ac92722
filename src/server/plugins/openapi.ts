import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The two ways to call a private route: the browser's session cookie, or an API token (decision 047). */
export const SECURITY_SCHEMES = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'hvac_sid',
    description: 'The session cookie of POST /api/auth/login.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API token from Settings > API Tokens, sent as `Authorization: Bearer <token>`. An admin token may call ' +
      'what an admin may; an office token what office staff may; a read-only token only the GET routes office ' +
      'staff may call. A refused token answers 401 with the reason (unknown, expired, revoked); a route the ' +
      "token's role may not call answers 403. Routes without the bearer scheme (a person's own session and " +
      'account, the tokens themselves) refuse tokens with 403. CSRF checks do not apply to token calls.',
  },
} as const;

/**
 * Each operation's security from its route's config: none for a public route, the session alone
 * for a person's own routes (`sessionOnly`), else the session or a bearer token.
 */
const withSecurity: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const config = input.route.config as { public?: boolean; sessionOnly?: boolean } | undefined;
  const security: Record<string, string[]>[] = config?.public
    ? []
    : config?.sessionOnly
      ? [{ session: [] }]
      : [{ session: [] }, { bearer: [] }];
  const schema = (out.schema ?? {}) as FastifySchema & { hide?: boolean; security?: unknown };
  return { url: out.url, schema: schema.hide ? schema : { ...schema, security } };
};

/**
 * OpenAPI generated from the routes' zod schemas: the UI at /api/docs (signed-in users), the
 * document at /api/docs/json (signed-in) and at /api/openapi.json (public when an admin allows it:
 * the api-tokens module's route).
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'HVAC Field Service API',
        description:
          'JSON over REST. Errors always have the shape { error: { code, message, fields? } }. ' +
          'Lists take page and pageSize and answer { items, total, page, pageSize }. ' +
          'Every route needs the session cookie from POST /api/auth/login or an API token ' +
          '(`Authorization: Bearer <token>`, Settings > API Tokens), except sign-in, health and the public quote ' +
          'routes; each operation lists the schemes it accepts.',
        version: '1.0.0',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      security: [{ session: [] }, { bearer: [] }],
    },
    transform: withSecurity,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: false });
}
