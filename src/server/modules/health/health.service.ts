import { pingDatabase, type DatabaseHandle } from '../../db/client.js';

/** How long /api/health waits for the database before answering "unavailable". */
export const HEALTH_PING_TIMEOUT_MS = 1_500;

/** What /api/health checks: which database this server uses, and whether it answers. */
export function createHealthService(database: DatabaseHandle, timeoutMs = HEALTH_PING_TIMEOUT_MS) {
  return {
    database: database.kind,
    /**
     * Resolves when the database answers a trivial query within `timeoutMs`; throws otherwise,
     * so the check answers within 2 seconds whether the database is up, down or hung.
     */
    async ping(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the database did not answer within ${timeoutMs} ms`)), timeoutMs);
      });
      const ping = pingDatabase(database.db);
      // The ping may still fail after the timer won; nobody waits for it then.
      ping.catch(() => {});
      try {
        await Promise.race([ping, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
