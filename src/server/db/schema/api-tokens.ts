/** API tokens (decision 047): named, with a role and an expiry, stored as the SHA-256 of the token. */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { id, createdAt, oneOf, notBlank, DB_ENUMS } from './columns.js';
import { users } from './users.js';

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    role: varchar('role', { length: 20 }).notNull(),
    // SHA-256 (hex) of the token: the token has 256 random bits, so a fast hash is enough, and a
    // leaked table hands out no live token (decision 047).
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    // The token's last characters, so the list can tell two tokens apart.
    hint: varchar('hint', { length: 8 }).notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    // Null: never expires.
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    // Written at most once a minute per token (API_TOKEN_LAST_USE_INTERVAL_MS).
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokedBy: uuid('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('api_tokens_name_not_blank', notBlank(t.name)),
    check('api_tokens_role_check', oneOf(t.role, DB_ENUMS.apiTokenRole)),
    uniqueIndex('api_tokens_hash_unique').on(t.tokenHash),
    index('api_tokens_created_idx').on(sql`${t.createdAt} desc`),
    index('api_tokens_created_by_idx').on(t.createdBy),
  ],
);
