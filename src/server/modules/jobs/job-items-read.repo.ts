/** A job's items in the order they were added: the one read other modules bill or quote from. */
import { asc, eq } from 'drizzle-orm';
import type { JobItem } from '../../../domain/jobs/index.js';
import { toCents } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import { jobItems } from '../../db/schema.js';

export interface JobItemAmounts {
  id: string;
  code: string;
  name: string;
  type: JobItem['type'];
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export async function readJobItemAmounts(exec: Executor, jobId: string): Promise<JobItemAmounts[]> {
  const rows = await exec
    .select({
      id: jobItems.id,
      code: jobItems.code,
      name: jobItems.name,
      type: jobItems.type,
      quantity: jobItems.quantity,
      unitCost: jobItems.unitCost,
      totalCost: jobItems.totalCost,
    })
    .from(jobItems)
    .where(eq(jobItems.jobId, jobId))
    .orderBy(asc(jobItems.createdAt), asc(jobItems.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    name: r.name,
    type: r.type as JobItem['type'],
    quantity: r.quantity,
    unitCents: toCents(r.unitCost),
    totalCents: toCents(r.totalCost),
  }));
}
