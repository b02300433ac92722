import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { JOB_LIMITS } from './constants.js';
import { trimmedOptional } from './fields.js';
import { jobTechnician } from './items.js';
import { jobIdentity, optionalUuidFilter } from './list.js';
import { JOB_MESSAGES } from './messages.js';

// Calendar

/** GET /api/jobs/calendar?from&to (inclusive days in the company's time zone, at most 62 days). */
export const calendarQuery = z
  .object({
    from: z.string({ error: "'from' is required" }).refine(isIsoDate, "'from' must be a valid date (YYYY-MM-DD)"),
    to: z.string({ error: "'to' is required" }).refine(isIsoDate, "'to' must be a valid date (YYYY-MM-DD)"),
    technicianId: optionalUuidFilter('Invalid technician id'),
    office: trimmedOptional(JOB_LIMITS.officeLength),
    // The month shows the first 3 jobs of a day and the week the first 10, each with "+N more":
    // only those are read and sent, with every day's total (dayTotals).
    perDay: z.coerce
      .number({ error: 'Jobs per day must be a number' })
      .int('Jobs per day must be a whole number')
      .min(1, 'Jobs per day must be 1 or more')
      .max(JOB_LIMITS.calendarPerDayMax, `Jobs per day must be at most ${JOB_LIMITS.calendarPerDayMax}`)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (!isIsoDate(v.from) || !isIsoDate(v.to)) return;
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: JOB_MESSAGES.calendarOrder });
    const days = (Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > JOB_LIMITS.calendarMaxDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: JOB_MESSAGES.calendarRange });
  });
export type CalendarQuery = z.output<typeof calendarQuery>;

export const calendarJob = z.object({
  ...jobIdentity,
  scheduleStart: z.string().nullable(),
  scheduleDuration: z.number().int(),
  timePeriodStart: z.string(),
  timePeriodDue: z.string(),
  companyName: z.string(),
  locationName: z.string(),
  unitNumber: z.string().nullable(),
  technicians: z.array(jobTechnician),
});
export type CalendarJob = z.infer<typeof calendarJob>;

/**
 * scheduled: jobs whose schedule start falls in the range (not cancelled); unscheduled: open jobs
 * with no schedule start whose start-due period overlaps the range (at most 200, total says more).
 */
export const calendarAnswer = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  scheduled: z.array(calendarJob),
  /** every day of the range that has scheduled jobs, with how many (more than `scheduled` holds when perDay was given) */
  dayTotals: z.array(z.object({ day: z.string(), total: z.number().int() })),
  unscheduled: z.array(calendarJob),
  unscheduledTotal: z.number().int(),
});
export type CalendarAnswer = z.infer<typeof calendarAnswer>;
