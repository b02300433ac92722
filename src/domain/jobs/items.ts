import { quantityRefusal } from '../invoices/totals.js';
import { z } from 'zod';
import { JOB_ITEM_TYPES, JOB_LIMITS } from './constants.js';
import { optionalText, optionalUuid, quantity, unitPriceDollars, uuidField } from './fields.js';
import { JOB_MESSAGES } from './messages.js';

// Technicians and items

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
    code: z
      .string()
      .trim()
      .max(JOB_LIMITS.codeLength, `Code must be at most ${JOB_LIMITS.codeLength} characters`)
      .nullish()
      .transform((v) => (v ? v : null)),
    name: optionalText('Name', JOB_LIMITS.itemNameLength),
    serviceLine: z
      .string()
      .trim()
      .max(20, 'Service line must be at most 20 characters')
      .nullish()
      .transform((v) => (v ? v : null)),
    quantity: quantity.default(1),
    unitPrice: unitPriceDollars.nullish().transform((v) => (v === undefined ? null : v)),
  })
  .superRefine((v, ctx) => {
    const fromPriceBook = v.priceBookItemId !== null;
    if (!fromPriceBook && !v.code) ctx.addIssue({ code: 'custom', path: ['code'], message: JOB_MESSAGES.codeRequired });
    if (!fromPriceBook && v.type !== 'part' && !v.name)
      ctx.addIssue({ code: 'custom', path: ['name'], message: JOB_MESSAGES.itemNameRequired });
    if (!fromPriceBook && v.unitPrice === null)
      ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: JOB_MESSAGES.unitPriceRequired });
    const refusal = v.quantity > 0 ? quantityRefusal(v.type, v.quantity) : null;
    if (refusal) ctx.addIssue({ code: 'custom', path: ['quantity'], message: refusal });
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
  /** Hours for labor (steps of 0.25), whole for parts and items. */
  quantity: z.number(),
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
