import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobTechnicians } from '../../db/schema.js';
import { selection, selectRow } from '../../db/sql.js';

/**
 * Is this user one of the job's technicians? The SQL twin of `isAssignedTo` in
 * src/domain/policy.ts (which answers it for a loaded job); every query that asks, asks here.
 * jobId and userId are values or SQL (a column of the outer query).
 */
export function technicianAssigned(jobId: string | SQLWrapper, userId: string | SQLWrapper): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${jobTechnicians} where ${jobTechnicians.jobId} = ${jobId} and ${jobTechnicians.technicianId} = ${userId})`;
}

/** `technicianAssigned` for one job and user, through job_technicians' unique (job, technician) index. */
export async function isTechnicianAssigned(exec: Executor, jobId: string, userId: string): Promise<boolean> {
  const assigned = selection({ assigned: technicianAssigned(jobId, userId) });
  return (await selectRow(exec, assigned, sql`select ${assigned}`))?.assigned === true;
}
