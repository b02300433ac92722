/**
 * API tokens (Settings > API Tokens, decision 047): the payloads, the token's format, its expiry
 * and the messages a refused token gets. Who may call what with a token is the policy's
 * (`tokenMayCall` in policy.ts).
 */
import { z } from 'zod';
import { API_TOKEN_ROLES, type ApiTokenRole } from './policy.js';

export { API_TOKEN_ROLES, type ApiTokenRole };

/** A token starts with this, so a secret scanner (and a person) recognises one in a file or a log. */
export const API_TOKEN_PREFIX = 'hvac_';
/** The prefix and 32 random bytes in base64url (43 characters): 256 bits. */
export const API_TOKEN_PATTERN = /^hvac_[A-Za-z0-9_-]{43}$/;
/** How much of the token's end the list shows, so a person can tell two tokens apart. */
export const API_TOKEN_HINT_LENGTH = 4;

/** The expiries an admin may choose, in days; null is "never". */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number];
export const DEFAULT_API_TOKEN_EXPIRY_DAYS: ApiTokenExpiryDays = 90;

/** The last use is written at most this often per token (a read must not become a write per request). */
export const API_TOKEN_LAST_USE_INTERVAL_MS = 60_000;

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be at most 100 characters',
  role: 'Role must be read-only, office or admin',
  expiry: 'Expiry must be 30, 90 or 365 days, or never',
  invalidId: 'Invalid API token ID format',
  notFound: 'API token not found',
  /** Authorization is there but is not "Bearer <token>". */
  malformedHeader: 'The Authorization header must be "Bearer <token>"',
  unknown: 'Invalid API token',
  revoked: 'This API token has been revoked',
  /** The creator was deactivated or may no longer manage tokens: the token stops with them. */
  creatorInactive: "This API token's creator can no longer use it; ask an admin for a new token",
  /** A route for people only (their own account, sign-out, the tokens themselves). */
  sessionOnly: 'API tokens cannot call this route; sign in instead',
  readOnly: 'This API token is read-only: it may only call GET routes',
} as const;

/**
 * The 429 of a token over its per-minute limit (decision 055): what happened, the limit, and when
 * to try again (also in Retry-After), so the client's owner can pace the integration.
 */
export function apiTokenRateLimitedMessage(maxPerMinute: number, retryAfterSeconds: number): string {
  const wait = retryAfterSeconds === 1 ? '1 second' : `${retryAfterSeconds} seconds`;
  return `This API token made more than ${maxPerMinute} requests in a minute; try again in ${wait}`;
}

/** The refusal of an expired token names the moment, so the client's owner knows what happened. */
export function apiTokenExpiredMessage(expiresAt: Date): string {
  return `This API token expired on ${expiresAt.toISOString()}; ask an admin for a new token`;
}

/** When a token made at `createdAt` expires, or null for never. */
export function apiTokenExpiresAt(createdAt: Date, days: ApiTokenExpiryDays | null): Date | null {
  return days === null ? null : new Date(createdAt.getTime() + days * 24 * 60 * 60 * 1000);
}

export type ApiTokenState = 'active' | 'expired' | 'revoked';

/** Whether a token still works at `now`: revoked wins over expired. */
export function apiTokenState(token: { revokedAt: Date | null; expiresAt: Date | null }, now: Date): ApiTokenState {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** The token in an Authorization header: `Bearer <token>`, the scheme in any case (RFC 7235). */
export function bearerToken(header: string): string | null {
  const match = /^bearer +(\S+) *$/i.exec(header);
  return match ? match[1]! : null;
}

export const createApiTokenInput = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(100, API_TOKEN_MESSAGES.nameTooLong),
  role: z.enum(API_TOKEN_ROLES, { error: API_TOKEN_MESSAGES.role }),
  expiresInDays: z.union([z.literal(30), z.literal(90), z.literal(365), z.null()], {
    error: API_TOKEN_MESSAGES.expiry,
  }),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

export const apiToken = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(API_TOKEN_ROLES),
  /** The token's last characters ("…AbCd"), never the token. */
  hint: z.string(),
  createdAt: z.string(),
  createdBy: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(['active', 'expired', 'revoked']),
});
export type ApiToken = z.infer<typeof apiToken>;

export const apiTokenList = z.object({ items: z.array(apiToken) });
export type ApiTokenList = z.infer<typeof apiTokenList>;

/** The answer to a create: the token itself, shown this once and stored only as its SHA-256. */
export const createdApiToken = z.object({ apiToken, token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;

/** Settings > API Tokens: whether /api/openapi.json is served to anyone (off by default). */
export const apiAccessSettings = z.object({
  publicOpenApi: z.boolean({ error: 'Public OpenAPI must be true or false' }),
});
export type ApiAccessSettings = z.infer<typeof apiAccessSettings>;
export const DEFAULT_API_ACCESS_SETTINGS: ApiAccessSettings = { publicOpenApi: false };

/** The list shows at most this many tokens, newest first. */
export const API_TOKEN_LIST_LIMIT = 200;
