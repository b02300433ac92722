/**
 * Inspections of a job's units (part 2 sections 2, 3, 4, 8 and 9), their photos, Mark Complete and
 * the "changed after the quote was sent" signal.
 */
import { z } from 'zod';
import { isUuidV4 } from './ids.js';
import { repair, repairSummary } from './repairs.js';

export const UNIT_TYPES = ['Gas', 'Electric'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
export const SYSTEM_TYPES = ['RTU', 'Split System'] as const;
export type SystemType = (typeof SYSTEM_TYPES)[number];

export const INSPECTION_LIMITS = {
  modelNumberLength: 100,
  serialNumberLength: 100,
  tonnageLength: 20,
  maxAge: 150,
  /** far above the units one job inspects; keeps the job's list and Mark Complete small */
  maxInspectionsPerJob: 50,
  maxPhotos: 10,
  maxPhotoBytes: 10 * 1024 * 1024,
  /** a decoded photo may have at most this many pixels (a 100-megapixel camera is far above phones) */
  maxPhotoPixels: 100_000_000,
  displayMaxEdge: 1600,
  thumbMaxEdge: 320,
} as const;

export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoContentType = (typeof PHOTO_CONTENT_TYPES)[number];
export const PHOTO_SIZES = ['original', 'display', 'thumb'] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** Texts of the Inspection/Repair tab (part 2 section 8) and the API's own messages. */
export const INSPECTION_MESSAGES = {
  // the screen's texts
  empty: 'No inspection data available',
  inspectionSaved: 'Inspection data saved successfully',
  repairSaved: 'Repair data saved successfully',
  saveFailed: 'Failed to save inspection data',
  loadFailed: 'Failed to load inspection data',
  finishFailed: 'Failed to finish inspection',
  deleteFailed: 'Failed to delete inspection',
  repairSaveFailed: 'Failed to save repair data',
  // the API's answers
  invalidJobId: 'Invalid job ID format',
  jobNotFound: 'Job not found',
  invalidInspectionId: 'Invalid inspection ID format',
  inspectionNotFound: 'Inspection not found',
  inspectionIdTaken: 'An inspection with this ID already exists',
  invalidUnitId: 'Invalid unit ID format',
  unitNotFound: 'Unit not found',
  invalidPhotoId: 'Invalid photo ID format',
  photoNotFound: 'Photo not found',
  completedCannotBeDeleted: 'A completed inspection cannot be deleted',
  notAssigned: 'You can change inspections and repairs only on jobs you are assigned to',
  technicianCannotDeleteCompletedPhoto: 'A photo of a completed inspection can be deleted only by office staff',
  nothingToComplete: 'This job has no inspections to complete. Add an inspection first.',
  tooManyInspections: `A job can have at most ${INSPECTION_LIMITS.maxInspectionsPerJob} inspections`,
  tooManyPhotos: `An inspection can have at most ${INSPECTION_LIMITS.maxPhotos} photos. Delete one to add another.`,
  photoMissing: 'Choose a photo to upload (a JPEG, PNG or WebP image, at most 10 MB)',
  photoNotMultipart: 'Send the photo as a multipart/form-data upload in a field named "file"',
  photoTooLarge: 'The photo is larger than 10 MB. Choose a smaller photo or lower the camera resolution.',
  photoNotImage: 'The file is not a JPEG, PNG or WebP image',
  photoUnreadable: 'The image could not be read: it may be damaged or incomplete. Choose another photo.',
  photoTooManyPixels: 'The image has too many pixels (more than 100 megapixels). Choose a smaller photo.',
} as const;

/** Route params: a job id in `id` (the job's own routes use the same name). */
export const jobIdParams = z.object({ id: z.string().refine((v) => isUuidV4(v), INSPECTION_MESSAGES.invalidJobId) });
export const inspectionIdParams = z.object({
  id: z.string().refine((v) => isUuidV4(v), INSPECTION_MESSAGES.invalidInspectionId),
});
export const unitIdParams = z.object({ id: z.string().refine((v) => isUuidV4(v), INSPECTION_MESSAGES.invalidUnitId) });
export const photoParams = z.object({
  id: z.string().refine((v) => isUuidV4(v), INSPECTION_MESSAGES.invalidInspectionId),
  photoId: z.string().refine((v) => isUuidV4(v), INSPECTION_MESSAGES.invalidPhotoId),
});
export const photoQuery = z.object({
  size: z.enum(PHOTO_SIZES, { error: 'Size must be original, display or thumb' }).default('display'),
});

/** An optional text field: trimmed; empty (or absent) is stored as null. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A choice of a fixed list; empty (or absent) is null. */
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values), z.literal('')], { error: message })
    .nullish()
    .transform((v) => (v ? (v as T[number]) : null));

/**
 * The inspection form (part 2 sections 2, 3 and 9): every field optional (the customer's page
 * shows "N/A" for a missing one); age in whole years, 0 or more; tonnage as text ("7.5", "10 ton");
 * unit type Gas or Electric; system type RTU or Split System.
 */
export const inspectionInput = z.object({
  modelNumber: optionalText('Model number', INSPECTION_LIMITS.modelNumberLength),
  serialNumber: optionalText('Serial number', INSPECTION_LIMITS.serialNumberLength),
  age: z
    .number({ error: 'Age must be a number of years' })
    .int('Age must be a whole number of years')
    .min(0, 'Age must be 0 or more')
    .max(INSPECTION_LIMITS.maxAge, `Age must be at most ${INSPECTION_LIMITS.maxAge} years`)
    .nullish()
    .transform((v) => v ?? null),
  tonnage: optionalText('Tonnage', INSPECTION_LIMITS.tonnageLength),
  unitType: optionalChoice(UNIT_TYPES, 'Unit type must be Gas or Electric'),
  systemType: optionalChoice(SYSTEM_TYPES, 'System type must be RTU or Split System'),
});
export type InspectionInput = z.output<typeof inspectionInput>;
export type InspectionPayload = z.input<typeof inspectionInput>;

/** The form's text for age: "" or a whole number of years; anything else is reported by the schema. */
export function ageFromText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const inspectionPhoto = z.object({
  id: z.string(),
  inspectionId: z.string(),
  fileName: z.string(),
  contentType: z.enum(PHOTO_CONTENT_TYPES),
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  displayWidth: z.number().int(),
  displayHeight: z.number().int(),
  createdAt: z.string(),
  /** where the browser gets each size (same-origin, session cookie) */
  urls: z.object({ original: z.string(), display: z.string(), thumb: z.string() }),
});
export type InspectionPhoto = z.infer<typeof inspectionPhoto>;

export function photoUrl(inspectionId: string, photoId: string, size: PhotoSize): string {
  return `/api/inspections/${inspectionId}/photos/${photoId}?size=${size}`;
}

export const inspection = z.object({
  id: z.string(),
  jobId: z.string(),
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  age: z.number().int().nullable(),
  tonnage: z.string().nullable(),
  unitType: z.enum(UNIT_TYPES).nullable(),
  systemType: z.enum(SYSTEM_TYPES).nullable(),
  completed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  repair: repair.nullable(),
  photos: z.array(inspectionPhoto),
});
export type Inspection = z.infer<typeof inspection>;

/**
 * Whether the job's inspections, repairs or photos changed after its latest quote was sent (the
 * resend banner). `quoteSentAt` is the latest job_quotes row's time; null when none was sent.
 */
export const inspectionQuoteState = z.object({
  quoteSentAt: z.string().nullable(),
  lastChangedAt: z.string().nullable(),
  changedSinceQuote: z.boolean(),
});
export type InspectionQuoteState = z.infer<typeof inspectionQuoteState>;

export function changedSinceQuote(lastChangedAt: string | null, quoteSentAt: string | null): boolean {
  return lastChangedAt !== null && quoteSentAt !== null && Date.parse(lastChangedAt) > Date.parse(quoteSentAt);
}

/** The job's Inspection/Repair tab: inspections newest first, each with its repair and photos. */
export const jobInspections = z.object({
  items: z.array(inspection),
  quote: inspectionQuoteState,
  /** Send Quote on the inspection list: a completed inspection exists */
  hasCompletedInspection: z.boolean(),
});
export type JobInspections = z.infer<typeof jobInspections>;

/** Mark Complete: how many inspections it completed and how many repair records it created. */
export const markCompleteResult = z.object({
  completedInspections: z.number().int(),
  createdRepairs: z.number().int(),
  items: z.array(inspection),
});
export type MarkCompleteResult = z.infer<typeof markCompleteResult>;

/**
 * Why an inspection cannot be deleted, or null when it can (part 2 section 4: a completed
 * inspection cannot be deleted). The server refuses with this text and the screen shows it instead
 * of offering the delete.
 */
export function inspectionDeleteRefusal(inspection: { completed: boolean }): string | null {
  return inspection.completed ? INSPECTION_MESSAGES.completedCannotBeDeleted : null;
}

/** Display value of an inspection field on summaries and the customer's page. */
export const orNA = (value: string | number | null | undefined): string =>
  value === null || value === undefined || value === '' ? 'N/A' : String(value);

/** Finish Repair Details: Mark Complete, then the summary of every repair. */
export const finishRepairsResult = z.object({
  completedInspections: z.number().int(),
  createdRepairs: z.number().int(),
  summary: repairSummary,
});
export type FinishRepairsResult = z.infer<typeof finishRepairsResult>;
