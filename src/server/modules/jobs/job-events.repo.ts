/** What the job events send to webhook endpoints (issue 31): the job as a receiver needs it. */
import { asc, desc, eq } from 'drizzle-orm';
import type { JobEventData } from '../../../domain/webhooks.js';
import type { Executor } from '../../db/client.js';
import { jobs, jobTechnicians, locations } from '../../db/schema.js';

export function createJobEventsRepo(db: Executor) {
  return {
    /** The job's event data, read in the write's transaction (null when the job is gone). */
    async eventData(id: string, exec: Executor = db): Promise<JobEventData | null> {
      const [row] = await exec
        .select({
          id: jobs.id,
          number: jobs.number,
          name: jobs.name,
          status: jobs.status,
          type: jobs.type,
          serviceLine: jobs.serviceLine,
          office: jobs.office,
          locationId: jobs.locationId,
          companyId: locations.companyId,
          unitId: jobs.unitId,
          customerPo: jobs.customerPo,
          timePeriodStart: jobs.timePeriodStart,
          timePeriodDue: jobs.timePeriodDue,
          scheduleStart: jobs.scheduleStart,
          scheduleDuration: jobs.scheduleDuration,
          completedAt: jobs.completedAt,
        })
        .from(jobs)
        .innerJoin(locations, eq(locations.id, jobs.locationId))
        .where(eq(jobs.id, id));
      if (!row) return null;
      const technicians = await exec
        .select({ id: jobTechnicians.technicianId })
        .from(jobTechnicians)
        .where(eq(jobTechnicians.jobId, id))
        .orderBy(desc(jobTechnicians.isPrimary), asc(jobTechnicians.technicianId));
      const { scheduleDuration, ...rest } = row;
      return {
        ...rest,
        scheduleStart: row.scheduleStart?.toISOString() ?? null,
        completedAt: row.completedAt?.toISOString() ?? null,
        scheduleDurationMinutes: scheduleDuration,
        // the primary technician first
        technicianIds: technicians.map((t) => t.id),
      };
    },
  };
}
