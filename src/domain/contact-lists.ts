import { contains, customerPage, customerPageSize } from './customer-lists.js';
import { invalid, optionalUuid, plainFilters, type FieldReader } from './list-filters.js';

/**
 * What /contacts reads on its first paint, without zod (decision 057): the roles, their labels and
 * the list's URL filters. contacts.ts re-exports them beside the schemas the API uses;
 * contact-lists.test.ts runs `contactListFilters` and `contactListQuery` over the same inputs.
 */

/** The roles a contact can hold (several at once), in the order the form lists them. */
export const CONTACT_ROLES = ['site_contact', 'billing', 'management', 'owner', 'tenant'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];
/** The names of the roles, as the list, the form and the export show them. */
export const CONTACT_ROLE_LABELS: Record<ContactRole, string> = {
  site_contact: 'Site Contact',
  billing: 'Billing',
  management: 'Management',
  owner: 'Owner',
  tenant: 'Tenant',
};

export const CONTACT_FILTER_KEYS = ['q', 'companyId', 'locationId', 'role'] as const;

/** GET /api/contacts and the /contacts screen. */
export interface ContactListFilterValues {
  q: string | undefined;
  companyId: string | undefined;
  locationId: string | undefined;
  role: ContactRole | undefined;
  page: number;
  pageSize: number;
}

/** A role (trimmed), or blank / absent for none. */
const role: FieldReader<ContactRole | undefined> = (value) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return invalid;
  const text = value.trim();
  if (!text) return undefined;
  return (CONTACT_ROLES as readonly string[]).includes(text) ? (text as ContactRole) : invalid;
};

/** /contacts' filters from its URL, as `contactListQuery` (contacts.ts) reads them. */
export const contactListFilters = plainFilters<ContactListFilterValues>({
  q: contains,
  companyId: optionalUuid,
  locationId: optionalUuid,
  role,
  page: customerPage,
  pageSize: customerPageSize,
});
