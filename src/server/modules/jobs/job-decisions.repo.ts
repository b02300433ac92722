/**
 * The jobs module's writes that other modules ask for inside their own transactions (the jobs
 * module owns jobs and job_items, docs/decisions/028): a quote's send records the address it went
 * to, and the customer's decline adds the inspection fee item.
 */
import { and, eq } from 'drizzle-orm';
import { centsToDecimal } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import { jobItems, jobs } from '../../db/schema.js';

export interface FeeItem {
  code: string;
  name: string;
  serviceLine: string;
  cents: number;
}

export function createJobDecisionsRepo(db: Executor) {
  return {
    async setContactEmail(jobId: string, email: string, at: Date, exec: Executor = db): Promise<void> {
      await exec.update(jobs).set({ contactEmail: email, updatedAt: at }).where(eq(jobs.id, jobId));
    },

    /** Adds the item (one of quantity 1) unless the job has one of its code; false when it had. */
    async addItemUnlessPresent(jobId: string, item: FeeItem, at: Date, exec: Executor = db): Promise<boolean> {
      const [present] = await exec
        .select({ id: jobItems.id })
        .from(jobItems)
        .where(and(eq(jobItems.jobId, jobId), eq(jobItems.code, item.code)))
        .limit(1);
      if (present) return false;
      const amount = centsToDecimal(item.cents);
      await exec.insert(jobItems).values({
        jobId,
        code: item.code,
        name: item.name,
        serviceLine: item.serviceLine,
        quantity: 1,
        unitCost: amount,
        totalCost: amount,
        type: 'item',
        createdAt: at,
      });
      return true;
    },
  };
}
export type JobDecisionsRepo = ReturnType<typeof createJobDecisionsRepo>;
