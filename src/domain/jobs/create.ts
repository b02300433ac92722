import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import {
  DEFAULT_DURATION_MINUTES,
  DEFAULT_JOB_TYPE,
  DEFAULT_OFFICE,
  JOB_CONTACT_TYPES,
  JOB_LIMITS,
  NON_CONTRACT,
  SERVICE_CONTRACT_VALUES,
} from './constants.js';
import {
  durationMinutes,
  optionalText,
  optionalUuid,
  requiredDate,
  requiredText,
  tagList,
  technicianIdList,
  uuidField,
} from './fields.js';
import { JOB_MESSAGES } from './messages.js';

// Create Job

/** The fields Create Job and Edit Job share (Edit Job leaves technicians to Assign Technicians). */
const jobFormShape = {
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
  // The contact picked from the location's contacts (decision 038); null when typed by hand.
  contactId: optionalUuid(JOB_MESSAGES.unknownContact),
  // "Save as a contact": the typed contact becomes a contact of the location.
  saveContact: z.boolean({ error: 'Save as a contact must be true or false' }).default(false),
  type: z
    .string({ error: JOB_MESSAGES.jobTypeRequired })
    .trim()
    .min(1, JOB_MESSAGES.jobTypeRequired)
    .max(20)
    .default(DEFAULT_JOB_TYPE),
  serviceLine: z
    .string({ error: JOB_MESSAGES.serviceLineRequired })
    .trim()
    .min(1, JOB_MESSAGES.serviceLineRequired)
    .max(20, 'Service line must be at most 20 characters'),
  name: requiredText(JOB_MESSAGES.nameRequired, JOB_LIMITS.nameLength, 'Job name'),
  description: requiredText(JOB_MESSAGES.descriptionRequired, JOB_LIMITS.textLength, 'Description'),
  problemDescription: optionalText('Problem description', JOB_LIMITS.textLength),
  isTraining: z.boolean({ error: 'Training must be true or false' }).default(false),
  customerPo: optionalText('Customer PO', JOB_LIMITS.customerPoLength),
  serviceContract: z
    .union([z.enum(SERVICE_CONTRACT_VALUES), z.literal('')], {
      error: 'Service contract must be Standard, Financial, Management, On-site, Owner, Sales or Non-Contract',
    })
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
  office: z
    .string()
    .trim()
    .max(JOB_LIMITS.officeLength, `Office must be at most ${JOB_LIMITS.officeLength} characters`)
    .nullish()
    .transform((v) => (v ? v : DEFAULT_OFFICE)),
  tags: tagList.default([]),
  subcontracted: z.boolean({ error: 'Subcontracted must be true or false' }).default(false),
  notes: optionalText('Notes', JOB_LIMITS.textLength),
};

function dueNotBeforeStart(v: { timePeriodStart: string; timePeriodDue: string }, ctx: z.RefinementCtx) {
  if (isIsoDate(v.timePeriodStart) && isIsoDate(v.timePeriodDue) && v.timePeriodDue < v.timePeriodStart) {
    ctx.addIssue({ code: 'custom', path: ['timePeriodDue'], message: JOB_MESSAGES.dueBeforeStart });
  }
}

/** "Save as a contact" needs the contact's name (a picked contact is already one). */
function savedContactHasName(
  v: { saveContact: boolean; contactId: string | null; contactName: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.saveContact && v.contactId === null && v.contactName === null) {
    ctx.addIssue({ code: 'custom', path: ['contactName'], message: JOB_MESSAGES.saveContactNeedsName });
  }
}

/** Non-Contract is stored as the service contract "Non-Contract". */
function withContract<T extends { nonContract: boolean; serviceContract: string | null }>({
  nonContract,
  ...v
}: T): Omit<T, 'nonContract'> {
  return { ...v, serviceContract: nonContract ? NON_CONTRACT : v.serviceContract };
}

/**
 * The Create Job form and POST /api/jobs. The service address, city, state and zip come from the
 * chosen location and are shown read-only; they are validated here so the form and the API give
 * the same messages, and the server stores the location's own address (not these copies).
 * Schedule date and time are wall-clock values in the company's time zone.
 */
export const createJobInput = z
  .object({ ...jobFormShape, technicianIds: technicianIdList.default([]) })
  .superRefine(dueNotBeforeStart)
  .superRefine(savedContactHasName)
  .transform(withContract);
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
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? 'Only tags and subcontracted can be changed here'
          : 'The body must be an object',
    },
  )
  .refine(
    (v) => v.tags !== undefined || v.subcontracted !== undefined,
    'Nothing to change: send tags and/or subcontracted',
  );
export type UpdateJobInput = z.output<typeof updateJobInput>;
export type CreateJobFormValues = z.input<typeof createJobInput>;

/**
 * Edit Job, PUT /api/jobs/:id: the Create Job form's fields and rules, without the technicians
 * (Assign Technicians on the job page is their one home). The whole form is sent; the server
 * records what differs (src/domain/jobs/edit.ts).
 */
export const editJobInput = z
  .object(jobFormShape)
  .superRefine(dueNotBeforeStart)
  .superRefine(savedContactHasName)
  .transform(withContract);
export type EditJobInput = z.output<typeof editJobInput>;
export type EditJobFormValues = z.input<typeof editJobInput>;

export const createdJob = z.object({ id: z.string(), number: z.number().int() });
export type CreatedJob = z.infer<typeof createdJob>;
