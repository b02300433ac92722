import { pingDatabase, type DatabaseHandle } from '../../db/client.js';

/** What /api/health checks: which database this server uses, and whether it answers. */
export function createHealthService(database: DatabaseHandle) {
  return {
    database: database.kind,
    /** Resolves when the database answers a trivial query; throws when it does not. */
    ping: () => pingDatabase(database.db),
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
