/** Contacts (issue 28, decision 038): the people at a company and its locations. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, notBlank, trgm, updatedAt } from './columns.js';
import { companies, locations } from './customers.js';

// Kept here (not imported from src/domain) so drizzle-kit can load this file on its own; the
// domain's CONTACT_ROLES is checked against it by contacts.test.ts.
export const CONTACT_ROLE_VALUES = ['site_contact', 'billing', 'management', 'owner', 'tenant'] as const;

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    // Null: a contact of the company as a whole (head office, accounts payable).
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    title: varchar('title', { length: 200 }),
    email: varchar('email', { length: 254 }),
    officePhone: varchar('office_phone', { length: 30 }),
    mobilePhone: varchar('mobile_phone', { length: 30 }),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPrimary: boolean('is_primary').notNull().default(false),
    notes: text('notes'),
    // Name, title, e-mail, phones (and their digits), company and location names in lower case,
    // kept by triggers (migration contacts): what the /contacts search matches.
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('contacts_name_not_blank', notBlank(t.name)),
    check(
      'contacts_roles_check',
      sql`${t.roles} <@ array[${sql.raw(CONTACT_ROLE_VALUES.map((r) => `'${r}'`).join(', '))}]::text[]`,
    ),
    check('contacts_primary_has_location', sql`not ${t.isPrimary} or ${t.locationId} is not null`),
    // At most one primary contact per location.
    uniqueIndex('contacts_primary_per_location')
      .on(t.locationId)
      .where(sql`${t.isPrimary}`),
    index('contacts_name_idx').on(t.name, t.id),
    index('contacts_company_name_idx').on(t.companyId, t.name, t.id),
    index('contacts_location_name_idx').on(t.locationId, t.name, t.id),
    index('contacts_roles_idx').using('gin', t.roles),
    trgm('contacts_search_trgm', t.searchText),
  ],
);
