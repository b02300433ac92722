import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { isUuidV4 } from '../../../domain/ids.js';
import {
  createTechnicianInput,
  technicianCreated,
  technicianDetail,
  updateTechnicianInput,
} from '../../../domain/technicians.js';
import { allow } from '../../../domain/policy.js';
import { currentUser } from '../../plugins/auth.js';
import type { TechniciansService } from './technicians.service.js';

const params = z.object({ id: z.string().refine(isUuidV4, 'Invalid technician ID format') });
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };

/** Reading a technician's whole record (pay, bank and tax fields included) is for admins and managers. */
export function techniciansRoutes(app: FastifyInstance, { technicians }: { technicians: TechniciansService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/technicians/:id', {
    config: allow('technicians.manage'),
    schema: {
      tags: ['technicians'],
      summary: 'A technician with skills, certifications, availability and territories',
      params,
      response: { 200: technicianDetail, ...errors },
    },
    handler: async (request) => technicians.get(request.params.id),
  });

  r.post('/api/technicians', {
    config: allow('technicians.manage'),
    schema: {
      tags: ['technicians'],
      summary: 'Add Technician: the user, the technician record and its lists in one transaction',
      body: createTechnicianInput,
      response: { 201: technicianCreated, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await technicians.create(request.body, currentUser(request))),
  });

  r.put('/api/technicians/:id', {
    config: allow('technicians.manage'),
    schema: {
      tags: ['technicians'],
      summary: 'Edit Technician: the person, the record and its lists (replaced) in one transaction',
      params,
      body: updateTechnicianInput,
      response: { 200: technicianDetail, ...errors },
    },
    handler: async (request) => technicians.update(request.params.id, request.body, currentUser(request)),
  });
}
