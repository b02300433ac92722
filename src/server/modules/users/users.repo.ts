import { and, asc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Paginated } from '../../../domain/api.js';
import type { UserRole, UserStatus } from '../../../domain/auth.js';
import { countLimitFor } from '../../../domain/search.js';
import {
  USER_OPTIONS_LIMIT,
  type UserOption,
  type UserOptionsQuery,
  type UserSummary,
  type UsersQuery,
} from '../../../domain/users.js';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { textMatch } from '../../db/sql.js';
import { readList, type CountFirstList } from '../../lists/index.js';
import { personName, personNameWords } from '../../db/person-name.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Omit<typeof users.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export interface UserChanges {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  phone?: string | null;
  role?: UserRole;
  status?: UserStatus;
}

export function toUserSummary(row: UserRow): UserSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    role: row.role as UserRole,
    status: row.status as UserStatus,
    hasPassword: row.passwordHash !== null,
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The search box's conditions: the words of the name, the username or the e-mail. */
function userListConditions(query: UsersQuery): SQL[] {
  if (!query.q) return [];
  return [
    or(
      textMatch(users.username, query.q),
      textMatch(users.email, query.q),
      textMatch(personNameWords(users), query.q),
    )!,
  ];
}

/**
 * The Settings users list (decision 030): by username (its unique index, case-insensitive), the
 * total counted up to the cap beside the page (a few hundred users: the page is read in order).
 */
export function userList(options: { totalCap?: number } = {}): CountFirstList<UsersQuery, UserRow> {
  return {
    name: 'users',
    table: users,
    orders: { username: { index: 'users_username_unique' } },
    searchText: [users.username, users.email, users.firstName, users.lastName],
    filters: (query) => userListConditions(query),
    paging: (query) => ({
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
      countLimit: countLimitFor(query.page, query.pageSize, options.totalCap),
    }),
    total: {
      capped: (query) => sql`select 1 from ${users} where ${and(...userListConditions(query)) ?? sql`true`}`,
    },
    pages: {
      by: 'countFirst',
      walk: (exec, query) =>
        exec
          .select()
          .from(users)
          .where(and(...userListConditions(query)))
          .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
    },
  };
}

export function createUsersRepo(db: Executor, options: { totalCap?: number } = {}) {
  return {
    /** The Settings users table: ordered by username, optionally filtered by name, username or e-mail. */
    async list(query: UsersQuery): Promise<Paginated<UserSummary>> {
      const { rows, total, totalCapped } = await readList(db, userList(options), query, undefined);
      return { items: rows.map(toUserSummary), total, totalCapped, page: query.page, pageSize: query.pageSize };
    },

    /** Active users for a picker: id and display name, by name, at most USER_OPTIONS_LIMIT. */
    async options(query: UserOptionsQuery): Promise<UserOption[]> {
      const name = personName(users);
      const filters: SQL[] = [eq(users.status, 'active')];
      if (query.q) filters.push(or(textMatch(users.username, query.q), textMatch(personNameWords(users), query.q))!);
      return db
        .select({ id: users.id, name })
        .from(users)
        .where(and(...filters))
        .orderBy(asc(sql`lower(${name})`), asc(users.id))
        .limit(USER_OPTIONS_LIMIT);
    },

    async findById(id: string, exec: Executor = db): Promise<UserRow | undefined> {
      const [row] = await exec.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    /** Which of the username and e-mail another user already holds (both compared case-insensitively). */
    async findTaken(values: { username?: string; email?: string }, exceptId?: string, exec: Executor = db) {
      const conditions: SQL[] = [];
      if (values.username) conditions.push(sql`lower(${users.username}) = ${values.username.toLowerCase()}`);
      if (values.email) conditions.push(sql`lower(${users.email}) = ${values.email.toLowerCase()}`);
      if (!conditions.length) return { username: false, email: false };
      const rows = await exec
        .select({ username: users.username, email: users.email })
        .from(users)
        .where(and(or(...conditions), exceptId ? ne(users.id, exceptId) : undefined))
        .limit(10);
      return {
        username:
          Boolean(values.username) && rows.some((r) => r.username.toLowerCase() === values.username!.toLowerCase()),
        email: Boolean(values.email) && rows.some((r) => r.email.toLowerCase() === values.email!.toLowerCase()),
      };
    },

    /** Usernames that start with `prefix` (to pick a free one such as ana2). */
    async usernamesStartingWith(prefix: string, exec: Executor = db): Promise<string[]> {
      const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows = await exec
        .select({ username: users.username })
        .from(users)
        .where(sql`lower(${users.username}) like ${pattern}`)
        .limit(1000);
      return rows.map((r) => r.username);
    },

    async insert(values: NewUser, exec: Executor = db): Promise<UserRow> {
      const [row] = await exec.insert(users).values(values).returning();
      return row!;
    },

    async update(id: string, changes: UserChanges, exec: Executor = db): Promise<UserRow | undefined> {
      const [row] = await exec.update(users).set(changes).where(eq(users.id, id)).returning();
      return row;
    },

    async setPasswordHash(id: string, passwordHash: string, at: Date, exec: Executor = db): Promise<void> {
      await exec.update(users).set({ passwordHash, passwordChangedAt: at }).where(eq(users.id, id));
    },

    async markLoggedIn(id: string, at: Date, exec: Executor = db): Promise<void> {
      await exec.update(users).set({ lastLoginAt: at }).where(eq(users.id, id));
    },
  };
}
export type UsersRepo = ReturnType<typeof createUsersRepo>;
