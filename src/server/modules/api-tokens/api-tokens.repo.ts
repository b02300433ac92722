import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { API_TOKEN_LIST_LIMIT, type ApiTokenRole } from '../../../domain/api-tokens.js';
import type { SessionUser, UserRole } from '../../../domain/auth.js';
import type { Executor } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import { apiTokens, users } from '../../db/schema.js';

/** A token row as the list shows it (dates as Date; the service turns them into the API's strings). */
export interface ApiTokenRow {
  id: string;
  name: string;
  role: ApiTokenRole;
  hint: string;
  createdAt: Date;
  createdBy: string;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

/** What every bearer request reads: the token and its creator (whose id the request acts with). */
export interface LiveApiToken {
  token: {
    id: string;
    role: ApiTokenRole;
    expiresAt: Date | null;
    lastUsedAt: Date | null;
    revokedAt: Date | null;
  };
  creator: SessionUser & { status: string };
}

export function createApiTokensRepo(db: Executor) {
  const creator = alias(users, 'creator');
  const listColumns = {
    id: apiTokens.id,
    name: apiTokens.name,
    role: apiTokens.role,
    hint: apiTokens.hint,
    createdAt: apiTokens.createdAt,
    createdBy: personName(creator),
    expiresAt: apiTokens.expiresAt,
    lastUsedAt: apiTokens.lastUsedAt,
    revokedAt: apiTokens.revokedAt,
  };
  const toRow = (row: { role: string } & Omit<ApiTokenRow, 'role'>): ApiTokenRow => ({
    ...row,
    role: row.role as ApiTokenRole,
  });

  // The query of every bearer request (when this process has no copy): a prepared statement by
  // the unique hash index. Revoked and expired rows are read too, so the refusal can say why.
  const byHash = db
    .select({
      id: apiTokens.id,
      role: apiTokens.role,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
      creator: {
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        status: users.status,
      },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('api_token_by_hash');

  return {
    async create(
      values: {
        name: string;
        role: ApiTokenRole;
        tokenHash: string;
        hint: string;
        createdBy: string;
        expiresAt: Date | null;
      },
      at: Date,
    ): Promise<string> {
      const [row] = await db
        .insert(apiTokens)
        .values({ ...values, createdAt: at })
        .returning({ id: apiTokens.id });
      return row!.id;
    },

    async findById(id: string): Promise<ApiTokenRow | undefined> {
      const [row] = await db
        .select(listColumns)
        .from(apiTokens)
        .innerJoin(creator, eq(creator.id, apiTokens.createdBy))
        .where(eq(apiTokens.id, id))
        .limit(1);
      return row ? toRow(row) : undefined;
    },

    /** The newest tokens first (a company has a handful; the list stops at API_TOKEN_LIST_LIMIT). */
    async list(): Promise<ApiTokenRow[]> {
      const rows = await db
        .select(listColumns)
        .from(apiTokens)
        .innerJoin(creator, eq(creator.id, apiTokens.createdBy))
        .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
        .limit(API_TOKEN_LIST_LIMIT);
      return rows.map(toRow);
    },

    async findLive(tokenHash: string): Promise<LiveApiToken | undefined> {
      const [row] = await byHash.execute({ tokenHash });
      if (!row) return undefined;
      const { creator: person, ...token } = row;
      return {
        token: { ...token, role: token.role as ApiTokenRole },
        creator: { ...person, role: person.role as UserRole },
      };
    },

    /**
     * Records a use: at most one write per token per `interval` (the condition keeps two app
     * servers from both writing). The column is not announced (migration's trigger), so a use
     * never empties any process's copies.
     */
    async touch(id: string, now: Date, intervalMs: number): Promise<void> {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(apiTokens.id, id),
            or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - intervalMs))),
          ),
        );
    },

    /** Revokes a live token; answers false when it was already revoked (or does not exist). */
    async revoke(id: string, by: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(apiTokens)
        .set({ revokedAt: now, revokedBy: by })
        .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
        .returning({ id: apiTokens.id });
      return rows.length > 0;
    },
  };
}
export type ApiTokensRepo = ReturnType<typeof createApiTokensRepo>;
