import { z } from 'zod';
import { paginated } from '../api.js';
import { isIsoDate } from '../dates.js';
import { isUuidV4 } from '../ids.js';
import { DEFAULT_JOB_PAGE_SIZE, JOB_LIMITS, JOB_PAGE_SIZES, JOB_STATUSES } from './constants.js';
import {
  JOB_CODE_FILTER_MAX,
  JOB_DATE_FIELDS,
  JOB_QUEUES,
  JOB_SEARCH_MAX,
  JOB_SORTS,
  UNASSIGNED,
} from './list-filters.js';
import { emptyToUndefined, trimmedOptional } from './fields.js';
import { jobTechnician } from './items.js';

// The list

// The list's value sets live beside its plain URL reader (list-filters.ts, no zod: /jobs loads it).
export {
  JOB_DATE_FIELDS,
  JOB_QUEUES,
  JOB_SORTS,
  UNASSIGNED,
  jobListFilters,
  type JobDateField,
  type JobListFilterValues,
  type JobQueue,
  type JobSort,
} from './list-filters.js';

const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z
    .union([z.enum(values), z.literal('')], { error: message })
    .optional()
    .transform((v) => (v ? (v as T[number]) : undefined));
const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform(emptyToUndefined)
    .refine((v) => v === undefined || isIsoDate(v), `${label} must be a valid date (YYYY-MM-DD)`);
export const optionalUuidFilter = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform(emptyToUndefined)
    .refine((v) => v === undefined || isUuidV4(v), message);

/**
 * GET /api/jobs (the URL of /jobs). `q`: every space-separated word must match the job number, job
 * name, company, location or unit number. Dates are inclusive calendar days in the company's time
 * zone on the chosen field (due = time_period_due, schedule = schedule_start, created = created_at).
 */
export const jobListQuery = z
  .object({
    q: z
      .string()
      .trim()
      .max(JOB_SEARCH_MAX, 'Search must be at most 200 characters')
      .optional()
      .transform(emptyToUndefined),
    status: optionalEnum(JOB_STATUSES, 'Status must be scheduled, unscheduled, completed or cancelled'),
    type: trimmedOptional(JOB_CODE_FILTER_MAX),
    serviceLine: trimmedOptional(JOB_CODE_FILTER_MAX),
    technicianId: z
      .string()
      .trim()
      .optional()
      .transform(emptyToUndefined)
      .refine(
        (v) => v === undefined || v === UNASSIGNED || isUuidV4(v),
        "Technician must be a technician id or 'unassigned'",
      ),
    office: trimmedOptional(JOB_LIMITS.officeLength),
    companyId: optionalUuidFilter('Invalid company ID format'),
    locationId: optionalUuidFilter('Invalid location ID format'),
    unitId: optionalUuidFilter('Invalid unit ID format'),
    dateField: optionalEnum(JOB_DATE_FIELDS, 'Date field must be due, schedule, created or quote-sent').transform(
      (v) => v ?? 'due',
    ),
    from: optionalDate('From'),
    to: optionalDate('To'),
    queue: optionalEnum(JOB_QUEUES, 'Unknown queue'),
    sort: optionalEnum(JOB_SORTS, 'Sort must be number, created, due or schedule').transform((v) => v ?? 'created'),
    dir: optionalEnum(['asc', 'desc'] as const, 'Direction must be asc or desc').transform((v) => v ?? 'desc'),
    page: z.coerce
      .number({ error: 'Page must be a number' })
      .int('Page must be a whole number')
      .min(1, 'Page must be 1 or more')
      .default(1),
    pageSize: z.coerce
      .number({ error: 'Page size must be 25, 50 or 100' })
      .refine((n) => (JOB_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 25, 50 or 100')
      .default(DEFAULT_JOB_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: "'To' must be on or after 'From'" });
  });
export type JobListQuery = z.output<typeof jobListQuery>;
export type JobListSearch = z.input<typeof jobListQuery>;

/** The export takes the same filters (every page). */
export const jobExportQuery = jobListQuery;

/** The fields that name a job, first in every job shape (list row, detail, calendar entry). */
export const jobIdentity = {
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  type: z.string(),
};

export const jobListItem = z.object({
  ...jobIdentity,
  typeName: z.string().nullable(),
  serviceLine: z.string(),
  isTraining: z.boolean(),
  office: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  unitId: z.string().nullable(),
  unitNumber: z.string().nullable(),
  /** ISO instant or null */
  scheduleStart: z.string().nullable(),
  scheduleDuration: z.number().int(),
  timePeriodStart: z.string(),
  timePeriodDue: z.string(),
  createdAt: z.string(),
  technicians: z.array(jobTechnician),
  costTotalCents: z.number().int(),
});
export type JobListItem = z.infer<typeof jobListItem>;

export const jobList = paginated(jobListItem);
export type JobList = z.infer<typeof jobList>;
