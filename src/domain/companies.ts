import { z } from 'zod';
import { location } from './locations.js';
import { tag, tagFilter } from './tags.js';
import {
  CUSTOMER_MESSAGES,
  containsFilter,
  optionalUuidFilter,
  coordinates,
  customerPaging,
  optionalText,
  requiredText,
  stateCode,
  zipCode,
} from './customers.js';
import { NAME_SUGGESTION_MIN_CHARS } from './customer-lists.js';

/** The Create Customer Company / Edit Company form: name, address, city, state (2) and zip (10) required, phone optional. */
export const companyInput = z.object({
  name: requiredText('Company name', 200),
  address: requiredText('Address', 200),
  city: requiredText('City', 100),
  state: stateCode(),
  zip: zipCode(),
  phone: optionalText('Phone', 30),
});
export type CompanyInput = z.output<typeof companyInput>;
export type CompanyFormValues = z.input<typeof companyInput>;

export const company = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().nullable(),
  ...coordinates,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof company>;
/** A row of /companies (and the export): the company with its tags by name. */
export const companyListItem = company.extend({ tags: z.array(tag) });
export type CompanyListItem = z.infer<typeof companyListItem>;

/** /companies: case-insensitive "contains" filters, ordered by name, 25/50/100 a page. */
export const companyListQuery = z.object({
  company: containsFilter,
  city: containsFilter,
  state: containsFilter,
  zip: containsFilter,
  /** one tag, whole and case-insensitive (issue 28) */
  tag: tagFilter,
  ...customerPaging,
});
export type CompanyListQuery = z.output<typeof companyListQuery>;
export const companyExportQuery = companyListQuery.omit({ page: true, pageSize: true });
export type CompanyExportQuery = z.output<typeof companyExportQuery>;

/** Name suggestions while typing a company name: from 2 typed characters (customer-lists.ts), at most 5. */
export { NAME_SUGGESTION_MIN_CHARS } from './customer-lists.js';
export const NAME_SUGGESTION_LIMIT = 5;
export const companySuggestionsQuery = z.object({
  name: z
    .string({ error: `Type at least ${NAME_SUGGESTION_MIN_CHARS} characters` })
    .trim()
    .min(NAME_SUGGESTION_MIN_CHARS, `Type at least ${NAME_SUGGESTION_MIN_CHARS} characters`)
    .max(200),
});
export const companySummary = z.object({ id: z.string(), name: z.string(), city: z.string(), state: z.string() });
export type CompanySummary = z.infer<typeof companySummary>;

/** The duplicate check of the form: another company (not `excludeId`) with the same name. */
export const companyDuplicateQuery = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(200),
  excludeId: optionalUuidFilter(CUSTOMER_MESSAGES.invalidCompanyId),
});
export const companyDuplicateAnswer = z.object({ duplicate: companySummary.nullable() });

/**
 * The duplicate rule: names match case-insensitively once trimmed. The database enforces the
 * same rule with a unique index on lower(btrim(name)).
 */
export function normalizeCompanyName(name: string): string {
  return name.trim().toLowerCase();
}
export function isSameCompanyName(a: string, b: string): boolean {
  return normalizeCompanyName(a) === normalizeCompanyName(b);
}

export function duplicateCompanyMessage(name: string): string {
  return `A company named "${name.trim()}" already exists.`;
}

/** Locations shown on the company detail page; more are reached through /locations. */
export const COMPANY_DETAIL_LOCATION_LIMIT = 100;

/** /companies/{id}: the company, how many locations it has, and the first of them by name. */
export const companyDetail = z.object({
  company,
  tags: z.array(tag),
  locationCount: z.number().int(),
  locations: z.array(location),
});
export type CompanyDetail = z.infer<typeof companyDetail>;
