import { z } from 'zod';
import {
  containsFilter,
  customerPaging,
  optionalEmail,
  optionalText,
  optionalUuidFilter,
  plural,
  requiredText,
  CUSTOMER_MESSAGES,
} from './customers.js';
import { CONTACT_ROLES, CONTACT_ROLE_LABELS, type ContactRole } from './contact-lists.js';
import { isUuidV4 } from './ids.js';

/**
 * Contacts (issue 28, decision 038): the people the office deals with at a company and its
 * locations. One schema serves the Add / Edit Contact form, POST/PUT /api/contacts and the tests.
 */

// The roles and their labels are in contact-lists.ts, which builds no schema (decision 057).
export { CONTACT_ROLES, CONTACT_ROLE_LABELS, type ContactRole } from './contact-lists.js';

/** Which contacts a send dialog suggests: billing for invoices; site, management and owner for quotes. */
export const SEND_SUGGESTION_ROLES = {
  invoice: ['billing'],
  quote: ['site_contact', 'management', 'owner'],
} as const satisfies Record<string, readonly ContactRole[]>;
export type ContactSuggestionPurpose = keyof typeof SEND_SUGGESTION_ROLES;

export const CONTACT_LIMITS = { name: 200, title: 200, phone: 30, notes: 2000, roles: CONTACT_ROLES.length } as const;

export const CONTACT_MESSAGES = {
  invalidContactId: 'Invalid contact ID format',
  contactNotFound: 'Contact not found',
  selectCompany: 'Please select a company',
  invalidLocation: 'Invalid location ID format',
  locationNotOfCompany: 'The location is not one of the company’s locations',
  primaryNeedsLocation: 'A primary contact needs a location: choose the location it is the primary contact of',
  primaryTaken: (name: string) =>
    `This location already has a primary contact (${name}). Clear that contact’s Primary first.`,
  invalidRole: 'Role must be Site Contact, Billing, Management, Owner or Tenant',
} as const;

const isRole = (v: string): v is ContactRole => (CONTACT_ROLES as readonly string[]).includes(v);
const roleList = z
  .array(z.string({ error: CONTACT_MESSAGES.invalidRole }), { error: CONTACT_MESSAGES.invalidRole })
  .refine((roles) => roles.every(isRole), CONTACT_MESSAGES.invalidRole)
  .default([])
  // Stored once each, in the form's order.
  .transform((roles) => CONTACT_ROLES.filter((r) => roles.includes(r)));

export const contactInput = z
  .object({
    companyId: z
      .string({ error: CONTACT_MESSAGES.selectCompany })
      .trim()
      .refine((v) => isUuidV4(v), CONTACT_MESSAGES.selectCompany),
    locationId: z
      .string({ error: CONTACT_MESSAGES.invalidLocation })
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || isUuidV4(v), CONTACT_MESSAGES.invalidLocation),
    name: requiredText('Name', CONTACT_LIMITS.name),
    title: optionalText('Title', CONTACT_LIMITS.title),
    email: optionalEmail('Email'),
    officePhone: optionalText('Office phone', CONTACT_LIMITS.phone),
    mobilePhone: optionalText('Mobile phone', CONTACT_LIMITS.phone),
    roles: roleList,
    isPrimary: z.boolean({ error: 'Primary must be true or false' }).default(false),
    notes: optionalText('Notes', CONTACT_LIMITS.notes),
  })
  .superRefine((v, ctx) => {
    if (v.isPrimary && v.locationId === null)
      ctx.addIssue({ code: 'custom', path: ['isPrimary'], message: CONTACT_MESSAGES.primaryNeedsLocation });
  });
export type ContactInput = z.output<typeof contactInput>;
export type ContactFormValues = z.input<typeof contactInput>;

export const contact = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  name: z.string(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  officePhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  roles: z.array(z.enum(CONTACT_ROLES)),
  isPrimary: z.boolean(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contact>;

/**
 * /contacts: `q` searches name, title, e-mail, phones (digits too), company and location names
 * (every word must match one of them); company, location and role narrow it.
 */
export const contactListQuery = z.object({
  q: containsFilter,
  companyId: optionalUuidFilter(CUSTOMER_MESSAGES.invalidCompanyId),
  locationId: optionalUuidFilter(CUSTOMER_MESSAGES.invalidLocationId),
  role: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || isRole(v), CONTACT_MESSAGES.invalidRole)
    .transform((v) => (v ? (v as ContactRole) : undefined)),
  ...customerPaging,
});
export type ContactListQuery = z.output<typeof contactListQuery>;
export const contactExportQuery = contactListQuery.omit({ page: true, pageSize: true });
export type ContactExportQuery = z.output<typeof contactExportQuery>;
export { CONTACT_FILTER_KEYS } from './contact-lists.js';

/** The contacts a job or a send dialog may pick: the location's own and the company's (no location). */
export const contactOptionsQuery = z.object({
  locationId: z.string().refine((v) => isUuidV4(v), CUSTOMER_MESSAGES.invalidLocationId),
  purpose: z.enum(['job', 'invoice', 'quote']).optional(),
});
export type ContactOptionsQuery = z.output<typeof contactOptionsQuery>;

/** A unit's own contact fields (Edit Unit), shown read-only beside a location's contacts. */
export const unitContact = z.object({
  unitId: z.string(),
  unitNumber: z.string(),
  primaryContactType: z.string().nullable(),
  primaryContactEmail: z.string().nullable(),
  primaryContactPhone: z.string().nullable(),
  billingEntity: z.string().nullable(),
  billingEmail: z.string().nullable(),
});
export type UnitContact = z.infer<typeof unitContact>;

export const contactOptions = z.object({ items: z.array(contact), unitContacts: z.array(unitContact) });
export type ContactOptions = z.infer<typeof contactOptions>;

/** A job that names a contact (jobs.contact_id) and how many quotes it has. */
export type ContactHolder = { number: number; quotes: number };

/** At most this many job numbers are named in a refusal; the count says the rest. */
export const HOLDERS_NAMED = 5;

/**
 * A contact named by a job (the Job Primary Contact picked from contacts) cannot be deleted: the
 * job's history points at it. The message names the jobs, and their quotes when they have some.
 * Null when nothing holds it.
 */
export function contactDeleteRefusal(holders: readonly ContactHolder[]): string | null {
  if (holders.length === 0) return null;
  const sorted = [...holders].sort((a, b) => a.number - b.number);
  const named = sorted.slice(0, HOLDERS_NAMED).map((h) => `Job #${h.number}`);
  if (sorted.length > HOLDERS_NAMED) named.push(`${sorted.length - HOLDERS_NAMED} more`);
  const quotes = sorted.reduce((n, h) => n + h.quotes, 0);
  const quoteText = quotes > 0 ? ` and is on their ${plural(quotes, 'quote')}` : '';
  return `This contact is the primary contact of ${plural(sorted.length, 'job')} (${named.join(', ')})${quoteText} and cannot be deleted`;
}

/** A contact's name as a picker shows it: "Dana Reyes (Site Contact, Billing)". */
export function contactRolesText(roles: readonly ContactRole[]): string {
  return roles.map((r) => CONTACT_ROLE_LABELS[r]).join(', ');
}

/** The contacts a send dialog suggests for its purpose, those with the e-mail and role it needs, primary first. */
export function sendSuggestions<T extends Pick<Contact, 'email' | 'roles' | 'isPrimary' | 'name'>>(
  contacts: readonly T[],
  purpose: ContactSuggestionPurpose,
): T[] {
  const wanted: readonly ContactRole[] = SEND_SUGGESTION_ROLES[purpose];
  return contacts
    .filter((c) => c.email && c.roles.some((r) => wanted.includes(r)))
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.name.localeCompare(b.name));
}
