/** Every write to jobs, their technicians, items and presets. */
import { and, eq, sql } from 'drizzle-orm';
import type { JobItem, JobPreset, JobStatus, PresetData } from '../../../domain/jobs/index.js';
import { centsToDecimal } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import { jobItems, jobPresets, jobs, jobTechnicians } from '../../db/schema.js';
import { toItem } from './jobs-detail.repo.js';

export type JobInsert = typeof jobs.$inferInsert;
export type JobItemInsert = typeof jobItems.$inferInsert;

export function createJobsWritesRepo(db: Executor) {
  return {
    async insertJob(values: JobInsert, exec: Executor = db): Promise<{ id: string; number: number }> {
      const [row] = await exec.insert(jobs).values(values).returning({ id: jobs.id, number: jobs.number });
      return row!;
    },

    /**
     * Several jobs in one statement (the visit generator, decision 053): numbers are taken from the
     * sequence in the order given; the answer is in that order too (matched by the given ids).
     */
    async insertJobs(
      values: (JobInsert & { id: string })[],
      exec: Executor = db,
    ): Promise<{ id: string; number: number }[]> {
      if (values.length === 0) return [];
      const rows = await exec.insert(jobs).values(values).returning({ id: jobs.id, number: jobs.number });
      const numbers = new Map(rows.map((r) => [r.id, r.number]));
      return values.map((v) => ({ id: v.id, number: numbers.get(v.id)! }));
    },

    /** Technicians of several jobs in one statement. */
    async insertTechniciansOfJobs(
      rows: { jobId: string; technicianId: string; isPrimary: boolean }[],
      exec: Executor = db,
    ): Promise<void> {
      if (rows.length === 0) return;
      await exec.insert(jobTechnicians).values(rows);
    },

    async insertTechnicians(
      jobId: string,
      rows: { technicianId: string; isPrimary: boolean }[],
      exec: Executor = db,
    ): Promise<void> {
      if (rows.length === 0) return;
      await exec.insert(jobTechnicians).values(rows.map((r) => ({ jobId, ...r })));
    },

    async deleteTechnicians(jobId: string, exec: Executor = db): Promise<void> {
      await exec.delete(jobTechnicians).where(eq(jobTechnicians.jobId, jobId));
    },

    async setStatus(id: string, status: JobStatus, at: Date, exec: Executor = db): Promise<void> {
      await exec
        .update(jobs)
        .set({ status, updatedAt: at, ...(status === 'completed' ? { completedAt: at } : {}) })
        .where(eq(jobs.id, id));
    },

    async updateLabels(
      id: string,
      values: { tags?: string[]; subcontracted?: boolean },
      at: Date,
      exec: Executor = db,
    ): Promise<void> {
      await exec
        .update(jobs)
        .set({
          ...(values.tags !== undefined ? { tags: values.tags } : {}),
          ...(values.subcontracted !== undefined ? { subcontracted: values.subcontracted } : {}),
          // Always forward, so a dispatch board holding the previous version sees the change (decision 015).
          updatedAt: sql`greatest(${at.toISOString()}::timestamptz, ${jobs.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(jobs.id, id));
    },

    async touch(id: string, at: Date, exec: Executor = db): Promise<void> {
      await exec.update(jobs).set({ updatedAt: at }).where(eq(jobs.id, id));
    },

    /**
     * Removes the job and its items and technicians by cascade. Its unanswered quotes, draft
     * invoices and inspections are removed first by the modules that own them (jobs.service.ts).
     */
    async deleteJob(id: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec.delete(jobs).where(eq(jobs.id, id)).returning({ id: jobs.id });
      return rows.length > 0;
    },

    async insertItem(
      values: {
        jobId: string;
        type: JobItem['type'];
        code: string;
        name: string;
        serviceLine: string | null;
        quantity: number;
        unitCostCents: number;
        totalCents: number;
      },
      exec: Executor = db,
    ): Promise<JobItem> {
      const [row] = await exec
        .insert(jobItems)
        .values({
          jobId: values.jobId,
          type: values.type,
          code: values.code,
          name: values.name,
          serviceLine: values.serviceLine,
          quantity: values.quantity,
          unitCost: centsToDecimal(values.unitCostCents),
          totalCost: centsToDecimal(values.totalCents),
        })
        .returning();
      return toItem(row!);
    },

    async updateItem(
      jobId: string,
      itemId: string,
      values: { quantity: number; unitCostCents: number; totalCents: number; at: Date },
      exec: Executor = db,
    ): Promise<JobItem | null> {
      const [row] = await exec
        .update(jobItems)
        .set({
          quantity: values.quantity,
          unitCost: centsToDecimal(values.unitCostCents),
          totalCost: centsToDecimal(values.totalCents),
          updatedAt: values.at,
        })
        .where(and(eq(jobItems.id, itemId), eq(jobItems.jobId, jobId)))
        .returning();
      return row ? toItem(row) : null;
    },

    async deleteItem(jobId: string, itemId: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .delete(jobItems)
        .where(and(eq(jobItems.id, itemId), eq(jobItems.jobId, jobId)))
        .returning({ id: jobItems.id });
      return rows.length > 0;
    },

    async insertPreset(userId: string, name: string, data: PresetData, exec: Executor = db): Promise<JobPreset> {
      const [r] = await exec.insert(jobPresets).values({ userId, name, data }).returning();
      return { id: r!.id, name: r!.name, data: r!.data as PresetData, createdAt: r!.createdAt.toISOString() };
    },

    async deletePreset(userId: string, id: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .delete(jobPresets)
        .where(and(eq(jobPresets.id, id), eq(jobPresets.userId, userId)))
        .returning({ id: jobPresets.id });
      return rows.length > 0;
    },
  };
}
