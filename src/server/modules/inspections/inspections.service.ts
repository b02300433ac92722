/**
 * Inspections and repairs of a job (issue 11): the use cases behind the Inspection/Repair tab, the
 * resend signal for the quotes screen, photos, and the unit's Deficiencies card.
 *
 * Every change to one job's inspections runs in a transaction that first locks the job row, so
 * Mark Complete, a repair save and a delete on the same job never interleave.
 */
import type { SessionUser } from '../../../domain/auth.js';
import { isTechnician, mayWorkOnJob } from '../../../domain/policy.js';
import {
  changedSinceQuote,
  INSPECTION_LIMITS,
  INSPECTION_MESSAGES,
  inspectionDeleteRefusal,
  type FinishRepairsResult,
  type Inspection,
  type InspectionInput,
  type InspectionPhoto,
  type InspectionQuoteState,
  type JobInspections,
  type MarkCompleteResult,
  type PhotoSize,
} from '../../../domain/inspections.js';
import {
  combinedRepairTotalCents,
  repairCostsFromInput,
  repairCostsOf,
  repairTotalCents,
  UNIT_DEFICIENCIES_PAGE_SIZE,
  type Repair,
  type RepairInput,
  type RepairPhase,
  type RepairSummary,
  type UnitDeficienciesAnswer,
} from '../../../domain/repairs.js';
import {
  EARLIER_RECOMMENDATIONS_LIMIT,
  RECOMMENDATION_MESSAGES,
  UNIT_HISTORY_PAGE_SIZE,
  type EarlierRecommendations,
  type ResolveRecommendationInput,
  type UnitHistoryAnswer,
} from '../../../domain/unit-history.js';
import type { Database, Executor } from '../../db/client.js';
import { conflict, forbidden, notFound, registerConstraintMessages } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import type { InspectionsRepo, JobAccess, RepairWrite } from './inspections.repo.js';
import { processPhoto, safeFileName } from './photo-images.js';

// A job deleted while an inspection is being added to it, or an inspection deleted under a save.
registerConstraintMessages({
  job_inspections_job_id_jobs_id_fk: { status: 409, message: INSPECTION_MESSAGES.jobNotFound },
  job_repairs_inspection_id_job_inspections_id_fk: { status: 409, message: INSPECTION_MESSAGES.inspectionNotFound },
  job_inspection_photos_inspection_id_job_inspections_id_fk: {
    status: 409,
    message: INSPECTION_MESSAGES.inspectionNotFound,
  },
});

const cents = (dollars: number) => Math.round(dollars * 100);

/** What the service stores for a validated repair form: the total is computed here, never taken from the request. */
export function repairWriteOf(input: RepairInput): RepairWrite {
  const costs = repairCostsFromInput(input);
  return {
    needsCrane: input.needsCrane,
    phases: {
      phase1: { description: input.phase1.description, costCents: costs.phaseCents.phase1 },
      phase2: { description: input.phase2.description, costCents: costs.phaseCents.phase2 },
      phase3: { description: input.phase3.description, costCents: costs.phaseCents.phase3 },
    },
    laborCents: costs.laborCents,
    refrigerationRecoveryCents: costs.refrigerationRecoveryCents,
    startUpCostsCents: costs.startUpCents,
    thermostatStartupCents: costs.thermostatStartupCents,
    removalCostCents: costs.removalCents,
    permitCostCents: costs.permitCents,
    accessories: input.accessories.map((l) => ({ name: l.name, costCents: cents(l.cost) })),
    additionalItems: input.additionalItems.map((l) => ({ name: l.name, costCents: cents(l.cost) })),
    warranty: input.warranty,
    selectedPhase: input.selectedPhase,
    totalCents: repairTotalCents(costs),
  };
}

/** A stored repair record as the write of its copy (a recommendation added to a later job); the total is computed again. */
export function repairWriteOfRecord(record: Repair): RepairWrite {
  return {
    needsCrane: record.needsCrane,
    phases: { phase1: record.phase1, phase2: record.phase2, phase3: record.phase3 },
    laborCents: record.laborCents,
    refrigerationRecoveryCents: record.refrigerationRecoveryCents,
    startUpCostsCents: record.startUpCostsCents,
    thermostatStartupCents: record.thermostatStartupCents,
    removalCostCents: record.removalCostCents,
    permitCostCents: record.permitCostCents,
    accessories: record.accessories,
    additionalItems: record.additionalItems,
    warranty: record.warranty,
    selectedPhase: record.selectedPhase,
    totalCents: repairTotalCents(repairCostsOf(record)),
  };
}

export interface PhotoUpload {
  bytes: Buffer;
  fileName: string | undefined;
}

export interface PhotoFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
  sha256: string;
}

export function createInspectionsService(deps: {
  db: Database;
  repo: InspectionsRepo;
  storage: FileStorage;
  clock: () => Date;
}) {
  const { db, repo, storage, clock } = deps;

  /** RULINGS.md: a technician changes inspections and repairs only on jobs assigned to them. */
  function mayChange(actor: SessionUser, job: JobAccess): void {
    if (!mayWorkOnJob(actor.role, job.assigned)) throw forbidden(INSPECTION_MESSAGES.notAssigned);
  }

  async function jobForRead(actor: SessionUser, jobId: string, exec: Executor = db): Promise<JobAccess> {
    const job = await repo.jobAccess(jobId, actor.id, exec);
    if (!job) throw notFound(INSPECTION_MESSAGES.jobNotFound);
    return job;
  }

  /** Locks the job for the transaction and checks the actor may change its inspections. */
  async function jobForChange(actor: SessionUser, jobId: string, tx: Executor): Promise<JobAccess> {
    const job = await repo.jobAccess(jobId, actor.id, tx, { lock: true });
    if (!job) throw notFound(INSPECTION_MESSAGES.jobNotFound);
    mayChange(actor, job);
    return job;
  }

  /** The inspection, locked, inside a transaction that holds its job: 404 when either is gone. */
  async function inspectionForChange(
    actor: SessionUser,
    inspectionId: string,
    tx: Executor,
    ofJob?: string,
  ): Promise<Inspection> {
    const jobId = await repo.jobIdOf(inspectionId, tx);
    if (!jobId || (ofJob !== undefined && jobId !== ofJob)) throw notFound(INSPECTION_MESSAGES.inspectionNotFound);
    await jobForChange(actor, jobId, tx);
    // Read again under the job's lock: it may have been deleted while we waited.
    const found = await repo.getById(inspectionId, tx, { forUpdate: true });
    if (!found) throw notFound(INSPECTION_MESSAGES.inspectionNotFound);
    return found;
  }

  async function quoteState(jobId: string, exec: Executor = db): Promise<InspectionQuoteState> {
    const { quoteSentAt, lastChangedAt } = await repo.quoteTimes(jobId, exec);
    return { quoteSentAt, lastChangedAt, changedSinceQuote: changedSinceQuote(lastChangedAt, quoteSentAt) };
  }

  /**
   * The unit a recommendation must belong to: the job's (locked, and the actor may work on it) or
   * the given unit's (which must exist).
   */
  async function recommendationScope(
    actor: SessionUser,
    where: { jobId: string } | { unitId: string },
    tx: Executor,
  ): Promise<string> {
    if ('unitId' in where) {
      if (!(await repo.unitExists(where.unitId, tx))) throw notFound(INSPECTION_MESSAGES.unitNotFound);
      return where.unitId;
    }
    await jobForChange(actor, where.jobId, tx);
    const job = await repo.jobUnit(where.jobId, tx);
    if (!job?.unitId) throw conflict(RECOMMENDATION_MESSAGES.noUnit);
    return job.unitId;
  }

  /** The repair record, locked with its job, if it is an open recommendation of the unit found on another job. */
  async function openRecommendation(repairId: string, unitId: string, jobId: string | null, tx: Executor) {
    const found = await repo.repairToSettle(repairId, tx);
    if (!found || found.unitId !== unitId) throw notFound(RECOMMENDATION_MESSAGES.notFound);
    if (found.jobId === jobId) throw conflict(RECOMMENDATION_MESSAGES.sameJob);
    if (!found.open) throw conflict(RECOMMENDATION_MESSAGES.notOpen);
    return found;
  }

  async function markComplete(actor: SessionUser, jobId: string, tx: Executor) {
    await jobForChange(actor, jobId, tx);
    if ((await repo.countByJob(jobId, tx)) === 0) throw conflict(INSPECTION_MESSAGES.nothingToComplete);
    const at = clock();
    const result = await repo.markComplete(jobId, at, tx);
    if (result.completedInspections > 0 || result.createdRepairs > 0) await repo.markChanged(jobId, actor.id, at, tx);
    return result;
  }

  /**
   * Adds an inspection inside the caller's transaction (the field module's idempotent write runs
   * it beside its key). `id` is the phone's own id for an inspection made offline.
   */
  async function createWithin(
    actor: SessionUser,
    jobId: string,
    input: InspectionInput,
    tx: Executor,
    id?: string,
  ): Promise<Inspection> {
    await jobForChange(actor, jobId, tx);
    if (id && (await repo.jobIdOf(id, tx))) throw conflict(INSPECTION_MESSAGES.inspectionIdTaken);
    if ((await repo.countByJob(jobId, tx)) >= INSPECTION_LIMITS.maxInspectionsPerJob)
      throw conflict(INSPECTION_MESSAGES.tooManyInspections);
    const at = clock();
    const created = await repo.insert(jobId, input, at, tx, id);
    await repo.markChanged(jobId, actor.id, at, tx);
    return (await repo.getById(created, tx))!;
  }

  /** `jobId`: the job the caller named (the field route's); an inspection of another job is not found. */
  async function updateWithin(
    actor: SessionUser,
    inspectionId: string,
    input: InspectionInput,
    tx: Executor,
    jobId?: string,
  ): Promise<Inspection> {
    const found = await inspectionForChange(actor, inspectionId, tx, jobId);
    const at = clock();
    await repo.update(inspectionId, input, at, tx);
    await repo.markChanged(found.jobId, actor.id, at, tx);
    return (await repo.getById(inspectionId, tx))!;
  }

  async function saveRepairWithin(
    actor: SessionUser,
    inspectionId: string,
    input: RepairInput,
    tx: Executor,
    jobId?: string,
  ): Promise<Repair> {
    const found = await inspectionForChange(actor, inspectionId, tx, jobId);
    const at = clock();
    const saved = await repo.saveRepair({ jobId: found.jobId, inspectionId }, repairWriteOf(input), at, tx);
    await repo.markChanged(found.jobId, actor.id, at, tx);
    return saved;
  }

  return {
    /** The Inspection/Repair tab: inspections newest first with repairs and photos, and the resend signal. */
    async listForJob(actor: SessionUser, jobId: string): Promise<JobInspections> {
      await jobForRead(actor, jobId);
      const [items, quote] = await Promise.all([repo.listByJob(jobId), quoteState(jobId)]);
      return { items, quote, hasCompletedInspection: items.some((i) => i.completed) };
    },

    async get(actor: SessionUser, inspectionId: string): Promise<Inspection> {
      const found = await repo.getById(inspectionId);
      if (!found) throw notFound(INSPECTION_MESSAGES.inspectionNotFound);
      return found;
    },

    async create(actor: SessionUser, jobId: string, input: InspectionInput): Promise<Inspection> {
      return db.transaction((tx) => createWithin(actor, jobId, input, tx));
    },

    /** Edit keeps the completed flag: a completed inspection can still be corrected (the resend banner tells the office). */
    async update(actor: SessionUser, inspectionId: string, input: InspectionInput): Promise<Inspection> {
      return db.transaction((tx) => updateWithin(actor, inspectionId, input, tx));
    },

    createWithin,
    updateWithin,
    saveRepairWithin,
    /** The inspections of several jobs (the field bundle and My Day), newest first. */
    listByJobs: (jobIds: readonly string[], exec: Executor = db) => repo.listByJobs(jobIds, exec),

    /** Part 2 section 4: a completed inspection cannot be deleted; the repair record goes first, in the same transaction. */
    async remove(actor: SessionUser, inspectionId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await inspectionForChange(actor, inspectionId, tx);
        const refusal = inspectionDeleteRefusal(found);
        if (refusal) throw conflict(refusal);
        await repo.delete(inspectionId, tx);
        await repo.markChanged(found.jobId, actor.id, clock(), tx);
      });
    },

    /**
     * Mark Complete: every inspection of the job completed, and a repair record (three options at
     * $0, Standard Option, total 0) for each one that has none, in one transaction. Idempotent.
     */
    async markComplete(actor: SessionUser, jobId: string): Promise<MarkCompleteResult> {
      return db.transaction(async (tx) => {
        const result = await markComplete(actor, jobId, tx);
        return { ...result, items: await repo.listByJob(jobId, tx) };
      });
    },

    /** The repair form's Save: the server computes the total and stores it with the record and its rows. */
    async saveRepair(actor: SessionUser, inspectionId: string, input: RepairInput): Promise<Repair> {
      return db.transaction((tx) => saveRepairWithin(actor, inspectionId, input, tx));
    },

    /** "Repair Details for All Inspections": every repair with its chosen option and total, and the combined total. */
    async repairSummary(actor: SessionUser, jobId: string): Promise<RepairSummary> {
      await jobForRead(actor, jobId);
      const items = await repo.repairSummary(jobId);
      return { items, totalCents: combinedRepairTotalCents(items) };
    },

    /** Finish Repair Details: Mark Complete, then the summary, in one transaction. */
    async finishRepairs(actor: SessionUser, jobId: string): Promise<FinishRepairsResult> {
      return db.transaction(async (tx) => {
        const result = await markComplete(actor, jobId, tx);
        const items = await repo.repairSummary(jobId, tx);
        return { ...result, summary: { items, totalCents: combinedRepairTotalCents(items) } };
      });
    },

    /** Whether the inspections or repairs changed after the job's latest quote was sent. */
    async quoteState(actor: SessionUser, jobId: string): Promise<InspectionQuoteState> {
      await jobForRead(actor, jobId);
      return quoteState(jobId);
    },

    // -- photos ---------------------------------------------------------------------------------

    async listPhotos(actor: SessionUser, inspectionId: string): Promise<InspectionPhoto[]> {
      if (!(await repo.jobIdOf(inspectionId))) throw notFound(INSPECTION_MESSAGES.inspectionNotFound);
      return repo.listPhotos(inspectionId);
    },

    /**
     * Adds a photo: checked and resized before the transaction (the slow part holds no lock), then
     * the three files and the row are written together, and the 10-photo limit is checked under
     * the job's lock.
     */
    async addPhoto(actor: SessionUser, inspectionId: string, upload: PhotoUpload): Promise<InspectionPhoto> {
      // Refuse early (before the work of decoding) when the inspection is missing or not the actor's.
      const jobId = await repo.jobIdOf(inspectionId);
      if (!jobId) throw notFound(INSPECTION_MESSAGES.inspectionNotFound);
      mayChange(actor, await jobForRead(actor, jobId));
      if ((await repo.countPhotos(inspectionId)) >= INSPECTION_LIMITS.maxPhotos)
        throw conflict(INSPECTION_MESSAGES.tooManyPhotos);

      const photo = await processPhoto(upload.bytes);
      const fileName = safeFileName(upload.fileName, photo.contentType);
      // The derived files' names must fit the 255 characters of stored_files.file_name too.
      const stem = (fileName.replace(/\.[^.]*$/, '') || 'photo').slice(0, 200);
      return db.transaction(async (tx) => {
        const found = await inspectionForChange(actor, inspectionId, tx);
        if ((await repo.countPhotos(inspectionId, tx)) >= INSPECTION_LIMITS.maxPhotos)
          throw conflict(INSPECTION_MESSAGES.tooManyPhotos);
        const put = (name: string, contentType: string, bytes: Uint8Array) =>
          storage.put(tx, { purpose: 'inspection-photo', fileName: name, contentType, bytes, createdBy: actor.id });
        const original = await put(fileName, photo.contentType, upload.bytes);
        const display = await put(`${stem}-display.jpg`, 'image/jpeg', photo.display.bytes);
        const thumb = await put(`${stem}-thumb.jpg`, 'image/jpeg', photo.thumb.bytes);
        const at = clock();
        const saved = await repo.insertPhoto(
          {
            inspectionId,
            fileName,
            contentType: photo.contentType,
            size: upload.bytes.byteLength,
            width: photo.width,
            height: photo.height,
            originalKey: original.key,
            displayKey: display.key,
            displayWidth: photo.display.width,
            displayHeight: photo.display.height,
            thumbKey: thumb.key,
            uploadedBy: actor.id,
          },
          at,
          tx,
        );
        await repo.markChanged(found.jobId, actor.id, at, tx);
        return saved;
      });
    },

    /** One size of a photo, read whole from the shared storage. */
    async photoFile(actor: SessionUser, inspectionId: string, photoId: string, size: PhotoSize): Promise<PhotoFile> {
      const keys = await repo.photoKeys(inspectionId, photoId);
      if (!keys) throw notFound(INSPECTION_MESSAGES.photoNotFound);
      const key = size === 'original' ? keys.originalKey : size === 'display' ? keys.displayKey : keys.thumbKey;
      const file = await storage.get(db, key);
      if (!file) throw notFound(INSPECTION_MESSAGES.photoNotFound);
      return { bytes: file.bytes, contentType: file.contentType, fileName: file.fileName, sha256: file.sha256 };
    },

    /** Deletes a photo and its files; a technician may not delete one of a completed inspection. */
    async removePhoto(actor: SessionUser, inspectionId: string, photoId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await inspectionForChange(actor, inspectionId, tx);
        const keys = await repo.photoKeys(inspectionId, photoId, tx);
        if (!keys) throw notFound(INSPECTION_MESSAGES.photoNotFound);
        if (found.completed && isTechnician(actor))
          throw forbidden(INSPECTION_MESSAGES.technicianCannotDeleteCompletedPhoto);
        await repo.deletePhoto(photoId, tx);
        // The row's trigger removed the bytes already; removing through the storage module keeps
        // this correct if the storage ever moves out of the database.
        for (const key of [keys.originalKey, keys.displayKey, keys.thumbKey]) await storage.remove(tx, key);
        await repo.markChanged(found.jobId, actor.id, clock(), tx);
      });
    },

    // -- the unit's history across visits (issue 29, decision 044) --------------------------------

    /** The unit's Deficiencies card: its repair records, newest first, with what became of each. */
    async unitDeficiencies(unitId: string, page: number): Promise<UnitDeficienciesAnswer> {
      if (!(await repo.unitExists(unitId))) throw notFound(INSPECTION_MESSAGES.unitNotFound);
      const { items, total } = await repo.unitDeficiencies(unitId, page, UNIT_DEFICIENCIES_PAGE_SIZE);
      return { items, total, page, pageSize: UNIT_DEFICIENCIES_PAGE_SIZE };
    },

    /** The unit's Service History: its visits, newest first, with their inspections and repair options. */
    async unitHistory(unitId: string, page: number): Promise<UnitHistoryAnswer> {
      if (!(await repo.unitExists(unitId))) throw notFound(INSPECTION_MESSAGES.unitNotFound);
      const { items, total } = await repo.unitHistory(unitId, page, UNIT_HISTORY_PAGE_SIZE);
      return { items, total, page, pageSize: UNIT_HISTORY_PAGE_SIZE };
    },

    /** The job page's "Open recommendations from earlier visits": the unit's open repairs of its other jobs. */
    async earlierRecommendations(actor: SessionUser, jobId: string): Promise<EarlierRecommendations> {
      await jobForRead(actor, jobId);
      const job = await repo.jobUnit(jobId);
      if (!job?.unitId) return { unitId: null, unitNumber: null, items: [], total: 0 };
      const { items, total } = await repo.openRecommendations(job.unitId, jobId, EARLIER_RECOMMENDATIONS_LIMIT);
      return { unitId: job.unitId, unitNumber: job.unitNumber, items, total };
    },

    /**
     * Marks an open recommendation resolved, with who, when and why. From a job's page (`jobId`:
     * a technician on a job assigned to them, or the office) the recommendation must be of the
     * job's unit and found on another job; from the unit's page (`unitId`, the route allows the
     * office only) it must be of that unit. 409 when it is no longer open.
     */
    async resolveRecommendation(
      actor: SessionUser,
      where: { jobId: string } | { unitId: string },
      repairId: string,
      input: ResolveRecommendationInput,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const unitId = await recommendationScope(actor, where, tx);
        const found = await openRecommendation(repairId, unitId, 'jobId' in where ? where.jobId : null, tx);
        await repo.resolveRepair(found.id, { reason: input.reason, by: actor.id, at: clock() }, tx);
      });
    },

    /**
     * Adds an open recommendation of the job's unit, found on another job, to this job's repair
     * options: a copy of its inspection (readings, not completed) and of its repair record (the
     * three options, costs, lines, chosen option), and the original is marked as carried to the
     * copy, so it is no longer open on the unit (deleting the copy opens it again).
     */
    async addRecommendationToJob(actor: SessionUser, jobId: string, repairId: string): Promise<Inspection> {
      return db.transaction(async (tx) => {
        const unitId = await recommendationScope(actor, { jobId }, tx);
        const found = await openRecommendation(repairId, unitId, jobId, tx);
        if ((await repo.countByJob(jobId, tx)) >= INSPECTION_LIMITS.maxInspectionsPerJob)
          throw conflict(INSPECTION_MESSAGES.tooManyInspections);
        const original = await repo.getById(found.inspectionId, tx);
        if (!original?.repair) throw notFound(RECOMMENDATION_MESSAGES.notFound);
        const at = clock();
        const { modelNumber, serialNumber, age, tonnage, unitType, systemType } = original;
        const id = await repo.insert(jobId, { modelNumber, serialNumber, age, tonnage, unitType, systemType }, at, tx);
        const copy = await repo.saveRepair({ jobId, inspectionId: id }, repairWriteOfRecord(original.repair), at, tx);
        await repo.markCarried(found.id, copy.id, tx);
        await repo.markChanged(jobId, actor.id, at, tx);
        return (await repo.getById(id, tx))!;
      });
    },

    // -- for the quotes module ------------------------------------------------------------------

    /**
     * For the customer's approval (issue 13): sets the chosen option of the job's repair records
     * and their totals, in the caller's transaction. Staff did not change anything, so the
     * change mark and the records' update times stay as they were (no resend banner).
     * Choices for inspections without a repair record are ignored.
     */
    async applyCustomerChoices(
      exec: Executor,
      jobId: string,
      choices: readonly { inspectionId: string; selectedPhase: RepairPhase }[],
    ): Promise<Repair[]> {
      const repairs = await repo.repairsOfJob(jobId, exec);
      const byInspection = new Map(repairs.map((r) => [r.inspectionId, r]));
      for (const choice of choices) {
        const record = byInspection.get(choice.inspectionId);
        if (!record || record.selectedPhase === choice.selectedPhase) continue;
        const totalCents = repairTotalCents({ ...repairCostsOf(record), selectedPhase: choice.selectedPhase });
        await repo.setSelectedPhase(record.id, choice.selectedPhase, totalCents, exec);
        byInspection.set(choice.inspectionId, { ...record, selectedPhase: choice.selectedPhase, totalCents });
      }
      return [...byInspection.values()];
    },
  };
}
export type InspectionsService = ReturnType<typeof createInspectionsService>;
