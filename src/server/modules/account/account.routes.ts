import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountProfile, changePasswordInput, updateAccountInput } from '../../../domain/account.js';
import { apiErrorBody } from '../../../domain/api.js';
import { unauthenticated } from '../../errors.js';
import { currentUser } from '../../plugins/auth.js';
import type { AccountService } from './account.service.js';

/** /api/account: every signed-in user, about themself only; a person's, never an API token's (decision 047). */
const own = { sessionOnly: true } as const;

export function accountRoutes(app: FastifyInstance, { account }: { account: AccountService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/account', {
    config: own,
    schema: { tags: ['account'], summary: 'My Account: the signed-in user', response: { 200: accountProfile } },
    handler: async (request) => account.get(currentUser(request).id),
  });

  r.put('/api/account', {
    config: own,
    schema: {
      tags: ['account'],
      summary: 'Change my name, e-mail and phone',
      body: updateAccountInput,
      response: { 200: accountProfile, 400: apiErrorBody, 409: apiErrorBody },
    },
    handler: async (request) => account.update(currentUser(request).id, request.body),
  });

  r.post('/api/account/password', {
    config: own,
    schema: {
      tags: ['account'],
      summary: 'Change my password (current password required); my other sessions end',
      body: changePasswordInput,
      response: { 204: z.null(), 400: apiErrorBody, 429: apiErrorBody },
    },
    handler: async (request, reply) => {
      const user = currentUser(request);
      if (!request.sessionId) throw unauthenticated();
      await account.changePassword(user.id, request.sessionId, request.body, { ip: request.ip });
      return reply.status(204).send(null);
    },
  });
}
