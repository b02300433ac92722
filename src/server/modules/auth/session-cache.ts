/**
 * The sessions this process resolved in the last few seconds, so that a burst of requests does not
 * read the same session from the database once each (decision 014, "Session cache").
 *
 * Sessions live in the database; this is a read-through copy, and it forgets everything whenever
 * anything that could end a session or change what it grants happens anywhere:
 * - the database announces every delete of a session and every change or delete of a user on the
 *   channel `hvac_session_change` (migration 0036, triggers, so a tool or another app server is
 *   heard too), and every process listens;
 * - this process forgets at once when one of its own requests changed something (the auth plugin
 *   calls `forgetAll` before any state-changing request answers), so a sign-out is never followed
 *   by an answer from a copy;
 * - a copy is kept at most `ttlMs`, and never past the session's expiry;
 * - nothing is kept while the process is not listening (not connected yet, or the listening
 *   connection was lost): a missed announcement cannot leave a copy behind.
 *
 * A lookup that was running while something changed does not keep its answer: each `forgetAll`
 * starts a new generation, and `keep` only stores an answer read within the current one.
 */
export interface CachedSession<T> {
  value: T;
  /** The session's own expiry: the copy is never used past it. */
  expiresAt: Date;
}

export interface SessionCache<T> {
  /** The copy of a session, or undefined (none, too old, expired, or not listening). */
  get(sessionId: string, now: Date): CachedSession<T> | undefined;
  /** The generation to pass to `keep` for a lookup starting now. */
  generation(): number;
  /** Keeps a lookup's answer, unless something changed since `generation` was read. */
  keep(sessionId: string, session: CachedSession<T>, generation: number, now: Date): void;
  forgetAll(): void;
  /** Whether announcements are being heard; while not, nothing is kept. */
  setListening(listening: boolean): void;
}

/** Where the database announces session and user changes (migration 0036's triggers). */
export const SESSION_CHANGE_CHANNEL = 'hvac_session_change';

/** Copies kept at once; a process that reaches it starts again empty (sessions are few, requests many). */
const MAX_ENTRIES = 10_000;

export function createSessionCache<T>(options: { ttlMs: number }): SessionCache<T> {
  const entries = new Map<string, { session: CachedSession<T>; keptAt: number }>();
  let generation = 0;
  let listening = false;
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  return {
    get(sessionId, now) {
      if (!listening) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      const t = now.getTime();
      if (t - entry.keptAt >= options.ttlMs || t < entry.keptAt || entry.session.expiresAt.getTime() <= t) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.session;
    },
    generation: () => generation,
    keep(sessionId, session, lookupGeneration, now) {
      if (!listening || options.ttlMs <= 0 || lookupGeneration !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.clear();
      entries.set(sessionId, { session, keptAt: now.getTime() });
    },
    forgetAll,
    setListening(value) {
      forgetAll();
      listening = value;
    },
  };
}
