import { z } from 'zod';
import { type JobStatus } from '../home.js';
import { jobDetail } from './detail.js';

// Edit Job (issue 26): what an edit records, what a sent quote covers, what a closed job keeps open, the warnings

/** The job's stored fields an edit can change, as the history names them. */
export const JOB_CHANGE_FIELDS = [
  'locationId',
  'unitId',
  'contactName',
  'contactPhone',
  'contactEmail',
  'contactType',
  'type',
  'serviceLine',
  'name',
  'description',
  'problemDescription',
  'customerPo',
  'serviceContract',
  'isTraining',
  'timePeriodStart',
  'timePeriodDue',
  'scheduleStart',
  'scheduleDuration',
  'status',
  'office',
  'tags',
  'subcontracted',
  'notes',
] as const;
export type JobChangeField = (typeof JOB_CHANGE_FIELDS)[number];

/** The labels of the form, for the history. */
export const JOB_FIELD_LABELS: Record<JobChangeField, string> = {
  locationId: 'Service Location',
  unitId: 'Unit',
  contactName: 'Contact Name',
  contactPhone: 'Contact Phone',
  contactEmail: 'Contact Email',
  contactType: 'Contact Type',
  type: 'Job Type',
  serviceLine: 'Service Line',
  name: 'Job Name',
  description: 'Description',
  problemDescription: 'Problem Description',
  customerPo: 'Customer PO',
  serviceContract: 'Service Contract',
  isTraining: 'Training',
  timePeriodStart: 'Start Date',
  timePeriodDue: 'Due Date',
  scheduleStart: 'Schedule',
  scheduleDuration: 'Duration',
  status: 'Status',
  office: 'Office',
  tags: 'Tags',
  subcontracted: 'Subcontracted',
  notes: 'Notes',
};

/** How a value is shown: a date is a calendar date, an instant is shown in the company's zone, minutes as h:mm. */
export type JobChangeKind = 'text' | 'date' | 'instant' | 'minutes' | 'boolean' | 'list';
export const JOB_CHANGE_KINDS: Record<JobChangeField, JobChangeKind> = {
  locationId: 'text',
  unitId: 'text',
  contactName: 'text',
  contactPhone: 'text',
  contactEmail: 'text',
  contactType: 'text',
  type: 'text',
  serviceLine: 'text',
  name: 'text',
  description: 'text',
  problemDescription: 'text',
  customerPo: 'text',
  serviceContract: 'text',
  isTraining: 'boolean',
  timePeriodStart: 'date',
  timePeriodDue: 'date',
  scheduleStart: 'instant',
  scheduleDuration: 'minutes',
  status: 'text',
  office: 'text',
  tags: 'list',
  subcontracted: 'boolean',
  notes: 'text',
};

/**
 * What a sent quote shows of the job (its PDF, e-mail and the customer's page: the job's name and
 * description, the customer PO, the contact, the location and unit) and what prices it (the job
 * type and the service contract). Changing one after a send marks the quote "Quote Needs Update".
 */
export const QUOTE_COVERED_FIELDS = [
  'locationId',
  'unitId',
  'type',
  'name',
  'description',
  'customerPo',
  'contactName',
  'contactPhone',
  'contactEmail',
  'serviceContract',
] as const satisfies readonly JobChangeField[];

/** What a completed or cancelled job still lets change. */
export const CLOSED_JOB_EDITABLE_FIELDS = ['notes'] as const satisfies readonly JobChangeField[];

/** A completed or cancelled job is read-only except its notes. */
export function isClosedJob(status: JobStatus): boolean {
  return status === 'completed' || status === 'cancelled';
}
export const closedJobMessage = (status: JobStatus) =>
  `This job is ${status}: only its notes can be changed. Reopening a ${status} job is not possible.`;

export type JobChangeValue = string | number | boolean | string[] | null;
export const jobChangeValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);

/** One changed field: the stored values, and for a reference (location, unit, type, service line) the names shown. */
export const jobChange = z.object({
  field: z.enum(JOB_CHANGE_FIELDS),
  old: jobChangeValue,
  new: jobChangeValue,
  oldLabel: z.string().nullable().optional(),
  newLabel: z.string().nullable().optional(),
});
export type JobChange = z.infer<typeof jobChange>;

export type JobEditableValues = Record<JobChangeField, JobChangeValue>;

const same = (a: JobChangeValue, b: JobChangeValue) => JSON.stringify(a) === JSON.stringify(b);

/** The fields that differ, in the form's order. */
export function diffJob(before: JobEditableValues, after: JobEditableValues): JobChange[] {
  return JOB_CHANGE_FIELDS.filter((f) => !same(before[f], after[f])).map((field) => ({
    field,
    old: before[field],
    new: after[field],
  }));
}

export const coversQuote = (changes: readonly { field: JobChangeField }[]) =>
  changes.some((c) => (QUOTE_COVERED_FIELDS as readonly string[]).includes(c.field));

/** The fields a closed job refuses to change, of those that differ. */
export function closedJobRefusedFields(changes: readonly { field: JobChangeField }[]): JobChangeField[] {
  return changes.map((c) => c.field).filter((f) => !(CLOSED_JOB_EDITABLE_FIELDS as readonly string[]).includes(f));
}

// Warnings: said, never refused

export const JOB_WARNING_CODES = ['unitInactive', 'scheduledAfterDue'] as const;
export const jobWarning = z.object({ code: z.enum(JOB_WARNING_CODES), message: z.string() });
export type JobWarning = z.infer<typeof jobWarning>;

/**
 * Create and Edit Job warn, without refusing, when the unit is inactive or the job is scheduled
 * after its due date (the schedule date in the company's time zone).
 */
export function jobWarnings(input: {
  unit: { unitNumber: string; status: string } | null;
  scheduleDate: string | null | undefined;
  timePeriodDue: string | null | undefined;
}): JobWarning[] {
  const out: JobWarning[] = [];
  if (input.unit && input.unit.status === 'inactive') {
    out.push({
      code: 'unitInactive',
      message: `Unit ${input.unit.unitNumber} is inactive. Check that this job is meant for it.`,
    });
  }
  if (input.scheduleDate && input.timePeriodDue && input.scheduleDate > input.timePeriodDue) {
    out.push({
      code: 'scheduledAfterDue',
      message: 'The schedule date is after the due date. The job will be overdue when it is done.',
    });
  }
  return out;
}

// Payloads

export const createJobAnswer = z.object({
  id: z.string(),
  number: z.number().int(),
  warnings: z.array(jobWarning),
});
export type CreateJobAnswer = z.infer<typeof createJobAnswer>;

/** PUT /api/jobs/:id answers the job as saved, the warnings, and whether a sent quote now needs an update. */
export const editJobAnswer = z.object({
  job: jobDetail,
  changed: z.array(z.enum(JOB_CHANGE_FIELDS)),
  warnings: z.array(jobWarning),
  quoteNeedsUpdate: z.boolean(),
});
export type EditJobAnswer = z.infer<typeof editJobAnswer>;

export const jobHistoryEntry = z.object({
  id: z.string(),
  at: z.string(),
  user: z.object({ id: z.string(), name: z.string() }).nullable(),
  changes: z.array(jobChange),
  quoteRelevant: z.boolean(),
});
export type JobHistoryEntry = z.infer<typeof jobHistoryEntry>;

/** GET /api/jobs/:id/history: the newest entries first (at most `limit`), with the company's zone for their times. */
export const jobHistory = z.object({
  items: z.array(jobHistoryEntry),
  total: z.number().int(),
  timeZone: z.string(),
});
export type JobHistory = z.infer<typeof jobHistory>;
export const JOB_HISTORY_LIMIT = 50;
