/** Customers: companies, locations (sites), units (equipment), and their exact counts. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, oneOf, notBlank, trgm, DB_ENUMS } from './columns.js';

export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zip: varchar('zip', { length: 10 }).notNull(),
    phone: varchar('phone', { length: 30 }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** The name in lower case, kept by a trigger (migration 0025): what name searches match (decision 021). */
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('companies_name_not_blank', notBlank(t.name)),
    check('companies_state_length', sql`char_length(${t.state}) <= 2`),
    check('companies_zip_length', sql`char_length(${t.zip}) <= 10`),
    // Two companies may not share a name, compared case-insensitively once trimmed.
    uniqueIndex('companies_name_unique').on(sql`lower(btrim(${t.name}))`),
    index('companies_name_idx').on(t.name, t.id),
    index('companies_created_at_idx').on(t.createdAt.desc()),
    trgm('companies_name_trgm', t.name),
    trgm('companies_search_trgm', t.searchText),
    trgm('companies_city_trgm', t.city),
    trgm('companies_state_trgm', t.state),
    trgm('companies_zip_trgm', t.zip),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 200 }).notNull(),
    buildingName: varchar('building_name', { length: 200 }).notNull(),
    address: varchar('address', { length: 200 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zip: varchar('zip', { length: 10 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    // Maintained by triggers (migration 0007_customers-triggers): name, building name, address,
    // city and the company's name, for the /locations free-text search.
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('locations_name_not_blank', notBlank(t.name)),
    check('locations_state_length', sql`char_length(${t.state}) <= 2`),
    check('locations_zip_length', sql`char_length(${t.zip}) <= 10`),
    index('locations_company_name_idx').on(t.companyId, t.name),
    index('locations_name_idx').on(t.name, t.id),
    trgm('locations_name_trgm', t.name),
    trgm('locations_building_name_trgm', t.buildingName),
    trgm('locations_city_trgm', t.city),
    trgm('locations_state_trgm', t.state),
    trgm('locations_zip_trgm', t.zip),
    // The dispatch board's Region filter: a territory's 5-digit zips against the location's zip (ZIP+4 too).
    index('locations_zip5_idx').on(sql`left(${t.zip}, 5)`),
    trgm('locations_search_trgm', t.searchText),
  ],
);

export const units = pgTable(
  'units',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    unitNumber: varchar('unit_number', { length: 100 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    primaryContactType: varchar('primary_contact_type', { length: 20 }),
    primaryContactEmail: varchar('primary_contact_email', { length: 254 }),
    primaryContactPhone: varchar('primary_contact_phone', { length: 30 }),
    phone: varchar('phone', { length: 30 }),
    billingEntity: varchar('billing_entity', { length: 200 }),
    billingEmail: varchar('billing_email', { length: 254 }),
    billingCity: varchar('billing_city', { length: 100 }),
    billingState: varchar('billing_state', { length: 2 }),
    billingZip: varchar('billing_zip', { length: 10 }),
    office: varchar('office', { length: 100 }).notNull().default('Main Office'),
    taxable: boolean('taxable').notNull().default(true),
    taxGroupName: varchar('tax_group_name', { length: 100 }),
    taxGroupCode: varchar('tax_group_code', { length: 50 }),
    // Maintained by triggers: unit number, location name and company name, for the /units
    // free-text search where every word must match one of them (1,000,000 units, one GIN index).
    searchText: text('search_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('units_unit_number_not_blank', notBlank(t.unitNumber)),
    check('units_status_check', oneOf(t.status, DB_ENUMS.unitStatus)),
    check('units_contact_type_check', oneOf(t.primaryContactType, DB_ENUMS.contactType)),
    check('units_billing_state_length', sql`char_length(${t.billingState}) <= 2`),
    check('units_billing_zip_length', sql`char_length(${t.billingZip}) <= 10`),
    index('units_location_unit_number_idx').on(t.locationId, t.unitNumber),
    index('units_unit_number_idx').on(t.unitNumber, t.id),
    index('units_status_idx').on(t.status),
    trgm('units_unit_number_trgm', t.unitNumber),
    trgm('units_search_trgm', t.searchText),
  ],
);

/**
 * Every unit number in use (and some no longer used: a number is never taken out), in lower case
 * for the searches, kept by statement triggers on units (migration 0034). The /units search walks
 * the units of the numbers that match in list order through units_unit_number_idx, where the
 * trigram index finds the matching units in no order (decision 021: "RTU" units sort after every
 * other kind, so neither the walk of the first rows nor gathering 125,000 of them is fast).
 */
export const unitNumbers = pgTable(
  'unit_numbers',
  {
    unitNumber: varchar('unit_number', { length: 100 }).primaryKey(),
    searchText: text('search_text').notNull(),
  },
  (t) => [trgm('unit_numbers_search_trgm', t.searchText)],
);

/**
 * Exact totals for /dashboard and the unfiltered lists without counting a million rows: one row,
 * kept current by statement-level triggers on companies, locations and units (migration 0007
 * customers-triggers), so it changes in the same transaction as the rows it counts.
 */
export const customerCounts = pgTable(
  'customer_counts',
  {
    id: smallint('id').primaryKey().default(1),
    companies: bigint('companies', { mode: 'number' }).notNull().default(0),
    locations: bigint('locations', { mode: 'number' }).notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    activeUnits: bigint('active_units', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('customer_counts_single_row', sql`${t.id} = 1`)],
);
