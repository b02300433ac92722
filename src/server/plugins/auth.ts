import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  API_TOKEN_MESSAGES,
  apiTokenRateLimitedMessage,
  bearerToken,
  type ApiTokenRole,
} from '../../domain/api-tokens.js';
import type { SessionUser, UserRole } from '../../domain/auth.js';
import { routeAllows, tokenMayCall } from '../../domain/policy.js';
import type { AppConfig } from '../config.js';
import { badRequest, forbidden, tooManyRequests, unauthenticated } from '../errors.js';
import type { AuthService } from '../modules/auth/index.js';
import type { DbRateLimiter } from './rate-limit.js';
import { REFUSED_TARGET, REFUSED_TARGET_MESSAGE } from './request-target.js';

/** The window of the per-token limit (API_TOKEN_RATE_LIMIT requests in it). */
export const API_TOKEN_RATE_WINDOW_MS = 60_000;

export const SESSION_COOKIE = 'hvac_sid';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Reachable without a session (sign-in, health, the public quote page, the web app's files).
     * Every other route needs one: access is decided from the matched route's config, never from
     * the URL.
     */
    public?: boolean;
    /** A public route that reads the session when there is one (GET /api/auth/current). */
    optionalSession?: boolean;
    /** Roles allowed, from the policy (`config: allow('jobs.edit')`); omitted means every signed-in user. */
    roles?: readonly UserRole[];
    /**
     * A person's own routes (their session, their account, the API tokens themselves): an API
     * token is refused with 403 (decision 047). Every other private route takes a token too.
     */
    sessionOnly?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** The API token a bearer request came with (decision 047); null for a session or no one. */
    apiToken: { id: string; role: ApiTokenRole } | null;
  }
}

/** The signed-in user of a protected route (the hook guarantees one). */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

export function readSessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid ? unsigned.value : null;
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    signed: true,
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request protection for mutations: the session cookie is SameSite=Lax, and on top of
 * that a state-changing request must not come from another site, judged by the browser's own
 * Fetch Metadata (Sec-Fetch-Site) and, failing that, by Origin. Non-browser clients send neither
 * and cannot carry a victim's cookie anyway.
 */
function isCrossSite(request: FastifyRequest, config: AppConfig): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') return site !== 'same-origin' && site !== 'none';
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === '') return false;
  try {
    const originHost = new URL(origin).host;
    // Fastify takes X-Forwarded-Host only from a trusted proxy (TRUST_PROXY), else the Host header.
    return originHost !== request.host && originHost !== new URL(config.publicUrl).host;
  } catch {
    return true;
  }
}

/** What the auth plugin asks of the API tokens module (decision 047). */
export interface BearerTokens {
  resolve(
    token: string,
  ): Promise<{ ok: true; user: SessionUser; tokenId: string; role: ApiTokenRole } | { ok: false; message: string }>;
  forgetCached(): void;
}

/** A refused bearer token: 401 with the reason, and the challenge RFC 6750 asks for. */
function refuseBearer(reply: FastifyReply, message: string): never {
  reply.header('www-authenticate', 'Bearer realm="api", error="invalid_token"');
  throw unauthenticated(message);
}

export async function registerAuth(
  app: FastifyInstance,
  config: AppConfig,
  auth: AuthService,
  tokens: BearerTokens,
  limiter: DbRateLimiter,
): Promise<void> {
  await app.register(cookie, { secret: config.sessionSecret, hook: 'onRequest' });
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('apiToken', null);

  // The access decision: one hook for every request, read from the route the router matched
  // (after the target was normalised: plugins/request-target.ts), never from the URL's spelling.
  app.addHook('onRequest', async (request, reply) => {
    if ((request.raw as { [REFUSED_TARGET]?: boolean })[REFUSED_TARGET]) throw badRequest(REFUSED_TARGET_MESSAGE);
    // A request with an Authorization header is a token's, and its cookie is never read: no
    // session rides along, so the cross-site check (which protects the cookie) has nothing to
    // protect, and an API client need not send Origin or Sec-Fetch-Site (decision 047).
    const authorization = request.headers.authorization;
    const bearer = authorization === undefined ? null : bearerToken(authorization);
    if (authorization === undefined && !SAFE_METHODS.has(request.method) && isCrossSite(request, config)) {
      throw forbidden('Cross-site request refused');
    }
    // No route matched: the not-found handler answers (an API 404, or the web app's page).
    if (request.routeOptions.url === undefined) return;
    const routeConfig = request.routeOptions.config;
    if (
      routeConfig.public &&
      (!routeConfig.optionalSession || (authorization !== undefined && routeConfig.sessionOnly))
    )
      return;
    if (authorization !== undefined) {
      if (bearer === null) refuseBearer(reply, API_TOKEN_MESSAGES.malformedHeader);
      const resolved = await tokens.resolve(bearer);
      if (!resolved.ok) refuseBearer(reply, resolved.message);
      request.user = resolved.user;
      request.apiToken = { id: resolved.tokenId, role: resolved.role };
      // Every call of a token counts against its own limit, in the database (rate_limits), so
      // all app servers share one count and a misbehaving client cannot crowd out the screens
      // (decision 055). Counted before the route's checks: refused calls cost the server too.
      const max = config.apiTokenRateLimit;
      const verdict = await limiter.hit(`api-token:${resolved.tokenId}`, max, API_TOKEN_RATE_WINDOW_MS);
      reply.header('ratelimit-limit', String(max));
      reply.header('ratelimit-remaining', String(Math.max(0, max - verdict.hits)));
      if (!verdict.allowed) {
        throw tooManyRequests(apiTokenRateLimitedMessage(max, verdict.retryAfterSeconds), verdict.retryAfterSeconds);
      }
      if (routeConfig.public) return;
      if (routeConfig.sessionOnly) throw forbidden(API_TOKEN_MESSAGES.sessionOnly);
      // The route's own roles, as for a person of the role the token acts as; a read-only token
      // only reads. Checked before the body is parsed, as for a session.
      if (!tokenMayCall(resolved.role, request.method, routeConfig.roles)) {
        throw forbidden(routeAllows(routeConfig.roles, resolved.user.role) ? API_TOKEN_MESSAGES.readOnly : undefined);
      }
      return;
    }
    const token = readSessionToken(request);
    if (token) {
      const session = await auth.resolveSession(token);
      if (session) {
        request.user = session.user;
        request.sessionId = session.sessionId;
      }
    }
    if (routeConfig.public) return;
    if (!request.user) throw unauthenticated();
    // Roles are checked here, before the body is parsed and validated: a role that may not call
    // the route gets 403, never the field messages of a body it was not allowed to send.
    if (!routeAllows(routeConfig.roles, request.user.role)) throw forbidden();
  });

  // A state-changing request may have ended a session or changed a user (sign-out, a password,
  // a role): this process forgets its session copies before the answer leaves, so the next request
  // is checked against the database. Other processes hear it from the database (session-cache.ts).
  // Only a signed-in user's write can do that: a stranger's requests never empty the copies.
  // The same for API tokens (a revoke, a deactivated creator).
  app.addHook('onSend', async (request) => {
    if (!SAFE_METHODS.has(request.method) && request.user) {
      auth.forgetCachedSessions();
      tokens.forgetCached();
    }
  });
}
