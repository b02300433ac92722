import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { authOptions, DEMO_CREDENTIALS, loginInput, sessionUser } from '../../../domain/auth.js';
import type { AppConfig } from '../../config.js';
import { clearSessionCookie, currentUser, readSessionToken, setSessionCookie } from '../../plugins/auth.js';
import type { AuthService } from './auth.service.js';

const sessionAnswer = z.object({ user: sessionUser });
/** A person's session routes: an API token is refused on them, and ignored by /api/auth/current (decision 047). */
const own = { sessionOnly: true } as const;

export function authRoutes(app: FastifyInstance, { auth, config }: { auth: AuthService; config: AppConfig }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/auth/options', {
    config: { public: true },
    schema: { tags: ['auth'], summary: 'What the login page shows (demo hint)', response: { 200: authOptions } },
    handler: async () => ({ demo: config.demo, demoHint: config.demo ? { ...DEMO_CREDENTIALS } : null }),
  });

  r.post('/api/auth/login', {
    config: { public: true },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with username or e-mail and password',
      body: loginInput,
      response: { 200: sessionAnswer, 401: apiErrorBody, 429: apiErrorBody },
    },
    handler: async (request, reply) => {
      const signedIn = await auth.signIn(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: readSessionToken(request),
      });
      setSessionCookie(reply, config, signedIn.token, signedIn.expiresAt);
      return { user: signedIn.user };
    },
  });

  r.get('/api/auth/session', {
    config: own,
    schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: sessionAnswer, 401: apiErrorBody } },
    handler: async (request) => ({ user: currentUser(request) }),
  });

  // The browser's session check: 200 with or without a session, so a page opened signed out logs
  // no failed request in the console (GET /api/auth/session answers 401 then).
  r.get('/api/auth/current', {
    config: { public: true, optionalSession: true, sessionOnly: true },
    schema: {
      tags: ['auth'],
      summary: 'The signed-in user, or null without a session',
      response: { 200: z.object({ user: sessionUser.nullable() }) },
    },
    handler: async (request) => ({ user: request.user ?? null }),
  });

  r.post('/api/auth/logout', {
    config: own,
    schema: { tags: ['auth'], summary: 'Sign out: ends the session on the server', response: { 204: z.null() } },
    handler: async (request, reply) => {
      const token = readSessionToken(request);
      if (token) await auth.signOut(token);
      clearSessionCookie(reply, config);
      return reply.status(204).send(null);
    },
  });
}
