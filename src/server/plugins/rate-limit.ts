/**
 * Rate limits kept in the database (table rate_limits), so every app server behind a load balancer
 * counts the same requests (decision 018). A fixed window per key: one upsert per request that
 * starts a new window when the old one is over, and answers the count so far.
 */
import { lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.js';
import { rateLimits } from '../db/schema.js';
import { tooManyRequests } from '../errors.js';

export interface RateLimitRule {
  /** the key's prefix, e.g. "public-quote-read" */
  name: string;
  max: number;
  windowMs: number;
  message: string;
}

export interface RateLimitVerdict {
  allowed: boolean;
  hits: number;
  retryAfterSeconds: number;
}

export function createDbRateLimiter(db: Executor, clock: () => Date) {
  return {
    /** Counts one request for `key` and says whether it is within `max` per window. */
    async hit(key: string, max: number, windowMs: number): Promise<RateLimitVerdict> {
      const now = clock();
      const windowStart = new Date(now.getTime() - windowMs);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, hits: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then 1 else ${rateLimits.hits} + 1 end`,
            windowStartedAt: sql`case when ${rateLimits.windowStartedAt} <= ${windowStart} then ${now} else ${rateLimits.windowStartedAt} end`,
          },
        })
        .returning({ hits: rateLimits.hits, windowStartedAt: rateLimits.windowStartedAt });
      const hits = row?.hits ?? 1;
      const endsAt = (row?.windowStartedAt ?? now).getTime() + windowMs;
      return { allowed: hits <= max, hits, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
    },

    /** Removes windows that ended before `before` (the table stays small). */
    async sweep(before: Date): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.windowStartedAt, before));
    },
  };
}
export type DbRateLimiter = ReturnType<typeof createDbRateLimiter>;

/** A preHandler that counts the request per client address and answers 429 over the limit. */
export function rateLimitByAddress(limiter: DbRateLimiter, rule: RateLimitRule) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const verdict = await limiter.hit(`${rule.name}:${request.ip}`, rule.max, rule.windowMs);
    reply.header('ratelimit-limit', String(rule.max));
    reply.header('ratelimit-remaining', String(Math.max(0, rule.max - verdict.hits)));
    if (!verdict.allowed) {
      reply.header('retry-after', String(verdict.retryAfterSeconds));
      throw tooManyRequests(rule.message);
    }
  };
}
