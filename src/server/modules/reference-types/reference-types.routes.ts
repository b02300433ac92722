import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { isUuidV4 } from '../../../domain/ids.js';
import { allow } from '../../../domain/policy.js';
import {
  createReferenceTypeInput,
  REFERENCE_TYPE_KINDS,
  REFERENCE_TYPE_LABELS,
  referenceType,
  referenceTypesQuery,
  updateReferenceTypeInput,
} from '../../../domain/reference-types.js';
import type { ReferenceTypesService } from './reference-types.service.js';

const params = z.object({ id: z.string().refine(isUuidV4, 'Invalid ID format') });
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };

/** /api/settings/service-types and /api/settings/job-types: read by everyone, changed by admins and managers. */
export function referenceTypesRoutes(
  app: FastifyInstance,
  { referenceTypes }: { referenceTypes: ReferenceTypesService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const kind of REFERENCE_TYPE_KINDS) {
    const label = REFERENCE_TYPE_LABELS[kind];
    r.get(`/api/settings/${kind}`, {
      schema: {
        tags: ['settings'],
        summary: `${label.many}, ordered by name`,
        querystring: referenceTypesQuery,
        response: { 200: z.array(referenceType), 400: apiErrorBody },
      },
      handler: async (request) => referenceTypes.list(kind, request.query.active),
    });

    r.post(`/api/settings/${kind}`, {
      config: allow('settings.manage'),
      schema: {
        tags: ['settings'],
        summary: `Add a ${label.one} (name and code required, code unique)`,
        body: createReferenceTypeInput,
        response: { 201: referenceType, ...errors },
      },
      handler: async (request, reply) => reply.status(201).send(await referenceTypes.create(kind, request.body)),
    });

    r.patch(`/api/settings/${kind}/:id`, {
      config: allow('settings.manage'),
      schema: {
        tags: ['settings'],
        summary: `Rename a ${label.one}, change its description or switch it active or inactive (the code stays)`,
        params,
        body: updateReferenceTypeInput,
        response: { 200: referenceType, ...errors },
      },
      handler: async (request) => referenceTypes.update(kind, request.params.id, request.body),
    });
  }
}
