/** The invoices module's write another module asks for (it owns job_invoices, docs/decisions/028). */
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobInvoices } from '../../db/schema.js';

/** A deleted job's draft invoices (one past draft refuses the delete; its lines go by cascade). */
export async function deleteDraftInvoicesOfJob(exec: Executor, jobId: string): Promise<void> {
  await exec.delete(jobInvoices).where(and(eq(jobInvoices.jobId, jobId), eq(jobInvoices.status, 'draft')));
}
