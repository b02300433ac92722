import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody, paginated } from '../../../domain/api.js';
import { CUSTOMER_MESSAGES, idParams } from '../../../domain/customers.js';
import {
  unit,
  unitInput,
  unitJobsAnswer,
  unitJobsQuery,
  unitListItem,
  unitListQuery,
  unitUpdateInput,
} from '../../../domain/units.js';
import { allow } from '../../../domain/policy.js';
import type { UnitsService } from './units.service.js';

const params = idParams(CUSTOMER_MESSAGES.invalidUnitId);
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
/** Office staff create and edit customers; only admin and manager delete them; technicians read. */
const editors = allow('customers.edit');
const deleters = allow('customers.delete');

export function unitsRoutes(app: FastifyInstance, { units }: { units: UnitsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/units', {
    schema: {
      tags: ['units'],
      summary: 'Units by unit number; free text (every word must match unit number, location or company) and filters',
      querystring: unitListQuery,
      response: { 200: paginated(unitListItem), 400: apiErrorBody },
    },
    handler: async (request) => units.list(request.query),
  });

  r.post('/api/units', {
    config: editors,
    schema: {
      tags: ['units'],
      summary: 'Add a unit to a location',
      body: unitInput,
      response: { 201: unit, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await units.create(request.body)),
  });

  r.get('/api/units/:id', {
    schema: {
      tags: ['units'],
      summary: 'A unit with its location and company',
      params,
      response: { 200: unit, ...errors },
    },
    handler: async (request) => units.detail(request.params.id),
  });

  r.get('/api/units/:id/jobs', {
    schema: {
      tags: ['units'],
      summary: "The unit's jobs, newest first, with their cost, and the Job Statistics",
      params,
      querystring: unitJobsQuery,
      response: { 200: unitJobsAnswer, ...errors },
    },
    handler: async (request) => units.jobs(request.params.id, request.query.page),
  });

  r.put('/api/units/:id', {
    config: editors,
    schema: {
      tags: ['units'],
      summary: 'Update a unit (its location stays)',
      params,
      body: unitUpdateInput,
      response: { 200: unit, ...errors },
    },
    handler: async (request) => units.update(request.params.id, request.body),
  });

  r.delete('/api/units/:id', {
    config: deleters,
    schema: {
      tags: ['units'],
      summary: 'Delete a unit (refused while jobs hold it)',
      params,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await units.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });
}
