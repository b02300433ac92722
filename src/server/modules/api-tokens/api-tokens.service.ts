import { createHash, randomBytes } from 'node:crypto';
import {
  API_TOKEN_HINT_LENGTH,
  API_TOKEN_LAST_USE_INTERVAL_MS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  apiTokenExpiredMessage,
  apiTokenExpiresAt,
  apiTokenState,
  type ApiToken,
  type ApiTokenRole,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from '../../../domain/api-tokens.js';
import type { SessionUser } from '../../../domain/auth.js';
import { can, tokenActsAs } from '../../../domain/policy.js';
import { notFound } from '../../errors.js';
import { createSessionCache, type SessionCache } from '../auth/index.js';
import type { ApiTokenRow, ApiTokensRepo, LiveApiToken } from './api-tokens.repo.js';

/** The token's SHA-256 (hex): what the table keeps and looks a token up by. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A copy of a token that never expires is kept no longer than the cache's own time. */
const NEVER = new Date(8.64e15);

/** What a bearer request resolves to: the user it acts as, or why it is refused (401). */
export type ResolvedApiToken =
  { ok: true; user: SessionUser; tokenId: string; role: ApiTokenRole } | { ok: false; message: string };

export interface ApiTokensServiceDeps {
  repo: ApiTokensRepo;
  clock: () => Date;
  /**
   * This process's short-lived copies of resolved tokens (the session cache's design: emptied by
   * the database's announcement on every revoke, and by this process's own writes); without it
   * every request reads the database.
   */
  cache?: SessionCache<LiveApiToken>;
}

function toApiToken(row: ApiTokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    hint: row.hint,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: apiTokenState(row, now),
  };
}

export function createApiTokensService({
  repo,
  clock,
  cache = createSessionCache<LiveApiToken>({ ttlMs: 0 }),
}: ApiTokensServiceDeps) {
  return {
    async list(): Promise<ApiToken[]> {
      const now = clock();
      return (await repo.list()).map((row) => toApiToken(row, now));
    },

    /** Makes a token: 256 random bits, shown in this answer only; the table keeps its SHA-256. */
    async create(input: CreateApiTokenInput, actor: SessionUser): Promise<CreatedApiToken> {
      const now = clock();
      const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
      const id = await repo.create(
        {
          name: input.name,
          role: input.role,
          tokenHash: hashApiToken(token),
          hint: token.slice(-API_TOKEN_HINT_LENGTH),
          createdBy: actor.id,
          expiresAt: apiTokenExpiresAt(now, input.expiresInDays),
        },
        now,
      );
      const row = await repo.findById(id);
      return { apiToken: toApiToken(row!, now), token };
    },

    /**
     * Revokes a token at once: the row's change is announced to every app server, which forget
     * their copies before their next request. Revoking a revoked token changes nothing.
     */
    async revoke(id: string, actor: SessionUser): Promise<ApiToken> {
      const now = clock();
      await repo.revoke(id, actor.id, now);
      cache.forgetAll();
      const row = await repo.findById(id);
      if (!row) throw notFound(API_TOKEN_MESSAGES.notFound);
      return toApiToken(row, now);
    },

    /** The user a bearer token acts as, or why it is refused. */
    async resolve(token: string): Promise<ResolvedApiToken> {
      // Not a token of ours: refused without a database read.
      if (!API_TOKEN_PATTERN.test(token)) return { ok: false, message: API_TOKEN_MESSAGES.unknown };
      const now = clock();
      const tokenHash = hashApiToken(token);
      let found = cache.get(tokenHash, now)?.value;
      if (!found) {
        const generation = cache.generation();
        found = await repo.findLive(tokenHash);
        if (!found) return { ok: false, message: API_TOKEN_MESSAGES.unknown };
        cache.keep(tokenHash, { value: found, expiresAt: found.token.expiresAt ?? NEVER }, generation, now);
      }
      const { token: row, creator } = found;
      const state = apiTokenState(row, now);
      if (state === 'revoked') return { ok: false, message: API_TOKEN_MESSAGES.revoked };
      if (state === 'expired') return { ok: false, message: apiTokenExpiredMessage(row.expiresAt!) };
      // The token stops with its creator: deactivated, or no longer allowed to hand out tokens.
      if (creator.status !== 'active' || !can(creator.role, 'apiTokens.manage')) {
        return { ok: false, message: API_TOKEN_MESSAGES.creatorInactive };
      }
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > API_TOKEN_LAST_USE_INTERVAL_MS) {
        const generation = cache.generation();
        await repo.touch(row.id, now, API_TOKEN_LAST_USE_INTERVAL_MS);
        const touched = { ...found, token: { ...row, lastUsedAt: now } };
        cache.keep(tokenHash, { value: touched, expiresAt: row.expiresAt ?? NEVER }, generation, now);
      }
      const { status: _status, ...person } = creator;
      return { ok: true, user: { ...person, role: tokenActsAs(row.role) }, tokenId: row.id, role: row.role };
    },

    /** Forgets this process's token copies (a write of this process may have changed one). */
    forgetCached(): void {
      cache.forgetAll();
    },
  };
}
export type ApiTokensService = ReturnType<typeof createApiTokensService>;
