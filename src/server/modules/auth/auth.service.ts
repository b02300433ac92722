import { createHash, randomBytes } from 'node:crypto';
import { INVALID_CREDENTIALS_MESSAGE, type LoginInput, type SessionUser } from '../../../domain/auth.js';
import { unauthenticated, badRequest } from '../../errors.js';
import type { DbRateLimiter } from '../../plugins/rate-limit.js';
import type { UsersRepo } from '../users/index.js';
import type { AuthRepo, LiveSession } from './auth.repo.js';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.js';
import { createSessionCache, type SessionCache } from './session-cache.js';
import { createSignInThrottle, throttleAccountKey } from './sign-in-throttle.js';

/** A session is refreshed at most this often, so reads do not turn into a write per request. */
const TOUCH_INTERVAL_MS = 60_000;

export const hashSessionToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface AuthServiceDeps {
  repo: AuthRepo;
  /** The users module's writes (it owns users): the last sign-in time and a changed password. */
  users: Pick<UsersRepo, 'markLoggedIn' | 'setPasswordHash'>;
  /** The database-backed limiter that paces sign-ins from a busy address. */
  limiter: DbRateLimiter;
  clock: () => Date;
  sessionIdleMinutes: number;
  /** This process's short-lived copies of resolved sessions; without it (or with ttlMs 0) every request reads the database. */
  sessionCache?: SessionCache<LiveSession>;
}

export interface SignedIn {
  user: SessionUser;
  /** the cookie value; only its hash is stored */
  token: string;
  expiresAt: Date;
}

export function createAuthService({
  repo,
  users,
  limiter,
  clock,
  sessionIdleMinutes,
  sessionCache = createSessionCache<LiveSession>({ ttlMs: 0 }),
}: AuthServiceDeps) {
  const idleMs = sessionIdleMinutes * 60_000;
  const throttle = createSignInThrottle({ repo, limiter, clock });

  async function newSession(
    user: SessionUser,
    meta: { ip: string | null; userAgent: string | null },
  ): Promise<SignedIn> {
    const now = clock();
    // 256 random bits; the cookie carries the token, the table only its SHA-256.
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + idleMs);
    await repo.createSession(
      {
        id: hashSessionToken(token),
        userId: user.id,
        expiresAt,
        ip: meta.ip,
        userAgent: meta.userAgent?.slice(0, 300) ?? null,
      },
      now,
    );
    return { user, token, expiresAt };
  }

  return {
    async signIn(
      input: LoginInput,
      meta: { ip: string; userAgent: string | null; previousToken: string | null },
    ): Promise<SignedIn> {
      const now = clock();
      const candidate = await repo.findLoginCandidate(input.username);
      const attempt = await throttle.begin({
        account: throttleAccountKey(input.username, candidate?.user.id),
        ip: meta.ip,
        kind: 'sign-in',
      });

      let ok = false;
      if (candidate?.passwordHash && candidate.status === 'active') {
        ok = await verifyPassword(candidate.passwordHash, input.password);
      } else {
        await burnVerifyTime(input.password);
      }
      if (!ok || !candidate) {
        await throttle.failed(attempt);
        throw unauthenticated(INVALID_CREDENTIALS_MESSAGE);
      }

      await throttle.succeeded(attempt);
      // A new session id at every sign-in; the one the browser came with (if any) ends here.
      if (meta.previousToken) await repo.deleteSession(hashSessionToken(meta.previousToken));
      await users.markLoggedIn(candidate.user.id, now);
      return newSession(candidate.user, meta);
    },

    /** The signed-in user for a cookie token, sliding the idle expiry forward. */
    async resolveSession(
      token: string,
    ): Promise<{ user: SessionUser; sessionId: string; expiresAt: Date } | undefined> {
      const now = clock();
      const sessionId = hashSessionToken(token);
      let found = sessionCache.get(sessionId, now)?.value;
      if (!found) {
        const generation = sessionCache.generation();
        found = await repo.findLiveSession(sessionId, now);
        if (!found) return undefined;
        sessionCache.keep(sessionId, { value: found, expiresAt: found.session.expiresAt }, generation, now);
      }
      let expiresAt = found.session.expiresAt;
      if (now.getTime() - found.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
        expiresAt = new Date(now.getTime() + idleMs);
        const generation = sessionCache.generation();
        await repo.extendSession(sessionId, now, expiresAt);
        sessionCache.keep(
          sessionId,
          { value: { ...found, session: { lastSeenAt: now, expiresAt } }, expiresAt },
          generation,
          now,
        );
      }
      return { user: found.user, sessionId, expiresAt };
    },

    /**
     * Forgets every session copy this process keeps: called when a request of this process may
     * have changed a session or a user (the database's announcement reaches the other processes).
     */
    forgetCachedSessions(): void {
      sessionCache.forgetAll();
    },

    async signOut(token: string): Promise<void> {
      await repo.deleteSession(hashSessionToken(token));
    },

    /**
     * Changes the user's own password; every other session of theirs ends. The current password
     * is a guess like a sign-in's: it shares the account's counts (a stolen session must not
     * give unlimited guesses).
     */
    async changePassword(
      userId: string,
      sessionId: string,
      currentPassword: string,
      newPassword: string,
      meta: { ip: string },
    ): Promise<void> {
      const attempt = await throttle.begin({
        account: throttleAccountKey('', userId),
        ip: meta.ip,
        kind: 'change-password',
      });
      const row = await repo.findUserById(userId);
      if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, currentPassword))) {
        await throttle.failed(attempt);
        throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
      }
      await throttle.succeeded(attempt);
      await users.setPasswordHash(userId, await hashPassword(newPassword), clock());
      await repo.deleteUserSessions(userId, sessionId);
    },

    /** Removes expired sessions and sign-in counts whose window is over. */
    async deleteExpiredSessions(): Promise<void> {
      const now = clock();
      await repo.deleteExpiredSessions(now);
      await repo.deleteStaleThrottles(throttle.windowStart(now));
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
