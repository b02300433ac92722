/**
 * The technician's day in the field (issue 30, decision 045). Every write runs in one transaction
 * with its Idempotency-Key: the key is claimed first (a second request with the same key waits for
 * the first to commit, then finds it taken), the change is made, and the answer is stored beside
 * it; a replay gets the stored answer and changes nothing. A refused write stores nothing, so its
 * replay is refused the same way.
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import type { SessionUser } from '../../../domain/auth.js';
import { zonedDateTimeToInstant } from '../../../domain/dates.js';
import { displayName } from '../../../domain/display-name.js';
import {
  checklistFor,
  deviceTimeRefusal,
  FIELD_LIMITS,
  FIELD_MESSAGES,
  fieldRange,
  mergeFieldChanges,
  timesheet,
  type ChecklistMarkInput,
  type CompletionInput,
  type FieldBundle,
  type FieldChangeAnswer,
  type FieldJob,
  type FieldNote,
  type FieldNoteInput,
  type FieldPhoto,
  type FieldPhotoInput,
  type FieldSignature,
  type JobFieldWork,
  type MyDay,
  type TimeEvent,
  type TimeEventInput,
  type FieldEditable,
  type FieldInspectionInput,
} from '../../../domain/field.js';
import type { Inspection, InspectionInput } from '../../../domain/inspections.js';
import type { Repair, RepairInput } from '../../../domain/repairs.js';
import { isClosedJob } from '../../../domain/jobs/index.js';
import { mayRecordFieldWork, mayWorkOnJob } from '../../../domain/policy.js';
import type { Database, Executor } from '../../db/client.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { isTechnicianAssigned, type JobsService } from '../jobs/index.js';
import type { InspectionsService } from '../inspections/index.js';
import type { SettingsRepo } from '../settings/index.js';
import type { FieldJobRow, FieldRepo, FieldWorkRows } from './field.repo.js';

export interface FieldServiceDeps {
  db: Database;
  repo: FieldRepo;
  settings: SettingsRepo;
  storage: FileStorage;
  clock: () => Date;
  /** The jobs module owns the job row: its values, their change (with the history) and completion. */
  jobs: Pick<JobsService, 'fieldValues' | 'applyFieldValues' | 'completeWithin' | 'companyForCompletion'>;
  /** The inspections module owns inspections and repair options: the phone's writes run inside this module's key. */
  inspections: Pick<InspectionsService, 'createWithin' | 'updateWithin' | 'saveRepairWithin' | 'listByJobs'>;
}

/** A write's answer: its status and body, and whether it is the stored answer of an earlier request. */
export interface WriteAnswer<T> {
  statusCode: number;
  body: T;
  replayed: boolean;
}

/** Who sent a write, with the Idempotency-Key and what the request was (method, path, body). */
export interface WriteContext {
  actor: SessionUser;
  key: string | undefined;
  request: { method: string; url: string; body: unknown };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const signatureRefused = (message: string) => badRequest(message, { signaturePng: message });

/** The drawn signature's bytes, checked by content (a PNG that decodes) and size. */
async function signatureBytes(base64: string): Promise<Buffer> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength > FIELD_LIMITS.signatureMaxBytes) throw signatureRefused(FIELD_MESSAGES.signatureTooLarge);
  if (bytes.byteLength < 8 || !PNG_SIGNATURE.every((v, i) => bytes[i] === v))
    throw signatureRefused(FIELD_MESSAGES.signatureNotPng);
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'truncated' }).metadata();
  } catch {
    throw signatureRefused(FIELD_MESSAGES.signatureNotPng);
  }
  if (meta.format !== 'png') throw signatureRefused(FIELD_MESSAGES.signatureNotPng);
  if ((meta.width ?? 0) > FIELD_LIMITS.signatureMaxWidth || (meta.height ?? 0) > FIELD_LIMITS.signatureMaxHeight)
    throw signatureRefused(FIELD_MESSAGES.signatureTooBig);
  return bytes;
}

/** A photo from the phone: checked by content (first bytes, then it must decode), kept as an upright JPEG without metadata. */
async function photoBytes(base64: string): Promise<{ bytes: Buffer; width: number; height: number }> {
  const refused = (message: string) => badRequest(message, { imageBase64: message });
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.byteLength > FIELD_LIMITS.photoMaxBytes) throw refused(FIELD_MESSAGES.photoTooLarge);
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const png = bytes.byteLength >= 8 && PNG_SIGNATURE.every((v, i) => bytes[i] === v);
  const webp =
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP';
  if (!jpeg && !png && !webp) throw refused(FIELD_MESSAGES.photoNotImage);
  try {
    const meta = await sharp(bytes, { failOn: 'truncated' }).metadata();
    if ((meta.width ?? 0) > FIELD_LIMITS.photoMaxEdge || (meta.height ?? 0) > FIELD_LIMITS.photoMaxEdge)
      throw refused(FIELD_MESSAGES.photoTooBig);
    const edge = FIELD_LIMITS.photoKeptEdge;
    const { data, info } = await sharp(bytes, { failOn: 'truncated' })
      .timeout({ seconds: 20 })
      .autoOrient()
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refused(FIELD_MESSAGES.photoNotImage);
  }
}

export function createFieldService({ db, repo, settings, storage, clock, jobs, inspections }: FieldServiceDeps) {
  /** Claims the key, runs the change, stores its answer: all in one transaction. */
  const once = async <T>(
    context: WriteContext,
    statusCode: number,
    run: (tx: Executor) => Promise<T>,
  ): Promise<WriteAnswer<T>> => {
    const { actor, key } = context;
    const digest = createHash('sha256')
      .update(JSON.stringify(context.request.body ?? null))
      .digest('hex');
    const request = `${context.request.method} ${context.request.url.split('?')[0]} ${digest}`.slice(0, 200);
    return db.transaction(async (tx) => {
      if (key !== undefined && !(await repo.claimKey(actor.id, key, request, tx))) {
        const stored = await repo.storedAnswer(actor.id, key, tx);
        if (!stored || stored.request !== request || stored.statusCode === null)
          throw conflict(FIELD_MESSAGES.keyReused);
        return { statusCode: stored.statusCode, body: stored.body as T, replayed: true };
      }
      const body = await run(tx);
      if (key !== undefined) await repo.storeAnswer(actor.id, key, statusCode, body, tx);
      return { statusCode, body, replayed: false };
    });
  };

  /** The job exists (404) and the actor is one of its technicians (403); answers the job's type. */
  const mustRecord = async (actor: SessionUser, jobId: string, exec: Executor): Promise<string> => {
    const type = await repo.jobType(jobId, exec);
    if (type === null) throw notFound(FIELD_MESSAGES.jobNotFound);
    if (!mayRecordFieldWork(actor.role, await isTechnicianAssigned(exec, jobId, actor.id)))
      throw forbidden(FIELD_MESSAGES.notYourJob);
    return type;
  };

  /**
   * The one shape of every field write: the key claimed, the job's technician checked (403/404),
   * the change made and its answer stored, in one transaction. `run` gets the job's type.
   */
  const record = <T>(
    context: WriteContext,
    jobId: string,
    statusCode: number,
    run: (tx: Executor, jobType: string) => Promise<T>,
  ): Promise<WriteAnswer<T>> =>
    once(context, statusCode, async (tx) => run(tx, await mustRecord(context.actor, jobId, tx)));

  const checkDeviceTime = (deviceAt: string, now: Date) => {
    const refusal = deviceTimeRefusal(deviceAt, now);
    if (refusal) throw badRequest(refusal, { deviceAt: refusal });
    return new Date(deviceAt);
  };

  const compose = (job: FieldJobRow, work: FieldWorkRows, jobInspections: readonly Inspection[]): FieldJob => {
    const of = <T extends { jobId: string }>(rows: readonly T[]) =>
      rows.filter((r) => r.jobId === job.id).map(({ jobId: _jobId, ...rest }) => rest);
    const marks = new Map(work.marks.filter((m) => m.jobId === job.id).map((m) => [m.item, m]));
    const { updatedAt: _updatedAt, ...values } = job;
    return {
      ...values,
      checklist: checklistFor(job.type).map((item) => {
        const mark = marks.get(item);
        return mark?.done
          ? { item, done: true, doneBy: mark.doneBy, deviceAt: mark.deviceAt }
          : { item, done: false, doneBy: null, deviceAt: null };
      }),
      events: of(work.events as (TimeEvent & { jobId: string })[]),
      notes: of(work.notes as (FieldNote & { jobId: string })[]),
      signatures: of(work.signatures),
      photos: of(work.photos),
      conflicts: of(work.conflicts),
      inspections: jobInspections.filter((i) => i.jobId === job.id),
    };
  };

  const myDay = async (actor: SessionUser, days: number): Promise<MyDay> => {
    const now = clock();
    const timeZone = await settings.timeZone();
    const range = fieldRange(now, timeZone, days);
    const rows = await repo.myJobs(
      actor.id,
      zonedDateTimeToInstant(range.from, '00:00', timeZone),
      zonedDateTimeToInstant(range.to, '00:00', timeZone),
    );
    const ids = rows.map((r) => r.id);
    const [work, jobInspections] = [await repo.work(ids), await inspections.listByJobs(ids)];
    return { timeZone, today: range.from, days, jobs: rows.map((r) => compose(r, work, jobInspections)) };
  };

  return {
    myDay,

    /** My Day with the price book and each unit's latest inspection: what the phone keeps for offline. */
    async bundle(actor: SessionUser, days: number): Promise<FieldBundle> {
      const day = await myDay(actor, days);
      const unitIds = [...new Set(day.jobs.flatMap((j) => (j.unit ? [j.unit.id] : [])))];
      const [priceBook, inspections] = [await repo.priceBook(), await repo.latestInspections(unitIds)];
      return { ...day, generatedAt: clock().toISOString(), priceBook, inspections };
    },

    /** One job as the phone shows it: the office, or a technician assigned to it. */
    async job(actor: SessionUser, jobId: string): Promise<FieldJob> {
      const row = await repo.job(jobId);
      if (!row) throw notFound(FIELD_MESSAGES.jobNotFound);
      if (!mayWorkOnJob(actor.role, await isTechnicianAssigned(db, jobId, actor.id)))
        throw forbidden(FIELD_MESSAGES.notYourJob);
      return compose(row, await repo.work([jobId]), await inspections.listByJobs([jobId]));
    },

    async addTimeEvent(context: WriteContext, jobId: string, input: TimeEventInput): Promise<WriteAnswer<TimeEvent>> {
      return record(context, jobId, 201, async (tx) => {
        const serverAt = clock();
        const deviceAt = checkDeviceTime(input.deviceAt, serverAt);
        const id = await repo.insertEvent(
          { jobId, userId: context.actor.id, kind: input.kind, deviceAt, serverAt },
          tx,
        );
        return {
          id,
          kind: input.kind,
          deviceAt: deviceAt.toISOString(),
          serverAt: serverAt.toISOString(),
          userId: context.actor.id,
          userName: displayName(context.actor),
        };
      });
    },

    async addNote(context: WriteContext, jobId: string, input: FieldNoteInput): Promise<WriteAnswer<FieldNote>> {
      return record(context, jobId, 201, async (tx) => {
        const serverAt = clock();
        const deviceAt = checkDeviceTime(input.deviceAt, serverAt);
        const id = await repo.insertNote({ jobId, userId: context.actor.id, body: input.body, deviceAt, serverAt }, tx);
        return {
          id,
          body: input.body,
          deviceAt: deviceAt.toISOString(),
          serverAt: serverAt.toISOString(),
          userId: context.actor.id,
          userName: displayName(context.actor),
        };
      });
    },

    async addPhoto(context: WriteContext, jobId: string, input: FieldPhotoInput): Promise<WriteAnswer<FieldPhoto>> {
      const photo = await photoBytes(input.imageBase64);
      return record(context, jobId, 201, async (tx) => {
        const serverAt = clock();
        const deviceAt = checkDeviceTime(input.deviceAt, serverAt);
        const file = await storage.put(tx, {
          purpose: 'field-photo',
          fileName: `photo-${jobId}.jpg`,
          contentType: 'image/jpeg',
          bytes: photo.bytes,
          createdBy: context.actor.id,
        });
        const id = await repo.insertPhoto(
          {
            jobId,
            userId: context.actor.id,
            fileId: file.key,
            width: photo.width,
            height: photo.height,
            deviceAt,
            serverAt,
          },
          tx,
        );
        return {
          id,
          width: photo.width,
          height: photo.height,
          deviceAt: deviceAt.toISOString(),
          serverAt: serverAt.toISOString(),
          userName: displayName(context.actor),
        };
      });
    },

    async markChecklist(
      context: WriteContext,
      jobId: string,
      input: ChecklistMarkInput,
    ): Promise<WriteAnswer<{ item: string; done: boolean }>> {
      return record(context, jobId, 200, async (tx, type) => {
        if (!checklistFor(type).includes(input.item))
          throw badRequest(FIELD_MESSAGES.unknownChecklistItem, { item: FIELD_MESSAGES.unknownChecklistItem });
        const serverAt = clock();
        const deviceAt = checkDeviceTime(input.deviceAt, serverAt);
        await repo.setMark(
          { jobId, userId: context.actor.id, item: input.item, done: input.done, deviceAt, serverAt },
          tx,
        );
        return { item: input.item, done: input.done };
      });
    },

    /**
     * A change the phone made to the job's own values, with the values it saw: applied field by
     * field where the office left them as they were, a conflict (kept, shown to both) where not.
     */
    async changeJob(
      context: WriteContext,
      jobId: string,
      input: {
        base: Partial<Record<FieldEditable, string | null>>;
        changes: Partial<Record<FieldEditable, string | null>>;
        deviceAt: string;
      },
    ): Promise<WriteAnswer<FieldChangeAnswer>> {
      return record(context, jobId, 200, async (tx) => {
        const now = clock();
        checkDeviceTime(input.deviceAt, now);
        const current = await jobs.fieldValues(jobId, tx);
        if (!current) throw notFound(FIELD_MESSAGES.jobNotFound);
        const { apply, conflicts } = mergeFieldChanges(input.base, current.values, input.changes);
        const applied = Object.keys(apply) as FieldEditable[];
        if (isClosedJob(current.status) && (applied.length > 0 || conflicts.length > 0))
          throw conflict(FIELD_MESSAGES.jobClosed);
        if (applied.length > 0) await jobs.applyFieldValues(context.actor, jobId, apply, tx);
        const ids = await repo.insertConflicts(jobId, context.actor.id, conflicts, now, tx);
        return { applied, conflicts: await repo.conflictsByIds(ids, tx) };
      });
    },

    /**
     * Completion with the customer's name (and drawn signature): the signature is kept even when
     * the office completed the job meanwhile (it is never dropped); a cancelled job refuses.
     */
    async complete(
      context: WriteContext,
      jobId: string,
      input: CompletionInput,
    ): Promise<WriteAnswer<{ signature: FieldSignature; status: 'completed'; alreadyCompleted: boolean }>> {
      const png = input.signaturePng ? await signatureBytes(input.signaturePng) : null;
      const company = await jobs.companyForCompletion();
      return record(context, jobId, 200, async (tx) => {
        const serverAt = clock();
        const deviceAt = checkDeviceTime(input.deviceAt, serverAt);
        const current = await jobs.fieldValues(jobId, tx);
        if (!current) throw notFound(FIELD_MESSAGES.jobNotFound);
        const fileId = png
          ? (
              await storage.put(tx, {
                purpose: 'field-signature',
                fileName: `signature-${jobId}.png`,
                contentType: 'image/png',
                bytes: png,
                createdBy: context.actor.id,
              })
            ).key
          : null;
        const alreadyCompleted = current.status === 'completed';
        // A cancelled job refuses here (the jobs module's message), before anything is kept.
        if (!alreadyCompleted) await jobs.completeWithin(context.actor, jobId, company, tx);
        const id = await repo.insertSignature(
          { jobId, userId: context.actor.id, signerName: input.signerName, fileId, deviceAt, serverAt },
          tx,
        );
        return {
          signature: {
            id,
            signerName: input.signerName,
            hasImage: fileId !== null,
            deviceAt: deviceAt.toISOString(),
            serverAt: serverAt.toISOString(),
            userName: displayName(context.actor),
          },
          status: 'completed' as const,
          alreadyCompleted,
        };
      });
    },

    /** An inspection made on the phone, with the id the phone gave it (the inspections module stores it). */
    async addInspection(
      context: WriteContext,
      jobId: string,
      input: FieldInspectionInput,
    ): Promise<WriteAnswer<Inspection>> {
      const { id, ...fields } = input;
      return record(context, jobId, 201, (tx) => inspections.createWithin(context.actor, jobId, fields, tx, id));
    },

    /** The inspection's fields changed on the phone (the inspection must be this job's). */
    async changeInspection(
      context: WriteContext,
      jobId: string,
      inspectionId: string,
      input: InspectionInput,
    ): Promise<WriteAnswer<Inspection>> {
      return record(context, jobId, 200, (tx) =>
        inspections.updateWithin(context.actor, inspectionId, input, tx, jobId),
      );
    },

    /** The inspection's repair options priced on the phone; the server computes and stores the total. */
    async saveRepair(
      context: WriteContext,
      jobId: string,
      inspectionId: string,
      input: RepairInput,
    ): Promise<WriteAnswer<Repair>> {
      return record(context, jobId, 200, (tx) =>
        inspections.saveRepairWithin(context.actor, inspectionId, input, tx, jobId),
      );
    },

    /** The office keeps its value or takes the technician's; the choice is recorded on the conflict. */
    async resolveConflict(actor: SessionUser, conflictId: string, keep: 'office' | 'field'): Promise<void> {
      await db.transaction(async (tx) => {
        const found = await repo.openConflict(conflictId, tx);
        if (!found) throw notFound(FIELD_MESSAGES.conflictNotFound);
        if (found.resolvedAt) throw conflict(FIELD_MESSAGES.conflictResolved);
        if (keep === 'field') {
          const current = await jobs.fieldValues(found.jobId, tx);
          if (!current) throw notFound(FIELD_MESSAGES.jobNotFound);
          if (isClosedJob(current.status)) throw conflict(FIELD_MESSAGES.jobClosed);
          await jobs.applyFieldValues(actor, found.jobId, { [found.field]: found.technicianValue }, tx);
        }
        await repo.resolveConflict(conflictId, { resolvedBy: actor.id, resolution: keep, at: clock() }, tx);
      });
    },

    /** The job page's Field Work card: times, timesheet, notes, signatures, conflicts, and a version. */
    async jobWork(jobId: string): Promise<JobFieldWork> {
      const row = await repo.job(jobId);
      if (!row) throw notFound(FIELD_MESSAGES.jobNotFound);
      const [work, timeZone] = [await repo.work([jobId]), await settings.timeZone()];
      const events = work.events.map(({ jobId: _j, ...e }) => e as TimeEvent);
      const lastMark = work.marks.reduce((at, m) => (m.serverAt > at ? m.serverAt : at), '');
      const resolved = work.conflicts.filter((c) => c.resolvedAt !== null).length;
      return {
        timeZone,
        events,
        timesheet: timesheet(events, timeZone),
        notes: work.notes.map(({ jobId: _j, ...n }) => n as FieldNote),
        signatures: work.signatures.map(({ jobId: _j, ...s }) => s),
        photos: work.photos.map(({ jobId: _j, ...p }) => p),
        conflicts: work.conflicts.map(({ jobId: _j, ...c }) => c),
        version: [
          row.updatedAt,
          events.length,
          work.notes.length,
          work.signatures.length,
          work.photos.length,
          work.conflicts.length,
          resolved,
          lastMark,
        ].join('|'),
      };
    },

    /** A photo's JPEG. */
    async photoImage(jobId: string, photoId: string) {
      const fileId = await repo.photoFile(jobId, photoId);
      const file = fileId ? await storage.get(db, fileId) : null;
      if (!file) throw notFound('Photo not found');
      return file;
    },

    /** The drawn signature's PNG. */
    async signatureImage(jobId: string, signatureId: string) {
      const fileId = await repo.signatureFile(jobId, signatureId);
      const file = fileId ? await storage.get(db, fileId) : null;
      if (!file) throw notFound('Signature not found');
      return file;
    },
  };
}
export type FieldService = ReturnType<typeof createFieldService>;
