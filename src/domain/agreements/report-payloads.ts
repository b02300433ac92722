/**
 * The agreements' reports (issue 29 items 4 and 6, decision 053): pull-through per agreement, the
 * report across agreements, renewals, the visits due this month not scheduled, Home's two counts
 * and the generator's runs. One zod schema per payload, shared by the route, the screens and tests.
 */
import { z } from 'zod';
import { customerPaging, optionalUuidFilter } from '../customers.js';
import { agreementListItem } from './payloads.js';
import { AGREEMENT_STATUSES } from './status.js';

export const AGREEMENT_REPORT_MESSAGES = {
  invalidSort: 'Sort must be one of: endDate, number, price, visitsDone, repairsApproved, repairRevenue, profit',
  invalidDirection: 'Direction must be asc or desc',
  invalidDays: 'Days must be 60 or 90',
  invalidStatus: 'Status must be draft, active, expired or cancelled',
} as const;

/** The pull-through figures of one agreement (profit only for those who may see costs). */
export const pullThroughFigures = z.object({
  visitsDone: z.number().int(),
  visitsPlannedToDate: z.number().int(),
  visitsPlannedTerm: z.number().int(),
  repairsQuotedCount: z.number().int(),
  repairsQuotedCents: z.number().int(),
  repairsApprovedCount: z.number().int(),
  repairsApprovedCents: z.number().int(),
  repairRevenueCents: z.number().int(),
  agreementRevenueCents: z.number().int(),
});
export type PullThroughFigures = z.infer<typeof pullThroughFigures>;

export const profitabilityPayload = z.object({
  laborMinutes: z.number().int(),
  laborRateCents: z.number().int(),
  laborCostCents: z.number().int(),
  partsCostCents: z.number().int(),
  profitCents: z.number().int(),
  marginPermille: z.number().int().nullable(),
});
export type ProfitabilityPayload = z.infer<typeof profitabilityPayload>;

export const agreementPullThrough = pullThroughFigures.extend({
  agreementId: z.string(),
  /** Null for roles that may not see costs (agreements.report). */
  profitability: profitabilityPayload.nullable(),
});
export type AgreementPullThrough = z.infer<typeof agreementPullThrough>;

export const AGREEMENT_REPORT_SORTS = [
  'endDate',
  'number',
  'price',
  'visitsDone',
  'repairsApproved',
  'repairRevenue',
  'profit',
] as const;
export type AgreementReportSort = (typeof AGREEMENT_REPORT_SORTS)[number];

const optionalEnum = <T extends readonly string[]>(values: T, message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || (values as readonly string[]).includes(v), message)
    .transform((v) => v as T[number] | undefined);

/** /agreements/report: status, company, the sort and its direction, paged. */
export const agreementReportQuery = z.object({
  status: optionalEnum(AGREEMENT_STATUSES, AGREEMENT_REPORT_MESSAGES.invalidStatus),
  companyId: optionalUuidFilter('Invalid company ID format'),
  sort: optionalEnum(AGREEMENT_REPORT_SORTS, AGREEMENT_REPORT_MESSAGES.invalidSort).transform((v) => v ?? 'endDate'),
  dir: optionalEnum(['asc', 'desc'] as const, AGREEMENT_REPORT_MESSAGES.invalidDirection).transform((v) => v ?? 'asc'),
  ...customerPaging,
});
export type AgreementReportQuery = z.output<typeof agreementReportQuery>;
export const agreementReportExportQuery = agreementReportQuery.omit({ page: true, pageSize: true });
export type AgreementReportExportQuery = z.output<typeof agreementReportExportQuery>;

export const agreementReportItem = agreementListItem.extend({
  ...pullThroughFigures.shape,
  ...profitabilityPayload.shape,
});
export type AgreementReportItem = z.infer<typeof agreementReportItem>;

/** The renewals list's windows: agreements ending in the next 60 or 90 days. */
export const RENEWAL_WINDOWS = [60, 90] as const;
export type RenewalWindow = (typeof RENEWAL_WINDOWS)[number];

export const renewalsQuery = z.object({
  days: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : '60'))
    .refine((v) => v === '60' || v === '90', AGREEMENT_REPORT_MESSAGES.invalidDays)
    .transform((v) => Number(v) as RenewalWindow),
  ...customerPaging,
});
export type RenewalsQuery = z.output<typeof renewalsQuery>;

export const renewalItem = agreementListItem.extend({
  ...pullThroughFigures.shape,
  renewalPriceCents: z.number().int(),
  escalatorPercent: z.string(),
  daysLeft: z.number().int(),
});
export type RenewalItem = z.infer<typeof renewalItem>;

/** A visit whose job is still unscheduled with its window in this month (Home's card opens these). */
export const dueVisit = z.object({
  visitId: z.string(),
  visitDate: z.string(),
  windowEnd: z.string(),
  agreementId: z.string(),
  agreementNumber: z.number().int(),
  agreementName: z.string(),
  companyName: z.string(),
  locationName: z.string(),
  jobId: z.string(),
  jobNumber: z.number().int(),
});
export type DueVisit = z.infer<typeof dueVisit>;
export const dueVisitsQuery = z.object({ ...customerPaging });
export type DueVisitsQuery = z.output<typeof dueVisitsQuery>;

/** Home's two agreement cards. */
export const agreementHomeCounts = z.object({
  visitsDueNotScheduled: z.object({ count: z.number().int(), month: z.string() }),
  renewingSoon: z.object({ count: z.number().int(), days: z.number().int() }),
});
export type AgreementHomeCounts = z.infer<typeof agreementHomeCounts>;

/** One run of the visit generator as the runs screen shows it. */
export const generatorRunRow = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  triggeredByName: z.string().nullable(),
  server: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  throughDate: z.string().nullable(),
  visitsCreated: z.number().int(),
  agreementsRenewed: z.number().int(),
  agreementsExpired: z.number().int(),
  invoicesCreated: z.number().int(),
  error: z.string().nullable(),
});
export type GeneratorRunRow = z.infer<typeof generatorRunRow>;
export const generatorRunsQuery = z.object({ ...customerPaging });
export type GeneratorRunsQuery = z.output<typeof generatorRunsQuery>;
