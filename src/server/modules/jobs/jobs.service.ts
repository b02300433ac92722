import { randomUUID } from 'node:crypto';
import { quantityRefusal } from '../../../domain/invoices/index.js';
import type { Paginated } from '../../../domain/api.js';
import type { FieldEditable } from '../../../domain/field.js';
import type { SessionUser } from '../../../domain/auth.js';
import { dateInZone, zonedDateTime, zonedDateTimeToInstant } from '../../../domain/dates.js';
import { can, isAssignedTo, mayWorkOnJob } from '../../../domain/policy.js';
import {
  canCancel,
  canComplete,
  completionNotice,
  completionNoticeRecipient,
  closedJobMessage,
  closedJobRefusedFields,
  coversQuote,
  diffJob,
  isClosedJob,
  JOB_HISTORY_LIMIT,
  jobWarnings,
  type CreateJobAnswer,
  type EditJobAnswer,
  type EditJobInput,
  type JobChange,
  type JobEditableValues,
  type JobHistory,
  type JobWarning,
  DEFAULT_JOB_TYPE,
  DEFAULT_OFFICE,
  dollarsToCents,
  itemTotalCents,
  JOB_LIMITS,
  JOB_MESSAGES,
  jobDeleteRefusal,
  partUnitPriceCents,
  SERVICE_CONTRACT_VALUES,
  statusFromSchedule,
  technicianRows,
  type AssignTechniciansInput,
  type CalendarAnswer,
  type CalendarQuery,
  type CompletionNoticeInput,
  type CreateJobInput,
  type JobDetail,
  type JobItem,
  type JobItemInput,
  type JobListItem,
  type JobListQuery,
  type JobOptions,
  type JobPreset,
  type JobTechnicianDetail,
  type PresetInput,
  type UpdateJobInput,
  type UpdateJobItemInput,
} from '../../../domain/jobs/index.js';
import type { Database, Executor } from '../../db/client.js';
import { enqueueEmail } from '../../outbox/outbox.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import { badRequest, conflict, forbidden, notFound, registerConstraintMessages } from '../../errors.js';
import type { SettingsRepo } from '../settings/index.js';
import type { JobEditRow, JobListContext, JobRecord, JobsRepo, JobUpdate } from './jobs.repo.js';

/** The contract a visit's job is priced at: parts at the contract rate (decision 043). */
const AGREEMENT_SERVICE_CONTRACT = 'Standard';
/** How many visit jobs one INSERT writes (well under PostgreSQL's 65,535 parameters). */
const VISIT_JOB_CHUNK = 1000;

registerConstraintMessages({
  jobs_location_id_locations_id_fk: { status: 400, message: JOB_MESSAGES.unknownLocation, field: 'locationId' },
  jobs_unit_id_units_id_fk: { status: 400, message: JOB_MESSAGES.unknownUnit, field: 'unitId' },
  jobs_type_job_types_code_fk: { status: 400, message: JOB_MESSAGES.unknownJobType, field: 'type' },
  jobs_service_line_service_lines_code_fk: {
    status: 400,
    message: JOB_MESSAGES.unknownServiceLine,
    field: 'serviceLine',
  },
  job_technicians_technician_id_technicians_id_fk: {
    status: 400,
    message: JOB_MESSAGES.technicianNotActive,
    field: 'technicianIds',
  },
  job_items_service_line_service_lines_code_fk: {
    status: 400,
    message: JOB_MESSAGES.unknownServiceLine,
    field: 'serviceLine',
  },
});

const isOffice = (actor: SessionUser) => can(actor.role, 'jobs.edit');
const fieldError = (field: string, message: string) => badRequest(message, { [field]: message });

export interface JobsServiceDeps {
  db: Database;
  repo: JobsRepo;
  settings: SettingsRepo;
  clock: () => Date;
  /** The quotes module withdraws a cancelled job's open quotes (it owns job_quotes). */
  withdrawOpenQuotes: (jobId: string, exec: Executor) => Promise<void>;
  /** A deleted job's unanswered quotes, draft invoices and inspections go through their owners' repos. */
  deleteUnansweredQuotes: (jobId: string, exec: Executor) => Promise<void>;
  deleteDraftInvoices: (jobId: string, exec: Executor) => Promise<void>;
  deleteInspections: (jobId: string, exec: Executor) => Promise<void>;
  /** The completion notice lists the approved repairs, read through the inspections module (their owner). */
  repairsOfJob: (jobId: string, exec: Executor) => Promise<CompletionNoticeInput['repairs']>;
  /**
   * The contacts module (it owns contacts; decision 038): whether a picked contact is the
   * location's (or its company's), and "Save as a contact" for a contact typed on the form.
   * Absent only in tests that build the service without contacts: a picked contact is then refused.
   */
  contacts?: JobContactsPort;
}

/**
 * A service agreement's visit as a job (issue 29): the agreements module asks for it inside its
 * generator's transaction; the job starts unscheduled, due in the visit's window.
 */
export interface AgreementVisitJob {
  name: string;
  type: string;
  serviceLine: string;
  locationId: string;
  unitId: string | null;
  description: string;
  timePeriodStart: string;
  timePeriodDue: string;
  scheduleDuration: number;
  technicianId: string | null;
  createdBy: string | null;
}

/** What happened to a visit's job when its agreement no longer wants it. */
export type VisitJobOutcome = 'removed' | 'cancelled' | 'kept';

export interface JobContactsPort {
  pickable(contactId: string, locationId: string, exec: Executor): Promise<boolean>;
  save(
    values: { locationId: string; name: string; email: string | null; phone: string | null },
    exec: Executor,
  ): Promise<string>;
}

export function createJobsService({
  db,
  repo,
  settings,
  clock,
  withdrawOpenQuotes,
  deleteUnansweredQuotes,
  deleteDraftInvoices,
  deleteInspections,
  repairsOfJob,
  contacts,
}: JobsServiceDeps) {
  const context = async (): Promise<JobListContext> => {
    const now = clock();
    const zone = await settings.timeZone();
    return { now, timeZone: zone, today: dateInZone(now, zone) };
  };

  const mustExist = async (id: string, exec: Executor = db, forUpdate = false) => {
    const state = await repo.state(id, exec, { forUpdate });
    if (!state) throw notFound(JOB_MESSAGES.jobNotFound);
    return state;
  };

  /** Office staff change any job; a technician only one assigned to them. */
  const mayWork = async (actor: SessionUser, jobId: string, exec: Executor = db) =>
    isOffice(actor) || mayWorkOnJob(actor.role, await repo.isAssigned(jobId, actor.id, exec));
  const mustWork = async (actor: SessionUser, jobId: string, exec: Executor = db) => {
    if (!(await mayWork(actor, jobId, exec))) throw forbidden(JOB_MESSAGES.notAssigned);
  };

  /** The job's webhook event (job.created, job.scheduled, job.completed), in the change's transaction. */
  const jobEvent = async (
    type: 'job.created' | 'job.scheduled' | 'job.completed',
    id: string,
    at: Date,
    exec: Executor,
  ) => {
    const data = await repo.eventData(id, exec);
    if (data) await recordWebhookEvent(exec, type, data, at);
  };

  const withPermissions = async (actor: SessionUser, record: JobRecord): Promise<JobDetail> => {
    const office = isOffice(actor);
    const assigned = mayWorkOnJob(actor.role, isAssignedTo(record.technicians, actor.id));
    return {
      ...record,
      can: {
        edit: office,
        delete: office,
        assign: office,
        complete: assigned && canComplete(record.status),
        cancel: office && canCancel(record.status),
        editItems: assigned,
      },
    };
  };

  const detail = async (actor: SessionUser, id: string, exec: Executor = db): Promise<JobDetail> => {
    const record = await repo.detail(id, exec);
    if (!record) throw notFound(JOB_MESSAGES.jobNotFound);
    return withPermissions(actor, record);
  };

  /**
   * "Relevant parties will be notified": the job's contact gets the completion notice (the work
   * done, the place, the time), queued in the transaction of the completion. No contact e-mail:
   * nobody is notified, as the dialog said.
   */
  const queueCompletionNotice = async (
    id: string,
    completedAt: Date,
    company: { name: string; phone: string; time_zone: string },
    tx: Executor,
  ) => {
    const job = await repo.detail(id, tx);
    const to = job ? completionNoticeRecipient(job) : null;
    if (!job || !to) return;
    const repairs = job.repairApproved === true ? await repairsOfJob(id, tx) : [];
    const notice = completionNotice({
      job,
      repairs,
      completedAt,
      timeZone: company.time_zone,
      company: { name: company.name, phone: company.phone },
    });
    await enqueueEmail(tx, { to, ...notice, related: { type: 'job', id } });
  };

  const checkTechnicians = async (ids: readonly string[], exec: Executor = db) => {
    const active = await repo.activeTechnicianIds(ids, exec);
    if (ids.some((id) => !active.has(id))) throw fieldError('technicianIds', JOB_MESSAGES.technicianNotActive);
  };

  /**
   * The references of a job form (Create and Edit Job): the location (of the company, if one is
   * given), the unit at that location, an active job type and service line. `unchanged` skips the
   * checks of what an edit keeps as it was (a job whose type was retired later can still be edited).
   */
  const checkReferences = async (
    input: Pick<EditJobInput, 'companyId' | 'locationId' | 'unitId' | 'type' | 'serviceLine'>,
    unchanged: Partial<Pick<JobEditRow, 'locationId' | 'unitId' | 'type' | 'serviceLine'>> = {},
    exec: Executor = db,
  ) => {
    const location = await repo.locationOf(input.locationId, exec);
    if (!location) throw fieldError('locationId', JOB_MESSAGES.unknownLocation);
    if (input.companyId && input.companyId !== location.companyId)
      throw fieldError('locationId', JOB_MESSAGES.locationNotOfCompany);
    if (input.unitId) {
      const unit = await repo.unitOf(input.unitId, exec);
      if (!unit) throw fieldError('unitId', JOB_MESSAGES.unknownUnit);
      if (unit.locationId !== input.locationId) throw fieldError('unitId', JOB_MESSAGES.unitNotAtLocation);
    }
    if (input.type !== unchanged.type && !(await repo.activeJobType(input.type, exec)))
      throw fieldError('type', JOB_MESSAGES.unknownJobType);
    if (input.serviceLine !== unchanged.serviceLine && !(await repo.activeServiceLine(input.serviceLine, exec)))
      throw fieldError('serviceLine', JOB_MESSAGES.unknownServiceLine);
  };

  /**
   * The job's contact (decision 038): a picked contact must be the location's or its company's; a
   * typed one is saved as a contact of the location when asked. Runs in the write's transaction.
   */
  const contactIdFor = async (
    input: Pick<
      EditJobInput,
      'contactId' | 'saveContact' | 'locationId' | 'contactName' | 'contactEmail' | 'contactPhone'
    >,
    exec: Executor,
  ): Promise<string | null> => {
    if (input.contactId) {
      if (!contacts || !(await contacts.pickable(input.contactId, input.locationId, exec)))
        throw fieldError('contactId', JOB_MESSAGES.contactNotAtLocation);
      return input.contactId;
    }
    if (input.saveContact && input.contactName && contacts)
      return contacts.save(
        {
          locationId: input.locationId,
          name: input.contactName,
          email: input.contactEmail,
          phone: input.contactPhone,
        },
        exec,
      );
    return null;
  };

  /** The warnings of a job form: an inactive unit, a schedule date after the due date. */
  const warningsFor = async (
    input: Pick<EditJobInput, 'unitId' | 'scheduleDate' | 'timePeriodDue'>,
    exec: Executor = db,
  ): Promise<JobWarning[]> =>
    jobWarnings({
      unit: input.unitId ? await repo.unitFacts(input.unitId, exec) : null,
      scheduleDate: input.scheduleDate,
      timePeriodDue: input.timePeriodDue,
    });

  /** The names shown for the references among the changes, as they are now. */
  const withLabels = async (changes: JobChange[], exec: Executor): Promise<JobChange[]> => {
    const refs = {
      locationIds: [] as string[],
      unitIds: [] as string[],
      types: [] as string[],
      serviceLines: [] as string[],
    };
    const keyOf = {
      locationId: refs.locationIds,
      unitId: refs.unitIds,
      type: refs.types,
      serviceLine: refs.serviceLines,
    };
    for (const c of changes) {
      const list = keyOf[c.field as keyof typeof keyOf];
      if (!list) continue;
      for (const v of [c.old, c.new]) if (typeof v === 'string') list.push(v);
    }
    if (!Object.values(refs).some((l) => l.length)) return changes;
    const names = await repo.labels(refs, exec);
    return changes.map((c) =>
      c.field in keyOf
        ? {
            ...c,
            oldLabel: typeof c.old === 'string' ? (names.get(`${c.field}:${c.old}`) ?? null) : null,
            newLabel: typeof c.new === 'string' ? (names.get(`${c.field}:${c.new}`) ?? null) : null,
          }
        : c,
    );
  };

  const completeIn = async (
    actor: SessionUser,
    id: string,
    company: Awaited<ReturnType<SettingsRepo['getCompany']>>,
    tx: Executor,
  ) => {
    const state = await mustExist(id, tx, true);
    await mustWork(actor, id, tx);
    if (state.status === 'completed') throw conflict(JOB_MESSAGES.alreadyCompleted);
    if (state.status === 'cancelled') throw conflict(JOB_MESSAGES.cancelledCannotComplete);
    const at = clock();
    await repo.setStatus(id, 'completed', at, tx);
    await queueCompletionNotice(id, at, company, tx);
    await jobEvent('job.completed', id, at, tx);
  };

  /** Records an edit in the job's history (same transaction); a change of what a quote shows is marked. */
  const record = async (jobId: string, actor: SessionUser, at: Date, changes: JobChange[], exec: Executor) => {
    if (changes.length === 0) return;
    await repo.insertChange(
      { jobId, userId: actor.id, at, changes: await withLabels(changes, exec), quoteRelevant: coversQuote(changes) },
      exec,
    );
  };

  /**
   * Agreement visits become jobs, several at once (the generator's batch, decision 053): the jobs
   * in one statement per chunk, numbered in the order given, then their technicians in one. The
   * answer is in the order given.
   */
  const createVisitJobs = async (
    list: readonly AgreementVisitJob[],
    tx: Executor,
  ): Promise<{ id: string; number: number }[]> => {
    const made: { id: string; number: number }[] = [];
    for (let i = 0; i < list.length; i += VISIT_JOB_CHUNK) {
      const chunk = list.slice(i, i + VISIT_JOB_CHUNK);
      const jobsMade = await repo.insertJobs(
        chunk.map((values) => ({
          id: randomUUID(),
          name: values.name.slice(0, JOB_LIMITS.nameLength),
          type: values.type,
          status: 'unscheduled' as const,
          locationId: values.locationId,
          unitId: values.unitId,
          serviceLine: values.serviceLine,
          description: values.description,
          timePeriodStart: values.timePeriodStart,
          timePeriodDue: values.timePeriodDue,
          scheduleDuration: values.scheduleDuration,
          office: DEFAULT_OFFICE,
          serviceContract: AGREEMENT_SERVICE_CONTRACT,
          createdBy: values.createdBy,
        })),
        tx,
      );
      await repo.insertTechniciansOfJobs(
        chunk.flatMap((values, k) =>
          values.technicianId
            ? technicianRows([values.technicianId]).map((r) => ({ jobId: jobsMade[k]!.id, ...r }))
            : [],
        ),
        tx,
      );
      made.push(...jobsMade);
    }
    return made;
  };

  return {
    async list(query: JobListQuery): Promise<Paginated<JobListItem>> {
      const { items, total, totalCapped } = await repo.list(query, await context());
      return { items, total, totalCapped, page: query.page, pageSize: query.pageSize };
    },

    /** The export's batches: every filtered row, by job number. */
    async *exportBatches(query: JobListQuery, batchSize = 2000): AsyncGenerator<JobListItem[]> {
      const ctx = await context();
      let after: number | null = null;
      for (;;) {
        const rows = await repo.exportBatch(query, ctx, after, batchSize);
        if (rows.length) yield rows;
        if (rows.length < batchSize) return;
        after = rows[rows.length - 1]!.number;
      }
    },

    async exportFileDate(): Promise<string> {
      return (await context()).today;
    },

    detail,

    async options(): Promise<JobOptions> {
      const [found, ctx] = await Promise.all([repo.options(), context()]);
      return {
        ...found,
        offices: [...new Set([DEFAULT_OFFICE, ...found.offices])],
        serviceContracts: [...SERVICE_CONTRACT_VALUES],
        defaultJobType: DEFAULT_JOB_TYPE,
        defaultOffice: DEFAULT_OFFICE,
        today: ctx.today,
        timeZone: ctx.timeZone,
      };
    },

    /**
     * Create Job: the location, unit, job type, service line and technicians are checked (400
     * naming the field), then the job and its technicians are written in one transaction; the
     * number comes from the database sequence.
     */
    async create(actor: SessionUser, input: CreateJobInput): Promise<CreateJobAnswer> {
      await checkReferences(input);
      await checkTechnicians(input.technicianIds);
      const warnings = await warningsFor(input);

      const status = statusFromSchedule(input.scheduleDate, input.scheduleTime);
      const scheduleStart =
        status === 'scheduled'
          ? zonedDateTimeToInstant(input.scheduleDate!, input.scheduleTime!, await settings.timeZone())
          : null;
      const created = await db.transaction(async (tx) => {
        const contactId = await contactIdFor(input, tx);
        const job = await repo.insertJob(
          {
            contactId,
            name: input.name,
            type: input.type,
            status,
            locationId: input.locationId,
            unitId: input.unitId,
            contactName: input.contactName,
            contactPhone: input.contactPhone,
            contactEmail: input.contactEmail,
            contactType: input.contactType,
            serviceLine: input.serviceLine,
            description: input.description,
            problemDescription: input.problemDescription,
            customerPo: input.customerPo,
            isTraining: input.isTraining,
            timePeriodStart: input.timePeriodStart,
            timePeriodDue: input.timePeriodDue,
            scheduleStart,
            scheduleDuration: input.scheduleDuration,
            office: input.office,
            serviceContract: input.serviceContract,
            tags: input.tags,
            subcontracted: input.subcontracted,
            notes: input.notes,
            createdBy: actor.id,
          },
          tx,
        );
        await repo.insertTechnicians(job.id, technicianRows(input.technicianIds), tx);
        const at = clock();
        await jobEvent('job.created', job.id, at, tx);
        if (status === 'scheduled') await jobEvent('job.scheduled', job.id, at, tx);
        return job;
      });
      return { ...created, warnings };
    },

    /**
     * Edit Job: the Create Job form's fields and rules. The job row is locked, what differs is
     * written with one history entry (who, when, each field's old and new value) in the same
     * transaction. A completed or cancelled job refuses (409) any change but its notes. A change
     * of what a sent quote shows is marked in the history, which the quotes module reads for
     * "Quote Needs Update". Warnings (inactive unit, scheduled after due) never refuse.
     */
    async edit(actor: SessionUser, id: string, input: EditJobInput): Promise<EditJobAnswer> {
      const zone = await settings.timeZone();
      const at = clock();
      const outcome = await db.transaction(async (tx) => {
        const before = await repo.editable(id, tx);
        if (!before) throw notFound(JOB_MESSAGES.jobNotFound);
        const closed = isClosedJob(before.status);
        // The same wall-clock minute keeps the stored instant (seconds a board move left are not a change).
        const beforeWall = before.scheduleStartAt ? zonedDateTime(before.scheduleStartAt, zone) : null;
        const scheduled = input.scheduleDate && input.scheduleTime;
        const scheduleStart = !scheduled
          ? null
          : beforeWall && beforeWall.date === input.scheduleDate && beforeWall.time === input.scheduleTime
            ? before.scheduleStartAt
            : zonedDateTimeToInstant(input.scheduleDate!, input.scheduleTime!, zone);
        const status = closed ? before.status : statusFromSchedule(input.scheduleDate, input.scheduleTime);
        const update: JobUpdate = {
          locationId: input.locationId,
          unitId: input.unitId,
          contactName: input.contactName,
          contactPhone: input.contactPhone,
          contactEmail: input.contactEmail,
          contactType: input.contactType,
          type: input.type,
          serviceLine: input.serviceLine,
          name: input.name,
          description: input.description,
          problemDescription: input.problemDescription,
          customerPo: input.customerPo,
          serviceContract: input.serviceContract,
          isTraining: input.isTraining,
          timePeriodStart: input.timePeriodStart,
          timePeriodDue: input.timePeriodDue,
          scheduleStart,
          scheduleDuration: input.scheduleDuration,
          status,
          office: input.office,
          tags: input.tags,
          subcontracted: input.subcontracted,
          notes: input.notes,
        };
        // What the history compares: the same values, the schedule as an ISO instant.
        const after: JobEditableValues = { ...update, scheduleStart: scheduleStart?.toISOString() ?? null };
        const { scheduleStartAt: _at, ...beforeValues } = before;
        const changes = diffJob(beforeValues, after);
        if (closed) {
          const refused = closedJobRefusedFields(changes);
          if (refused.length) {
            const fields = Object.fromEntries(refused.map((f) => [f, closedJobMessage(before.status)]));
            throw conflict(closedJobMessage(before.status), fields);
          }
        } else {
          await checkReferences(input, before, tx);
        }
        // A closed job keeps its contact (only notes change); the picked contact is not history:
        // the name, phone and e-mail it filled in are.
        const contactId = closed ? before.contactId : await contactIdFor(input, tx);
        if (contactId !== before.contactId) await repo.setContact(id, contactId, tx);
        if (changes.length) {
          await repo.updateJob(id, update, at, tx);
          await record(id, actor, at, changes, tx);
          // A new schedule (or a new time) is news to a receiver; a cleared one is not "scheduled".
          if (scheduleStart && scheduleStart.getTime() !== before.scheduleStartAt?.getTime())
            await jobEvent('job.scheduled', id, at, tx);
        }
        const quoteNeedsUpdate = coversQuote(changes) && (await repo.hasOpenQuote(id, at, tx));
        return { changes, quoteNeedsUpdate, warnings: closed ? [] : await warningsFor(input, tx) };
      });
      return {
        job: await detail(actor, id),
        changed: outcome.changes.map((c) => c.field),
        warnings: outcome.warnings,
        quoteNeedsUpdate: outcome.quoteNeedsUpdate,
      };
    },

    /** The job's edit history, newest first, with the company's time zone for its times. */
    async history(id: string): Promise<JobHistory> {
      await mustExist(id);
      const [found, zone] = await Promise.all([repo.history(id, JOB_HISTORY_LIMIT), settings.timeZone()]);
      return { ...found, timeZone: zone };
    },

    async complete(actor: SessionUser, id: string): Promise<JobDetail> {
      // Read before the transaction: the settings repo runs on the database, not on `tx` (one
      // connection on PGlite would wait for the transaction).
      const company = await settings.getCompany();
      await db.transaction(async (tx) => completeIn(actor, id, company, tx));
      return detail(actor, id);
    },

    /**
     * A service agreement's visit becomes a job, in the agreements module's transaction. The
     * agreement was checked when it was saved; a reference gone since fails the transaction.
     */
    async createVisitJob(values: AgreementVisitJob, tx: Executor): Promise<{ id: string; number: number }> {
      return (await createVisitJobs([values], tx))[0]!;
    },

    createVisitJobs,

    /**
     * An agreement no longer wants this visit (its plan changed, it was cancelled). Only a job
     * still unscheduled goes: removed when nothing was recorded on it, cancelled (its open quotes
     * withdrawn) when something was; a scheduled, completed or cancelled job is kept.
     */
    async withdrawVisitJob(id: string, tx: Executor): Promise<VisitJobOutcome> {
      const state = await repo.state(id, tx, { forUpdate: true });
      if (!state || state.status !== 'unscheduled') return 'kept';
      if (await repo.hasRecordedWork(id, tx)) {
        await repo.setStatus(id, 'cancelled', clock(), tx);
        await withdrawOpenQuotes(id, tx);
        return 'cancelled';
      }
      await deleteInspections(id, tx);
      await repo.deleteJob(id, tx);
      return 'removed';
    },

    /**
     * For the field module (decision 045): completes the job inside the caller's transaction (the
     * field completion stores the customer's signature and its Idempotency-Key answer with it).
     * `company` is read by the caller before its transaction (see `complete`).
     */
    completeWithin: (
      actor: SessionUser,
      id: string,
      company: Awaited<ReturnType<SettingsRepo['getCompany']>>,
      tx: Executor,
    ) => completeIn(actor, id, company, tx),
    companyForCompletion: () => settings.getCompany(),

    /** For the field module: the values a technician may change, the job row locked (null: no job). */
    async fieldValues(
      id: string,
      tx: Executor,
    ): Promise<{ status: JobEditRow['status']; values: Record<FieldEditable, string | null> } | null> {
      const row = await repo.editable(id, tx);
      if (!row) return null;
      return {
        status: row.status,
        values: {
          contactName: row.contactName as string | null,
          contactPhone: row.contactPhone as string | null,
          problemDescription: row.problemDescription as string | null,
        },
      };
    },

    /**
     * For the field module: writes the merged field values of a technician's change (or the value an
     * office user kept when resolving a conflict), recorded in the job's history like Edit Job.
     */
    async applyFieldValues(
      actor: SessionUser,
      id: string,
      values: Partial<Record<FieldEditable, string | null>>,
      tx: Executor,
    ): Promise<void> {
      const before = await repo.editable(id, tx);
      if (!before) throw notFound(JOB_MESSAGES.jobNotFound);
      const { scheduleStartAt, contactId: _contactId, ...beforeValues } = before;
      const at = clock();
      // The row's values as the update takes them (the history's type is looser).
      const row = before as unknown as Omit<JobUpdate, 'scheduleStart'>;
      const update: JobUpdate = {
        locationId: row.locationId,
        unitId: row.unitId,
        contactName: row.contactName,
        contactPhone: row.contactPhone,
        contactEmail: row.contactEmail,
        contactType: row.contactType,
        type: row.type,
        serviceLine: row.serviceLine,
        name: row.name,
        description: row.description,
        problemDescription: row.problemDescription,
        customerPo: row.customerPo,
        serviceContract: row.serviceContract,
        isTraining: row.isTraining,
        timePeriodStart: row.timePeriodStart,
        timePeriodDue: row.timePeriodDue,
        scheduleStart: scheduleStartAt,
        scheduleDuration: row.scheduleDuration,
        status: row.status,
        office: row.office,
        tags: row.tags,
        subcontracted: row.subcontracted,
        notes: row.notes,
        ...values,
      };
      const changes = diffJob(beforeValues, { ...beforeValues, ...values });
      if (changes.length === 0) return;
      await repo.updateJob(id, update, at, tx);
      await record(id, actor, at, changes, tx);
    },

    /** Tags and the subcontracted flag (the dispatch board's filters), from the job page. */
    async update(actor: SessionUser, id: string, input: UpdateJobInput): Promise<JobDetail> {
      await db.transaction(async (tx) => {
        const before = await repo.editable(id, tx);
        if (!before) throw notFound(JOB_MESSAGES.jobNotFound);
        const at = clock();
        const changes = diffJob(before, { ...before, ...input });
        await repo.updateLabels(id, input, at, tx);
        await record(id, actor, at, changes, tx);
      });
      return detail(actor, id);
    },

    async cancel(actor: SessionUser, id: string): Promise<JobDetail> {
      await db.transaction(async (tx) => {
        const state = await mustExist(id, tx, true);
        if (state.status === 'cancelled') throw conflict(JOB_MESSAGES.alreadyCancelled);
        if (state.status === 'completed') throw conflict(JOB_MESSAGES.completedCannotCancel);
        await repo.setStatus(id, 'cancelled', clock(), tx);
        // The customer can no longer approve or decline (and be charged the inspection fee).
        await withdrawOpenQuotes(id, tx);
      });
      return detail(actor, id);
    },

    /** Refused (409, with the reason) when the customer answered its quote or it has an invoice past draft. */
    async remove(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await mustExist(id, tx, true);
        const refusal = jobDeleteRefusal(await repo.deleteBlockers(id, tx));
        if (refusal) throw conflict(refusal);
        // Nothing decided or billed goes: only unanswered quotes and draft invoices (the refusal above).
        await deleteUnansweredQuotes(id, tx);
        await deleteDraftInvoices(id, tx);
        await deleteInspections(id, tx);
        await repo.deleteJob(id, tx);
      });
    },

    /** The new list replaces the old one in one transaction; the first is primary. */
    async assignTechnicians(
      id: string,
      input: AssignTechniciansInput,
    ): Promise<{ technicians: JobTechnicianDetail[] }> {
      await mustExist(id);
      await checkTechnicians(input.technicianIds);
      return db.transaction(async (tx) => {
        await mustExist(id, tx, true);
        await repo.deleteTechnicians(id, tx);
        await repo.insertTechnicians(id, technicianRows(input.technicianIds), tx);
        await repo.touch(id, clock(), tx);
        return { technicians: await repo.technicianDetails(id, tx) };
      });
    },

    /**
     * Add Pricing: a price-book line fills what the body leaves out (a part at the job's contract
     * rate); the service line defaults to the job's; the server computes the total.
     */
    async addItem(actor: SessionUser, jobId: string, input: JobItemInput): Promise<JobItem> {
      const job = await mustExist(jobId);
      await mustWork(actor, jobId);
      let code = input.code;
      let name = input.name;
      let serviceLine = input.serviceLine;
      let unitCostCents = input.unitPrice === null ? null : dollarsToCents(input.unitPrice);
      if (input.priceBookItemId) {
        const line = await repo.priceBookLine(input.type, input.priceBookItemId);
        if (!line) throw fieldError('priceBookItemId', JOB_MESSAGES.priceBookItemNotFound);
        code ??= line.code;
        name ??= line.name;
        serviceLine ??= line.serviceLine;
        if (unitCostCents === null) {
          unitCostCents =
            input.type === 'part' && line.flatRateNonContractCents !== null && line.flatRatePmContractCents !== null
              ? partUnitPriceCents(
                  {
                    flatRateNonContractCents: line.flatRateNonContractCents,
                    flatRatePmContractCents: line.flatRatePmContractCents,
                  },
                  job.serviceContract,
                )
              : line.unitCostCents;
        }
      }
      if (!code) throw fieldError('code', JOB_MESSAGES.codeRequired);
      if (unitCostCents === null) throw fieldError('unitPrice', JOB_MESSAGES.unitPriceRequired);
      serviceLine ??= job.serviceLine;
      if (!(await repo.activeServiceLine(serviceLine)))
        throw fieldError('serviceLine', JOB_MESSAGES.unknownServiceLine);
      const at = clock();
      return db.transaction(async (tx) => {
        const item = await repo.insertItem(
          {
            jobId,
            type: input.type,
            code: code.slice(0, JOB_LIMITS.codeLength),
            name: (name ?? code).slice(0, JOB_LIMITS.itemNameLength),
            serviceLine,
            quantity: input.quantity,
            unitCostCents,
            totalCents: itemTotalCents(input.quantity, unitCostCents),
          },
          tx,
        );
        await repo.touch(jobId, at, tx);
        return item;
      });
    },

    async updateItem(actor: SessionUser, jobId: string, itemId: string, input: UpdateJobItemInput): Promise<JobItem> {
      await mustExist(jobId);
      await mustWork(actor, jobId);
      const unitCostCents = dollarsToCents(input.unitPrice);
      const at = clock();
      return db.transaction(async (tx) => {
        const item = await repo.updateItem(
          jobId,
          itemId,
          { quantity: input.quantity, unitCostCents, totalCents: itemTotalCents(input.quantity, unitCostCents), at },
          tx,
        );
        if (!item) throw notFound(JOB_MESSAGES.itemNotFound);
        // labor in quarter hours, parts and items whole (the transaction undoes the write)
        const refusal = quantityRefusal(item.type, input.quantity);
        if (refusal) throw fieldError('quantity', refusal);
        await repo.touch(jobId, at, tx);
        return item;
      });
    },

    async removeItem(actor: SessionUser, jobId: string, itemId: string): Promise<void> {
      await mustExist(jobId);
      await mustWork(actor, jobId);
      await db.transaction(async (tx) => {
        if (!(await repo.deleteItem(jobId, itemId, tx))) throw notFound(JOB_MESSAGES.itemNotFound);
        await repo.touch(jobId, clock(), tx);
      });
    },

    async presets(actor: SessionUser): Promise<{ items: JobPreset[] }> {
      return { items: await repo.presets(actor.id) };
    },

    async createPreset(actor: SessionUser, input: PresetInput): Promise<JobPreset> {
      return repo.insertPreset(actor.id, input.name, input.data);
    },

    async removePreset(actor: SessionUser, id: string): Promise<void> {
      if (!(await repo.deletePreset(actor.id, id))) throw notFound(JOB_MESSAGES.presetNotFound);
    },

    async calendar(query: CalendarQuery): Promise<CalendarAnswer> {
      const zone = await settings.timeZone();
      const found = await repo.calendar({
        from: query.from,
        to: query.to,
        timeZone: zone,
        technicianId: query.technicianId,
        office: query.office,
        unscheduledLimit: JOB_LIMITS.calendarUnscheduledLimit,
        perDay: query.perDay,
      });
      return { from: query.from, to: query.to, timeZone: zone, ...found };
    },
  };
}
export type JobsService = ReturnType<typeof createJobsService>;
