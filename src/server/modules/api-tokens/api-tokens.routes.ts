import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import {
  API_TOKEN_MESSAGES,
  apiAccessSettings,
  apiToken,
  apiTokenList,
  createApiTokenInput,
  createdApiToken,
} from '../../../domain/api-tokens.js';
import { idParams } from '../../../domain/customers.js';
import { allow } from '../../../domain/policy.js';
import { sendApiNotFound } from '../../plugins/errors.js';
import { currentUser } from '../../plugins/auth.js';
import type { ApiTokensService } from './api-tokens.service.js';

/** The tokens' routes: admins only, and never with a token (a token does not make tokens). */
const managers = { ...allow('apiTokens.manage'), sessionOnly: true } as const;
const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody };
const params = idParams(API_TOKEN_MESSAGES.invalidId);

/** Where the OpenAPI document is served to API clients (decision 047). */
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

export function apiTokensRoutes(
  app: FastifyInstance,
  {
    apiTokens,
    settings,
  }: {
    apiTokens: ApiTokensService;
    settings: {
      getApiAccess(): Promise<z.infer<typeof apiAccessSettings>>;
      putApiAccess(value: z.infer<typeof apiAccessSettings>): Promise<void>;
    };
  },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/api-tokens', {
    config: managers,
    schema: {
      tags: ['api tokens'],
      summary: 'API tokens, newest first, with who made them, their expiry and last use (admins)',
      response: { 200: apiTokenList, ...errors },
    },
    handler: async () => ({ items: await apiTokens.list() }),
  });

  r.post('/api/api-tokens', {
    config: managers,
    schema: {
      tags: ['api tokens'],
      summary: 'Create an API token; the answer holds the token, shown this once (admins)',
      body: createApiTokenInput,
      response: { 201: createdApiToken, ...errors },
    },
    handler: async (request, reply) => {
      const created = await apiTokens.create(request.body, currentUser(request));
      // Never cached anywhere on the way: the token is in this answer only.
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(created);
    },
  });

  r.post('/api/api-tokens/:id/revoke', {
    config: managers,
    schema: {
      tags: ['api tokens'],
      summary: 'Revoke an API token: every app server refuses it from the next request on (admins)',
      params,
      response: { 200: apiToken, ...errors, 404: apiErrorBody },
    },
    handler: async (request) => apiTokens.revoke(request.params.id, currentUser(request)),
  });

  r.get('/api/settings/api-access', {
    config: managers,
    schema: {
      tags: ['api tokens'],
      summary: 'Whether the OpenAPI document is public (admins)',
      response: { 200: apiAccessSettings, ...errors },
    },
    handler: async () => settings.getApiAccess(),
  });

  r.put('/api/settings/api-access', {
    config: managers,
    schema: {
      tags: ['api tokens'],
      summary: 'Make the OpenAPI document public, or signed-in users only (admins)',
      body: apiAccessSettings,
      response: { 200: apiAccessSettings, ...errors },
    },
    handler: async (request) => {
      await settings.putApiAccess(request.body);
      return settings.getApiAccess();
    },
  });

  // The OpenAPI document for API clients and generators: to anyone when an admin made it public,
  // else only with a session or a token; a stranger then gets the same 404 as an unknown route.
  r.get(OPENAPI_DOCUMENT_PATH, {
    config: { public: true, optionalSession: true },
    schema: {
      tags: ['api tokens'],
      summary: 'The OpenAPI 3 document of this API (public only when Settings > API Tokens allows it)',
    },
    handler: async (request, reply) => {
      if (!request.user && !(await settings.getApiAccess()).publicOpenApi) {
        return sendApiNotFound(reply, request.method, request.url);
      }
      reply.header('cache-control', 'no-cache');
      return reply.type('application/json').send(JSON.stringify(app.swagger()));
    },
  });
}
