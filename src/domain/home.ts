import { z } from 'zod';
import { isUuidV4 } from './ids.js';
import { isIsoDate } from './dates.js';
import {
  DEFAULT_HOME_PERIOD,
  HOME_OFFICE_MAX,
  HOME_PERIODS,
  type HomeFilters,
  type HomePeriod,
} from './home-filters.js';
import type { QuoteStatus } from './quotes.js';
import { JOB_STATUSES, type JobStatus } from './jobs/constants.js';

export {
  DEFAULT_HOME_PERIOD,
  HOME_PERIODS,
  homeCardListQuery,
  homeDeficienciesQuery,
  homeUnsentInvoicesQuery,
  parseHomeFilters,
  periodFirstDay,
  periodSince,
  periodStart,
  type HomeCardDate,
  type HomeFilters,
  type HomePeriod,
} from './home-filters.js';

/**
 * The nine Home counts: real counts over the records, never sample figures, each defined below.
 * The server computes them in SQL (src/server/modules/home/home.repo.ts); these predicates are the
 * definition, unit-tested here and used by the API tests to check the SQL against seeded data.
 */

// The statuses live with the jobs' constants (no zod there: the job list loads them without it).
export { JOB_STATUSES, type JobStatus };

export interface HomeJobFacts {
  status: JobStatus;
  scheduleStart: Date | null;
  /** YYYY-MM-DD: end of the job's due period */
  timePeriodDue: string;
  /** the effective status of the job's latest quote (decision 018); null when none was sent */
  quoteStatus: QuoteStatus | null;
  /** has an invoice that is not void */
  hasInvoice: boolean;
}

/** Open: neither completed nor cancelled. */
export function isOpenJob(job: Pick<HomeJobFacts, 'status'>): boolean {
  return job.status !== 'completed' && job.status !== 'cancelled';
}

/**
 * What became of a repair option found on a visit (issue 29, decision 044), as the unit's history
 * and Deficiencies card show it:
 * - approved / declined: the customer answered the job's latest quote;
 * - carried: added to a later job's repair options (that copy carries it on);
 * - resolved: marked resolved by the office or a technician, with a reason;
 * - quoted: the latest quote is sent and unanswered (or its link ran out): quoted and open;
 * - not_quoted: priced, and no quote awaits an answer (none sent, or the last one withdrawn);
 * - none: nothing priced (a $0 record, as Mark Complete makes for an inspection without repairs).
 * The customer's answer wins: an answered repair is never resolved or carried afterwards (the
 * service refuses both), so the order below only matters for records older than those columns.
 */
export const REPAIR_OUTCOMES = ['not_quoted', 'quoted', 'approved', 'declined', 'resolved', 'carried', 'none'] as const;
export type RepairOutcome = (typeof REPAIR_OUTCOMES)[number];
/** The outcomes of a repair still open on its unit (an open recommendation) when it is priced. */
export const OPEN_REPAIR_OUTCOMES = ['not_quoted', 'quoted'] as const satisfies readonly RepairOutcome[];

export interface OpenRepairFacts {
  totalCents: number;
  /** when someone marked it resolved; null (or absent) while not */
  resolvedAt?: string | Date | null;
  /** the copy on a later job it was added to; null (or absent) while not */
  carriedToRepairId?: string | null;
}

export function repairOutcome(repair: OpenRepairFacts, job: Pick<HomeJobFacts, 'quoteStatus'>): RepairOutcome {
  if (job.quoteStatus === 'approved' || job.quoteStatus === 'declined') return job.quoteStatus;
  if (repair.carriedToRepairId) return 'carried';
  if (repair.resolvedAt) return 'resolved';
  if (repair.totalCents <= 0) return 'none';
  return job.quoteStatus === null || job.quoteStatus === 'withdrawn' ? 'not_quoted' : 'quoted';
}

export const homeRules = {
  /** Jobs with No Appointment: open jobs with no schedule start. */
  jobWithNoAppointment: (job: HomeJobFacts) => isOpenJob(job) && job.scheduleStart === null,
  /** Overdue Jobs: open jobs whose due period ended before today (company time zone). */
  overdueJob: (job: HomeJobFacts, today: string) => isOpenJob(job) && job.timePeriodDue < today,
  /** Past Jobs to Mark Complete: scheduled jobs whose schedule start is in the past. */
  pastJobToMarkComplete: (job: HomeJobFacts, now: Date) =>
    job.status === 'scheduled' && job.scheduleStart !== null && job.scheduleStart.getTime() < now.getTime(),
  /**
   * Follow Up Jobs: the job's latest quote is unanswered: awaiting the customer, or its link ran
   * out before an answer (the office follows up and resends).
   */
  followUpJob: (job: HomeJobFacts) => job.quoteStatus === 'sent' || job.quoteStatus === 'expired',
  /** Jobs Ready to Schedule: open jobs whose latest quote the customer approved. */
  jobReadyToSchedule: (job: HomeJobFacts) => isOpenJob(job) && job.quoteStatus === 'approved',
  /** Jobs to Invoice: completed jobs with no (non-void) invoice. */
  jobToInvoice: (job: HomeJobFacts) => job.status === 'completed' && !job.hasInvoice,
  /**
   * Open Deficiencies: repair records with a non-zero total whose customer decision is still open,
   * and that nobody settled another way: not marked resolved, not added to a later job (issue 29,
   * decision 044). The one rule of an "open repair": the Home count and list, the company asset
   * report, the service opportunities, the unit's open recommendations and the job page's "Open
   * recommendations from earlier visits" all read it (SQL twin: `openRepair` in server/db/views.ts).
   */
  openDeficiency: (repair: OpenRepairFacts, job: Pick<HomeJobFacts, 'quoteStatus'>) =>
    repair.totalCents > 0 && (OPEN_REPAIR_OUTCOMES as readonly string[]).includes(repairOutcome(repair, job)),
  /** Total Unsent Invoices: draft invoices. */
  unsentInvoice: (invoice: { status: string }) => invoice.status === 'draft',
  /** Total Submitted Quotes: quotes whose link is live and awaiting the customer (effective status sent). */
  submittedQuote: (quote: { status: QuoteStatus }) => quote.status === 'sent',
} as const;

const optionalUuid = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUuidV4(v), message);

export const homeFilters = z.object({
  office: z
    .string()
    .trim()
    .max(HOME_OFFICE_MAX)
    .optional()
    .transform((v) => (v ? v : undefined)),
  technicianId: optionalUuid('Invalid technician id'),
  period: z
    .enum(HOME_PERIODS.map((p) => p.value) as [HomePeriod, ...HomePeriod[]], { error: 'Unknown period' })
    .default(DEFAULT_HOME_PERIOD),
});
// The plain parser (home-filters.ts) and this schema accept and refuse the same (home.test.ts).
homeFilters satisfies z.ZodType<HomeFilters, unknown>;

export const homeCount = z.object({ count: z.number().int() });
export const homeCountWithValue = z.object({ count: z.number().int(), valueCents: z.number().int() });

export const homeStats = z.object({
  jobsNoAppointment: homeCount,
  overdueJobs: homeCount,
  jobsToMark: homeCount,
  followUpJobs: homeCount,
  openDeficiencies: homeCount,
  unsentInvoices: homeCountWithValue,
  jobsToSchedule: homeCountWithValue,
  jobsToInvoice: homeCount,
  submittedQuotes: homeCountWithValue,
});
export type HomeStats = z.infer<typeof homeStats>;

/** GET /api/home/deficiencies: the open deficiencies Open Deficiencies counts, newest first, a page at a time. */
export const HOME_DEFICIENCIES_PAGE_SIZE = 25;
export const homeDeficienciesListQuery = homeFilters.extend({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .default(1),
});
export type HomeDeficienciesListQuery = z.infer<typeof homeDeficienciesListQuery>;
export const openDeficiency = z.object({
  repairId: z.string(),
  jobId: z.string(),
  jobNumber: z.number().int(),
  jobName: z.string(),
  locationName: z.string().nullable(),
  unitNumber: z.string().nullable(),
  /** the chosen option's name (Economy, Standard, Premium Option) */
  optionLabel: z.string(),
  totalCents: z.number().int(),
  /** when the repair record was made (the period filters on it) */
  createdAt: z.string(),
});
export type OpenDeficiency = z.infer<typeof openDeficiency>;
export const openDeficiencies = z.object({
  items: z.array(openDeficiency),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type OpenDeficiencies = z.infer<typeof openDeficiencies>;

export const homeOptions = z.object({
  offices: z.array(z.string()),
  technicians: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type HomeOptions = z.infer<typeof homeOptions>;

export const dailyScheduleQuery = z.object({
  date: z.string().refine(isIsoDate, 'Date must be YYYY-MM-DD'),
  technicianId: optionalUuid('Invalid technician id'),
});
export type DailyScheduleQuery = z.infer<typeof dailyScheduleQuery>;

export const scheduledJob = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  scheduleStart: z.string(),
  scheduleDuration: z.number().int(),
  locationName: z.string().nullable(),
  unitNumber: z.string().nullable(),
  technicians: z.array(z.string()),
});
export type ScheduledJob = z.infer<typeof scheduledJob>;

export const dailySchedule = z.object({
  date: z.string(),
  timeZone: z.string(),
  jobs: z.array(scheduledJob),
  total: z.number().int(),
});
export type DailySchedule = z.infer<typeof dailySchedule>;

/** At most this many jobs are listed for one day; the total says if there were more. */
export const DAILY_SCHEDULE_LIMIT = 100;
