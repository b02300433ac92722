/**
 * The only SQL for inspections, their photos and their repair records (job_inspections,
 * job_inspection_photos, job_repairs, job_repair_lines, job_inspection_changes). Every write takes
 * the executor of the service's transaction; rows become domain types before they leave.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  photoUrl,
  type Inspection,
  type InspectionInput,
  type InspectionPhoto,
  type PhotoContentType,
} from '../../../domain/inspections.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import {
  REPAIR_PHASE_LABELS,
  type Repair,
  type RepairLineKind,
  type RepairPhase,
  type RepairSummaryItem,
} from '../../../domain/repairs.js';
import { readTogether, type Executor } from '../../db/client.js';
import {
  jobInspectionChanges,
  jobInspectionPhotos,
  jobInspections,
  jobQuotes,
  jobRepairLines,
  jobRepairs,
  jobs,
  units,
} from '../../db/schema.js';
import { isoTimestamp, selection, selectRow } from '../../db/sql.js';
import { isTechnicianAssigned } from '../jobs/index.js';
import { createUnitHistoryRepo } from './unit-history.repo.js';

type InspectionRow = typeof jobInspections.$inferSelect;
type RepairRow = typeof jobRepairs.$inferSelect;
type RepairLineRow = typeof jobRepairLines.$inferSelect;
type PhotoRow = typeof jobInspectionPhotos.$inferSelect;

/** What the service stores for a repair record: money in cents, the total it computed. */
export interface RepairWrite {
  needsCrane: boolean;
  phases: Record<RepairPhase, { description: string; costCents: number }>;
  laborCents: number;
  refrigerationRecoveryCents: number;
  startUpCostsCents: number;
  thermostatStartupCents: number;
  removalCostCents: number;
  permitCostCents: number;
  accessories: { name: string; costCents: number }[];
  additionalItems: { name: string; costCents: number }[];
  warranty: string | null;
  selectedPhase: RepairPhase;
  totalCents: number;
}

export interface PhotoWrite {
  inspectionId: string;
  fileName: string;
  contentType: PhotoContentType;
  size: number;
  width: number;
  height: number;
  originalKey: string;
  displayKey: string;
  displayWidth: number;
  displayHeight: number;
  thumbKey: string;
  uploadedBy: string | null;
}

/** A photo's stored files, for the quote PDF: the display size is always a JPEG (pdf-lib embeds it). */
export interface PhotoStorageKeys {
  photoId: string;
  inspectionId: string;
  fileName: string;
  contentType: PhotoContentType;
  originalKey: string;
  displayKey: string;
  displayContentType: 'image/jpeg';
  displayWidth: number;
  displayHeight: number;
  thumbKey: string;
}

export interface JobAccess {
  id: string;
  number: number;
  /** the signed-in user is one of the job's technicians */
  assigned: boolean;
}

function toRepair(row: RepairRow, lines: readonly RepairLineRow[]): Repair {
  const linesOf = (kind: RepairLineKind) =>
    lines
      .filter((l) => l.repairId === row.id && l.kind === kind)
      .sort((a, b) => a.position - b.position)
      .map((l) => ({ name: l.name, costCents: toCents(l.cost) }));
  return {
    id: row.id,
    jobId: row.jobId,
    inspectionId: row.inspectionId,
    needsCrane: row.needsCrane,
    phase1: { description: row.phase1Description, costCents: toCents(row.phase1Cost) },
    phase2: { description: row.phase2Description, costCents: toCents(row.phase2Cost) },
    phase3: { description: row.phase3Description, costCents: toCents(row.phase3Cost) },
    laborCents: toCents(row.labor),
    refrigerationRecoveryCents: toCents(row.refrigerationRecovery),
    startUpCostsCents: toCents(row.startUpCosts),
    thermostatStartupCents: toCents(row.thermostatStartup),
    removalCostCents: toCents(row.removalCost),
    permitCostCents: toCents(row.permitCost),
    accessories: linesOf('accessory'),
    additionalItems: linesOf('additional'),
    warranty: row.warranty,
    selectedPhase: row.selectedPhase as RepairPhase,
    totalCents: toCents(row.totalCost),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPhoto(row: PhotoRow): InspectionPhoto {
  return {
    id: row.id,
    inspectionId: row.inspectionId,
    fileName: row.fileName,
    contentType: row.contentType as PhotoContentType,
    size: row.size,
    width: row.width,
    height: row.height,
    displayWidth: row.displayWidth,
    displayHeight: row.displayHeight,
    createdAt: row.createdAt.toISOString(),
    urls: {
      original: photoUrl(row.inspectionId, row.id, 'original'),
      display: photoUrl(row.inspectionId, row.id, 'display'),
      thumb: photoUrl(row.inspectionId, row.id, 'thumb'),
    },
  };
}

function toInspection(row: InspectionRow, repair: Repair | null, photos: InspectionPhoto[]): Inspection {
  return {
    id: row.id,
    jobId: row.jobId,
    modelNumber: row.modelNumber,
    serialNumber: row.serialNumber,
    age: row.age,
    tonnage: row.tonnage,
    unitType: row.unitType as Inspection['unitType'],
    systemType: row.systemType as Inspection['systemType'],
    completed: row.completed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    repair,
    photos,
  };
}

function repairColumns(values: RepairWrite) {
  return {
    needsCrane: values.needsCrane,
    phase1Description: values.phases.phase1.description,
    phase1Cost: centsToDecimal(values.phases.phase1.costCents),
    phase2Description: values.phases.phase2.description,
    phase2Cost: centsToDecimal(values.phases.phase2.costCents),
    phase3Description: values.phases.phase3.description,
    phase3Cost: centsToDecimal(values.phases.phase3.costCents),
    labor: centsToDecimal(values.laborCents),
    refrigerationRecovery: centsToDecimal(values.refrigerationRecoveryCents),
    startUpCosts: centsToDecimal(values.startUpCostsCents),
    thermostatStartup: centsToDecimal(values.thermostatStartupCents),
    removalCost: centsToDecimal(values.removalCostCents),
    permitCost: centsToDecimal(values.permitCostCents),
    warranty: values.warranty,
    selectedPhase: values.selectedPhase,
    totalCost: centsToDecimal(values.totalCents),
  };
}

export function createInspectionsRepo(db: Executor) {
  /** Repairs (with their lines) and photos of these inspections, in two queries each, never one per row. */
  async function details(inspectionIds: string[], exec: Executor) {
    if (inspectionIds.length === 0)
      return { repairs: new Map<string, Repair>(), photos: new Map<string, InspectionPhoto[]>() };
    const [repairRows, photoRows] = await readTogether(exec, [
      () => exec.select().from(jobRepairs).where(inArray(jobRepairs.inspectionId, inspectionIds)),
      () =>
        exec
          .select()
          .from(jobInspectionPhotos)
          .where(inArray(jobInspectionPhotos.inspectionId, inspectionIds))
          .orderBy(asc(jobInspectionPhotos.createdAt), asc(jobInspectionPhotos.id)),
    ]);
    const lineRows = repairRows.length
      ? await exec
          .select()
          .from(jobRepairLines)
          .where(
            inArray(
              jobRepairLines.repairId,
              repairRows.map((r) => r.id),
            ),
          )
      : [];
    const repairs = new Map(repairRows.map((r) => [r.inspectionId, toRepair(r, lineRows)]));
    const photos = new Map<string, InspectionPhoto[]>();
    for (const row of photoRows) {
      const list = photos.get(row.inspectionId) ?? [];
      list.push(toPhoto(row));
      photos.set(row.inspectionId, list);
    }
    return { repairs, photos };
  }

  const withDetails = async (rows: InspectionRow[], exec: Executor): Promise<Inspection[]> => {
    const { repairs, photos } = await details(
      rows.map((r) => r.id),
      exec,
    );
    return rows.map((r) => toInspection(r, repairs.get(r.id) ?? null, photos.get(r.id) ?? []));
  };

  return {
    // -- the job ------------------------------------------------------------------------------

    /**
     * The job and whether the user is one of its technicians; null when there is no such job.
     * `lock` holds the job row until the transaction ends, so every change to one job's
     * inspections runs one after the other (and the job cannot be deleted meanwhile).
     */
    async jobAccess(
      jobId: string,
      userId: string,
      exec: Executor = db,
      options: { lock?: boolean } = {},
    ): Promise<JobAccess | null> {
      const base = exec.select({ id: jobs.id, number: jobs.number }).from(jobs).where(eq(jobs.id, jobId));
      const [job] = options.lock ? await base.for('no key update') : await base;
      if (!job) return null;
      return { id: job.id, number: job.number, assigned: await isTechnicianAssigned(exec, jobId, userId) };
    },

    async unitExists(unitId: string, exec: Executor = db): Promise<boolean> {
      const [row] = await exec.select({ id: units.id }).from(units).where(eq(units.id, unitId));
      return Boolean(row);
    },

    // -- inspections ----------------------------------------------------------------------------

    /** The job's inspections, newest first, each with its repair record and photos. */
    async listByJob(jobId: string, exec: Executor = db): Promise<Inspection[]> {
      const rows = await exec
        .select()
        .from(jobInspections)
        .where(eq(jobInspections.jobId, jobId))
        .orderBy(desc(jobInspections.createdAt), desc(jobInspections.id));
      return withDetails(rows, exec);
    },

    /** The inspections of several jobs (the field bundle), newest first, in one query plus their details. */
    async listByJobs(jobIds: readonly string[], exec: Executor = db): Promise<Inspection[]> {
      if (jobIds.length === 0) return [];
      const rows = await exec
        .select()
        .from(jobInspections)
        .where(inArray(jobInspections.jobId, [...jobIds]))
        .orderBy(desc(jobInspections.createdAt), desc(jobInspections.id));
      return withDetails(rows, exec);
    },

    /** One inspection with its repair and photos; `forUpdate` locks the row. */
    async getById(id: string, exec: Executor = db, options: { forUpdate?: boolean } = {}): Promise<Inspection | null> {
      const base = exec.select().from(jobInspections).where(eq(jobInspections.id, id));
      const [row] = options.forUpdate ? await base.for('update') : await base;
      if (!row) return null;
      return (await withDetails([row], exec))[0]!;
    },

    /** The job an inspection belongs to, without locking anything. */
    async jobIdOf(inspectionId: string, exec: Executor = db): Promise<string | null> {
      const [row] = await exec
        .select({ jobId: jobInspections.jobId })
        .from(jobInspections)
        .where(eq(jobInspections.id, inspectionId));
      return row?.jobId ?? null;
    },

    async countByJob(jobId: string, exec: Executor = db): Promise<number> {
      const [row] = await exec.select({ n: count() }).from(jobInspections).where(eq(jobInspections.jobId, jobId));
      return row?.n ?? 0;
    },

    /** `id`: the phone's own id for an inspection made offline (its later changes name it); else the database's. */
    async insert(jobId: string, values: InspectionInput, at: Date, exec: Executor = db, id?: string): Promise<string> {
      const [row] = await exec
        .insert(jobInspections)
        .values({ ...(id ? { id } : {}), jobId, ...values, completed: false, createdAt: at, updatedAt: at })
        .returning({ id: jobInspections.id });
      return row!.id;
    },

    async update(id: string, values: InspectionInput, at: Date, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .update(jobInspections)
        .set({ ...values, updatedAt: at })
        .where(eq(jobInspections.id, id))
        .returning({ id: jobInspections.id });
      return rows.length > 0;
    },

    /** Deletes an inspection: its repair record first (its lines go with it), then its photos and the inspection. */
    async delete(id: string, exec: Executor = db): Promise<boolean> {
      await exec.delete(jobRepairs).where(eq(jobRepairs.inspectionId, id));
      await exec.delete(jobInspectionPhotos).where(eq(jobInspectionPhotos.inspectionId, id));
      const rows = await exec
        .delete(jobInspections)
        .where(eq(jobInspections.id, id))
        .returning({ id: jobInspections.id });
      return rows.length > 0;
    },

    /**
     * Mark Complete: every inspection of the job not yet completed becomes completed, and every
     * inspection without a repair record gets one with the three options at $0, Standard Option
     * selected and total 0. Inspections already completed and records that exist are left as they
     * are, so running it again changes nothing.
     */
    async markComplete(
      jobId: string,
      at: Date,
      exec: Executor = db,
    ): Promise<{ completedInspections: number; createdRepairs: number }> {
      const completed = await exec
        .update(jobInspections)
        .set({ completed: true, updatedAt: at })
        .where(and(eq(jobInspections.jobId, jobId), eq(jobInspections.completed, false)))
        .returning({ id: jobInspections.id });
      const missing = await exec
        .select({ id: jobInspections.id })
        .from(jobInspections)
        .leftJoin(jobRepairs, eq(jobRepairs.inspectionId, jobInspections.id))
        .where(and(eq(jobInspections.jobId, jobId), isNull(jobRepairs.id)));
      const created = missing.length
        ? await exec
            .insert(jobRepairs)
            .values(
              missing.map((m) => ({
                jobId,
                inspectionId: m.id,
                phase1Description: REPAIR_PHASE_LABELS.phase1,
                phase1Cost: '0.00',
                phase2Description: REPAIR_PHASE_LABELS.phase2,
                phase2Cost: '0.00',
                phase3Description: REPAIR_PHASE_LABELS.phase3,
                phase3Cost: '0.00',
                selectedPhase: 'phase2' as const,
                totalCost: '0.00',
                createdAt: at,
                updatedAt: at,
              })),
            )
            .onConflictDoNothing({ target: jobRepairs.inspectionId })
            .returning({ id: jobRepairs.id })
        : [];
      return { completedInspections: completed.length, createdRepairs: created.length };
    },

    // -- repairs --------------------------------------------------------------------------------

    /** Creates or replaces the inspection's repair record and its accessory and additional-item rows. */
    async saveRepair(
      refs: { jobId: string; inspectionId: string },
      values: RepairWrite,
      at: Date,
      exec: Executor = db,
    ): Promise<Repair> {
      const columns = repairColumns(values);
      const [row] = await exec
        .insert(jobRepairs)
        .values({ ...refs, ...columns, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({ target: jobRepairs.inspectionId, set: { ...columns, updatedAt: at } })
        .returning();
      const repair = row!;
      await exec.delete(jobRepairLines).where(eq(jobRepairLines.repairId, repair.id));
      const lines = [
        ...values.accessories.map((l, position) => ({
          repairId: repair.id,
          kind: 'accessory' as const,
          position,
          name: l.name,
          cost: centsToDecimal(l.costCents),
        })),
        ...values.additionalItems.map((l, position) => ({
          repairId: repair.id,
          kind: 'additional' as const,
          position,
          name: l.name,
          cost: centsToDecimal(l.costCents),
        })),
      ];
      const inserted = lines.length ? await exec.insert(jobRepairLines).values(lines).returning() : [];
      return toRepair(repair, inserted);
    },

    /** The selected option and total of one repair record, leaving its update time alone (see the service). */
    async setSelectedPhase(
      repairId: string,
      selectedPhase: RepairPhase,
      totalCents: number,
      exec: Executor = db,
    ): Promise<void> {
      await exec
        .update(jobRepairs)
        .set({ selectedPhase, totalCost: centsToDecimal(totalCents), updatedAt: sql`${jobRepairs.updatedAt}` })
        .where(eq(jobRepairs.id, repairId));
    },

    /** A deleted job's inspections (their repairs, lines and photos go by cascade). */
    async deleteOfJob(jobId: string, exec: Executor = db): Promise<void> {
      await exec.delete(jobInspections).where(eq(jobInspections.jobId, jobId));
    },

    /** The job's repair records by inspection, for the customer's choices. */
    async repairsOfJob(jobId: string, exec: Executor = db): Promise<Repair[]> {
      const rows = await exec.select().from(jobRepairs).where(eq(jobRepairs.jobId, jobId)).for('update');
      if (rows.length === 0) return [];
      const lines = await exec
        .select()
        .from(jobRepairLines)
        .where(
          inArray(
            jobRepairLines.repairId,
            rows.map((r) => r.id),
          ),
        );
      return rows.map((r) => toRepair(r, lines));
    },

    /** "Repair Details for All Inspections": every repair record of the job, in the inspection list's order. */
    async repairSummary(jobId: string, exec: Executor = db): Promise<RepairSummaryItem[]> {
      const rows = await exec
        .select({ inspection: jobInspections, repair: jobRepairs })
        .from(jobInspections)
        .innerJoin(jobRepairs, eq(jobRepairs.inspectionId, jobInspections.id))
        .where(eq(jobInspections.jobId, jobId))
        .orderBy(desc(jobInspections.createdAt), desc(jobInspections.id));
      return rows.map(({ inspection, repair }) => {
        const phase = repair.selectedPhase as RepairPhase;
        const description = {
          phase1: repair.phase1Description,
          phase2: repair.phase2Description,
          phase3: repair.phase3Description,
        }[phase];
        const cost = { phase1: repair.phase1Cost, phase2: repair.phase2Cost, phase3: repair.phase3Cost }[phase];
        return {
          inspectionId: inspection.id,
          repairId: repair.id,
          modelNumber: inspection.modelNumber,
          serialNumber: inspection.serialNumber,
          selectedPhase: phase,
          optionLabel: REPAIR_PHASE_LABELS[phase],
          optionDescription: description,
          optionCostCents: toCents(cost),
          totalCents: toCents(repair.totalCost),
        };
      });
    },

    // -- the resend signal -----------------------------------------------------------------------

    /** Records that staff changed the job's inspections, repairs or photos now (deletes included). */
    async markChanged(jobId: string, userId: string | null, at: Date, exec: Executor = db): Promise<void> {
      await exec
        .insert(jobInspectionChanges)
        .values({ jobId, changedAt: at, changedBy: userId })
        .onConflictDoUpdate({ target: jobInspectionChanges.jobId, set: { changedAt: at, changedBy: userId } });
    },

    /**
     * The job's latest quote send time (its newest job_quotes row) and the latest change to its
     * inspections and repairs: the change mark, or a row's own update time when later (rows
     * written by the seed or the factories carry no mark).
     */
    async quoteTimes(
      jobId: string,
      exec: Executor = db,
    ): Promise<{ quoteSentAt: string | null; lastChangedAt: string | null }> {
      const times = selection({
        quoteSentAt: sql<
          Date | string | null
        >`(select ${jobQuotes.sentAt} from ${jobQuotes} where ${jobQuotes.jobId} = ${jobId} order by ${jobQuotes.sentAt} desc limit 1)`,
        lastChangedAt: sql<Date | string | null>`greatest(
                (select ${jobInspectionChanges.changedAt} from ${jobInspectionChanges} where ${jobInspectionChanges.jobId} = ${jobId}),
                (select max(${jobInspections.updatedAt}) from ${jobInspections} where ${jobInspections.jobId} = ${jobId}),
                (select max(${jobRepairs.updatedAt}) from ${jobRepairs} where ${jobRepairs.jobId} = ${jobId})
              )`,
      });
      const row = await selectRow(exec, times, sql`select ${times}`);
      return {
        quoteSentAt: row?.quoteSentAt ? isoTimestamp(row.quoteSentAt) : null,
        lastChangedAt: row?.lastChangedAt ? isoTimestamp(row.lastChangedAt) : null,
      };
    },

    // -- photos ---------------------------------------------------------------------------------

    async listPhotos(inspectionId: string, exec: Executor = db): Promise<InspectionPhoto[]> {
      const rows = await exec
        .select()
        .from(jobInspectionPhotos)
        .where(eq(jobInspectionPhotos.inspectionId, inspectionId))
        .orderBy(asc(jobInspectionPhotos.createdAt), asc(jobInspectionPhotos.id));
      return rows.map(toPhoto);
    },

    async countPhotos(inspectionId: string, exec: Executor = db): Promise<number> {
      const [row] = await exec
        .select({ n: count() })
        .from(jobInspectionPhotos)
        .where(eq(jobInspectionPhotos.inspectionId, inspectionId));
      return row?.n ?? 0;
    },

    async insertPhoto(values: PhotoWrite, at: Date, exec: Executor = db): Promise<InspectionPhoto> {
      const [row] = await exec
        .insert(jobInspectionPhotos)
        .values({ ...values, createdAt: at })
        .returning();
      return toPhoto(row!);
    },

    async photoKeys(inspectionId: string, photoId: string, exec: Executor = db): Promise<PhotoStorageKeys | null> {
      const rows = await photoKeysWhere(
        exec,
        and(eq(jobInspectionPhotos.inspectionId, inspectionId), eq(jobInspectionPhotos.id, photoId)),
      );
      return rows[0] ?? null;
    },

    /** Deletes a photo row; its stored files go with it (the table's delete trigger). */
    async deletePhoto(photoId: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .delete(jobInspectionPhotos)
        .where(eq(jobInspectionPhotos.id, photoId))
        .returning({ id: jobInspectionPhotos.id });
      return rows.length > 0;
    },

    /** For the quote PDF: the storage keys of an inspection's photos, in upload order. */
    async photoStorageKeys(inspectionId: string, exec: Executor = db): Promise<PhotoStorageKeys[]> {
      return photoKeysWhere(exec, eq(jobInspectionPhotos.inspectionId, inspectionId));
    },

    /** For the quote PDF: the storage keys of the photos of every inspection of a job. */
    async photoStorageKeysOfJob(jobId: string, exec: Executor = db): Promise<PhotoStorageKeys[]> {
      return photoKeysWhere(
        exec,
        inArray(
          jobInspectionPhotos.inspectionId,
          exec.select({ id: jobInspections.id }).from(jobInspections).where(eq(jobInspections.jobId, jobId)),
        ),
      );
    },

    // -- the unit's history across visits (unit-history.repo.ts) ---------------------------------
    ...createUnitHistoryRepo(db),
  };
}

async function photoKeysWhere(exec: Executor, where: ReturnType<typeof eq> | undefined): Promise<PhotoStorageKeys[]> {
  const rows = await exec
    .select()
    .from(jobInspectionPhotos)
    .where(where)
    .orderBy(asc(jobInspectionPhotos.createdAt), asc(jobInspectionPhotos.id));
  return rows.map((r) => ({
    photoId: r.id,
    inspectionId: r.inspectionId,
    fileName: r.fileName,
    contentType: r.contentType as PhotoContentType,
    originalKey: r.originalKey,
    displayKey: r.displayKey,
    displayContentType: 'image/jpeg' as const,
    displayWidth: r.displayWidth,
    displayHeight: r.displayHeight,
    thumbKey: r.thumbKey,
  }));
}

export type InspectionsRepo = ReturnType<typeof createInspectionsRepo>;
