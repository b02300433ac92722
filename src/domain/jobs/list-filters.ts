import { isUuidV4 } from '../ids.js';
import {
  invalid,
  optionalDay,
  optionalOneOf,
  optionalText,
  optionalUuid,
  pageNumber,
  pageSizeOf,
  plainFilters,
  withDateRange,
  withDefault,
  type FieldReader,
} from '../list-filters.js';
import { DEFAULT_JOB_PAGE_SIZE, JOB_LIMITS, JOB_PAGE_SIZES, JOB_STATUSES, type JobStatus } from './constants.js';

/**
 * What /jobs reads from its URL, without zod (decision 020): the list is a first screen, and a
 * schema library on its path cost a phone ~100 ms of main thread (bench/notes/lighthouse.md).
 * list.ts keeps the schema the API validates with (`jobListQuery`, which `jobListFilters`
 * follows: jobs.test.ts runs both over the same query strings) and re-exports these lists.
 */

/**
 * The home cards' queues (src/domain/home.ts homeRules), as list filters. The job queues count jobs;
 * the invoice and quote cards list the jobs that hold a draft invoice / an unanswered quote.
 */
export const JOB_QUEUES = [
  'no-appointment',
  'overdue',
  'to-mark-complete',
  'follow-up',
  'open-deficiencies',
  'unsent-invoices',
  'ready-to-schedule',
  'to-invoice',
  'submitted-quotes',
] as const;
export type JobQueue = (typeof JOB_QUEUES)[number];

/** quote-sent: the send time of the job's latest quote (Home's Total Submitted Quotes opens the list with it). */
export const JOB_DATE_FIELDS = ['due', 'schedule', 'created', 'quote-sent'] as const;
export type JobDateField = (typeof JOB_DATE_FIELDS)[number];
export const JOB_SORTS = ['number', 'created', 'due', 'schedule'] as const;
export type JobSort = (typeof JOB_SORTS)[number];
export const UNASSIGNED = 'unassigned';
/** The longest search the list takes. */
export const JOB_SEARCH_MAX = 200;
/** The longest job type or service line filter. */
export const JOB_CODE_FILTER_MAX = 20;

/** The list's filters as `jobListQuery` (list.ts) gives them to the API and the screen. */
export interface JobListFilterValues {
  q: string | undefined;
  status: JobStatus | undefined;
  type: string | undefined;
  serviceLine: string | undefined;
  technicianId: string | undefined;
  office: string | undefined;
  companyId: string | undefined;
  locationId: string | undefined;
  unitId: string | undefined;
  dateField: JobDateField;
  from: string | undefined;
  to: string | undefined;
  queue: JobQueue | undefined;
  sort: JobSort;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** A technician's id, or 'unassigned' (trimmed), or blank / absent for none. */
const technicianFilter: FieldReader<string | undefined> = (value) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return invalid;
  const id = value.trim();
  if (!id) return undefined;
  return id === UNASSIGNED || isUuidV4(id) ? id : invalid;
};

const fields = plainFilters<JobListFilterValues>({
  q: optionalText(JOB_SEARCH_MAX),
  status: optionalOneOf(JOB_STATUSES),
  type: optionalText(JOB_CODE_FILTER_MAX),
  serviceLine: optionalText(JOB_CODE_FILTER_MAX),
  technicianId: technicianFilter,
  office: optionalText(JOB_LIMITS.officeLength),
  companyId: optionalUuid,
  locationId: optionalUuid,
  unitId: optionalUuid,
  dateField: withDefault(optionalOneOf(JOB_DATE_FIELDS), 'due'),
  from: optionalDay,
  to: optionalDay,
  queue: optionalOneOf(JOB_QUEUES),
  sort: withDefault(optionalOneOf(JOB_SORTS), 'created'),
  dir: withDefault(optionalOneOf(['asc', 'desc'] as const), 'desc'),
  page: pageNumber,
  pageSize: pageSizeOf(JOB_PAGE_SIZES, DEFAULT_JOB_PAGE_SIZE),
});

/**
 * /jobs' filters from its URL, as `jobListQuery` reads them: 'To' before 'From' fails on `to`
 * (zod's own order of checks: a choice outside its list or a page that is no number comes first).
 */
export const jobListFilters = withDateRange(fields, {
  stoppingKeys: ['status', 'dateField', 'queue', 'sort', 'dir'],
  numberKeys: ['page', 'pageSize'],
});
