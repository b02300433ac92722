/**
 * The field module's SQL (decision 045): a technician's jobs of the next days and their field work
 * (time events, notes, checklist marks, signatures, conflicts), the bundle's price book and latest
 * inspections (reads of other modules' tables, as other read models do), and the writes of the
 * tables this module owns, including the Idempotency-Key answers.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  FIELD_LABELS,
  FIELD_LIMITS,
  type BundlePriceItem,
  type FieldConflict,
  type FieldConflictDraft,
  type FieldEditable,
  type FieldNote,
  type FieldPhoto,
  type FieldSignature,
  type TimeEvent,
  type TimeEventKind,
} from '../../../domain/field.js';
import { toCents } from '../../../domain/money.js';
import type { Executor } from '../../db/client.js';
import { personName } from '../../db/person-name.js';
import {
  companies,
  fieldChecklistMarks,
  fieldConflicts,
  fieldIdempotency,
  fieldNotes,
  fieldPhotos,
  fieldSignatures,
  fieldTimeEvents,
  jobInspections,
  jobItemPrices,
  jobLaborPrices,
  jobPartPrices,
  jobs,
  locations,
  units,
  users,
} from '../../db/schema.js';
import { technicianAssigned } from '../jobs/index.js';

/** The most jobs My Day lists (a week of a busy technician's jobs is far below it). */
const MY_DAY_LIMIT = 200;

const iso = (d: Date) => d.toISOString();

export interface FieldJobRow {
  id: string;
  number: number;
  name: string;
  status: string;
  type: string;
  description: string;
  problemDescription: string | null;
  scheduleStart: string | null;
  scheduleDuration: number;
  contactName: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  companyName: string;
  location: { id: string; name: string; address: string; city: string; state: string; zip: string };
  unit: { id: string; unitNumber: string; status: string } | null;
  updatedAt: string;
}

export interface FieldWorkRows {
  events: (TimeEvent & { jobId: string })[];
  notes: (FieldNote & { jobId: string })[];
  marks: { jobId: string; item: string; done: boolean; doneBy: string; deviceAt: string; serverAt: string }[];
  signatures: (FieldSignature & { jobId: string })[];
  photos: (FieldPhoto & { jobId: string })[];
  conflicts: (FieldConflict & { jobId: string })[];
}

type ConflictRow = typeof fieldConflicts.$inferSelect & { userName: string };
const toConflict = (row: ConflictRow): FieldConflict & { jobId: string } => ({
  id: row.id,
  jobId: row.jobId,
  field: row.field as FieldEditable,
  label: FIELD_LABELS[row.field as FieldEditable],
  base: row.baseValue,
  office: row.officeValue,
  technician: row.technicianValue,
  userName: row.userName,
  createdAt: iso(row.createdAt),
  resolvedAt: row.resolvedAt ? iso(row.resolvedAt) : null,
  resolution: (row.resolution as 'office' | 'field' | null) ?? null,
});

export function createFieldRepo(db: Executor) {
  const jobSelection = {
    id: jobs.id,
    number: jobs.number,
    name: jobs.name,
    status: jobs.status,
    type: jobs.type,
    description: jobs.description,
    problemDescription: jobs.problemDescription,
    scheduleStart: jobs.scheduleStart,
    scheduleDuration: jobs.scheduleDuration,
    contactName: jobs.contactName,
    contactPhone: jobs.contactPhone,
    contactEmail: jobs.contactEmail,
    updatedAt: jobs.updatedAt,
    companyName: companies.name,
    locationId: locations.id,
    locationName: locations.name,
    address: locations.address,
    city: locations.city,
    state: locations.state,
    zip: locations.zip,
    unitId: units.id,
    unitNumber: units.unitNumber,
    unitStatus: units.status,
  };
  const jobRows = async (exec: Executor, where: SQL | undefined, limit = MY_DAY_LIMIT): Promise<FieldJobRow[]> => {
    const rows = await exec
      .select(jobSelection)
      .from(jobs)
      .innerJoin(locations, eq(locations.id, jobs.locationId))
      .innerJoin(companies, eq(companies.id, locations.companyId))
      .leftJoin(units, eq(units.id, jobs.unitId))
      .where(where)
      .orderBy(asc(jobs.scheduleStart), asc(jobs.number))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      number: r.number,
      name: r.name,
      status: r.status,
      type: r.type,
      description: r.description,
      problemDescription: r.problemDescription,
      scheduleStart: r.scheduleStart ? iso(r.scheduleStart) : null,
      scheduleDuration: r.scheduleDuration,
      contactName: r.contactName,
      contactPhone: r.contactPhone,
      contactEmail: r.contactEmail,
      companyName: r.companyName,
      location: {
        id: r.locationId,
        name: r.locationName,
        address: r.address,
        city: r.city,
        state: r.state,
        zip: r.zip,
      },
      unit: r.unitId ? { id: r.unitId, unitNumber: r.unitNumber ?? '', status: r.unitStatus ?? '' } : null,
      updatedAt: iso(r.updatedAt),
    }));
  };

  const userName = personName(users);

  return {
    /** The technician's jobs scheduled in [from, to), not cancelled, in schedule order. */
    async myJobs(userId: string, from: Date, to: Date, exec: Executor = db): Promise<FieldJobRow[]> {
      return jobRows(
        exec,
        and(
          technicianAssigned(jobs.id, userId),
          gte(jobs.scheduleStart, from),
          lt(jobs.scheduleStart, to),
          ne(jobs.status, 'cancelled'),
        ),
      );
    },

    async job(id: string, exec: Executor = db): Promise<FieldJobRow | null> {
      const [row] = await jobRows(exec, eq(jobs.id, id), 1);
      return row ?? null;
    },

    /** Whether the job exists (so a technician not on it gets 403, an unknown id 404). */
    async jobType(id: string, exec: Executor = db): Promise<string | null> {
      const [row] = await exec.select({ type: jobs.type }).from(jobs).where(eq(jobs.id, id));
      return row?.type ?? null;
    },

    /** The field work of some jobs, one statement per kind (never one per job). */
    async work(jobIds: readonly string[], exec: Executor = db): Promise<FieldWorkRows> {
      if (jobIds.length === 0) return { events: [], notes: [], marks: [], signatures: [], photos: [], conflicts: [] };
      const ids = [...jobIds];
      const events = await exec
        .select({
          id: fieldTimeEvents.id,
          jobId: fieldTimeEvents.jobId,
          kind: fieldTimeEvents.kind,
          deviceAt: fieldTimeEvents.deviceAt,
          serverAt: fieldTimeEvents.serverAt,
          userId: fieldTimeEvents.userId,
          userName,
        })
        .from(fieldTimeEvents)
        .innerJoin(users, eq(users.id, fieldTimeEvents.userId))
        .where(inArray(fieldTimeEvents.jobId, ids))
        .orderBy(asc(fieldTimeEvents.deviceAt), asc(fieldTimeEvents.serverAt));
      const notes = await exec
        .select({
          id: fieldNotes.id,
          jobId: fieldNotes.jobId,
          body: fieldNotes.body,
          deviceAt: fieldNotes.deviceAt,
          serverAt: fieldNotes.serverAt,
          userId: fieldNotes.userId,
          userName,
        })
        .from(fieldNotes)
        .innerJoin(users, eq(users.id, fieldNotes.userId))
        .where(inArray(fieldNotes.jobId, ids))
        .orderBy(asc(fieldNotes.deviceAt), asc(fieldNotes.serverAt));
      const marks = await exec
        .select({
          jobId: fieldChecklistMarks.jobId,
          item: fieldChecklistMarks.item,
          done: fieldChecklistMarks.done,
          doneBy: userName,
          deviceAt: fieldChecklistMarks.deviceAt,
          serverAt: fieldChecklistMarks.serverAt,
        })
        .from(fieldChecklistMarks)
        .innerJoin(users, eq(users.id, fieldChecklistMarks.userId))
        .where(inArray(fieldChecklistMarks.jobId, ids));
      const signatures = await exec
        .select({
          id: fieldSignatures.id,
          jobId: fieldSignatures.jobId,
          signerName: fieldSignatures.signerName,
          fileId: fieldSignatures.fileId,
          deviceAt: fieldSignatures.deviceAt,
          serverAt: fieldSignatures.serverAt,
          userName,
        })
        .from(fieldSignatures)
        .innerJoin(users, eq(users.id, fieldSignatures.userId))
        .where(inArray(fieldSignatures.jobId, ids))
        .orderBy(asc(fieldSignatures.serverAt));
      const photos = await exec
        .select({
          id: fieldPhotos.id,
          jobId: fieldPhotos.jobId,
          width: fieldPhotos.width,
          height: fieldPhotos.height,
          deviceAt: fieldPhotos.deviceAt,
          serverAt: fieldPhotos.serverAt,
          userName,
        })
        .from(fieldPhotos)
        .innerJoin(users, eq(users.id, fieldPhotos.userId))
        .where(inArray(fieldPhotos.jobId, ids))
        .orderBy(asc(fieldPhotos.serverAt));
      const conflicts = await exec
        .select({ row: fieldConflicts, userName })
        .from(fieldConflicts)
        .innerJoin(users, eq(users.id, fieldConflicts.userId))
        .where(inArray(fieldConflicts.jobId, ids))
        .orderBy(desc(fieldConflicts.createdAt));
      return {
        events: events.map((e) => ({
          ...e,
          kind: e.kind as TimeEventKind,
          deviceAt: iso(e.deviceAt),
          serverAt: iso(e.serverAt),
        })) as (TimeEvent & { jobId: string })[],
        notes: notes.map((n) => ({ ...n, deviceAt: iso(n.deviceAt), serverAt: iso(n.serverAt) })) as (FieldNote & {
          jobId: string;
        })[],
        marks: marks.map((m) => ({ ...m, deviceAt: iso(m.deviceAt), serverAt: iso(m.serverAt) })),
        signatures: signatures.map(({ fileId, ...s }) => ({
          ...s,
          hasImage: fileId !== null,
          deviceAt: iso(s.deviceAt),
          serverAt: iso(s.serverAt),
        })),
        photos: photos.map((p) => ({ ...p, deviceAt: iso(p.deviceAt), serverAt: iso(p.serverAt) })),
        conflicts: conflicts.map((c) => toConflict({ ...c.row, userName: c.userName })),
      };
    },

    async insertEvent(
      values: { jobId: string; userId: string; kind: TimeEventKind; deviceAt: Date; serverAt: Date },
      exec: Executor = db,
    ): Promise<string> {
      const [row] = await exec.insert(fieldTimeEvents).values(values).returning({ id: fieldTimeEvents.id });
      return row!.id;
    },

    async insertNote(
      values: { jobId: string; userId: string; body: string; deviceAt: Date; serverAt: Date },
      exec: Executor = db,
    ): Promise<string> {
      const [row] = await exec.insert(fieldNotes).values(values).returning({ id: fieldNotes.id });
      return row!.id;
    },

    /** A later tick (by the device's time) wins over an earlier one sent later. */
    async setMark(
      values: { jobId: string; userId: string; item: string; done: boolean; deviceAt: Date; serverAt: Date },
      exec: Executor = db,
    ): Promise<void> {
      await exec
        .insert(fieldChecklistMarks)
        .values(values)
        .onConflictDoUpdate({
          target: [fieldChecklistMarks.jobId, fieldChecklistMarks.item],
          set: {
            done: values.done,
            userId: values.userId,
            deviceAt: values.deviceAt,
            serverAt: values.serverAt,
          },
          setWhere: sql`${fieldChecklistMarks.deviceAt} <= ${iso(values.deviceAt)}::timestamptz`,
        });
    },

    async insertSignature(
      values: {
        jobId: string;
        userId: string;
        signerName: string;
        fileId: string | null;
        deviceAt: Date;
        serverAt: Date;
      },
      exec: Executor = db,
    ): Promise<string> {
      const [row] = await exec.insert(fieldSignatures).values(values).returning({ id: fieldSignatures.id });
      return row!.id;
    },

    async insertPhoto(
      values: {
        jobId: string;
        userId: string;
        fileId: string;
        width: number;
        height: number;
        deviceAt: Date;
        serverAt: Date;
      },
      exec: Executor = db,
    ): Promise<string> {
      const [row] = await exec.insert(fieldPhotos).values(values).returning({ id: fieldPhotos.id });
      return row!.id;
    },

    async photoFile(jobId: string, photoId: string, exec: Executor = db): Promise<string | null> {
      const [row] = await exec
        .select({ fileId: fieldPhotos.fileId })
        .from(fieldPhotos)
        .where(and(eq(fieldPhotos.id, photoId), eq(fieldPhotos.jobId, jobId)));
      return row?.fileId ?? null;
    },

    async signatureFile(jobId: string, signatureId: string, exec: Executor = db): Promise<string | null> {
      const [row] = await exec
        .select({ fileId: fieldSignatures.fileId })
        .from(fieldSignatures)
        .where(and(eq(fieldSignatures.id, signatureId), eq(fieldSignatures.jobId, jobId)));
      return row?.fileId ?? null;
    },

    async insertConflicts(
      jobId: string,
      userId: string,
      drafts: readonly FieldConflictDraft[],
      at: Date,
      exec: Executor = db,
    ): Promise<string[]> {
      if (drafts.length === 0) return [];
      const rows = await exec
        .insert(fieldConflicts)
        .values(
          drafts.map((d) => ({
            jobId,
            userId,
            field: d.field,
            baseValue: d.base,
            officeValue: d.office,
            technicianValue: d.technician,
            createdAt: at,
          })),
        )
        .returning({ id: fieldConflicts.id });
      return rows.map((r) => r.id);
    },

    async conflictsByIds(ids: readonly string[], exec: Executor = db): Promise<FieldConflict[]> {
      if (ids.length === 0) return [];
      const rows = await exec
        .select({ row: fieldConflicts, userName })
        .from(fieldConflicts)
        .innerJoin(users, eq(users.id, fieldConflicts.userId))
        .where(inArray(fieldConflicts.id, [...ids]))
        .orderBy(asc(fieldConflicts.field));
      return rows.map((c) => {
        const { jobId: _jobId, ...conflict } = toConflict({ ...c.row, userName: c.userName });
        return conflict;
      });
    },

    /** An open conflict, locked for its resolution. */
    async openConflict(id: string, exec: Executor = db) {
      const [row] = await exec.select().from(fieldConflicts).where(eq(fieldConflicts.id, id)).for('update');
      return row ?? null;
    },

    async resolveConflict(
      id: string,
      values: { resolvedBy: string; resolution: 'office' | 'field'; at: Date },
      exec: Executor = db,
    ): Promise<void> {
      await exec
        .update(fieldConflicts)
        .set({ resolvedAt: values.at, resolvedBy: values.resolvedBy, resolution: values.resolution })
        .where(and(eq(fieldConflicts.id, id), isNull(fieldConflicts.resolvedAt)));
    },

    // Idempotency-Key answers

    /** Claims the key for this user (false: it was used before; a concurrent claim waits for the first). */
    async claimKey(userId: string, key: string, request: string, exec: Executor = db): Promise<boolean> {
      const rows = await exec
        .insert(fieldIdempotency)
        .values({ userId, key, request })
        .onConflictDoNothing()
        .returning({ key: fieldIdempotency.key });
      return rows.length === 1;
    },

    async storedAnswer(
      userId: string,
      key: string,
      exec: Executor = db,
    ): Promise<{ request: string; statusCode: number | null; body: unknown } | null> {
      const [row] = await exec
        .select({
          request: fieldIdempotency.request,
          statusCode: fieldIdempotency.statusCode,
          body: fieldIdempotency.body,
        })
        .from(fieldIdempotency)
        .where(and(eq(fieldIdempotency.userId, userId), eq(fieldIdempotency.key, key)));
      return row ?? null;
    },

    async storeAnswer(userId: string, key: string, statusCode: number, body: unknown, exec: Executor = db) {
      await exec
        .update(fieldIdempotency)
        .set({ statusCode, body })
        .where(and(eq(fieldIdempotency.userId, userId), eq(fieldIdempotency.key, key)));
    },

    // The bundle's reference data

    /** The price book, each item at the price a job item takes (a part at its non-contract flat rate). */
    async priceBook(exec: Executor = db): Promise<BundlePriceItem[]> {
      const limit = FIELD_LIMITS.priceBookMax;
      const parts = await exec
        .select({ code: jobPartPrices.code, name: jobPartPrices.name, price: jobPartPrices.flatRateNonContract })
        .from(jobPartPrices)
        .orderBy(asc(jobPartPrices.code))
        .limit(limit);
      const labor = await exec
        .select({ code: jobLaborPrices.code, name: jobLaborPrices.name, price: jobLaborPrices.unitCost })
        .from(jobLaborPrices)
        .orderBy(asc(jobLaborPrices.code))
        .limit(limit);
      const items = await exec
        .select({ code: jobItemPrices.code, name: jobItemPrices.name, price: jobItemPrices.unitCost })
        .from(jobItemPrices)
        .orderBy(asc(jobItemPrices.code))
        .limit(limit);
      const as = (kind: BundlePriceItem['kind']) => (r: { code: string; name: string; price: string }) => ({
        kind,
        code: r.code,
        name: r.name,
        priceCents: toCents(r.price),
      });
      return [...parts.map(as('part')), ...labor.map(as('labor')), ...items.map(as('item'))];
    },

    /** Each unit's latest inspection (on any job of the unit). */
    async latestInspections(unitIds: readonly string[], exec: Executor = db) {
      if (unitIds.length === 0) return [];
      const rows = await exec
        .selectDistinctOn([jobs.unitId], {
          id: jobInspections.id,
          unitId: jobs.unitId,
          jobId: jobs.id,
          jobNumber: jobs.number,
          createdAt: jobInspections.createdAt,
          modelNumber: jobInspections.modelNumber,
          serialNumber: jobInspections.serialNumber,
          age: jobInspections.age,
          tonnage: jobInspections.tonnage,
          completed: jobInspections.completed,
        })
        .from(jobInspections)
        .innerJoin(jobs, eq(jobs.id, jobInspections.jobId))
        .where(inArray(jobs.unitId, [...unitIds]))
        .orderBy(jobs.unitId, desc(jobInspections.createdAt));
      return rows.map((r) => ({ ...r, unitId: r.unitId!, createdAt: iso(r.createdAt) }));
    },
  };
}
export type FieldRepo = ReturnType<typeof createFieldRepo>;
