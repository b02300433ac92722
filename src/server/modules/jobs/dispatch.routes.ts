import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import type { UserRole } from '../../../domain/auth.js';
import { boardAnswer, boardQuery, dispatchOptions, moveJobAnswer, moveJobInput } from '../../../domain/dispatch.js';
import { jobIdParams } from '../../../domain/jobs.js';
import type { DispatchService } from './dispatch.service.js';

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['dispatch'];
/** Who may dispatch: office staff. Technicians see the board but may not move jobs. */
const DISPATCHERS: UserRole[] = ['admin', 'manager', 'user'];

export function dispatchRoutes(app: FastifyInstance, { dispatch }: { dispatch: DispatchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/dispatch/board', {
    schema: {
      tags,
      summary: "The board: the range's jobs after the Map Filters (at most 2,000, with the total), the office's technicians with counts, availability and expired certifications, and the unassigned count",
      querystring: boardQuery,
      response: { 200: boardAnswer, 400: apiErrorBody },
    },
    handler: async (request) => dispatch.board(request.query),
  });

  r.get('/api/dispatch/options', {
    schema: { tags, summary: 'Choices of the Map Filters drawer, from the data', response: { 200: dispatchOptions } },
    handler: async () => dispatch.options(),
  });

  r.post('/api/jobs/:id/move', {
    config: { roles: DISPATCHERS },
    schema: {
      tags,
      summary: 'Reschedule, reassign or unschedule a job from the board (409 when it changed since loaded, or when it double-books a technician without confirmOverlap)',
      params: jobIdParams,
      body: moveJobInput,
      response: { 200: moveJobAnswer, ...errors },
    },
    handler: async (request) => dispatch.move(request.params.id, request.body),
  });
}
