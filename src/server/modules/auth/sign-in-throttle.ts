/**
 * Password guessing limits for sign-in and the change of one's own password (decision 024),
 * counted in the database (auth_throttle, and rate_limits for the pacing) so every app server
 * sees the same counts.
 *
 * - per account, from any address: MAX_FAILURES_PER_ACCOUNT, then refused until the window ends;
 * - per account and address: MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, then refused;
 * - per address: never refused outright. Past ADDRESS_SLOWDOWN_AFTER_FAILURES, attempts on an
 *   account that already has failures are paced (one per 1, 2, 4 ... 60 seconds from that
 *   address); an account with no failures goes straight to its password check, so a stranger
 *   behind the office's proxy cannot lock the office out.
 *
 * "Account" is the user when the typed login names one, else the typed text (hashed): a name that
 * exists and one that does not are counted and paced alike, so the answers never tell them apart.
 */
import { createHash } from 'node:crypto';
import { tooManyRequests } from '../../errors.js';
import type { DbRateLimiter } from '../../plugins/rate-limit.js';
import type { AuthRepo, ThrottleWindow } from './auth.repo.js';

export const SIGN_IN_WINDOW_MINUTES = 15;
/** Failures on one account from one address within the window. */
export const MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS = 5;
/** Failures on one account from every address together within the window. */
export const MAX_FAILURES_PER_ACCOUNT = 10;
/** Failures from one address (any accounts) after which its attempts on failing accounts are paced. */
export const ADDRESS_SLOWDOWN_AFTER_FAILURES = 20;
export const ADDRESS_PACE_MAX_SECONDS = 60;

export const TOO_MANY_SIGN_INS_MESSAGE = `Too many sign-in attempts. Please wait ${SIGN_IN_WINDOW_MINUTES} minutes and try again.`;
export const TOO_MANY_PASSWORD_CHECKS_MESSAGE = `Too many wrong passwords. Please wait ${SIGN_IN_WINDOW_MINUTES} minutes and try again.`;
export const pacedSignInMessage = (seconds: number) =>
  `Too many failed sign-ins from your network. Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`;

/** Seconds between paced attempts from an address with `failures` failures in the window. */
export function addressPaceSeconds(failures: number): number {
  if (failures < ADDRESS_SLOWDOWN_AFTER_FAILURES) return 0;
  return Math.min(ADDRESS_PACE_MAX_SECONDS, 2 ** Math.min(failures - ADDRESS_SLOWDOWN_AFTER_FAILURES, 10));
}

/**
 * The account a sign-in attempt is counted against: the user's id when the typed login names a
 * user (so "demo", "DEMO" and "demo@example.com" are one count), otherwise the normalized text
 * (hashed: a password typed into the username field must not be stored).
 */
export function throttleAccountKey(typedLogin: string, userId: string | undefined): string {
  if (userId) return `user:${userId}`;
  return `login:${createHash('sha256').update(typedLogin.trim().toLowerCase()).digest('hex')}`;
}

/** One password check: whose password (throttleAccountKey) and from which client address. */
export interface PasswordAttempt {
  account: string;
  ip: string;
  /** sign-in counts and paces per address too; the change of a signed-in user's password does not */
  kind: 'sign-in' | 'change-password';
}

/** An attempt `begin` let through and counted. */
export interface CountedAttempt extends PasswordAttempt {
  /** the account's failures from this address, this attempt included */
  fromThisAddress: number;
}

export function createSignInThrottle({
  repo,
  limiter,
  clock,
}: {
  repo: AuthRepo;
  limiter: DbRateLimiter;
  clock: () => Date;
}) {
  const windowMs = SIGN_IN_WINDOW_MINUTES * 60_000;
  const windowStart = (now: Date) => new Date(now.getTime() - windowMs);
  const keysOf = ({ account, ip }: PasswordAttempt) => ({
    account,
    accountAddress: `${account}|address:${ip}`,
    address: `address:${ip}`,
  });

  function refuseOver(window: ThrottleWindow | undefined, max: number, now: Date, attempt: PasswordAttempt): void {
    if (!window || window.failures < max) return;
    const message = attempt.kind === 'sign-in' ? TOO_MANY_SIGN_INS_MESSAGE : TOO_MANY_PASSWORD_CHECKS_MESSAGE;
    throw tooManyRequests(message, (window.windowStartedAt.getTime() + windowMs - now.getTime()) / 1000);
  }

  return {
    windowStart,

    /**
     * Before the password is checked: refuses (429 with Retry-After) an account over its limits
     * and paces a busy address, then counts the attempt as a failure on the account, so
     * concurrent guesses cannot all pass the check; `succeeded` takes it back.
     */
    async begin(attempt: PasswordAttempt): Promise<CountedAttempt> {
      const now = clock();
      const since = windowStart(now);
      const keys = keysOf(attempt);
      const windows = await repo.throttleWindows([keys.account, keys.accountAddress, keys.address], since);
      refuseOver(windows.get(keys.account), MAX_FAILURES_PER_ACCOUNT, now, attempt);
      refuseOver(windows.get(keys.accountAddress), MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS, now, attempt);

      const addressFailures = windows.get(keys.address)?.failures ?? 0;
      if (
        attempt.kind === 'sign-in' &&
        addressFailures >= ADDRESS_SLOWDOWN_AFTER_FAILURES &&
        (windows.get(keys.account)?.failures ?? 0) > 0
      ) {
        const verdict = await limiter.hit(`sign-in-pace:${attempt.ip}`, 1, addressPaceSeconds(addressFailures) * 1000);
        if (!verdict.allowed)
          throw tooManyRequests(pacedSignInMessage(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
      }

      const [account, accountAddress] = await Promise.all([
        repo.recordFailure(keys.account, now, since),
        repo.recordFailure(keys.accountAddress, now, since),
      ]);
      // Another attempt took the last place between the read above and this count.
      refuseOver({ ...account, failures: account.failures - 1 }, MAX_FAILURES_PER_ACCOUNT, now, attempt);
      refuseOver(
        { ...accountAddress, failures: accountAddress.failures - 1 },
        MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS,
        now,
        attempt,
      );
      return { ...attempt, fromThisAddress: accountAddress.failures };
    },

    /** A wrong password: the account was counted by `begin`; a sign-in also counts on the address. */
    async failed(attempt: PasswordAttempt): Promise<void> {
      if (attempt.kind !== 'sign-in') return;
      const now = clock();
      await repo.recordFailure(keysOf(attempt).address, now, windowStart(now));
    },

    /**
     * The right password: the failures from this address (the owner's typos, and this attempt's
     * own count) are forgiven on both counts; failures from other addresses stay counted.
     */
    async succeeded(attempt: CountedAttempt): Promise<void> {
      const keys = keysOf(attempt);
      await Promise.all([
        repo.clearFailures([keys.accountAddress]),
        repo.forgiveFailures(keys.account, attempt.fromThisAddress),
      ]);
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
