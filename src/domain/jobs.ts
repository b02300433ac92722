import { z } from 'zod';
import { paginated } from './api.js';
import { isIsoDate } from './dates.js';
import { JOB_STATUSES, type JobStatus } from './home.js';
import { isUuidV4 } from './ids.js';
import { sumCents } from './money.js';
import { hasAtMostTwoDecimals } from './price-book.js';

/**
 * Jobs (issue 9): the list and its filters, the job detail, Create Job, presets, technicians,
 * priced items and the calendar. One schema per payload, shared by the screens, the routes and the
 * tests; the rules (status from the schedule, the duration grid, item totals, the part price) are
 * pure functions below.
 */

export { JOB_STATUSES, type JobStatus };

export const JOB_MESSAGES = {
  invalidJobId: 'Invalid job ID format',
  jobNotFound: 'Job not found',
  invalidItemId: 'Invalid item ID format',
  itemNotFound: 'Item not found',
  invalidPresetId: 'Invalid preset ID format',
  presetNotFound: 'Preset not found',
  // Create Job (part 2 section 5)
  requiredFields: 'Please fill in all required fields.',
  locationRequired: 'Service location is required',
  addressRequired: 'Service address is required',
  cityRequired: 'Service city is required',
  stateRequired: 'Service state is required',
  stateTooLong: 'Service state must be at most 2 characters',
  zipRequired: 'Service zip is required',
  serviceLineRequired: 'Service line is required',
  descriptionRequired: 'Description is required',
  contactTypeRequired: 'Contact type is required',
  nameRequired: 'Job name is required',
  jobTypeRequired: 'Job type is required',
  startDateRequired: 'Start date is required',
  dueDateRequired: 'Due date is required',
  dueBeforeStart: 'Due date must be on or after the start date',
  scheduleTimeInvalid: 'Schedule time must be HH:MM',
  durationGrid: 'Duration must be in 30-minute steps',
  durationRange: 'Duration must be between 0:30 and 24:00',
  // the server's checks against the database
  unknownLocation: 'Service location not found',
  unknownCompany: 'Company not found',
  locationNotOfCompany: 'The service location does not belong to the chosen company',
  unknownUnit: 'Unit not found',
  unitNotAtLocation: 'The unit is not at the chosen service location',
  unknownJobType: 'Job type not found or inactive',
  unknownServiceLine: 'Service line not found or inactive',
  technicianNotActive: 'Every technician must be an active technician',
  // Preset, technicians, items
  presetNameRequired: 'Preset name is required',
  technicianRequired: 'Select at least one technician',
  technicianDuplicate: 'A technician is chosen twice',
  itemTypeInvalid: 'Item type must be part, labor or item',
  codeRequired: 'Code is required',
  itemNameRequired: 'Name is required',
  quantityMin: 'Quantity must be at least 1',
  quantityWhole: 'Quantity must be a whole number',
  unitPriceRequired: 'Unit price is required',
  unitPriceMin: 'Unit price must be at least 0',
  unitPricePositive: 'Unit price must be greater than 0',
  unitPriceStep: 'Unit price must be in steps of 0.01',
  unitPriceMax: 'Unit price must be at most $1,000,000.00',
  priceBookItemNotFound: 'Price book item not found',
  // transitions
  alreadyCompleted: 'This job is already completed',
  cancelledCannotComplete: 'A cancelled job cannot be completed',
  alreadyCancelled: 'This job is already cancelled',
  completedCannotCancel: 'A completed job cannot be cancelled',
  notAssigned: 'You can only change jobs assigned to you',
  // calendar
  calendarRange: 'The calendar range must be at most 62 days',
  calendarOrder: "'to' must be on or after 'from'",
} as const;

/** Why a job cannot be deleted: something billed or decided hangs on it. Offered instead: Cancel Job. */
export function jobDeleteRefusal(reasons: { quoteAnswered: boolean; nonDraftInvoices: number }): string | null {
  const parts: string[] = [];
  if (reasons.quoteAnswered) parts.push('the customer has answered its quote');
  if (reasons.nonDraftInvoices > 0) {
    parts.push(reasons.nonDraftInvoices === 1 ? 'it has an invoice that is no longer a draft' : `it has ${reasons.nonDraftInvoices} invoices that are no longer drafts`);
  }
  if (parts.length === 0) return null;
  return `This job cannot be deleted: ${parts.join(' and ')}. Cancel the job instead to keep its quotes and invoices.`;
}

// ---------------------------------------------------------------------------------------------
// Constants
// ---------------------------------------------------------------------------------------------

export const JOB_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_JOB_PAGE_SIZE = 25;
export const JOB_CONTACT_TYPES = ['primary', 'secondary', 'emergency'] as const;
export type JobContactType = (typeof JOB_CONTACT_TYPES)[number];
/** Service contract choices; the Non-Contract toggle forces 'Non-Contract'. */
export const SERVICE_CONTRACTS = ['Standard', 'Financial', 'Management', 'On-site', 'Owner', 'Sales'] as const;
export const NON_CONTRACT = 'Non-Contract';
export const SERVICE_CONTRACT_VALUES = [...SERVICE_CONTRACTS, NON_CONTRACT] as const;
export type ServiceContract = (typeof SERVICE_CONTRACT_VALUES)[number];
export const DEFAULT_JOB_TYPE = 'PM';
export const DEFAULT_OFFICE = 'Main Office';
export const JOB_ITEM_TYPES = ['part', 'labor', 'item'] as const;
export type JobItemType = (typeof JOB_ITEM_TYPES)[number];

/**
 * Durations are whole minutes on a 30-minute grid. The Create Job form offers 1:00 to 4:00 (the
 * spec); the API accepts 0:30 to 24:00 on the same grid so the dispatch board can stretch a job
 * (decision 015).
 */
export const DURATION_STEP_MINUTES = 30;
export const DEFAULT_DURATION_MINUTES = 60;
export const API_DURATION_LIMITS = { min: 30, max: 1440 } as const;
export const FORM_DURATION_LIMITS = { min: 60, max: 240 } as const;

export const JOB_LIMITS = {
  nameLength: 200,
  codeLength: 50,
  itemNameLength: 200,
  customerPoLength: 100,
  officeLength: 100,
  contactNameLength: 200,
  contactPhoneLength: 30,
  contactEmailLength: 254,
  textLength: 5000,
  maxTechnicians: 20,
  maxTags: 20,
  tagLength: 50,
  maxQuantity: 100_000,
  maxUnitPriceCents: 100_000_000,
  presetNameLength: 100,
  calendarMaxDays: 62,
  calendarUnscheduledLimit: 200,
  calendarPerDayMax: 100,
} as const;

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** A new job is scheduled when both schedule date and time are given, otherwise unscheduled. */
export function statusFromSchedule(scheduleDate: string | null | undefined, scheduleTime: string | null | undefined): 'scheduled' | 'unscheduled' {
  return scheduleDate && scheduleTime ? 'scheduled' : 'unscheduled';
}

export function isOnDurationGrid(minutes: number): boolean {
  return Number.isInteger(minutes) && minutes % DURATION_STEP_MINUTES === 0;
}

/** The durations a picker offers, in minutes: 60, 90, ... 240 by default. */
export function durationChoices(limits: { min: number; max: number } = FORM_DURATION_LIMITS): number[] {
  const out: number[] = [];
  for (let m = limits.min; m <= limits.max; m += DURATION_STEP_MINUTES) out.push(m);
  return out;
}

/** Minutes -> "h:mm" (90 -> "1:30"). */
export function formatDurationHm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h}:${String(m).padStart(2, '0')}`;
}

/** "h:mm" -> minutes ("1:30" -> 90); null when it is not h:mm. */
export function parseDurationHm(text: string): number | null {
  const match = /^(\d{1,2}):([0-5]\d)$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 60 + Number(match[2]);
}

/** A line's total: quantity x unit price, in cents (exact: both are integers). */
export function itemTotalCents(quantity: number, unitCostCents: number): number {
  if (!Number.isInteger(quantity) || !Number.isInteger(unitCostCents)) throw new RangeError('Quantity and unit cost must be whole numbers');
  return quantity * unitCostCents;
}

/** The job's cost badge and grand total: the sum of its items' totals. */
export function jobCostTotalCents(items: readonly { totalCents: number }[]): number {
  return sumCents(items.map((i) => i.totalCents));
}

/** Totals per item type (the three tables on the Items tab) and the grand total. */
export function itemTotalsByType(items: readonly { type: JobItemType; totalCents: number }[]): Record<JobItemType | 'all', number> {
  const out = { part: 0, labor: 0, item: 0, all: 0 };
  for (const i of items) {
    out[i.type] += i.totalCents;
    out.all += i.totalCents;
  }
  return out;
}

/** A job has a service contract when one of the six contracts is chosen (not empty, not Non-Contract). */
export function hasServiceContract(serviceContract: string | null | undefined): boolean {
  return Boolean(serviceContract) && serviceContract !== NON_CONTRACT;
}

/**
 * A part's unit price on a job: its PM-contract flat rate when the job has a service contract,
 * its non-contract flat rate otherwise. Labor and other items charge their unit cost.
 */
export function partUnitPriceCents(
  part: { flatRateNonContractCents: number; flatRatePmContractCents: number },
  serviceContract: string | null | undefined,
): number {
  return hasServiceContract(serviceContract) ? part.flatRatePmContractCents : part.flatRateNonContractCents;
}

/** Dollars as typed (2 decimals) -> cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The first technician chosen is primary. */
export function technicianRows(technicianIds: readonly string[]): { technicianId: string; isPrimary: boolean }[] {
  return technicianIds.map((technicianId, index) => ({ technicianId, isPrimary: index === 0 }));
}

/** Complete is offered (and allowed) only when the job is neither completed nor cancelled. */
export function canComplete(status: JobStatus): boolean {
  return status !== 'completed' && status !== 'cancelled';
}
export function canCancel(status: JobStatus): boolean {
  return status !== 'completed' && status !== 'cancelled';
}

// ---------------------------------------------------------------------------------------------
// Field pieces
// ---------------------------------------------------------------------------------------------

const emptyToUndefined = (v: string | undefined) => (v ? v : undefined);
const trimmedOptional = (max: number) => z.string().trim().max(max).optional().transform(emptyToUndefined);
const uuidField = (message: string) => z.string({ error: message }).trim().refine((v) => isUuidV4(v), message);
const optionalUuid = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isUuidV4(v), message);

const requiredText = (message: string, max: number, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
const requiredDate = (message: string, label: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine(isIsoDate, `${label} must be a valid date (YYYY-MM-DD)`);

const unitPriceDollars = z
  .number({ error: JOB_MESSAGES.unitPriceRequired })
  .min(0, JOB_MESSAGES.unitPriceMin)
  .max(JOB_LIMITS.maxUnitPriceCents / 100, JOB_MESSAGES.unitPriceMax)
  .refine(hasAtMostTwoDecimals, JOB_MESSAGES.unitPriceStep);
const quantity = z
  .number({ error: JOB_MESSAGES.quantityMin })
  .int(JOB_MESSAGES.quantityWhole)
  .min(1, JOB_MESSAGES.quantityMin)
  .max(JOB_LIMITS.maxQuantity, `Quantity must be at most ${JOB_LIMITS.maxQuantity.toLocaleString('en-US')}`);

export const durationMinutes = z
  .number({ error: 'Duration is required' })
  .int(JOB_MESSAGES.durationGrid)
  .min(API_DURATION_LIMITS.min, JOB_MESSAGES.durationRange)
  .max(API_DURATION_LIMITS.max, JOB_MESSAGES.durationRange)
  .refine(isOnDurationGrid, JOB_MESSAGES.durationGrid);

const technicianIdList = z
  .array(uuidField('Invalid technician id'), { error: 'Technicians must be a list of ids' })
  .max(JOB_LIMITS.maxTechnicians, `At most ${JOB_LIMITS.maxTechnicians} technicians`)
  .refine((ids) => new Set(ids).size === ids.length, JOB_MESSAGES.technicianDuplicate);

/** Free labels for the dispatch board's Tags filter: trimmed, no commas (the filter is comma-separated), one of each ignoring case. */
export const tagList = z
  .array(
    z
      .string({ error: 'Tags must be a list of text' })
      .trim()
      .transform((t) => t.replace(/\s+/g, ' '))
      .pipe(
        z
          .string()
          .min(1, 'A tag may not be empty')
          .max(JOB_LIMITS.tagLength, `A tag must be at most ${JOB_LIMITS.tagLength} characters`)
          .refine((t) => !t.includes(','), 'A tag may not contain a comma'),
      ),
    { error: 'Tags must be a list of text' },
  )
  .max(JOB_LIMITS.maxTags, `At most ${JOB_LIMITS.maxTags} tags`)
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((t) => !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  });

export const jobIdParams = z.object({ id: z.string().refine((v) => isUuidV4(v), JOB_MESSAGES.invalidJobId) });
export const jobItemParams = z.object({
  id: z.string().refine((v) => isUuidV4(v), JOB_MESSAGES.invalidJobId),
  itemId: z.string().refine((v) => isUuidV4(v), JOB_MESSAGES.invalidItemId),
});
export const presetIdParams = z.object({ id: z.string().refine((v) => isUuidV4(v), JOB_MESSAGES.invalidPresetId) });

// ---------------------------------------------------------------------------------------------
// Create Job
// ---------------------------------------------------------------------------------------------

/**
 * The Create Job form and POST /api/jobs. The service address, city, state and zip come from the
 * chosen location and are shown read-only; they are validated here so the form and the API give
 * the same messages, and the server stores the location's own address (not these copies).
 * Schedule date and time are wall-clock values in the company's time zone.
 */
export const createJobInput = z
  .object({
    companyId: optionalUuid(JOB_MESSAGES.unknownCompany),
    locationId: uuidField(JOB_MESSAGES.locationRequired),
    unitId: optionalUuid(JOB_MESSAGES.unknownUnit),
    serviceAddress: requiredText(JOB_MESSAGES.addressRequired, 300, 'Service address'),
    serviceCity: requiredText(JOB_MESSAGES.cityRequired, 100, 'Service city'),
    serviceState: z
      .string({ error: JOB_MESSAGES.stateRequired })
      .trim()
      .min(1, JOB_MESSAGES.stateRequired)
      .max(2, JOB_MESSAGES.stateTooLong)
      .transform((v) => v.toUpperCase()),
    serviceZip: requiredText(JOB_MESSAGES.zipRequired, 10, 'Service zip'),
    contactName: optionalText('Contact name', JOB_LIMITS.contactNameLength),
    contactPhone: optionalText('Contact phone', JOB_LIMITS.contactPhoneLength),
    contactEmail: optionalText('Contact email', JOB_LIMITS.contactEmailLength).refine(
      (v) => v === null || z.email().safeParse(v).success,
      'Contact email must be a valid email address',
    ),
    contactType: z.enum(JOB_CONTACT_TYPES, { error: JOB_MESSAGES.contactTypeRequired }),
    type: z.string({ error: JOB_MESSAGES.jobTypeRequired }).trim().min(1, JOB_MESSAGES.jobTypeRequired).max(20).default(DEFAULT_JOB_TYPE),
    serviceLine: z.string({ error: JOB_MESSAGES.serviceLineRequired }).trim().min(1, JOB_MESSAGES.serviceLineRequired).max(20, 'Service line must be at most 20 characters'),
    name: requiredText(JOB_MESSAGES.nameRequired, JOB_LIMITS.nameLength, 'Job name'),
    description: requiredText(JOB_MESSAGES.descriptionRequired, JOB_LIMITS.textLength, 'Description'),
    problemDescription: optionalText('Problem description', JOB_LIMITS.textLength),
    isTraining: z.boolean({ error: 'Training must be true or false' }).default(false),
    customerPo: optionalText('Customer PO', JOB_LIMITS.customerPoLength),
    serviceContract: z
      .union([z.enum(SERVICE_CONTRACT_VALUES), z.literal('')], { error: 'Service contract must be Standard, Financial, Management, On-site, Owner, Sales or Non-Contract' })
      .nullish()
      .transform((v) => (v ? v : null)),
    nonContract: z.boolean({ error: 'Non-Contract must be true or false' }).default(false),
    timePeriodStart: requiredDate(JOB_MESSAGES.startDateRequired, 'Start date'),
    timePeriodDue: requiredDate(JOB_MESSAGES.dueDateRequired, 'Due date'),
    scheduleDate: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isIsoDate(v), 'Schedule date must be a valid date (YYYY-MM-DD)'),
    scheduleTime: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), JOB_MESSAGES.scheduleTimeInvalid),
    scheduleDuration: durationMinutes.default(DEFAULT_DURATION_MINUTES),
    technicianIds: technicianIdList.default([]),
    office: z
      .string()
      .trim()
      .max(JOB_LIMITS.officeLength, `Office must be at most ${JOB_LIMITS.officeLength} characters`)
      .nullish()
      .transform((v) => (v ? v : DEFAULT_OFFICE)),
    tags: tagList.default([]),
    subcontracted: z.boolean({ error: 'Subcontracted must be true or false' }).default(false),
  })
  .superRefine((v, ctx) => {
    if (isIsoDate(v.timePeriodStart) && isIsoDate(v.timePeriodDue) && v.timePeriodDue < v.timePeriodStart) {
      ctx.addIssue({ code: 'custom', path: ['timePeriodDue'], message: JOB_MESSAGES.dueBeforeStart });
    }
  })
  .transform(({ nonContract, ...v }) => ({ ...v, serviceContract: nonContract ? NON_CONTRACT : v.serviceContract }));
export type CreateJobInput = z.output<typeof createJobInput>;

/**
 * PATCH /api/jobs/:id: the job's labels for the dispatch board, edited on the job page. Only the
 * fields sent change; at least one is required.
 */
export const updateJobInput = z
  .strictObject(
    {
      tags: tagList.optional(),
      subcontracted: z.boolean({ error: 'Subcontracted must be true or false' }).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only tags and subcontracted can be changed here' : 'The body must be an object') },
  )
  .refine((v) => v.tags !== undefined || v.subcontracted !== undefined, 'Nothing to change: send tags and/or subcontracted');
export type UpdateJobInput = z.output<typeof updateJobInput>;
export type CreateJobFormValues = z.input<typeof createJobInput>;

export const createdJob = z.object({ id: z.string(), number: z.number().int() });
export type CreatedJob = z.infer<typeof createdJob>;

// ---------------------------------------------------------------------------------------------
// Presets: the form (as typed) plus its technicians, saved per user
// ---------------------------------------------------------------------------------------------

const presetValue = z.union([z.string().max(JOB_LIMITS.textLength), z.number(), z.boolean(), z.null()]);
/** A copy of the Create Job form's values (any subset) and the chosen technicians. */
export const presetData = z
  .record(z.string().max(50), z.union([presetValue, z.array(z.string().max(100)).max(JOB_LIMITS.maxTechnicians)]), { error: 'Preset data must be the form values' })
  .refine((v) => Object.keys(v).length <= 60, 'Preset data has too many fields');
export type PresetData = z.infer<typeof presetData>;

export const presetInput = z.object({
  name: requiredText(JOB_MESSAGES.presetNameRequired, JOB_LIMITS.presetNameLength, 'Preset name'),
  data: presetData,
});
export type PresetInput = z.output<typeof presetInput>;

export const jobPreset = z.object({ id: z.string(), name: z.string(), data: presetData, createdAt: z.string() });
export type JobPreset = z.infer<typeof jobPreset>;
export const jobPresetList = z.object({ items: z.array(jobPreset) });

// ---------------------------------------------------------------------------------------------
// Technicians and items
// ---------------------------------------------------------------------------------------------

/** Assign Technicians: the new list replaces the old one; the first is primary. */
export const assignTechniciansInput = z.object({
  technicianIds: z
    .array(uuidField('Invalid technician id'), { error: JOB_MESSAGES.technicianRequired })
    .min(1, JOB_MESSAGES.technicianRequired)
    .max(JOB_LIMITS.maxTechnicians, `At most ${JOB_LIMITS.maxTechnicians} technicians`)
    .refine((ids) => new Set(ids).size === ids.length, JOB_MESSAGES.technicianDuplicate),
});
export type AssignTechniciansInput = z.output<typeof assignTechniciansInput>;

/**
 * Add Pricing. A line picked from the price book names it (priceBookItemId of the tab's kind):
 * the server then fills what was left out (code, name, service line, unit price: a part's price by
 * partUnitPriceCents). A custom line gives code, name and unit price itself. Code is required; labor
 * and other items need a name and a unit price above 0; quantity at least 1; unit price at least 0
 * in steps of 0.01. The service line defaults to the job's. The server computes the total.
 */
export const jobItemInput = z
  .object({
    type: z.enum(JOB_ITEM_TYPES, { error: JOB_MESSAGES.itemTypeInvalid }),
    priceBookItemId: optionalUuid(JOB_MESSAGES.priceBookItemNotFound),
    code: z.string().trim().max(JOB_LIMITS.codeLength, `Code must be at most ${JOB_LIMITS.codeLength} characters`).nullish().transform((v) => (v ? v : null)),
    name: optionalText('Name', JOB_LIMITS.itemNameLength),
    serviceLine: z.string().trim().max(20, 'Service line must be at most 20 characters').nullish().transform((v) => (v ? v : null)),
    quantity: quantity.default(1),
    unitPrice: unitPriceDollars.nullish().transform((v) => (v === undefined ? null : v)),
  })
  .superRefine((v, ctx) => {
    const fromPriceBook = v.priceBookItemId !== null;
    if (!fromPriceBook && !v.code) ctx.addIssue({ code: 'custom', path: ['code'], message: JOB_MESSAGES.codeRequired });
    if (!fromPriceBook && v.type !== 'part' && !v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: JOB_MESSAGES.itemNameRequired });
    if (!fromPriceBook && v.unitPrice === null) ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: JOB_MESSAGES.unitPriceRequired });
    if (v.type !== 'part' && v.unitPrice !== null && v.unitPrice <= 0) {
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: JOB_MESSAGES.unitPricePositive });
    }
  });
export type JobItemInput = z.output<typeof jobItemInput>;
export type JobItemFormValues = z.input<typeof jobItemInput>;

/** Edit Item: quantity and unit price; the server computes the total. */
export const updateJobItemInput = z.object({ quantity, unitPrice: unitPriceDollars });
export type UpdateJobItemInput = z.output<typeof updateJobItemInput>;

export const jobItem = z.object({
  id: z.string(),
  type: z.enum(JOB_ITEM_TYPES),
  code: z.string(),
  name: z.string(),
  serviceLine: z.string().nullable(),
  quantity: z.number().int(),
  unitCostCents: z.number().int(),
  totalCents: z.number().int(),
  createdAt: z.string(),
});
export type JobItem = z.infer<typeof jobItem>;

export const jobTechnician = z.object({
  id: z.string(),
  name: z.string(),
  isPrimary: z.boolean(),
});
export type JobTechnicianRef = z.infer<typeof jobTechnician>;

export const jobTechnicianDetail = jobTechnician.extend({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type JobTechnicianDetail = z.infer<typeof jobTechnicianDetail>;

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

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
const optionalUuidFilter = (message: string) =>
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
    q: z.string().trim().max(200, 'Search must be at most 200 characters').optional().transform(emptyToUndefined),
    status: optionalEnum(JOB_STATUSES, 'Status must be scheduled, unscheduled, completed or cancelled'),
    type: trimmedOptional(20),
    serviceLine: trimmedOptional(20),
    technicianId: z
      .string()
      .trim()
      .optional()
      .transform(emptyToUndefined)
      .refine((v) => v === undefined || v === UNASSIGNED || isUuidV4(v), "Technician must be a technician id or 'unassigned'"),
    office: trimmedOptional(JOB_LIMITS.officeLength),
    companyId: optionalUuidFilter('Invalid company ID format'),
    locationId: optionalUuidFilter('Invalid location ID format'),
    unitId: optionalUuidFilter('Invalid unit ID format'),
    dateField: optionalEnum(JOB_DATE_FIELDS, 'Date field must be due, schedule, created or quote-sent').transform((v) => v ?? 'due'),
    from: optionalDate('From'),
    to: optionalDate('To'),
    queue: optionalEnum(JOB_QUEUES, 'Unknown queue'),
    sort: optionalEnum(JOB_SORTS, 'Sort must be number, created, due or schedule').transform((v) => v ?? 'created'),
    dir: optionalEnum(['asc', 'desc'] as const, 'Direction must be asc or desc').transform((v) => v ?? 'desc'),
    page: z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1),
    pageSize: z.coerce
      .number({ error: 'Page size must be 25, 50 or 100' })
      .refine((n) => (JOB_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 25, 50 or 100')
      .default(DEFAULT_JOB_PAGE_SIZE),
  })
  .superRefine((v, ctx) => {
    if (v.from && v.to && v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: "'To' must be on or after 'From'" });
  });
export type JobListQuery = z.output<typeof jobListQuery>;
export type JobListSearch = z.input<typeof jobListQuery>;

/** The export takes the same filters (every page). */
export const jobExportQuery = jobListQuery;

/** The fields that name a job, first in every job shape (list row, detail, calendar entry). */
const jobIdentity = {
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

// ---------------------------------------------------------------------------------------------
// The detail
// ---------------------------------------------------------------------------------------------

export const jobDetail = z.object({
  ...jobIdentity,
  typeName: z.string().nullable(),
  serviceLine: z.string(),
  serviceLineName: z.string().nullable(),
  description: z.string(),
  problemDescription: z.string().nullable(),
  customerPo: z.string().nullable(),
  isTraining: z.boolean(),
  serviceContract: z.enum(SERVICE_CONTRACT_VALUES).nullable(),
  office: z.string(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactType: z.enum(JOB_CONTACT_TYPES),
  timePeriodStart: z.string(),
  timePeriodDue: z.string(),
  scheduleStart: z.string().nullable(),
  scheduleDuration: z.number().int(),
  tags: z.array(z.string()),
  subcontracted: z.boolean(),
  quoteSent: z.boolean(),
  quoteSentAt: z.string().nullable(),
  quoteConfirmed: z.boolean(),
  quoteConfirmedAt: z.string().nullable(),
  /** null: no decision; false with quoteConfirmed: Repair Declined */
  repairApproved: z.boolean().nullable(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  company: z.object({ id: z.string(), name: z.string() }),
  location: z.object({
    id: z.string(),
    name: z.string(),
    buildingName: z.string().nullable(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
  }),
  unit: z
    .object({
      id: z.string(),
      unitNumber: z.string(),
      status: z.string(),
      primaryContactType: z.string().nullable(),
      primaryContactEmail: z.string().nullable(),
      primaryContactPhone: z.string().nullable(),
      billingEntity: z.string().nullable(),
      billingEmail: z.string().nullable(),
      billingCity: z.string().nullable(),
      billingState: z.string().nullable(),
      billingZip: z.string().nullable(),
      office: z.string().nullable(),
      taxable: z.boolean(),
      taxGroupName: z.string().nullable(),
      taxGroupCode: z.string().nullable(),
    })
    .nullable(),
  technicians: z.array(jobTechnicianDetail),
  items: z.array(jobItem),
  costTotalCents: z.number().int(),
  /** What the signed-in user may do here (the screens hide what the server would refuse). */
  can: z.object({ edit: z.boolean(), delete: z.boolean(), assign: z.boolean(), complete: z.boolean(), cancel: z.boolean(), editItems: z.boolean() }),
});
export type JobDetail = z.infer<typeof jobDetail>;

// ---------------------------------------------------------------------------------------------
// Options for the form and the filters
// ---------------------------------------------------------------------------------------------

export const jobOptions = z.object({
  jobTypes: z.array(z.object({ code: z.string(), name: z.string() })),
  serviceLines: z.array(z.object({ code: z.string(), name: z.string() })),
  offices: z.array(z.string()),
  technicians: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), phone: z.string().nullable() })),
  serviceContracts: z.array(z.string()),
  defaultJobType: z.string(),
  defaultOffice: z.string(),
  /** today in the company's time zone (the default start and due dates) */
  today: z.string(),
  timeZone: z.string(),
});
export type JobOptions = z.infer<typeof jobOptions>;

// ---------------------------------------------------------------------------------------------
// Calendar
// ---------------------------------------------------------------------------------------------

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
    if (days > JOB_LIMITS.calendarMaxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: JOB_MESSAGES.calendarRange });
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
