import { z } from 'zod';
import { optionalText, requiredText } from './person-fields.js';

/**
 * Service Types (the service_lines table) and Job Types: name and code required, description
 * optional, codes unique regardless of case. Codes are what jobs and prices
 * refer to, so they are stored in capitals and do not change once created; a type that is no
 * longer offered is switched inactive rather than deleted.
 */
export const REFERENCE_TYPE_KINDS = ['service-types', 'job-types'] as const;
export type ReferenceTypeKind = (typeof REFERENCE_TYPE_KINDS)[number];

/** How the API's messages and summaries name each kind. */
export const REFERENCE_TYPE_LABELS: Record<ReferenceTypeKind, { one: string; many: string }> = {
  'service-types': { one: 'service type', many: 'Service Types' },
  'job-types': { one: 'job type', many: 'Job Types' },
};

export const referenceTypeCode = z
  .string({ error: 'Code is required' })
  .trim()
  .min(1, 'Code is required')
  .max(20, 'Code must be at most 20 characters')
  .regex(/^[A-Za-z0-9_-]*$/, 'Code may use letters, digits, - and _ only')
  .transform((code) => code.toUpperCase());

export const createReferenceTypeInput = z.object({
  name: requiredText('Name', 100),
  code: referenceTypeCode,
  description: optionalText('Description', 1000),
});
export type CreateReferenceTypeInput = z.output<typeof createReferenceTypeInput>;
export type CreateReferenceTypeForm = z.input<typeof createReferenceTypeInput>;

/** Rename, describe, or switch active/inactive; the code stays. */
export const updateReferenceTypeInput = z
  .object({
    name: requiredText('Name', 100).optional(),
    description: optionalText('Description', 1000),
    isActive: z.boolean({ error: 'Active must be true or false' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.description !== undefined || v.isActive !== undefined, 'Nothing to change');
export type UpdateReferenceTypeInput = z.output<typeof updateReferenceTypeInput>;
export type UpdateReferenceTypeChanges = z.input<typeof updateReferenceTypeInput>;

export const referenceTypesQuery = z.object({
  active: z
    .enum(['true', 'false'], { error: 'active must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

export const referenceType = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
});
export type ReferenceType = z.infer<typeof referenceType>;
