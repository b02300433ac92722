import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { isUuidV4 } from './ids.js';
import { JOB_STATUSES } from './home.js';
import { durationMinutes, JOB_MESSAGES } from './jobs.js';

/**
 * The Dispatch & Schedule board (issue 10): the board query with the Map Filters, the move of a
 * job block (reschedule, reassign, unschedule) and the rules that place blocks on the timeline.
 */

export const DISPATCH_MESSAGES = {
  rangeTooLong: 'The board range must be at most 62 days',
  rangeOrder: "'to' must be on or after 'from'",
  priceOrder: 'The maximum price must be at least the minimum price',
  stale: 'This job was changed by someone else since the board was loaded. The board has been refreshed; check the job and try again.',
  completedCannotMove: 'A completed or cancelled job cannot be rescheduled',
  notOnRow: 'The job is not assigned to the technician it was dragged from',
  expectedUpdatedAtRequired: 'The time the job was last loaded is required',
} as const;

/** The board shows at most this many jobs for a range (the total says if there were more). */
export const DISPATCH_JOB_LIMIT = 2000;
export const DISPATCH_MAX_DAYS = 62;
/** A block is at least 80px wide; the default duration is 1 hour. */
export const MIN_BLOCK_WIDTH_PX = 80;
export const DEFAULT_BLOCK_MINUTES = 60;
export const ATLANTA = { lat: 33.749, lng: -84.388, zoom: 10, maxFitZoom: 15 } as const;

export const DISPATCH_DATE_FIELDS = ['due', 'schedule', 'created'] as const;
export type DispatchDateField = (typeof DISPATCH_DATE_FIELDS)[number];

const emptyToUndefined = (v: string | undefined) => (v ? v : undefined);
const optionalText = (max: number) => z.string().trim().max(max).optional().transform(emptyToUndefined);
const flag = (label: string) =>
  z
    .enum(['true', 'false', ''], { error: `${label} must be true or false` })
    .optional()
    .transform((v) => v === 'true');
const optionalMoney = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform(emptyToUndefined)
    .refine((v) => v === undefined || /^\d{1,9}(\.\d{1,2})?$/.test(v), `${label} must be an amount in dollars`)
    .transform((v) => (v === undefined ? undefined : Math.round(Number(v) * 100)));

/**
 * GET /api/dispatch/board: the range (inclusive days in the company's time zone) on the chosen
 * date field, and the Map Filters. Tags: comma-separated; a job matches when it carries any of
 * them. Region: a territory name; a job is in it when its location's zip is in one of the
 * territory's zip lists. Price: the job's estimated price (its items total, or its repair total
 * when it has no items), in dollars. Completed jobs only with showCompleted; subcontracted jobs
 * only with showSubcontracted.
 */
export const boardQuery = z
  .object({
    from: z.string({ error: "'from' is required" }).refine(isIsoDate, "'from' must be a valid date (YYYY-MM-DD)"),
    to: z.string({ error: "'to' is required" }).refine(isIsoDate, "'to' must be a valid date (YYYY-MM-DD)"),
    dateField: z
      .union([z.enum(DISPATCH_DATE_FIELDS), z.literal('')], { error: 'Filter Map By must be due, schedule or created' })
      .optional()
      .transform((v) => (v ? v : 'due')),
    tags: z
      .string()
      .trim()
      .max(500)
      .optional()
      .transform((v) => [...new Set((v ?? '').split(',').map((t) => t.trim()).filter(Boolean))].slice(0, 20)),
    office: optionalText(100),
    type: optionalText(20),
    ownerId: z
      .string()
      .trim()
      .optional()
      .transform(emptyToUndefined)
      .refine((v) => v === undefined || isUuidV4(v), 'Invalid job owner id'),
    serviceLine: optionalText(20),
    region: optionalText(100),
    minPrice: optionalMoney('Minimum price'),
    maxPrice: optionalMoney('Maximum price'),
    showCompleted: flag('Show completed jobs'),
    showSubcontracted: flag('Show subcontracted jobs'),
  })
  .superRefine((v, ctx) => {
    if (!isIsoDate(v.from) || !isIsoDate(v.to)) return;
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: DISPATCH_MESSAGES.rangeOrder });
    const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > DISPATCH_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: DISPATCH_MESSAGES.rangeTooLong });
    if (v.minPrice !== undefined && v.maxPrice !== undefined && v.maxPrice < v.minPrice) ctx.addIssue({ code: 'custom', path: ['maxPrice'], message: DISPATCH_MESSAGES.priceOrder });
  });
export type BoardQuery = z.output<typeof boardQuery>;
export type BoardSearch = z.input<typeof boardQuery>;

export const boardJob = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  type: z.string(),
  serviceLine: z.string(),
  office: z.string(),
  scheduleStart: z.string().nullable(),
  scheduleDuration: z.number().int(),
  timePeriodStart: z.string(),
  timePeriodDue: z.string(),
  createdAt: z.string(),
  /** send back as expectedUpdatedAt when moving the job */
  updatedAt: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  unitNumber: z.string().nullable(),
  /** primary first */
  technicianIds: z.array(z.string()),
  estimatedPriceCents: z.number().int(),
  tags: z.array(z.string()),
  subcontracted: z.boolean(),
});
export type BoardJob = z.infer<typeof boardJob>;

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
  availability: z.array(z.object({ dayOfWeek: z.number().int(), startTime: z.string(), endTime: z.string(), isAvailable: z.boolean() })),
  expiredCertifications: z.array(z.string()),
});
export type BoardTechnician = z.infer<typeof boardTechnician>;

export const boardAnswer = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  technicians: z.array(boardTechnician),
  unassignedCount: z.number().int(),
  jobs: z.array(boardJob),
  total: z.number().int(),
});
export type BoardAnswer = z.infer<typeof boardAnswer>;

export const dispatchOptions = z.object({
  offices: z.array(z.string()),
  jobTypes: z.array(z.object({ code: z.string(), name: z.string() })),
  serviceLines: z.array(z.object({ code: z.string(), name: z.string() })),
  owners: z.array(z.object({ id: z.string(), name: z.string() })),
  regions: z.array(z.string()),
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
    fromTechnicianId: z.string().refine((v) => isUuidV4(v), 'Invalid technician id').nullable().optional(),
    toTechnicianId: z.string().refine((v) => isUuidV4(v), 'Invalid technician id').nullable().optional(),
    expectedUpdatedAt: z.string({ error: DISPATCH_MESSAGES.expectedUpdatedAtRequired }).refine((v) => !Number.isNaN(Date.parse(v)), DISPATCH_MESSAGES.expectedUpdatedAtRequired),
    confirmOverlap: z.boolean({ error: 'confirmOverlap must be true or false' }).default(false),
  })
  .superRefine((v, ctx) => {
    if ((v.fromTechnicianId === undefined) !== (v.toTechnicianId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['toTechnicianId'], message: 'A move between rows names both the row it left and the row it landed on' });
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

// ---------------------------------------------------------------------------------------------
// Placing blocks
// ---------------------------------------------------------------------------------------------

/** Two jobs overlap when each starts before the other ends (touching ends do not overlap). */
export function overlaps(a: { start: Date; durationMinutes: number }, b: { start: Date; durationMinutes: number }): boolean {
  const aEnd = a.start.getTime() + a.durationMinutes * 60_000;
  const bEnd = b.start.getTime() + b.durationMinutes * 60_000;
  return a.start.getTime() < bEnd && b.start.getTime() < aEnd;
}

/** The wall-clock minutes since local midnight of `at` in `timeZone` (09:30 -> 570). */
export function minutesIntoDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

/**
 * A block on the day timeline of 24 hourly columns: placed by its wall-clock start in the company's
 * time zone (so a daylight-saving day still shows 9:00 AM under the 9:00 AM column), as wide as its
 * duration (default 1 hour) and at least 80px, cut at midnight.
 */
export function placeBlock(input: { start: Date; durationMinutes: number | null | undefined; timeZone: string; hourWidthPx: number; minWidthPx?: number }): { leftPx: number; widthPx: number } {
  const minutes = minutesIntoDay(input.start, input.timeZone);
  const duration = input.durationMinutes && input.durationMinutes > 0 ? input.durationMinutes : DEFAULT_BLOCK_MINUTES;
  const visible = Math.min(duration, 24 * 60 - minutes);
  const leftPx = (minutes / 60) * input.hourWidthPx;
  const widthPx = Math.max((visible / 60) * input.hourWidthPx, input.minWidthPx ?? MIN_BLOCK_WIDTH_PX);
  return { leftPx, widthPx };
}

/** "Ann Lee" -> "AL"; one name -> its first two letters. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
}
