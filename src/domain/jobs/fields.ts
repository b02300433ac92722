import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { isUuidV4 } from '../ids.js';
import { hasAtMostTwoDecimals } from '../price-book.js';
import { API_DURATION_LIMITS, JOB_LIMITS } from './constants.js';
import { JOB_MESSAGES } from './messages.js';
import { isOnDurationGrid } from './rules.js';
import { formatCount } from '../numbers.js';

// Field pieces

export const emptyToUndefined = (v: string | undefined) => (v ? v : undefined);
export const trimmedOptional = (max: number) => z.string().trim().max(max).optional().transform(emptyToUndefined);
export const uuidField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => isUuidV4(v), message);
export const optionalUuid = (message: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isUuidV4(v), message);

export const requiredText = (message: string, max: number, label: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `${label} must be at most ${max} characters`);
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));
export const requiredDate = (message: string, label: string) =>
  z.string({ error: message }).trim().min(1, message).refine(isIsoDate, `${label} must be a valid date (YYYY-MM-DD)`);

export const unitPriceDollars = z
  .number({ error: JOB_MESSAGES.unitPriceRequired })
  .min(0, JOB_MESSAGES.unitPriceMin)
  .max(JOB_LIMITS.maxUnitPriceCents / 100, JOB_MESSAGES.unitPriceMax)
  .refine(hasAtMostTwoDecimals, JOB_MESSAGES.unitPriceStep);
/**
 * A quantity: above 0 with at most 2 decimals here; whether it must be whole (parts, items) or in
 * quarter hours (labor) is quantityRefusal's rule (src/domain/invoices/totals.ts, issue 27), applied
 * where the item's type is known.
 */
export const quantity = z
  .number({ error: JOB_MESSAGES.quantityMin })
  .gt(0, JOB_MESSAGES.quantityMin)
  .refine((v) => Number.isInteger(Math.round(v * 10_000) / 100), 'Quantity can have at most 2 decimals')
  .max(JOB_LIMITS.maxQuantity, `Quantity must be at most ${formatCount(JOB_LIMITS.maxQuantity)}`);

export const durationMinutes = z
  .number({ error: 'Duration is required' })
  .int(JOB_MESSAGES.durationGrid)
  .min(API_DURATION_LIMITS.min, JOB_MESSAGES.durationRange)
  .max(API_DURATION_LIMITS.max, JOB_MESSAGES.durationRange)
  .refine(isOnDurationGrid, JOB_MESSAGES.durationGrid);

export const technicianIdList = z
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
