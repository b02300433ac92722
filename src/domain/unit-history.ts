/**
 * Unit history across visits (issue 29, item 5; decision 044): the payloads of the unit page's
 * Service History and open recommendations, and of the job page's "Open recommendations from
 * earlier visits". What makes a repair open is homeRules.openDeficiency (src/domain/home.ts), and
 * what became of it is repairOutcome there: this file holds no rule of its own.
 */
import { z } from 'zod';
import { isUuidV4 } from './ids.js';
import { JOB_STATUSES } from './jobs/constants.js';
import { INSPECTION_MESSAGES } from './inspections.js';
import { unitDeficiency } from './repairs.js';

/** Visits per page of the unit's Service History (each carries its inspections and repairs). */
export const UNIT_HISTORY_PAGE_SIZE = 5;
/** At most this many inspections shown under one visit (a job holds at most 50). */
export const UNIT_HISTORY_INSPECTIONS_PER_VISIT = 50;
/** At most this many open recommendations on the job page (the newest; the total says if more). */
export const EARLIER_RECOMMENDATIONS_LIMIT = 25;

export const unitHistoryQuery = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(10_000, 'Page must be at most 10000')
    .default(1),
});

/** One inspection of a visit with its key readings and the repair options found. */
export const visitInspection = z.object({
  id: z.string(),
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  age: z.number().int().nullable(),
  tonnage: z.string().nullable(),
  unitType: z.string().nullable(),
  systemType: z.string().nullable(),
  completed: z.boolean(),
  createdAt: z.string(),
  repair: unitDeficiency.nullable(),
});
export type VisitInspection = z.infer<typeof visitInspection>;

/** One visit (job) of the unit. */
export const unitVisit = z.object({
  jobId: z.string(),
  jobNumber: z.number().int(),
  jobName: z.string(),
  status: z.enum(JOB_STATUSES),
  type: z.string(),
  createdAt: z.string(),
  scheduleStart: z.string().nullable(),
  completedAt: z.string().nullable(),
  technicians: z.array(z.string()),
  inspections: z.array(visitInspection),
});
export type UnitVisit = z.infer<typeof unitVisit>;

export const unitHistoryAnswer = z.object({
  items: z.array(unitVisit),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UnitHistoryAnswer = z.infer<typeof unitHistoryAnswer>;

/** The day a visit happened, as the history shows it: completed, else scheduled, else created. */
export function visitInstant(visit: Pick<UnitVisit, 'completedAt' | 'scheduleStart' | 'createdAt'>): string {
  return visit.completedAt ?? visit.scheduleStart ?? visit.createdAt;
}

/** The job page's card: the open recommendations of the job's unit found on its other jobs. */
export const earlierRecommendations = z.object({
  unitId: z.string().nullable(),
  unitNumber: z.string().nullable(),
  items: z.array(unitDeficiency),
  /** how many there are in all (the list holds at most EARLIER_RECOMMENDATIONS_LIMIT) */
  total: z.number().int(),
});
export type EarlierRecommendations = z.infer<typeof earlierRecommendations>;

export const RESOLUTION_REASON_MAX = 500;
export const resolveRecommendationInput = z.object({
  reason: z
    .string({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(RESOLUTION_REASON_MAX, `Reason must be at most ${RESOLUTION_REASON_MAX} characters`),
});
export type ResolveRecommendationInput = z.infer<typeof resolveRecommendationInput>;

export const RECOMMENDATION_MESSAGES = {
  invalidRepairId: 'Invalid recommendation ID format',
  notFound: 'Recommendation not found',
  notOpen: 'This recommendation is no longer open',
  sameJob: 'This recommendation was found on this job',
  noUnit: 'This job has no unit',
  resolved: 'Recommendation marked resolved',
  added: 'Recommendation added to this job',
} as const;

export const jobRecommendationParams = z.object({
  id: z.string().refine(isUuidV4, INSPECTION_MESSAGES.invalidJobId),
  repairId: z.string().refine(isUuidV4, RECOMMENDATION_MESSAGES.invalidRepairId),
});
export const unitRecommendationParams = z.object({
  id: z.string().refine(isUuidV4, INSPECTION_MESSAGES.invalidUnitId),
  repairId: z.string().refine(isUuidV4, RECOMMENDATION_MESSAGES.invalidRepairId),
});
