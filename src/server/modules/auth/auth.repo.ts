import { and, eq, gt, gte, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { SessionUser, UserRole } from '../../../domain/auth.js';
import type { Executor } from '../../db/client.js';
import { authThrottle, sessions, users } from '../../db/schema.js';

export interface LoginCandidate {
  user: SessionUser;
  passwordHash: string | null;
  status: string;
}

function toSessionUser(row: typeof users.$inferSelect): SessionUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role as UserRole,
  };
}

/** Failed attempts counted for one throttle key since its window started. */
export interface ThrottleWindow {
  failures: number;
  windowStartedAt: Date;
}

/** A live session and its user, as every request reads it. */
export interface LiveSession {
  session: { lastSeenAt: Date; expiresAt: Date };
  user: SessionUser;
}

export function createAuthRepo(db: Executor) {
  // The one query of every request: a named prepared statement (parsed and planned once per
  // connection), reading only what the request needs.
  const liveSession = db
    .select({
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`),
        eq(users.status, 'active'),
      ),
    )
    .limit(1)
    .prepare('live_session');
  return {
    /** By username or e-mail, case-insensitively. */
    async findLoginCandidate(identifier: string): Promise<LoginCandidate | undefined> {
      const needle = identifier.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(or(sql`lower(${users.username}) = ${needle}`, sql`lower(${users.email}) = ${needle}`))
        .orderBy(sql`lower(${users.username}) = ${needle} desc`)
        .limit(1);
      return row ? { user: toSessionUser(row), passwordHash: row.passwordHash, status: row.status } : undefined;
    },

    async findUserById(id: string) {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },

    async createSession(
      input: { id: string; userId: string; expiresAt: Date; ip: string | null; userAgent: string | null },
      at: Date,
    ) {
      await db.insert(sessions).values({ ...input, createdAt: at, lastSeenAt: at });
    },

    /** The live session and its active user, or undefined (runs on every API request). */
    async findLiveSession(sessionId: string, now: Date): Promise<LiveSession | undefined> {
      const [row] = await liveSession.execute({ sessionId, now: now.toISOString() });
      return row
        ? {
            session: { lastSeenAt: row.lastSeenAt, expiresAt: row.expiresAt },
            user: { ...row.user, role: row.user.role as UserRole },
          }
        : undefined;
    },

    async extendSession(sessionId: string, now: Date, expiresAt: Date): Promise<void> {
      await db.update(sessions).set({ lastSeenAt: now, expiresAt }).where(eq(sessions.id, sessionId));
    },

    async deleteSession(sessionId: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    /** Ends every session of the user, except `keepSessionId` when given. */
    /** Ends every session of the user, except `keepSessionId` when given (the users module asks too, in its transaction). */
    async deleteUserSessions(userId: string, keepSessionId?: string, exec: Executor = db): Promise<void> {
      await exec
        .delete(sessions)
        .where(
          keepSessionId
            ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
            : eq(sessions.userId, userId),
        );
    },

    async deleteExpiredSessions(now: Date): Promise<void> {
      await db.delete(sessions).where(lt(sessions.expiresAt, now));
    },

    /** The live failure windows of `keys` (a window started before `windowStart` is over: absent). */
    async throttleWindows(keys: string[], windowStart: Date): Promise<Map<string, ThrottleWindow>> {
      const rows = await db
        .select()
        .from(authThrottle)
        .where(and(inArray(authThrottle.key, keys), gte(authThrottle.windowStartedAt, windowStart)));
      return new Map(rows.map((row) => [row.key, { failures: row.failures, windowStartedAt: row.windowStartedAt }]));
    },

    /** Adds one failure to `key`, starting a new window when the old one is over; answers the window. */
    async recordFailure(key: string, now: Date, windowStart: Date): Promise<ThrottleWindow> {
      const [row] = await db
        .insert(authThrottle)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then ${now} else ${authThrottle.windowStartedAt} end`,
          },
        })
        .returning({ failures: authThrottle.failures, windowStartedAt: authThrottle.windowStartedAt });
      return row ?? { failures: 1, windowStartedAt: now };
    },

    async deleteStaleThrottles(windowStart: Date): Promise<void> {
      await db.delete(authThrottle).where(lt(authThrottle.windowStartedAt, windowStart));
    },

    /** Takes `count` failures back from `key` (never below zero). */
    async forgiveFailures(key: string, count: number): Promise<void> {
      await db
        .update(authThrottle)
        .set({ failures: sql`greatest(${authThrottle.failures} - ${count}, 0)` })
        .where(eq(authThrottle.key, key));
    },

    async clearFailures(keys: string[]): Promise<void> {
      await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
    },
  };
}
export type AuthRepo = ReturnType<typeof createAuthRepo>;
