import { z } from 'zod';
import { isUuidV4 } from './ids.js';
import { CUSTOMER_MESSAGES } from './customer-messages.js';

/**
 * Shared pieces of the customer area (companies, locations, units): page sizes, field lengths,
 * the API's messages for bad ids and missing records, and the rule that a record jobs hold cannot
 * be deleted.
 */

import { CONTAINS_FILTER_MAX, CUSTOMER_PAGE_SIZES, DEFAULT_CUSTOMER_PAGE_SIZE, plural } from './customer-lists.js';

// plural and percentOf live in customer-lists.ts (no zod: the lists and the dashboard load them).
export {
  CONTAINS_FILTER_MAX,
  CUSTOMER_PAGE_SIZES,
  DEFAULT_CUSTOMER_PAGE_SIZE,
  percentOf,
  plural,
} from './customer-lists.js';

export const STATE_MAX_LENGTH = 2;
export const ZIP_MAX_LENGTH = 10;
export const MAIN_OFFICE = 'Main Office';

export { CUSTOMER_MESSAGES } from './customer-messages.js';
export { formatAddress } from './customer-lists.js';

/** ?page=1&pageSize=25|50|100 */
export const customerPaging = {
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be 25, 50 or 100' })
    .refine((n) => (CUSTOMER_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 25, 50 or 100')
    .default(DEFAULT_CUSTOMER_PAGE_SIZE),
};

/** A required text field: trimmed, not empty, at most `max` characters. */
export const requiredText = (label: string, max: number, tooLong = `${label} must be at most ${max} characters`) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, tooLong);

/** An optional text field: trimmed; empty (or absent) is stored as null. */
export const optionalText = (label: string, max: number, tooLong = `${label} must be at most ${max} characters`) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

export function isValidEmail(value: string): boolean {
  return z.email().safeParse(value).success;
}

/** An optional e-mail address: empty is null, anything else must be a valid address. */
export const optionalEmail = (label: string) =>
  optionalText(label, 254).refine((v) => v === null || isValidEmail(v), `${label} must be a valid email address`);

/** A US state code: at most 2 characters, stored in capitals ("ga" -> "GA"). */
export const stateCode = (label = 'State', message: string = CUSTOMER_MESSAGES.stateTooLong) =>
  requiredText(label, STATE_MAX_LENGTH, message).transform((v) => v.toUpperCase());

export const zipCode = (label = 'Zip', message: string = CUSTOMER_MESSAGES.zipTooLong) =>
  requiredText(label, ZIP_MAX_LENGTH, message);

/** Route params `{ id }` that must be a version-4 uuid, with the screen's own message. */
export const idParams = (message: string) => z.object({ id: z.string().refine((v) => isUuidV4(v), message) });

/** Query-string "contains" filter: trimmed, empty means no filter. */
export const containsFilter = z
  .string()
  .trim()
  .max(CONTAINS_FILTER_MAX, `Filter text must be at most ${CONTAINS_FILTER_MAX} characters`)
  .optional()
  .transform((v) => (v ? v : undefined));

export const optionalUuidFilter = (message: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUuidV4(v), message);

export const coordinates = {
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
};

export type CustomerKind = 'company' | 'location' | 'unit';

/**
 * A company, location or unit that jobs still hold cannot be deleted (jobs keep the
 * service history, their quotes and invoices); the message says how many jobs hold it.
 */
export function deleteBlockedMessage(kind: CustomerKind, name: string, jobCount: number): string {
  const jobs = `${plural(jobCount, 'job')} still ${jobCount === 1 ? 'refers' : 'refer'} to`;
  switch (kind) {
    case 'company':
      return `Cannot delete ${name}: ${jobs} its locations or units. Jobs keep the service history, so a company with jobs cannot be deleted.`;
    case 'location':
      return `Cannot delete ${name}: ${jobs} this location or its units. Jobs keep the service history, so a location with jobs cannot be deleted.`;
    case 'unit':
      return `Cannot delete unit ${name}: ${jobs} this unit. Jobs keep the service history, so a unit with jobs cannot be deleted.`;
  }
}

/** The /dashboard figures. */
export const customerDashboard = z.object({
  totalCompanies: z.number().int(),
  totalLocations: z.number().int(),
  totalUnits: z.number().int(),
  activeUnits: z.number().int(),
  inactiveUnits: z.number().int(),
  recentCompanies: z.array(z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string() })),
});
export type CustomerDashboard = z.infer<typeof customerDashboard>;
export const RECENT_COMPANIES_LIMIT = 5;

/** What the browser needs to know of the server's configuration; `version` is package.json's (Help shows it). */
export const clientConfig = z.object({ mapTileUrl: z.string(), version: z.string() });
export type ClientConfig = z.infer<typeof clientConfig>;

/** Splits free text into the words that must each match (empty words dropped, at most 8). */
export function searchWords(text: string | undefined): string[] {
  if (!text) return [];
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
  return [...new Set(words.map((w) => w.toLowerCase()))].slice(0, 8);
}
