/** Edit Job (issue 26): the job's editable values, the change itself, and the job's history (job_changes). */
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { JobChange, JobEditableValues, JobHistoryEntry, JobStatus } from '../../../domain/jobs/index.js';
import { readTogether, type Executor } from '../../db/client.js';
import { quoteOpenAt } from '../../db/views.js';
import { personName } from '../../db/person-name.js';
import { jobChanges, jobLatestQuotes, jobs, jobTypes, locations, serviceLines, units, users } from '../../db/schema.js';

export type JobEditRow = JobEditableValues & {
  status: JobStatus;
  scheduleStartAt: Date | null;
  contactId: string | null;
};

export type JobUpdate = {
  locationId: string;
  unitId: string | null;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  contactType: string;
  type: string;
  serviceLine: string;
  name: string;
  description: string;
  problemDescription: string | null;
  customerPo: string | null;
  serviceContract: string | null;
  isTraining: boolean;
  timePeriodStart: string;
  timePeriodDue: string;
  scheduleStart: Date | null;
  scheduleDuration: number;
  status: JobStatus;
  office: string;
  tags: string[];
  subcontracted: boolean;
  notes: string | null;
};

export function createJobsEditRepo(db: Executor) {
  return {
    /** The job's editable values as the history compares them, the row locked for the edit. */
    async editable(id: string, exec: Executor = db): Promise<JobEditRow | null> {
      const [row] = await exec
        .select({
          locationId: jobs.locationId,
          unitId: jobs.unitId,
          contactName: jobs.contactName,
          contactPhone: jobs.contactPhone,
          contactEmail: jobs.contactEmail,
          contactType: jobs.contactType,
          contactId: jobs.contactId,
          type: jobs.type,
          serviceLine: jobs.serviceLine,
          name: jobs.name,
          description: jobs.description,
          problemDescription: jobs.problemDescription,
          customerPo: jobs.customerPo,
          serviceContract: jobs.serviceContract,
          isTraining: jobs.isTraining,
          timePeriodStart: jobs.timePeriodStart,
          timePeriodDue: jobs.timePeriodDue,
          scheduleStartAt: jobs.scheduleStart,
          scheduleDuration: jobs.scheduleDuration,
          status: jobs.status,
          office: jobs.office,
          tags: jobs.tags,
          subcontracted: jobs.subcontracted,
          notes: jobs.notes,
        })
        .from(jobs)
        .where(eq(jobs.id, id))
        .for('update');
      if (!row) return null;
      return {
        ...row,
        status: row.status as JobStatus,
        scheduleStart: row.scheduleStartAt?.toISOString() ?? null,
      };
    },

    /** The contact picked from the location's contacts (decision 038). */
    async setContact(id: string, contactId: string | null, exec: Executor = db): Promise<void> {
      await exec.update(jobs).set({ contactId }).where(eq(jobs.id, id));
    },

    async updateJob(id: string, values: JobUpdate, at: Date, exec: Executor = db): Promise<void> {
      await exec
        .update(jobs)
        .set({
          ...values,
          // Always forward, so a dispatch board holding the previous version sees the change (decision 015).
          updatedAt: sql`greatest(${at.toISOString()}::timestamptz, ${jobs.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(jobs.id, id));
    },

    async insertChange(
      values: { jobId: string; userId: string | null; at: Date; changes: JobChange[]; quoteRelevant: boolean },
      exec: Executor = db,
    ): Promise<void> {
      await exec.insert(jobChanges).values(values);
    },

    /** The names the history shows for the references among the changes (as they are at the time of the edit). */
    async labels(
      refs: { locationIds: string[]; unitIds: string[]; types: string[]; serviceLines: string[] },
      exec: Executor = db,
    ): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      const none = async () => [] as { id: string; name: string }[];
      const [l, u, t, s] = await readTogether(exec, [
        () =>
          refs.locationIds.length
            ? exec
                .select({ id: locations.id, name: locations.name })
                .from(locations)
                .where(inArray(locations.id, refs.locationIds))
            : none(),
        () =>
          refs.unitIds.length
            ? exec.select({ id: units.id, name: units.unitNumber }).from(units).where(inArray(units.id, refs.unitIds))
            : none(),
        () =>
          refs.types.length
            ? exec
                .select({ id: jobTypes.code, name: jobTypes.name })
                .from(jobTypes)
                .where(inArray(jobTypes.code, refs.types))
            : none(),
        () =>
          refs.serviceLines.length
            ? exec
                .select({ id: serviceLines.code, name: serviceLines.name })
                .from(serviceLines)
                .where(inArray(serviceLines.code, refs.serviceLines))
            : none(),
      ]);
      for (const r of l) out.set(`locationId:${r.id}`, r.name);
      for (const r of u) out.set(`unitId:${r.id}`, r.name);
      for (const r of t) out.set(`type:${r.id}`, r.name);
      for (const r of s) out.set(`serviceLine:${r.id}`, r.name);
      return out;
    },

    async unitFacts(unitId: string, exec: Executor = db): Promise<{ unitNumber: string; status: string } | null> {
      const [row] = await exec
        .select({ unitNumber: units.unitNumber, status: units.status })
        .from(units)
        .where(eq(units.id, unitId))
        .limit(1);
      return row ?? null;
    },

    /** Is the job's latest quote sent and still open for the customer's answer? */
    async hasOpenQuote(jobId: string, now: Date, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .select({ id: jobLatestQuotes.quoteId })
        .from(jobLatestQuotes)
        .where(and(eq(jobLatestQuotes.jobId, jobId), quoteOpenAt(jobLatestQuotes, now)))
        .limit(1);
      return rows.length > 0;
    },

    /** The newest entries of the job's history, with who made them. */
    async history(
      jobId: string,
      limit: number,
      exec: Executor = db,
    ): Promise<{ items: JobHistoryEntry[]; total: number }> {
      const [rows, [total]] = await readTogether(exec, [
        () =>
          exec
            .select({
              id: jobChanges.id,
              at: jobChanges.at,
              userId: users.id,
              userName: personName(users),
              changes: jobChanges.changes,
              quoteRelevant: jobChanges.quoteRelevant,
            })
            .from(jobChanges)
            .leftJoin(users, eq(users.id, jobChanges.userId))
            .where(eq(jobChanges.jobId, jobId))
            .orderBy(desc(jobChanges.at), desc(jobChanges.id))
            .limit(limit),
        () => exec.select({ n: count() }).from(jobChanges).where(eq(jobChanges.jobId, jobId)),
      ]);
      return {
        items: rows.map((r) => ({
          id: r.id,
          at: r.at.toISOString(),
          user: r.userId ? { id: r.userId, name: r.userName ?? '' } : null,
          changes: r.changes as JobChange[],
          quoteRelevant: r.quoteRelevant,
        })),
        total: total?.n ?? 0,
      };
    },
  };
}
