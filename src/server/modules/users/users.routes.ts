import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody, paginated } from '../../../domain/api.js';
import { isUuidV4 } from '../../../domain/ids.js';
import {
  createUserInput,
  setPasswordInput,
  updateUserInput,
  USER_OPTIONS_LIMIT,
  userOptionsAnswer,
  userOptionsQuery,
  userSummary,
  usersQuery,
} from '../../../domain/users.js';
import { allow } from '../../../domain/policy.js';
import { currentUser } from '../../plugins/auth.js';
import type { UsersService } from './users.service.js';

export const userIdParams = z.object({ id: z.string().refine(isUuidV4, 'Invalid user ID format') });
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };

export function usersRoutes(app: FastifyInstance, { users }: { users: UsersService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/users', {
    config: allow('users.manage'),
    schema: {
      tags: ['users'],
      summary: 'The users of Settings, ordered by username: e-mails, phones, last sign-in (admin and manager)',
      querystring: usersQuery,
      response: { 200: paginated(userSummary), 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => users.list(request.query),
  });

  r.get('/api/users/options', {
    schema: {
      tags: ['users'],
      summary: `For pickers (every signed-in user): active users' id and name, by name, at most ${USER_OPTIONS_LIMIT}`,
      querystring: userOptionsQuery,
      response: { 200: userOptionsAnswer, 400: apiErrorBody },
    },
    handler: async (request) => users.options(request.query),
  });

  r.post('/api/users', {
    config: allow('users.manage'),
    schema: {
      tags: ['users'],
      summary: 'Settings > Add User: a user who can sign in; for role technician also the technician record',
      body: createUserInput,
      response: { 201: userSummary, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await users.create(request.body, currentUser(request))),
  });

  r.patch('/api/users/:id', {
    config: allow('users.manage'),
    schema: {
      tags: ['users'],
      summary: "Edit a user's e-mail, name, phone, role and status",
      params: userIdParams,
      body: updateUserInput,
      response: { 200: userSummary, ...errors },
    },
    handler: async (request) => users.update(request.params.id, request.body, currentUser(request)),
  });

  r.put('/api/users/:id/password', {
    config: allow('users.manage'),
    schema: {
      tags: ['users'],
      summary: "Set another user's password; their sessions end",
      params: userIdParams,
      body: setPasswordInput,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await users.setPassword(request.params.id, request.body.password, currentUser(request));
      return reply.status(204).send(null);
    },
  });
}
