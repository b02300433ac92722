import { dateInZone } from '../../../domain/dates.js';
import {
  DISPATCH_COMPLETED_PAGE,
  DISPATCH_DATE_FIELD_LABELS,
  DISPATCH_DATE_FIELDS,
  DISPATCH_JOB_LIMIT,
  DISPATCH_MESSAGES,
  DISPATCH_RANGE_LABELS,
  DISPATCH_RANGES,
  DISPATCH_TRAY_LIMIT,
  initials,
  UNASSIGNED_TECHNICIAN,
  type BoardFilters,
  type BoardTechnician,
  type CompletedJobsAnswer,
  type CompletedJobsQuery,
  type UnscheduledAnswer,
  overlapMessage,
  resolveBoardRange,
  type BoardAnswer,
  type BoardQuery,
  type DispatchOptions,
  type MoveJobAnswer,
  type MoveJobInput,
} from '../../../domain/dispatch.js';
import { JOB_MESSAGES, technicianRows } from '../../../domain/jobs/index.js';
import { isTechnicianRole } from '../../../domain/policy.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import type { SettingsRepo } from '../settings/index.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import type { DispatchRepo } from './dispatch.repo.js';
import type { JobsRepo } from './jobs.repo.js';

/**
 * The Dispatch & Schedule board (issue 10): one read of the range with its filters, and the move of
 * a job block. A move is a write to jobs and job_technicians, so it lives in the jobs module.
 */
export function createDispatchService({
  db,
  repo,
  jobs,
  settings,
  clock,
}: {
  db: Database;
  repo: DispatchRepo;
  jobs: JobsRepo;
  settings: SettingsRepo;
  clock: () => Date;
}) {
  /** The range resolved in the company's time zone, and the named filter values checked (400 when unknown). */
  async function resolve(search: BoardQuery): Promise<{ zone: string; today: string; query: BoardFilters }> {
    const zone = await settings.timeZone();
    const today = dateInZone(clock(), zone);
    const query = resolveBoardRange(search, today);
    if (
      query.type !== undefined ||
      query.serviceLine !== undefined ||
      query.ownerId !== undefined ||
      query.region !== undefined
    ) {
      const known = await repo.checkFilters(query);
      const fields: Record<string, string> = {};
      if (!known.type) fields.type = `${DISPATCH_MESSAGES.unknownType} '${query.type}'`;
      if (!known.serviceLine) fields.serviceLine = `${DISPATCH_MESSAGES.unknownServiceLine} '${query.serviceLine}'`;
      if (!known.owner) fields.ownerId = DISPATCH_MESSAGES.unknownOwner;
      if (!known.region) fields.region = `${DISPATCH_MESSAGES.unknownRegion} '${query.region}'`;
      const messages = Object.values(fields);
      if (messages.length) throw badRequest(messages.join('; '), fields);
    }
    return { zone, today, query };
  }

  return {
    async board(search: BoardQuery): Promise<BoardAnswer> {
      const { zone, today, query } = await resolve(search);
      const found = await repo.board(query, zone, DISPATCH_JOB_LIMIT);
      const hiddenInView =
        search.viewFrom && search.viewTo
          ? await repo.hiddenInView(query, { from: search.viewFrom, to: search.viewTo }, zone)
          : 0;
      // Jobs of technicians who are not rows of the board (another office, inactive): their rows are added, marked.
      const listed = new Set(found.technicians.map((t) => t.id));
      const missing = [...new Set(found.jobs.flatMap((job) => job.technicianIds))].filter((id) => !listed.has(id));
      const offBoard = await repo.offBoardTechnicians(missing, query, zone);
      const rows = [
        ...found.technicians.map((t) => ({ ...t, offBoard: null })),
        ...offBoard.map((t) => ({
          ...t,
          offBoard: (t.status !== 'active'
            ? 'inactive'
            : !isTechnicianRole(t.role)
              ? 'not-technician'
              : 'other-office') as BoardTechnician['offBoard'],
        })),
      ];
      return {
        from: query.from,
        to: query.to,
        today,
        timeZone: zone,
        jobs: found.jobs,
        total: found.total,
        unassignedCount: found.unassignedCount,
        hiddenInView,
        technicians: rows.map((t) => ({
          id: t.id,
          name: t.name,
          initials: initials(t.name),
          role: t.role,
          office: t.office,
          jobCount: t.jobCount,
          completedCount: t.completedCount,
          scheduledDates: [...t.dates].sort(),
          availability: t.availability,
          expiredCertifications: t.expired,
          expiringCertifications: t.expiring,
          offBoard: t.offBoard,
        })),
      };
    },

    /** The tray: the range's unscheduled jobs after the filters, its own list (at most 200, with the total). */
    async unscheduled(search: BoardQuery): Promise<UnscheduledAnswer> {
      const { zone, query } = await resolve(search);
      return repo.unscheduled(query, zone, DISPATCH_TRAY_LIMIT);
    },

    /** One technician row's completed jobs after the filters (Show completed jobs implied), a page at a time. */
    async completed(search: CompletedJobsQuery): Promise<CompletedJobsAnswer> {
      const { technicianId, offset = 0, limit = DISPATCH_COMPLETED_PAGE.default, ...rest } = search;
      const { zone, query } = await resolve(rest);
      const found = await repo.completed(query, zone, technicianId === UNASSIGNED_TECHNICIAN ? null : technicianId, {
        offset,
        limit,
      });
      return { ...found, offset, limit };
    },

    async options(): Promise<DispatchOptions> {
      const [found, extra, tags] = await Promise.all([jobs.options(), jobs.dispatchChoices(), repo.tagChoices()]);
      return {
        offices: [...new Set(['Main Office', ...found.offices])],
        jobTypes: found.jobTypes,
        serviceLines: found.serviceLines,
        owners: extra.owners,
        regions: extra.regions,
        tags,
        ranges: DISPATCH_RANGES.map((value) => ({ value, label: DISPATCH_RANGE_LABELS[value] })),
        dateFields: DISPATCH_DATE_FIELDS.map((value) => ({ value, label: DISPATCH_DATE_FIELD_LABELS[value] })),
      };
    },

    /**
     * Reschedule, reassign or unschedule a job from the board, in one transaction: refused when the
     * job changed since the board loaded it (updated_at), when it is completed or cancelled, and
     * when it would double-book a technician unless the user confirmed the overlap.
     */
    async move(id: string, input: MoveJobInput): Promise<MoveJobAnswer> {
      const start = input.scheduleStart === null ? null : new Date(input.scheduleStart);
      if (input.toTechnicianId) {
        const active = await jobs.activeTechnicianIds([input.toTechnicianId]);
        if (!active.has(input.toTechnicianId))
          throw badRequest(JOB_MESSAGES.technicianNotActive, { toTechnicianId: JOB_MESSAGES.technicianNotActive });
      }
      await db.transaction(async (tx) => {
        const job = await repo.lock(id, tx);
        if (!job) throw notFound(JOB_MESSAGES.jobNotFound);
        if (job.updatedAt.getTime() !== Date.parse(input.expectedUpdatedAt))
          throw conflict(DISPATCH_MESSAGES.stale, { expectedUpdatedAt: DISPATCH_MESSAGES.stale });
        if (job.status === 'completed' || job.status === 'cancelled')
          throw conflict(DISPATCH_MESSAGES.completedCannotMove);

        const current = await repo.technicianIds(id, tx);
        let next = current;
        const rowChange =
          input.fromTechnicianId !== undefined &&
          input.toTechnicianId !== undefined &&
          input.fromTechnicianId !== input.toTechnicianId;
        if (rowChange) {
          const fromId = input.fromTechnicianId ?? null;
          const toId = input.toTechnicianId ?? null;
          if (fromId !== null && !current.includes(fromId))
            throw conflict(DISPATCH_MESSAGES.notOnRow, { fromTechnicianId: DISPATCH_MESSAGES.notOnRow });
          if (fromId === null && current.length > 0 && toId !== null && !current.includes(toId))
            next = [...current, toId];
          else if (fromId === null) next = toId === null || current.includes(toId) ? current : [toId];
          else if (toId === null || current.includes(toId)) next = current.filter((t) => t !== fromId);
          else next = current.map((t) => (t === fromId ? toId : t));
        }

        const minutes = input.scheduleDuration ?? job.scheduleDuration;
        if (start && !input.confirmOverlap) {
          const clash = await repo.overlapping(id, next, start, minutes, tx);
          if (clash) {
            const message = overlapMessage(clash.technicianName, clash);
            throw conflict(message, { confirmOverlap: message });
          }
        }
        const now = clock();
        await repo.reschedule(
          id,
          {
            scheduleStart: start,
            scheduleDuration: minutes,
            status: start ? 'scheduled' : 'unscheduled',
            // Always later than the version the board saw, so a second stale move is refused.
            updatedAt: new Date(Math.max(now.getTime(), job.updatedAt.getTime() + 1)),
          },
          tx,
        );
        if (next !== current) {
          await jobs.deleteTechnicians(id, tx);
          await jobs.insertTechnicians(id, technicianRows(next), tx);
        }
        // A job placed on the board or moved to another time (webhooks, decision 048).
        if (start && start.getTime() !== job.scheduleStart?.getTime()) {
          const data = await jobs.eventData(id, tx);
          if (data) await recordWebhookEvent(tx, 'job.scheduled', data, now);
        }
      });
      return { job: (await repo.boardJob(id))! };
    },
  };
}
export type DispatchService = ReturnType<typeof createDispatchService>;
