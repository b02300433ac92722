import { z } from 'zod';
import { isIsoDate } from './dates.js';
import {
  BOARD_VIEW_MAX_DAYS,
  daysBetween,
  DISPATCH_COMPLETED_PAGE,
  DISPATCH_DATE_FIELDS,
  DISPATCH_RANGES,
  monthRange,
} from './dispatch-board.js';
import { isUuidV4 } from './ids.js';
import { JOB_STATUSES } from './jobs/constants.js';
import { durationMinutes, JOB_MESSAGES } from './jobs/index.js';

/**
 * The Dispatch & Schedule board (issue 10): the board query with the Map Filters, the move of a
 * job block (reschedule, reassign, unschedule) and the rules that place blocks on the timeline
 * (those, and the value lists, in dispatch-board.ts without zod; re-exported here).
 */
export {
  ATLANTA,
  BOARD_VIEW_MAX_DAYS,
  BOARD_VIEWS,
  boardViewDays,
  DEFAULT_BLOCK_MINUTES,
  DISPATCH_COMPLETED_PAGE,
  DISPATCH_DATE_FIELD_LABELS,
  DISPATCH_DATE_FIELDS,
  DISPATCH_RANGE_LABELS,
  DISPATCH_RANGES,
  initials,
  MIN_BLOCK_WIDTH_PX,
  minutesIntoDay,
  monthRange,
  overlaps,
  placeBlock,
  rangeForView,
  type BoardView,
  type DispatchDateField,
  type DispatchRange,
  type ViewRange,
} from './dispatch-board.js';

export const DISPATCH_MESSAGES = {
  rangeTooLong: 'The board range must be at most 62 days',
  rangeOrder: "'to' must be on or after 'from'",
  viewNeedsBoth: "'viewFrom' and 'viewTo' go together",
  viewOrder: "'viewTo' must be on or after 'viewFrom'",
  viewTooLong: 'The view is at most 31 days',
  priceOrder: 'The maximum price must be at least the minimum price',
  stale:
    'This job was changed by someone else since the board was loaded. The board has been refreshed; check the job and try again.',
  completedCannotMove: 'A completed or cancelled job cannot be rescheduled',
  notOnRow: 'The job is not assigned to the technician it was dragged from',
  expectedUpdatedAtRequired: 'The time the job was last loaded is required',
  customNeedsDates: 'A custom range needs both From and To dates',
  datesWithNamedRange: "'from' and 'to' go with range=custom (or no range), not with a named month",
  unknownType: 'Unknown job type',
  unknownServiceLine: 'Unknown service line',
  unknownOwner: 'Job Owner not found',
  unknownRegion: 'Unknown region',
} as const;

/** The board shows at most this many jobs for a range (the total says if there were more). */
export const DISPATCH_JOB_LIMIT = 2000;
export const DISPATCH_MAX_DAYS = 62;

const emptyToUndefined = (v: string | undefined) => (v ? v : undefined);
/** One query value (a repeated parameter arrives as a list: refused with the filter's name). */
const single = (label: string) => z.string({ error: `${label} must be given once, as text` });
const optionalText = (label: string, max: number) =>
  single(label).trim().max(max, `${label} must be at most ${max} characters`).optional().transform(emptyToUndefined);
const flag = (label: string) =>
  z
    .enum(['true', 'false', ''], { error: `${label} must be true or false` })
    .optional()
    .transform((v) => v === 'true');
const optionalMoney = (label: string) =>
  single(label)
    .trim()
    .optional()
    .transform(emptyToUndefined)
    .refine(
      (v) => v === undefined || /^\d{1,9}(\.\d{1,2})?$/.test(v),
      `${label} must be an amount in dollars (e.g. 250 or 99.50)`,
    )
    .transform((v) => (v === undefined ? undefined : Math.round(Number(v) * 100)));
const optionalDate = (name: 'from' | 'to' | 'viewFrom' | 'viewTo') =>
  single(`'${name}'`)
    .trim()
    .optional()
    .transform(emptyToUndefined)
    .refine((v) => v === undefined || isIsoDate(v), `'${name}' must be a valid date (YYYY-MM-DD)`);

/** The limits of the board's query values. */
export const DISPATCH_LIMITS = {
  tagsLength: 500,
  maxTags: 20,
  tagLength: 50,
  officeLength: 100,
  codeLength: 20,
  regionLength: 100,
} as const;

/**
 * GET /api/dispatch/board query. Every parameter is optional except the range: either `range`
 * (this-month, last-month, next-month: resolved on the server in the company's time zone) or
 * `from` and `to` (with range=custom or no range). See dispatch.routes.ts for the full list.
 */
const boardQueryFields = z.object({
  range: z
    .union([z.enum(DISPATCH_RANGES), z.literal('')], {
      error: 'Filter Date Range By must be this-month, last-month, next-month or custom',
    })
    .optional()
    .transform((v) => (v ? v : undefined))
    .describe(
      'Filter Date Range By: this-month | last-month | next-month (resolved on the server, company time zone) | custom (needs from and to). Without range, from and to are required.',
    ),
  from: optionalDate('from').describe(
    'First day of the range, YYYY-MM-DD, inclusive (with range=custom or no range; at most 62 days with to)',
  ),
  to: optionalDate('to').describe('Last day of the range, YYYY-MM-DD, inclusive'),
  dateField: z
    .union([z.enum(DISPATCH_DATE_FIELDS), z.literal('')], { error: 'Filter Map By must be due, schedule or created' })
    .optional()
    .transform((v) => (v ? v : 'due'))
    .describe(
      'Filter Map By: due (Due By Date, the default) | schedule (Schedule Date) | created (Created Date); the range applies to this date',
    ),
  tags: single('Tags')
    .max(DISPATCH_LIMITS.tagsLength, `Tags must be at most ${DISPATCH_LIMITS.tagsLength} characters`)
    .optional()
    .transform((v) => [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .refine((tags) => tags.length <= DISPATCH_LIMITS.maxTags, `At most ${DISPATCH_LIMITS.maxTags} tags`)
    .refine(
      (tags) => tags.every((t) => t.length <= DISPATCH_LIMITS.tagLength),
      `A tag must be at most ${DISPATCH_LIMITS.tagLength} characters`,
    )
    .describe(
      'Tags: free text, comma-separated; a job matches when it carries any of them (whole tag, case-insensitive)',
    ),
  office: optionalText('Job Office', DISPATCH_LIMITS.officeLength).describe(
    "Job Office: an office name (options.offices); also limits the technician rows to that office's technicians",
  ),
  type: optionalText('Job Type', DISPATCH_LIMITS.codeLength).describe(
    'Job Type: a job type code (options.jobTypes[].code); an unknown code is a 400',
  ),
  ownerId: single('Job Owner')
    .trim()
    .optional()
    .transform(emptyToUndefined)
    .refine((v) => v === undefined || isUuidV4(v), 'Job Owner must be a user id')
    .describe('Job Owner: id of the user who created the job (options.owners[].id); an unknown user is a 400'),
  serviceLine: optionalText('Service Line', DISPATCH_LIMITS.codeLength).describe(
    'Service Line: a service line code (options.serviceLines[].code); an unknown code is a 400',
  ),
  region: optionalText('Region', DISPATCH_LIMITS.regionLength).describe(
    "Region: a service territory name (options.regions); a job is in it when its location's zip (first 5 digits) is in the territory's zip list; an unknown name is a 400",
  ),
  minPrice: optionalMoney('Minimum price').describe(
    "Limit by Estimated Price, minimum in dollars (the job's items total, or its repair total when it has no items)",
  ),
  maxPrice: optionalMoney('Maximum price').describe('Limit by Estimated Price, maximum in dollars (at least minPrice)'),
  showCompleted: flag('Show completed jobs').describe(
    'Show completed jobs: true | false (default false: completed jobs are left out)',
  ),
  showSubcontracted: flag('Show subcontracted jobs').describe(
    'Show subcontracted jobs: true | false (default false: subcontracted jobs are left out)',
  ),
  viewFrom: optionalDate('viewFrom').describe(
    "First day the board's view shows (YYYY-MM-DD, with viewTo): the answer's hiddenInView counts the jobs scheduled in the view that the filters leave out",
  ),
  viewTo: optionalDate('viewTo').describe("Last day the board's view shows (YYYY-MM-DD, with viewFrom)"),
});

/** The range and price rules shared by the board and its side lists (tray, completed jobs). */
function refineBoardQuery(v: z.output<typeof boardQueryFields>, ctx: z.RefinementCtx) {
  const named = v.range !== undefined && v.range !== 'custom';
  if (named) {
    for (const key of ['from', 'to'] as const) {
      if (v[key] !== undefined)
        ctx.addIssue({ code: 'custom', path: [key], message: DISPATCH_MESSAGES.datesWithNamedRange });
    }
  } else {
    if (v.from === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['from'],
        message: v.range === 'custom' ? DISPATCH_MESSAGES.customNeedsDates : "'from' is required",
      });
    if (v.to === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: v.range === 'custom' ? DISPATCH_MESSAGES.customNeedsDates : "'to' is required",
      });
  }
  if (v.from && v.to && isIsoDate(v.from) && isIsoDate(v.to)) {
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: DISPATCH_MESSAGES.rangeOrder });
    const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > DISPATCH_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: DISPATCH_MESSAGES.rangeTooLong });
  }
  if ((v.viewFrom === undefined) !== (v.viewTo === undefined))
    ctx.addIssue({ code: 'custom', path: ['viewTo'], message: DISPATCH_MESSAGES.viewNeedsBoth });
  if (v.viewFrom && v.viewTo && isIsoDate(v.viewFrom) && isIsoDate(v.viewTo)) {
    if (v.viewTo < v.viewFrom) ctx.addIssue({ code: 'custom', path: ['viewTo'], message: DISPATCH_MESSAGES.viewOrder });
    else if (daysBetween(v.viewFrom, v.viewTo) > BOARD_VIEW_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['viewTo'], message: DISPATCH_MESSAGES.viewTooLong });
  }
  if (v.minPrice !== undefined && v.maxPrice !== undefined && v.maxPrice < v.minPrice)
    ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: DISPATCH_MESSAGES.priceOrder });
}

export const boardQuery = boardQueryFields.superRefine(refineBoardQuery);
export type BoardQuery = z.output<typeof boardQuery>;

/** The tray of the range's unscheduled jobs is its own list: at most this many cards, with the total. */
export const DISPATCH_TRAY_LIMIT = 200;
/** The Unassigned row as the completed-jobs list names it. */
export const UNASSIGNED_TECHNICIAN = 'unassigned';

const wholeNumber = (label: string, min: number, max: number) =>
  single(label)
    .trim()
    .optional()
    .refine(
      (v) => v === undefined || v === '' || (/^\d{1,9}$/.test(v) && Number(v) >= min && Number(v) <= max),
      `${label} must be a whole number from ${min} to ${max}`,
    )
    .transform((v) => (v === undefined || v === '' ? undefined : Number(v)));

/**
 * GET /api/dispatch/completed: the completed jobs of one technician row after the board's filters
 * (Show completed jobs implied), a page at a time. `technicianId` is a technician's id or "unassigned".
 */
export const completedJobsQuery = boardQueryFields
  .extend({
    technicianId: z
      .string({ error: `Technician is required, once: a technician id or '${UNASSIGNED_TECHNICIAN}'` })
      .trim()
      .refine(
        (v) => v === UNASSIGNED_TECHNICIAN || isUuidV4(v),
        `Technician must be a technician id or '${UNASSIGNED_TECHNICIAN}'`,
      )
      .describe("The technician's id, or 'unassigned' for the jobs with no technician"),
    offset: wholeNumber('Offset', 0, 100_000).describe('How many jobs to skip (default 0)'),
    limit: wholeNumber('Limit', 1, DISPATCH_COMPLETED_PAGE.max).describe(
      `How many jobs (default ${DISPATCH_COMPLETED_PAGE.default}, at most ${DISPATCH_COMPLETED_PAGE.max})`,
    ),
  })
  .superRefine(refineBoardQuery);
export type CompletedJobsQuery = z.output<typeof completedJobsQuery>;
export type CompletedJobsSearch = z.input<typeof completedJobsQuery>;
export type BoardSearch = z.input<typeof boardQuery>;
/** The board query with its range resolved to days (what the repository runs). */
export type BoardFilters = Omit<BoardQuery, 'range' | 'from' | 'to' | 'viewFrom' | 'viewTo'> & {
  from: string;
  to: string;
};

/** The board's days: a named month around `today` (company time zone), or the query's from/to. */
export function resolveBoardRange(q: BoardQuery, today: string): BoardFilters {
  const { range, from, to, viewFrom: _viewFrom, viewTo: _viewTo, ...rest } = q;
  if (range === 'this-month') return { ...rest, ...monthRange(today, 0) };
  if (range === 'last-month') return { ...rest, ...monthRange(today, -1) };
  if (range === 'next-month') return { ...rest, ...monthRange(today, 1) };
  return { ...rest, from: from!, to: to! };
}

export const boardJob = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  scheduleStart: z.string().nullable(),
  scheduleDuration: z.number().int(),
  timePeriodDue: z.string(),
  /** send back as expectedUpdatedAt when moving the job */
  updatedAt: z.string(),
  locationName: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  unitNumber: z.string().nullable(),
  /** primary first */
  technicianIds: z.array(z.string()),
});
export type BoardJob = z.infer<typeof boardJob>;

/** A certification that expires within this many days (company time zone) shows as expiring soon on the board. */
export const CERTIFICATION_EXPIRING_DAYS = 30;

export const boardTechnician = z.object({
  id: z.string(),
  name: z.string(),
  initials: z.string(),
  role: z.string(),
  office: z.string(),
  /** jobs of the board (after the filters) assigned to the technician */
  jobCount: z.number().int(),
  completedCount: z.number().int(),
  /** days (company time zone) on which the technician has a scheduled job in the range */
  scheduledDates: z.array(z.string()),
  /** day 0 = Sunday; times HH:MM */
  availability: z.array(
    z.object({ dayOfWeek: z.number().int(), startTime: z.string(), endTime: z.string(), isAvailable: z.boolean() }),
  ),
  expiredCertifications: z.array(z.string()),
  /** certifications still valid that expire within CERTIFICATION_EXPIRING_DAYS, soonest first */
  expiringCertifications: z.array(z.object({ name: z.string(), expiryDate: z.string() })),
  /**
   * null for the office's active technicians. A technician who is not one of them but has jobs on
   * the board gets a row too, marked: of another office, inactive, or no longer a technician.
   */
  offBoard: z.enum(['other-office', 'inactive', 'not-technician']).nullable(),
});
export type BoardTechnician = z.infer<typeof boardTechnician>;

export const boardAnswer = z.object({
  /** the days the board covers (a named range resolved) */
  from: z.string(),
  to: z.string(),
  /** today in the company's time zone */
  today: z.string(),
  timeZone: z.string(),
  technicians: z.array(boardTechnician),
  unassignedCount: z.number().int(),
  jobs: z.array(boardJob),
  total: z.number().int(),
  /** jobs scheduled in the view (viewFrom..viewTo) that the filters leave out; 0 without a view */
  hiddenInView: z.number().int(),
});
export type BoardAnswer = z.infer<typeof boardAnswer>;

/** GET /api/dispatch/unscheduled: the range's unscheduled jobs after the filters (at most 200, by due date), with the total. */
export const unscheduledAnswer = z.object({ jobs: z.array(boardJob), total: z.number().int() });
export type UnscheduledAnswer = z.infer<typeof unscheduledAnswer>;

export const completedJob = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  locationName: z.string(),
  scheduleStart: z.string().nullable(),
  timePeriodDue: z.string(),
});
export type CompletedJob = z.infer<typeof completedJob>;
export const completedJobsAnswer = z.object({
  jobs: z.array(completedJob),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
export type CompletedJobsAnswer = z.infer<typeof completedJobsAnswer>;

export const dispatchOptions = z.object({
  offices: z.array(z.string()),
  jobTypes: z.array(z.object({ code: z.string(), name: z.string() })),
  serviceLines: z.array(z.object({ code: z.string(), name: z.string() })),
  owners: z.array(z.object({ id: z.string(), name: z.string() })),
  regions: z.array(z.string()),
  /** tags the jobs carry, most used first (at most 200), for suggestions in the Tags field */
  tags: z.array(z.string()),
  /** Filter Date Range By choices */
  ranges: z.array(z.object({ value: z.enum(DISPATCH_RANGES), label: z.string() })),
  /** Filter Map By choices */
  dateFields: z.array(z.object({ value: z.enum(DISPATCH_DATE_FIELDS), label: z.string() })),
});
export type DispatchOptions = z.infer<typeof dispatchOptions>;

/**
 * POST /api/jobs/:id/move: the block's new start (null: back to the tray, unscheduled) and
 * optionally its duration; a drag between rows names the row it left (`fromTechnicianId`, null for
 * the Unassigned row) and the row it landed on (`toTechnicianId`). `expectedUpdatedAt` is the job's
 * updatedAt as the board loaded it; `confirmOverlap` double-books after the user confirmed.
 */
export const moveJobInput = z
  .object({
    scheduleStart: z
      .string({ error: 'Schedule start is required (or null to unschedule)' })
      .refine((v) => !Number.isNaN(Date.parse(v)) && /T/.test(v), 'Schedule start must be an ISO date and time')
      .nullable(),
    scheduleDuration: durationMinutes.optional(),
    fromTechnicianId: z
      .string()
      .refine((v) => isUuidV4(v), 'Invalid technician id')
      .nullable()
      .optional(),
    toTechnicianId: z
      .string()
      .refine((v) => isUuidV4(v), 'Invalid technician id')
      .nullable()
      .optional(),
    expectedUpdatedAt: z
      .string({ error: DISPATCH_MESSAGES.expectedUpdatedAtRequired })
      .refine((v) => !Number.isNaN(Date.parse(v)), DISPATCH_MESSAGES.expectedUpdatedAtRequired),
    confirmOverlap: z.boolean({ error: 'confirmOverlap must be true or false' }).default(false),
  })
  .superRefine((v, ctx) => {
    if ((v.fromTechnicianId === undefined) !== (v.toTechnicianId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['toTechnicianId'],
        message: 'A move between rows names both the row it left and the row it landed on',
      });
    }
  });
export type MoveJobInput = z.output<typeof moveJobInput>;

export const moveJobAnswer = z.object({ job: boardJob });
export type MoveJobAnswer = z.infer<typeof moveJobAnswer>;

/** The overlap refusal: names the technician and the job they already have. */
export function overlapMessage(technicianName: string, job: { number: number; name: string }): string {
  return `${technicianName} already has Job #${job.number} (${job.name}) at that time. Confirm to double-book.`;
}
export { JOB_MESSAGES };
