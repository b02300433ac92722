/**
 * Sales tax groups (issue 27, Settings > Tax Groups): a unit names one by code (units.tax_group_code);
 * the rate is a percentage with up to 3 decimals. Deactivated groups are kept (issued invoices carry
 * their own copy of the code, name and rate) but no new draft is taxed by them.
 */
import { z } from 'zod';

export const TAX_GROUP_MESSAGES = {
  codeRequired: 'Code is required',
  nameRequired: 'Name is required',
  rateInvalid: 'Rate must be a percentage from 0 to 100 with at most 3 decimals',
  codeTaken: 'A tax group with this code already exists',
  notFound: 'Tax group not found',
} as const;

const rate = z
  .number({ error: TAX_GROUP_MESSAGES.rateInvalid })
  .min(0, TAX_GROUP_MESSAGES.rateInvalid)
  .max(100, TAX_GROUP_MESSAGES.rateInvalid)
  .refine((v) => Number.isInteger(Math.round(v * 1_000_000) / 1000), TAX_GROUP_MESSAGES.rateInvalid);

const taxGroupFields = z.object({
  code: z
    .string({ error: TAX_GROUP_MESSAGES.codeRequired })
    .trim()
    .min(1, TAX_GROUP_MESSAGES.codeRequired)
    .max(50, 'Code must be at most 50 characters'),
  name: z
    .string({ error: TAX_GROUP_MESSAGES.nameRequired })
    .trim()
    .min(1, TAX_GROUP_MESSAGES.nameRequired)
    .max(100, 'Name must be at most 100 characters'),
  rate,
  active: z.boolean(),
});

export const taxGroupInput = taxGroupFields.extend({ active: z.boolean().default(true) });
export type TaxGroupInput = z.output<typeof taxGroupInput>;
export type TaxGroupFormValues = z.input<typeof taxGroupInput>;

/** An edit changes only what it names: no default here, so saving a name never reactivates a group. */
export const updateTaxGroupInput = taxGroupFields.partial();
export type UpdateTaxGroupInput = z.output<typeof updateTaxGroupInput>;

export const taxGroup = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** "7.000" */
  rate: z.string(),
  active: z.boolean(),
});
export type TaxGroup = z.infer<typeof taxGroup>;
export const taxGroupList = z.object({ items: z.array(taxGroup) });
export type TaxGroupList = z.infer<typeof taxGroupList>;
