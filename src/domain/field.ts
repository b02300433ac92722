/**
 * The technician's day in the field (issue 30, decision 045): the payloads of the field API and its
 * rules, pure. A phone may send its changes long after they were made (offline), more than once,
 * and after the office changed the same job: every write carries the device's time, an
 * Idempotency-Key header, and a change of an existing value carries the value the phone saw
 * (`base`), so `mergeFieldChanges` can apply it field by field and report a real conflict.
 */
import { z } from 'zod';
import { isUuidV4 } from './ids.js';
import { inspection, INSPECTION_MESSAGES, inspectionInput } from './inspections.js';
import {
  FIELD_DAYS,
  FIELD_EDITABLE,
  FIELD_LIMITS,
  FIELD_MESSAGES,
  TIME_EVENT_KINDS,
  type FieldEditable,
} from './field-rules.js';

export * from './field-rules.js';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, FIELD_MESSAGES.invalidKey);

// Time events

const deviceAt = z.iso.datetime({ offset: true, message: 'Device time must be an ISO date and time' });

export const timeEventInput = z.object({ kind: z.enum(TIME_EVENT_KINDS), deviceAt });
export type TimeEventInput = z.infer<typeof timeEventInput>;

export const timeEvent = z.object({
  id: z.string(),
  kind: z.enum(TIME_EVENT_KINDS),
  deviceAt: z.string(),
  serverAt: z.string(),
  userId: z.string(),
  userName: z.string(),
});
export type TimeEvent = z.infer<typeof timeEvent>;

export const timesheetDay = z.object({
  date: z.string(),
  userId: z.string(),
  userName: z.string(),
  travelMinutes: z.number().int(),
  onSiteMinutes: z.number().int(),
  workMinutes: z.number().int(),
});

export const checklistMarkInput = z.object({ item: z.string().min(1).max(200), done: z.boolean(), deviceAt });
export type ChecklistMarkInput = z.infer<typeof checklistMarkInput>;

export const checklistItem = z.object({
  item: z.string(),
  done: z.boolean(),
  doneBy: z.string().nullable(),
  deviceAt: z.string().nullable(),
});

// Notes

export const fieldNoteInput = z.object({
  body: z.string().trim().min(1, FIELD_MESSAGES.noteRequired).max(FIELD_LIMITS.noteMax, FIELD_MESSAGES.noteTooLong),
  deviceAt,
});
export type FieldNoteInput = z.infer<typeof fieldNoteInput>;

export const fieldNote = z.object({
  id: z.string(),
  body: z.string(),
  deviceAt: z.string(),
  serverAt: z.string(),
  userId: z.string(),
  userName: z.string(),
});
export type FieldNote = z.infer<typeof fieldNote>;

// Changes to the job itself, merged field by field (the rule: mergeFieldChanges)

const fieldValue = z
  .string()
  .trim()
  .max(4000)
  .nullable()
  .transform((v) => (v === '' ? null : v));
const fieldValues = z
  .object({ contactName: fieldValue, contactPhone: fieldValue, problemDescription: fieldValue })
  .partial()
  .strict();

export const fieldJobChangeInput = z
  .object({ base: fieldValues, changes: fieldValues, deviceAt })
  .superRefine((value, ctx) => {
    const changed = Object.keys(value.changes) as FieldEditable[];
    if (changed.length === 0)
      ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.nothingChanged, path: ['changes'] });
    for (const f of changed)
      if (!(f in value.base)) ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.baseMissing, path: ['base', f] });
  });
export type FieldJobChangeInput = z.input<typeof fieldJobChangeInput>;

export const fieldConflict = z.object({
  id: z.string(),
  field: z.enum(FIELD_EDITABLE),
  label: z.string(),
  base: z.string().nullable(),
  office: z.string().nullable(),
  technician: z.string().nullable(),
  userName: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolution: z.enum(['office', 'field']).nullable(),
});
export type FieldConflict = z.infer<typeof fieldConflict>;

export const fieldChangeAnswer = z.object({
  applied: z.array(z.enum(FIELD_EDITABLE)),
  conflicts: z.array(fieldConflict),
});
export type FieldChangeAnswer = z.infer<typeof fieldChangeAnswer>;

export const resolveConflictInput = z.object({ keep: z.enum(['office', 'field']) });

// Completion with the customer's signature

export const completionInput = z.object({
  signerName: z.string().trim().min(1, FIELD_MESSAGES.signerRequired).max(200),
  /** The drawn signature as a base64 PNG (no data: prefix); the typed name alone also signs. */
  signaturePng: z
    .string()
    .max(Math.ceil((FIELD_LIMITS.signatureMaxBytes * 4) / 3) + 4, FIELD_MESSAGES.signatureTooLarge)
    .nullable()
    .optional(),
  deviceAt,
});
export type CompletionInput = z.infer<typeof completionInput>;

export const fieldSignature = z.object({
  id: z.string(),
  signerName: z.string(),
  hasImage: z.boolean(),
  deviceAt: z.string(),
  serverAt: z.string(),
  userName: z.string(),
});
export type FieldSignature = z.infer<typeof fieldSignature>;

// Photos from the phone's camera

export const fieldPhotoInput = z.object({
  /** The photo as base64 (no data: prefix), resized on the phone. */
  imageBase64: z
    .string()
    .min(1, FIELD_MESSAGES.photoNotImage)
    .max(Math.ceil((FIELD_LIMITS.photoMaxBytes * 4) / 3) + 4, FIELD_MESSAGES.photoTooLarge),
  deviceAt,
});
export type FieldPhotoInput = z.infer<typeof fieldPhotoInput>;

export const fieldPhoto = z.object({
  id: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  deviceAt: z.string(),
  serverAt: z.string(),
  userName: z.string(),
});
export type FieldPhoto = z.infer<typeof fieldPhoto>;

// Inspections and repair options done on the phone (the inspections module stores them)

/**
 * An inspection made on the phone: its fields, and the id the phone gave it, so the repair options
 * and edits queued after it (offline, before the server answered) can name it.
 */
export const fieldInspectionInput = inspectionInput.extend({
  id: z.string().refine((v) => isUuidV4(v), INSPECTION_MESSAGES.invalidInspectionId),
});
export type FieldInspectionInput = z.output<typeof fieldInspectionInput>;

/** `/api/field/jobs/:id/inspections/:inspectionId` */
export const fieldInspectionParams = z.object({
  id: z.string().refine((v) => isUuidV4(v), FIELD_MESSAGES.invalidJobId),
  inspectionId: z.string().refine((v) => isUuidV4(v), INSPECTION_MESSAGES.invalidInspectionId),
});

// What the phone reads

export const fieldJob = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  status: z.string(),
  type: z.string(),
  description: z.string(),
  problemDescription: z.string().nullable(),
  scheduleStart: z.string().nullable(),
  scheduleDuration: z.number().int(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  companyName: z.string(),
  location: z.object({
    id: z.string(),
    name: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
  }),
  unit: z.object({ id: z.string(), unitNumber: z.string(), status: z.string() }).nullable(),
  checklist: z.array(checklistItem),
  events: z.array(timeEvent),
  notes: z.array(fieldNote),
  signatures: z.array(fieldSignature),
  photos: z.array(fieldPhoto),
  conflicts: z.array(fieldConflict),
  /** The job's inspections with their repair options, newest first (the phone edits them offline). */
  inspections: z.array(inspection),
});
export type FieldJob = z.infer<typeof fieldJob>;

export const myDayQuery = z.object({
  days: z.coerce.number().int().min(1).max(FIELD_LIMITS.maxDays).default(FIELD_DAYS),
});

export const myDay = z.object({
  timeZone: z.string(),
  today: z.string(),
  days: z.number().int(),
  jobs: z.array(fieldJob),
});
export type MyDay = z.infer<typeof myDay>;

export const bundlePriceItem = z.object({
  kind: z.enum(['part', 'labor', 'item']),
  code: z.string(),
  name: z.string(),
  priceCents: z.number().int(),
});
export type BundlePriceItem = z.infer<typeof bundlePriceItem>;

export const bundleInspection = z.object({
  id: z.string(),
  unitId: z.string(),
  jobId: z.string(),
  jobNumber: z.number().int(),
  createdAt: z.string(),
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  age: z.number().nullable(),
  tonnage: z.string().nullable(),
  completed: z.boolean(),
});

/** Everything the phone needs for the next days, in one answer (cached on the phone for offline reading). */
export const fieldBundle = myDay.extend({
  generatedAt: z.string(),
  priceBook: z.array(bundlePriceItem),
  inspections: z.array(bundleInspection),
});
export type FieldBundle = z.infer<typeof fieldBundle>;

/** The office's view of a job's field work (the job page's Field Work card). */
export const jobFieldWork = z.object({
  timeZone: z.string(),
  events: z.array(timeEvent),
  timesheet: z.array(timesheetDay),
  notes: z.array(fieldNote),
  signatures: z.array(fieldSignature),
  photos: z.array(fieldPhoto),
  conflicts: z.array(fieldConflict),
  /** Changes when anything of the job's field work lands: the page refreshes the job when it moves. */
  version: z.string(),
});
export type JobFieldWork = z.infer<typeof jobFieldWork>;
