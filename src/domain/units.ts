import { z } from 'zod';
import { isUuidV4 } from './ids.js';
import { UNIT_STATUSES, type UnitListQuery } from './customer-lists.js';
import { JOB_STATUSES } from './jobs/constants.js';
import {
  CUSTOMER_MESSAGES,
  MAIN_OFFICE,
  containsFilter,
  coordinates,
  customerPaging,
  optionalEmail,
  optionalText,
  optionalUuidFilter,
  requiredText,
  STATE_MAX_LENGTH,
  ZIP_MAX_LENGTH,
} from './customers.js';

export {
  countAppliedUnitFilters,
  UNIT_FILTER_KEYS,
  UNIT_STATUSES,
  unitListFilters,
  type UnitListQuery,
  type UnitStatus,
} from './customer-lists.js';
export const CONTACT_TYPES = ['Management', 'Owner', 'Business Owner', 'Tenant'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
/** Primary Contact Type on a new unit. */
export const DEFAULT_CONTACT_TYPE: ContactType = 'Management';

/**
 * The Add / Edit Unit form: unit number required; status active or inactive;
 * contact type one of four; valid e-mails; billing state at most 2 characters; empty optional
 * values stored as null; office falls back to "Main Office"; taxable defaults to true.
 */
export const unitInput = z.object({
  locationId: z
    .string({ error: CUSTOMER_MESSAGES.selectLocation })
    .trim()
    .refine((v) => isUuidV4(v), CUSTOMER_MESSAGES.selectLocation),
  unitNumber: requiredText('Unit number', 100),
  status: z.enum(UNIT_STATUSES, { error: 'Status must be active or inactive' }).default('active'),
  primaryContactType: z
    .union([z.enum(CONTACT_TYPES), z.literal('')], {
      error: 'Primary contact type must be Management, Owner, Business Owner or Tenant',
    })
    .nullish()
    .transform((v) => (v ? v : null)),
  primaryContactEmail: optionalEmail('Primary contact email'),
  primaryContactPhone: optionalText('Primary contact phone', 30),
  phone: optionalText('Phone', 30),
  billingEntity: optionalText('Billing entity', 200),
  billingEmail: optionalEmail('Billing email'),
  billingCity: optionalText('Billing city', 100),
  billingState: optionalText('Billing state', STATE_MAX_LENGTH, 'Billing state must be at most 2 characters').transform(
    (v) => (v ? v.toUpperCase() : null),
  ),
  billingZip: optionalText('Billing zip', ZIP_MAX_LENGTH, 'Billing zip must be at most 10 characters'),
  office: z
    .string()
    .trim()
    .max(100, 'Office must be at most 100 characters')
    .nullish()
    .transform((v) => (v ? v : MAIN_OFFICE)),
  taxable: z.boolean({ error: 'Taxable must be yes or no' }).default(true),
  taxGroupName: optionalText('Tax group name', 100),
  taxGroupCode: optionalText('Tax group code', 50),
});
export type UnitInput = z.output<typeof unitInput>;
export type UnitFormValues = z.input<typeof unitInput>;

/** Edit Unit: the same fields; the location is shown read-only and cannot change. */
export const unitUpdateInput = unitInput.omit({ locationId: true });
export type UnitUpdateInput = z.output<typeof unitUpdateInput>;

const unitFields = {
  id: z.string(),
  unitNumber: z.string(),
  status: z.enum(UNIT_STATUSES),
  primaryContactType: z.enum(CONTACT_TYPES).nullable(),
  primaryContactEmail: z.string().nullable(),
  primaryContactPhone: z.string().nullable(),
  phone: z.string().nullable(),
  billingEntity: z.string().nullable(),
};

/** A row of /units and of the units panels. */
export const unitListItem = z.object({
  ...unitFields,
  locationId: z.string(),
  locationName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
});
export type UnitListItem = z.infer<typeof unitListItem>;

export const unit = z.object({
  ...unitFields,
  billingEmail: z.string().nullable(),
  billingCity: z.string().nullable(),
  billingState: z.string().nullable(),
  billingZip: z.string().nullable(),
  office: z.string(),
  taxable: z.boolean(),
  taxGroupName: z.string().nullable(),
  taxGroupCode: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  location: z.object({
    id: z.string(),
    name: z.string(),
    buildingName: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    zip: z.string(),
    ...coordinates,
  }),
  company: z.object({ id: z.string(), name: z.string() }),
});
export type Unit = z.infer<typeof unit>;

/**
 * /units: `q` is free text where every space-separated word must match the unit number, the
 * location name or the company name; the four filters are "contains" (status is equality).
 */
export const unitListQuery = z.object({
  q: containsFilter,
  unitNumber: containsFilter,
  location: containsFilter,
  company: containsFilter,
  status: z
    .union([z.enum(UNIT_STATUSES), z.literal('')], { error: 'Status must be active or inactive' })
    .optional()
    .transform((v) => (v ? v : undefined)),
  locationId: optionalUuidFilter(CUSTOMER_MESSAGES.invalidLocationId),
  ...customerPaging,
});
// The screen reads its URL with the plain `unitListFilters` (customer-lists.ts): same output type,
// and the same inputs accepted and refused (units.test.ts).
unitListQuery satisfies z.ZodType<UnitListQuery, unknown>;

/** A job on the unit detail's Jobs card. */
export const unitJob = z.object({
  id: z.string(),
  number: z.number().int(),
  name: z.string(),
  status: z.enum(JOB_STATUSES),
  type: z.string(),
  typeName: z.string().nullable(),
  isTraining: z.boolean(),
  serviceLine: z.string(),
  serviceLineName: z.string().nullable(),
  description: z.string(),
  timePeriodStart: z.string(),
  timePeriodDue: z.string(),
  scheduleStart: z.string().nullable(),
  totalCostCents: z.number().int(),
  createdAt: z.string(),
});
export type UnitJob = z.infer<typeof unitJob>;

export const jobStatistics = z.object({
  total: z.number().int(),
  completed: z.number().int(),
  scheduled: z.number().int(),
  unscheduled: z.number().int(),
  totalCostCents: z.number().int(),
});
export type JobStatistics = z.infer<typeof jobStatistics>;

/**
 * The Job Statistics card: counts by status and the sum of the total_cost of the unit's job items
 * (every job counts, whatever its status). The server computes it in SQL over all the unit's jobs; this is the definition.
 */
export function unitJobStatistics(
  jobs: readonly { status: (typeof JOB_STATUSES)[number]; totalCostCents: number }[],
): JobStatistics {
  return {
    total: jobs.length,
    completed: jobs.filter((j) => j.status === 'completed').length,
    scheduled: jobs.filter((j) => j.status === 'scheduled').length,
    unscheduled: jobs.filter((j) => j.status === 'unscheduled').length,
    totalCostCents: jobs.reduce((sum, j) => sum + j.totalCostCents, 0),
  };
}

export const UNIT_JOBS_PAGE_SIZE = 10;
export const unitJobsQuery = z.object({
  page: customerPaging.page,
});
export const unitJobsAnswer = z.object({
  items: z.array(unitJob),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  statistics: jobStatistics,
});
export type UnitJobsAnswer = z.infer<typeof unitJobsAnswer>;
