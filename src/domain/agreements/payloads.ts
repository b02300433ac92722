/**
 * Service agreements' payloads (issue 29): one zod schema per payload, shared by the form, the
 * route and the tests, with the messages the API answers.
 */
import { z } from 'zod';
import { customerPaging, containsFilter, optionalUuidFilter, requiredText } from '../customers.js';
import { isIsoDate } from '../dates.js';
import { isUuidV4 } from '../ids.js';
import { percentToBasisPoints } from './renewal.js';
import { VISIT_FREQUENCIES } from './recurrence.js';
import { AGREEMENT_STATUSES } from './status.js';

// The billing plans and their labels are in constants.ts, which builds no schema (decision 057).
import { BILLING_PLANS } from './constants.js';
export { BILLING_PLANS, BILLING_PLAN_LABELS, type BillingPlan } from './constants.js';

export const DAY_RULE_KINDS = ['dayOfMonth', 'nthWeekday'] as const;
export const NTH_VALUES = [1, 2, 3, 4, -1] as const;

export const AGREEMENT_LIMITS = {
  nameLength: 200,
  checklistItems: 50,
  checklistItemLength: 200,
  notesLength: 4000,
  unitsPerAgreement: 500,
  maxWindowDays: 92,
  minDuration: 30,
  maxDuration: 1440,
  maxEscalatorPercent: 100,
  /** Settings: how many days ahead visits become jobs (default 30). */
  defaultLeadDays: 30,
  maxLeadDays: 365,
} as const;

export const AGREEMENT_MESSAGES = {
  invalidAgreementId: 'Invalid agreement ID format',
  agreementNotFound: 'Agreement not found',
  companyRequired: 'Choose the customer company',
  unknownCompany: 'Company not found',
  unitsRequired: 'Choose at least one unit the agreement covers',
  unitNotOfCompany: 'Every unit must belong to the chosen company',
  unknownJobType: 'Choose an active job type',
  unknownServiceLine: 'Choose an active service line',
  technicianNotActive: 'The preferred technician is not an active technician',
  startDateInvalid: 'Start date must be a date',
  endDateInvalid: 'End date must be a date',
  endBeforeStart: 'End date must be on or after the start date',
  monthsRequired: 'Choose at least one month for the visits',
  dayInvalid: 'Day of the month must be a whole number from 1 to 28',
  priceInvalid: 'Price must be an amount such as 1200.00',
  notToExceedInvalid: 'Not-to-exceed amount must be an amount such as 500.00, or empty',
  escalatorInvalid: 'Price escalator must be a percentage from 0 to 100 with at most 2 decimals',
  windowInvalid: `Visit window must be a whole number of days from 1 to ${AGREEMENT_LIMITS.maxWindowDays}`,
  durationInvalid: 'Visit duration must be from 0:30 to 24:00',
  checklistTooLong: `A checklist holds at most ${AGREEMENT_LIMITS.checklistItems} tasks of ${AGREEMENT_LIMITS.checklistItemLength} characters`,
  endingBeforeInvalid: 'Ending before must be a date',
  invalidStatus: 'Status must be draft, active, expired or cancelled',
} as const;

const money = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, message);

const isoDate = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isIsoDate(v), message);

const uuidOf = (message: string) => z.string({ error: message }).refine((v) => isUuidV4(v), message);

/** The agreement form's fields: Create and Edit Agreement send the same ones. */
const agreementShape = z.object({
  name: requiredText('Agreement name', AGREEMENT_LIMITS.nameLength),
  companyId: uuidOf(AGREEMENT_MESSAGES.companyRequired),
  unitIds: z
    .array(uuidOf(AGREEMENT_MESSAGES.unitsRequired), { error: AGREEMENT_MESSAGES.unitsRequired })
    .min(1, AGREEMENT_MESSAGES.unitsRequired)
    .max(AGREEMENT_LIMITS.unitsPerAgreement, `An agreement covers at most ${AGREEMENT_LIMITS.unitsPerAgreement} units`)
    .transform((ids) => [...new Set(ids)]),
  startDate: isoDate(AGREEMENT_MESSAGES.startDateInvalid),
  endDate: isoDate(AGREEMENT_MESSAGES.endDateInvalid),
  frequency: z.enum(VISIT_FREQUENCIES, { error: 'Choose how often the visits come' }),
  months: z
    .array(z.coerce.number().int().min(1).max(12), { error: AGREEMENT_MESSAGES.monthsRequired })
    .default([])
    .transform((ms) => [...new Set(ms)].sort((a, b) => a - b)),
  dayKind: z.enum(DAY_RULE_KINDS, { error: 'Choose which day of the month' }),
  dayOfMonth: z.coerce
    .number({ error: AGREEMENT_MESSAGES.dayInvalid })
    .int(AGREEMENT_MESSAGES.dayInvalid)
    .min(1, AGREEMENT_MESSAGES.dayInvalid)
    .max(28, AGREEMENT_MESSAGES.dayInvalid)
    .default(1),
  nth: z.coerce
    .number()
    .refine((n) => (NTH_VALUES as readonly number[]).includes(n), 'Choose first, second, third, fourth or last')
    .default(1),
  weekday: z.coerce.number().int().min(0, 'Choose a weekday').max(6, 'Choose a weekday').default(1),
  windowDays: z.coerce
    .number({ error: AGREEMENT_MESSAGES.windowInvalid })
    .int(AGREEMENT_MESSAGES.windowInvalid)
    .min(1, AGREEMENT_MESSAGES.windowInvalid)
    .max(AGREEMENT_LIMITS.maxWindowDays, AGREEMENT_MESSAGES.windowInvalid)
    .default(14),
  technicianId: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isUuidV4(v), AGREEMENT_MESSAGES.technicianNotActive),
  jobType: requiredText('Job type', 20),
  serviceLine: requiredText('Service line', 20),
  visitDuration: z.coerce
    .number({ error: AGREEMENT_MESSAGES.durationInvalid })
    .int(AGREEMENT_MESSAGES.durationInvalid)
    .min(AGREEMENT_LIMITS.minDuration, AGREEMENT_MESSAGES.durationInvalid)
    .max(AGREEMENT_LIMITS.maxDuration, AGREEMENT_MESSAGES.durationInvalid),
  /** One task per line; blank lines are dropped. */
  checklist: z
    .string({ error: AGREEMENT_MESSAGES.checklistTooLong })
    .default('')
    .transform((text) =>
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine(
      (tasks) =>
        tasks.length <= AGREEMENT_LIMITS.checklistItems &&
        tasks.every((t) => t.length <= AGREEMENT_LIMITS.checklistItemLength),
      AGREEMENT_MESSAGES.checklistTooLong,
    ),
  price: money(AGREEMENT_MESSAGES.priceInvalid),
  billingPlan: z.enum(BILLING_PLANS, { error: 'Choose a billing plan' }),
  notToExceed: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{1,10}(\.\d{1,2})?$/.test(v), AGREEMENT_MESSAGES.notToExceedInvalid),
  autoRenew: z.boolean().default(false),
  escalatorPercent: z
    .string()
    .trim()
    .default('0')
    .transform((v) => (v === '' ? '0' : v))
    .refine((v) => {
      const bp = percentToBasisPoints(v);
      return bp !== null && bp <= AGREEMENT_LIMITS.maxEscalatorPercent * 100;
    }, AGREEMENT_MESSAGES.escalatorInvalid),
  notes: z
    .string()
    .trim()
    .max(AGREEMENT_LIMITS.notesLength, `Notes must be at most ${AGREEMENT_LIMITS.notesLength} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
});

const checkAgreement = (
  v: { startDate: string; endDate: string; frequency: string; months: number[] },
  ctx: z.RefinementCtx,
) => {
  if (isIsoDate(v.startDate) && isIsoDate(v.endDate) && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGREEMENT_MESSAGES.endBeforeStart });
  if (v.frequency === 'months' && v.months.length === 0)
    ctx.addIssue({ code: 'custom', path: ['months'], message: AGREEMENT_MESSAGES.monthsRequired });
};

/** Edit Agreement. */
export const agreementInput = agreementShape.superRefine(checkAgreement);
export type AgreementInput = z.output<typeof agreementInput>;

/** Create Agreement: the form, saved as a draft or active at once. */
export const createAgreementInput = agreementShape
  .extend({ status: z.enum(['draft', 'active'], { error: 'Status must be draft or active' }).default('active') })
  .superRefine(checkAgreement);
export type AgreementFormValues = z.input<typeof createAgreementInput>;
export type CreateAgreementInput = z.output<typeof createAgreementInput>;

export const agreementUnit = z.object({
  id: z.string(),
  unitNumber: z.string(),
  locationId: z.string(),
  locationName: z.string(),
});
export type AgreementUnit = z.infer<typeof agreementUnit>;

export const agreementListItem = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  status: z.enum(AGREEMENT_STATUSES),
  startDate: z.string(),
  endDate: z.string(),
  priceCents: z.number().int(),
  billingPlan: z.enum(BILLING_PLANS),
  autoRenew: z.boolean(),
  nextVisitOn: z.string().nullable(),
});
export type AgreementListItem = z.infer<typeof agreementListItem>;

export const agreementDetail = agreementListItem.extend({
  frequency: z.enum(VISIT_FREQUENCIES),
  months: z.array(z.number().int()),
  dayKind: z.enum(DAY_RULE_KINDS),
  dayOfMonth: z.number().int(),
  nth: z.number().int(),
  weekday: z.number().int(),
  planText: z.string(),
  windowDays: z.number().int(),
  technicianId: z.string().nullable(),
  technicianName: z.string().nullable(),
  jobType: z.string(),
  jobTypeName: z.string().nullable(),
  serviceLine: z.string(),
  serviceLineName: z.string().nullable(),
  visitDuration: z.number().int(),
  checklist: z.array(z.string()),
  notToExceedCents: z.number().int().nullable(),
  escalatorPercent: z.string(),
  notes: z.string().nullable(),
  units: z.array(agreementUnit),
  renewedFromId: z.string().nullable(),
  renewedById: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AgreementDetail = z.infer<typeof agreementDetail>;

/** A visit's state as the agreement page shows it, from its job. */
export const VISIT_STATES = ['unscheduled', 'scheduled', 'completed', 'cancelled', 'removed'] as const;
export type VisitState = (typeof VISIT_STATES)[number];

export const agreementVisit = z.object({
  id: z.string(),
  visitDate: z.string(),
  windowEnd: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  jobId: z.string().nullable(),
  jobNumber: z.number().int().nullable(),
  state: z.enum(VISIT_STATES),
  scheduleStart: z.string().nullable(),
});
export type AgreementVisit = z.infer<typeof agreementVisit>;
export const agreementVisits = z.object({ items: z.array(agreementVisit), timeZone: z.string() });

/** /agreements: status (effective), company, ending before a date; a search over name and company. */
export const agreementListQuery = z.object({
  q: containsFilter,
  status: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => v === undefined || (AGREEMENT_STATUSES as readonly string[]).includes(v),
      AGREEMENT_MESSAGES.invalidStatus,
    )
    .transform((v) => v as (typeof AGREEMENT_STATUSES)[number] | undefined),
  companyId: optionalUuidFilter('Invalid company ID format'),
  endingBefore: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isIsoDate(v), AGREEMENT_MESSAGES.endingBeforeInvalid),
  ...customerPaging,
});
export type AgreementListQuery = z.output<typeof agreementListQuery>;
export const agreementExportQuery = agreementListQuery.omit({ page: true, pageSize: true });
export type AgreementExportQuery = z.output<typeof agreementExportQuery>;

/** What Cancel Agreement will do, for its dialog. */
export const cancelPreview = z.object({ removable: z.number().int(), staying: z.number().int() });
export type CancelPreview = z.infer<typeof cancelPreview>;

/** One run of the visit generator. */
export const generatorRun = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  visitsCreated: z.number().int(),
  agreementsRenewed: z.number().int(),
  /** Agreement invoices the run's billing created (decision 058). */
  invoicesCreated: z.number().int(),
  error: z.string().nullable(),
});
export type GeneratorRun = z.infer<typeof generatorRun>;

/** The line the cancel dialog states. */
export function cancelConsequences(preview: CancelPreview): string {
  const removed = `${preview.removable} unscheduled future ${preview.removable === 1 ? 'visit' : 'visits'} will be removed`;
  const stay = `${preview.staying} scheduled ${preview.staying === 1 ? 'visit stays' : 'visits stay'} on the board`;
  return `${removed}; ${stay}. Completed and invoiced work is not changed. Draft invoices for billing periods that have not begun are deleted; issued invoices stay.`;
}
