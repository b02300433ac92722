import { z } from 'zod';
import { isIsoDate } from './dates.js';

/**
 * Field rules shared by the people forms (users, technicians, My Account). Optional text is
 * trimmed and an empty value is stored as null; `undefined` (field not sent) stays undefined so an
 * update leaves the column as it is.
 */

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const emptyToNull = <T>(value: T | null | undefined): T | null | undefined =>
  value === undefined ? undefined : value === '' ? null : value;

export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => emptyToNull(v));

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .email('Enter a valid email address');

export const phoneField = optionalText('Phone', 30);

export const requiredDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .refine(isIsoDate, `${label} must be a valid date`);

export const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .refine((v) => !v || isIsoDate(v), `${label} must be a valid date`)
    .transform((v) => emptyToNull(v));

/** State: at most 2 characters, stored in capitals. */
export const optionalState = z
  .string()
  .trim()
  .max(2, 'State must be at most 2 characters')
  .transform((v) => v.toUpperCase())
  .nullish()
  .transform((v) => emptyToNull(v));

export const optionalZip = z
  .string()
  .trim()
  .max(10, 'Zip must be at most 10 characters')
  .nullish()
  .transform((v) => emptyToNull(v));

/** True when `value` has at most two decimals (an amount "in steps of 0.01"). */
export function isCentStep(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

export const MAX_HOURLY_RATE = 9999.99;

/** Hourly Rate: a number of at least 0 in steps of 0.01; empty means not set. */
export const hourlyRateField = z
  .number({ error: 'Hourly rate must be a number' })
  .min(0, 'Hourly rate must be at least 0')
  .max(MAX_HOURLY_RATE, `Hourly rate must be at most ${MAX_HOURLY_RATE}`)
  .refine(isCentStep, 'Hourly rate must be in steps of 0.01')
  .nullish();
