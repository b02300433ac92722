/** Who may work on a job: read by the modules that show a job's records to its technicians. */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobTechnicians } from '../../db/schema.js';

/** Is this technician assigned to the job (technicians see only their jobs' quotes and invoices)? */
export async function isAssignedTechnician(exec: Executor, jobId: string, userId: string): Promise<boolean> {
  const [row] = await exec
    .select({ id: jobTechnicians.id })
    .from(jobTechnicians)
    .where(and(eq(jobTechnicians.jobId, jobId), eq(jobTechnicians.technicianId, userId)))
    .limit(1);
  return Boolean(row);
}
