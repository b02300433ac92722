/**
 * The whole data model of both specification documents (section 3 of each), in one place.
 *
 * Conventions:
 * - ids are uuid v4 (gen_random_uuid()), job numbers come from an identity sequence starting at 1001;
 * - money is numeric(12,2) (drizzle hands it over as a string; repos turn it into integer cents);
 * - every enumerated value and length limit the specification states is a check constraint or a
 *   varchar length, so the database refuses what the API would refuse;
 * - every filter and ordering a list uses has an index; case-insensitive "contains" filters use
 *   trigram (pg_trgm) GIN indexes, created by the extensions migration that runs first;
 * - structure below a company cascades (company -> locations -> units) but everything that holds
 *   business history (jobs, quotes, invoices) restricts, so a delete can never silently lose it.
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'string' });

/** `column IN ('a','b')` for a check constraint. */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;
}
const notBlank = (column: AnyPgColumn): SQL => sql`btrim(${column}) <> ''`;
// Index builders take the table's columns in their extra-config form, which carry .op().
type IndexColumn = Parameters<ReturnType<typeof index>['on']>[0];
const trgm = (name: string, column: IndexColumn) => index(name).using('gin', (column as { op(c: string): IndexColumn }).op('gin_trgm_ops'));

// Kept here (not imported from src/domain) so drizzle-kit can load this file on its own; the domain
// lists are checked against these by tests/api/schema-constants.test.ts.
export const DB_ENUMS = {
  unitStatus: ['active', 'inactive'],
  contactType: ['Management', 'Owner', 'Business Owner', 'Tenant'],
  userRole: ['admin', 'manager', 'technician', 'user'],
  userStatus: ['active', 'inactive'],
  proficiency: ['beginner', 'intermediate', 'advanced', 'expert'],
  certificationStatus: ['active', 'expired', 'pending'],
  jobStatus: ['scheduled', 'unscheduled', 'completed', 'cancelled'],
  jobContactType: ['primary', 'secondary', 'emergency'],
  serviceContract: ['Standard', 'Financial', 'Management', 'On-site', 'Owner', 'Sales', 'Non-Contract'],
  jobItemType: ['part', 'labor', 'item'],
  skillLevel: ['helper', 'standard', 'senior', 'master'],
  inspectionUnitType: ['Gas', 'Electric'],
  inspectionSystemType: ['RTU', 'Split System'],
  repairPhase: ['phase1', 'phase2', 'phase3'],
  quoteType: ['inspection', 'repair', 'replacement'],
  templateKind: ['pdf', 'email'],
  invoiceStatus: ['draft', 'issued', 'paid', 'void'],
  invoiceType: ['standard', 'replacement', 'repair', 'inspection'],
  outboxStatus: ['pending', 'sending', 'sent', 'failed'],
} as const;

// ---------------------------------------------------------------------------------------------
// Customers: companies, locations (sites), units (equipment)
// ---------------------------------------------------------------------------------------------

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('companies_name_not_blank', notBlank(t.name)),
    check('companies_state_length', sql`char_length(${t.state}) <= 2`),
    check('companies_zip_length', sql`char_length(${t.zip}) <= 10`),
    // Duplicate rule of part 1 section 5: case-insensitive, trimmed name.
    uniqueIndex('companies_name_unique').on(sql`lower(btrim(${t.name}))`),
    index('companies_name_idx').on(t.name, t.id),
    index('companies_created_at_idx').on(t.createdAt.desc()),
    trgm('companies_name_trgm', t.name),
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
  ],
);

// ---------------------------------------------------------------------------------------------
// Users, sessions, sign-in throttling
// ---------------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: id(),
    username: varchar('username', { length: 100 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    phone: varchar('phone', { length: 30 }),
    role: varchar('role', { length: 20 }).notNull().default('user'),
    status: varchar('status', { length: 10 }).notNull().default('active'),
    // Null means the account cannot sign in yet (e.g. a technician added without a password).
    passwordHash: text('password_hash'),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('users_username_not_blank', notBlank(t.username)),
    check('users_role_check', oneOf(t.role, DB_ENUMS.userRole)),
    check('users_status_check', oneOf(t.status, DB_ENUMS.userStatus)),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_status_idx').on(t.role, t.status),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie's token: a leaked table does not hand out live sessions.
    id: varchar('id', { length: 64 }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    ip: varchar('ip', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** Failed sign-in counters per account and per address, shared by every app server. */
export const authThrottle = pgTable('auth_throttle', {
  key: varchar('key', { length: 200 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Technicians (a technician is a user of role technician; technicians.id = users.id)
// ---------------------------------------------------------------------------------------------

export const technicians = pgTable(
  'technicians',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    employeeId: varchar('employee_id', { length: 50 }),
    hireDate: date('hire_date', { mode: 'string' }).notNull(),
    jobTitle: varchar('job_title', { length: 100 }).notNull().default('HVAC Technician'),
    hourlyRate: money('hourly_rate'),
    emergencyContactName: varchar('emergency_contact_name', { length: 200 }),
    emergencyContactPhone: varchar('emergency_contact_phone', { length: 30 }),
    notes: text('notes'),
    office: varchar('office', { length: 100 }).notNull().default('Main Office'),
    address: varchar('address', { length: 200 }),
    city: varchar('city', { length: 100 }),
    state: varchar('state', { length: 2 }),
    zip: varchar('zip', { length: 10 }),
    licenseNumber: varchar('license_number', { length: 100 }),
    licenseExpiry: date('license_expiry', { mode: 'string' }),
    vehicleNumber: varchar('vehicle_number', { length: 50 }),
    vehicleMake: varchar('vehicle_make', { length: 50 }),
    vehicleModel: varchar('vehicle_model', { length: 50 }),
    vehicleYear: integer('vehicle_year'),
    shirtSize: varchar('shirt_size', { length: 10 }),
    bootSize: varchar('boot_size', { length: 10 }),
    preferredName: varchar('preferred_name', { length: 100 }),
    taxId: varchar('tax_id', { length: 50 }),
    directDeposit: boolean('direct_deposit').notNull().default(false),
    bankName: varchar('bank_name', { length: 100 }),
    bankRouting: varchar('bank_routing', { length: 50 }),
    bankAccount: varchar('bank_account', { length: 50 }),
    backgroundCheckDate: date('background_check_date', { mode: 'string' }),
    drugTestDate: date('drug_test_date', { mode: 'string' }),
    lastReviewDate: date('last_review_date', { mode: 'string' }),
    nextReviewDate: date('next_review_date', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('technicians_job_title_not_blank', notBlank(t.jobTitle)),
    check('technicians_hourly_rate_check', sql`${t.hourlyRate} >= 0`),
    check('technicians_state_length', sql`char_length(${t.state}) <= 2`),
    check('technicians_zip_length', sql`char_length(${t.zip}) <= 10`),
    uniqueIndex('technicians_employee_id_unique').on(t.employeeId),
  ],
);

export const technicianSkills = pgTable(
  'technician_skills',
  {
    id: id(),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    skillName: varchar('skill_name', { length: 100 }).notNull(),
    proficiencyLevel: varchar('proficiency_level', { length: 20 }).notNull().default('intermediate'),
    yearsExperience: integer('years_experience').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('technician_skills_name_not_blank', notBlank(t.skillName)),
    check('technician_skills_proficiency_check', oneOf(t.proficiencyLevel, DB_ENUMS.proficiency)),
    check('technician_skills_years_check', sql`${t.yearsExperience} >= 0`),
    index('technician_skills_technician_idx').on(t.technicianId),
    index('technician_skills_name_idx').on(t.skillName),
  ],
);

export const technicianCertifications = pgTable(
  'technician_certifications',
  {
    id: id(),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    certificationName: varchar('certification_name', { length: 200 }).notNull(),
    issuingOrganization: varchar('issuing_organization', { length: 200 }),
    certificationNumber: varchar('certification_number', { length: 100 }),
    issueDate: date('issue_date', { mode: 'string' }),
    expiryDate: date('expiry_date', { mode: 'string' }),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('technician_certifications_name_not_blank', notBlank(t.certificationName)),
    check('technician_certifications_status_check', oneOf(t.status, DB_ENUMS.certificationStatus)),
    check('technician_certifications_dates_check', sql`${t.expiryDate} is null or ${t.issueDate} is null or ${t.expiryDate} >= ${t.issueDate}`),
    index('technician_certifications_technician_idx').on(t.technicianId),
    index('technician_certifications_expiry_idx').on(t.expiryDate),
  ],
);

export const technicianAvailability = pgTable(
  'technician_availability',
  {
    id: id(),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('technician_availability_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('technician_availability_times_check', sql`${t.endTime} > ${t.startTime}`),
    uniqueIndex('technician_availability_day_unique').on(t.technicianId, t.dayOfWeek),
  ],
);

export const technicianTerritories = pgTable(
  'technician_territories',
  {
    id: id(),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    territoryName: varchar('territory_name', { length: 100 }).notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zipCodes: text('zip_codes').array().notNull().default(sql`'{}'::text[]`),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('technician_territories_name_not_blank', notBlank(t.territoryName)),
    check('technician_territories_state_length', sql`char_length(${t.state}) <= 2`),
    index('technician_territories_technician_idx').on(t.technicianId),
    index('technician_territories_zip_codes_idx').using('gin', t.zipCodes),
  ],
);

// ---------------------------------------------------------------------------------------------
// Reference data and settings
// ---------------------------------------------------------------------------------------------

/** Service lines and job types have the same shape: name, a unique code, description, active. */
function referenceTypeTable<N extends string>(name: N) {
  return pgTable(
    name,
    {
      id: id(),
      name: varchar('name', { length: 100 }).notNull(),
      // A unique constraint (not only an index) so jobs and prices can reference the code.
      code: varchar('code', { length: 20 }).notNull().unique(`${name}_code_key`),
      description: text('description'),
      isActive: boolean('is_active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      check(`${name}_name_not_blank`, notBlank(t.name)),
      check(`${name}_code_not_blank`, notBlank(t.code)),
      uniqueIndex(`${name}_code_ci_unique`).on(sql`upper(${t.code})`),
      index(`${name}_name_idx`).on(t.name),
    ],
  );
}

export const serviceLines = referenceTypeTable('service_lines');
export const jobTypes = referenceTypeTable('job_types');

/** Key/value settings; key "company" holds the company information of part 1. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------

export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    number: integer('number').notNull().generatedByDefaultAsIdentity({ name: 'job_number_seq', startWith: 1001 }),
    name: varchar('name', { length: 200 }).notNull(),
    type: varchar('type', { length: 20 })
      .notNull()
      .references(() => jobTypes.code, { onUpdate: 'cascade' }),
    status: varchar('status', { length: 20 }).notNull().default('unscheduled'),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    unitId: uuid('unit_id').references(() => units.id, { onDelete: 'restrict' }),
    contactName: varchar('contact_name', { length: 200 }),
    contactPhone: varchar('contact_phone', { length: 30 }),
    contactEmail: varchar('contact_email', { length: 254 }),
    contactType: varchar('contact_type', { length: 20 }).notNull().default('primary'),
    serviceLine: varchar('service_line', { length: 20 })
      .notNull()
      .references(() => serviceLines.code, { onUpdate: 'cascade' }),
    description: text('description').notNull(),
    problemDescription: text('problem_description'),
    customerPo: varchar('customer_po', { length: 100 }),
    isTraining: boolean('is_training').notNull().default(false),
    timePeriodStart: date('time_period_start', { mode: 'string' }).notNull(),
    timePeriodDue: date('time_period_due', { mode: 'string' }).notNull(),
    scheduleStart: timestamp('schedule_start', { withTimezone: true, mode: 'date' }),
    // Whole minutes (RULINGS.md), shown as h:mm.
    scheduleDuration: integer('schedule_duration').notNull().default(60),
    office: varchar('office', { length: 100 }).notNull().default('Main Office'),
    serviceContract: varchar('service_contract', { length: 20 }),
    quoteSent: boolean('quote_sent').notNull().default(false),
    quoteSentAt: timestamp('quote_sent_at', { withTimezone: true, mode: 'date' }),
    quoteToken: varchar('quote_token', { length: 64 }),
    quoteTokenExpiresAt: timestamp('quote_token_expires_at', { withTimezone: true, mode: 'date' }),
    quoteConfirmed: boolean('quote_confirmed').notNull().default(false),
    quoteConfirmedAt: timestamp('quote_confirmed_at', { withTimezone: true, mode: 'date' }),
    repairApproved: boolean('repair_approved'),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('jobs_name_not_blank', notBlank(t.name)),
    check('jobs_status_check', oneOf(t.status, DB_ENUMS.jobStatus)),
    check('jobs_contact_type_check', oneOf(t.contactType, DB_ENUMS.jobContactType)),
    check('jobs_service_contract_check', oneOf(t.serviceContract, DB_ENUMS.serviceContract)),
    check('jobs_duration_check', sql`${t.scheduleDuration} between 1 and 1440`),
    check('jobs_period_check', sql`${t.timePeriodDue} >= ${t.timePeriodStart}`),
    check('jobs_scheduled_has_start', sql`${t.status} <> 'scheduled' or ${t.scheduleStart} is not null`),
    uniqueIndex('jobs_number_unique').on(t.number),
    uniqueIndex('jobs_quote_token_unique').on(t.quoteToken),
    index('jobs_status_idx').on(t.status),
    index('jobs_schedule_start_idx').on(t.scheduleStart),
    index('jobs_time_period_due_idx').on(t.timePeriodDue),
    index('jobs_created_at_idx').on(t.createdAt.desc()),
    index('jobs_unit_idx').on(t.unitId, t.createdAt.desc()),
    index('jobs_location_idx').on(t.locationId),
    index('jobs_office_idx').on(t.office),
    index('jobs_service_line_idx').on(t.serviceLine),
    index('jobs_type_idx').on(t.type),
    trgm('jobs_name_trgm', t.name),
  ],
);

export const jobTechnicians = pgTable(
  'job_technicians',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => technicians.id, { onDelete: 'restrict' }),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('job_technicians_job_technician_unique').on(t.jobId, t.technicianId),
    uniqueIndex('job_technicians_one_primary').on(t.jobId).where(sql`${t.isPrimary}`),
    index('job_technicians_technician_idx').on(t.technicianId, t.jobId),
  ],
);

export const jobItems = pgTable(
  'job_items',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    serviceLine: varchar('service_line', { length: 20 }).references(() => serviceLines.code, { onUpdate: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    unitCost: money('unit_cost').notNull(),
    totalCost: money('total_cost').notNull(),
    type: varchar('type', { length: 10 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_items_type_check', oneOf(t.type, DB_ENUMS.jobItemType)),
    check('job_items_quantity_check', sql`${t.quantity} >= 1`),
    check('job_items_unit_cost_check', sql`${t.unitCost} >= 0`),
    check('job_items_total_cost_check', sql`${t.totalCost} >= 0`),
    index('job_items_job_idx').on(t.jobId, t.createdAt),
  ],
);

export const jobPresets = pgTable(
  'job_presets',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    data: jsonb('data').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('job_presets_name_not_blank', notBlank(t.name)), index('job_presets_user_idx').on(t.userId, t.name)],
);

// ---------------------------------------------------------------------------------------------
// Price book: parts (flat-rate formula), labor, other items
// ---------------------------------------------------------------------------------------------

const priceCommon = () => ({
  id: id(),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 200 }).notNull(),
  description: text('description'),
  serviceLine: varchar('service_line', { length: 20 })
    .notNull()
    .default('HVACGEN')
    .references(() => serviceLines.code, { onUpdate: 'cascade' }),
  unitCost: money('unit_cost').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const jobPartPrices = pgTable(
  'job_part_prices',
  {
    ...priceCommon(),
    partsCost: money('parts_cost').notNull().default('0'),
    estimatedHours: numeric('estimated_hours', { precision: 6, scale: 2, mode: 'string' }).notNull().default('0'),
    complexityMultiplier: numeric('complexity_multiplier', { precision: 4, scale: 2, mode: 'string' }).notNull().default('1'),
    laborRate: money('labor_rate').notNull().default('60'),
    multiTechnician: boolean('multi_technician').notNull().default(false),
    // labor rate plus the multi-technician markup (+50 per hour) when it applies
    adjustedLaborCost: money('adjusted_labor_cost').notNull().default('60'),
    truckFee: money('truck_fee').notNull().default('10'),
    includeRoofAccess: boolean('include_roof_access').notNull().default(false),
    roofAccessFee: money('roof_access_fee').notNull().default('75'),
    totalBaseCost: money('total_base_cost').notNull().default('0'),
    flatRateNonContract: money('flat_rate_non_contract').notNull().default('0'),
    flatRatePmContract: money('flat_rate_pm_contract').notNull().default('0'),
  },
  (t) => [
    check('job_part_prices_code_not_blank', notBlank(t.code)),
    // Every price needs a name and a price above 0 (section 5's edit rule, applied to parts too).
    check('job_part_prices_name_not_blank', notBlank(t.name)),
    check('job_part_prices_unit_cost_check', sql`${t.unitCost} > 0`),
    check('job_part_prices_parts_cost_check', sql`${t.partsCost} >= 0`),
    check('job_part_prices_hours_check', sql`${t.estimatedHours} >= 0`),
    check('job_part_prices_complexity_check', sql`${t.complexityMultiplier} >= 0.1`),
    check('job_part_prices_fees_check', sql`${t.laborRate} >= 0 and ${t.truckFee} >= 0 and ${t.roofAccessFee} >= 0`),
    uniqueIndex('job_part_prices_code_unique').on(t.code),
    index('job_part_prices_service_line_idx').on(t.serviceLine),
    trgm('job_part_prices_code_trgm', t.code),
    trgm('job_part_prices_name_trgm', t.name),
  ],
);

export const jobLaborPrices = pgTable(
  'job_labor_prices',
  {
    ...priceCommon(),
    skillLevel: varchar('skill_level', { length: 20 }).notNull().default('standard'),
    isOvertime: boolean('is_overtime').notNull().default(false),
    isEmergency: boolean('is_emergency').notNull().default(false),
    durationHours: numeric('duration_hours', { precision: 6, scale: 2, mode: 'string' }).notNull().default('1'),
  },
  (t) => [
    check('job_labor_prices_code_not_blank', notBlank(t.code)),
    check('job_labor_prices_name_not_blank', notBlank(t.name)),
    check('job_labor_prices_unit_cost_check', sql`${t.unitCost} > 0`),
    check('job_labor_prices_skill_level_check', oneOf(t.skillLevel, DB_ENUMS.skillLevel)),
    check('job_labor_prices_duration_check', sql`${t.durationHours} >= 0.1`),
    uniqueIndex('job_labor_prices_code_unique').on(t.code),
    index('job_labor_prices_service_line_idx').on(t.serviceLine),
    trgm('job_labor_prices_code_trgm', t.code),
    trgm('job_labor_prices_name_trgm', t.name),
  ],
);

export const jobItemPrices = pgTable(
  'job_item_prices',
  {
    ...priceCommon(),
    category: varchar('category', { length: 100 }).notNull().default('General'),
    isTaxable: boolean('is_taxable').notNull().default(true),
  },
  (t) => [
    check('job_item_prices_code_not_blank', notBlank(t.code)),
    check('job_item_prices_name_not_blank', notBlank(t.name)),
    check('job_item_prices_unit_cost_check', sql`${t.unitCost} > 0`),
    uniqueIndex('job_item_prices_code_unique').on(t.code),
    index('job_item_prices_service_line_idx').on(t.serviceLine),
    trgm('job_item_prices_code_trgm', t.code),
    trgm('job_item_prices_name_trgm', t.name),
  ],
);

// ---------------------------------------------------------------------------------------------
// Inspections, repairs (three option tiers), quotes and their templates
// ---------------------------------------------------------------------------------------------

export const jobInspections = pgTable(
  'job_inspections',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    modelNumber: varchar('model_number', { length: 100 }),
    serialNumber: varchar('serial_number', { length: 100 }),
    age: integer('age'),
    tonnage: varchar('tonnage', { length: 20 }),
    unitType: varchar('unit_type', { length: 20 }),
    systemType: varchar('system_type', { length: 20 }),
    completed: boolean('completed').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_inspections_age_check', sql`${t.age} >= 0`),
    check('job_inspections_unit_type_check', oneOf(t.unitType, DB_ENUMS.inspectionUnitType)),
    check('job_inspections_system_type_check', oneOf(t.systemType, DB_ENUMS.inspectionSystemType)),
    index('job_inspections_job_idx').on(t.jobId, t.createdAt.desc()),
  ],
);

export const jobRepairs = pgTable(
  'job_repairs',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => jobInspections.id, { onDelete: 'cascade' }),
    needsCrane: boolean('needs_crane').notNull().default(false),
    phase1Description: text('phase1_description').notNull().default('Economy Option'),
    phase1Cost: money('phase1_cost').notNull().default('0'),
    phase2Description: text('phase2_description').notNull().default('Standard Option'),
    phase2Cost: money('phase2_cost').notNull().default('0'),
    phase3Description: text('phase3_description').notNull().default('Premium Option'),
    phase3Cost: money('phase3_cost').notNull().default('0'),
    labor: money('labor').notNull().default('0'),
    refrigerationRecovery: money('refrigeration_recovery').notNull().default('0'),
    startUpCosts: money('start_up_costs').notNull().default('0'),
    accessories: jsonb('accessories').$type<{ name: string; cost: number }[]>().notNull().default([]),
    thermostatStartup: money('thermostat_startup').notNull().default('0'),
    removalCost: money('removal_cost').notNull().default('0'),
    permitCost: money('permit_cost').notNull().default('0'),
    warranty: text('warranty'),
    additionalItems: jsonb('additional_items').$type<{ name: string; cost: number }[]>().notNull().default([]),
    selectedPhase: varchar('selected_phase', { length: 10 }).notNull().default('phase2'),
    totalCost: money('total_cost').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_repairs_selected_phase_check', oneOf(t.selectedPhase, DB_ENUMS.repairPhase)),
    check(
      'job_repairs_costs_check',
      sql`${t.phase1Cost} >= 0 and ${t.phase2Cost} >= 0 and ${t.phase3Cost} >= 0 and ${t.labor} >= 0 and ${t.refrigerationRecovery} >= 0 and ${t.startUpCosts} >= 0 and ${t.thermostatStartup} >= 0 and ${t.removalCost} >= 0 and ${t.permitCost} >= 0 and ${t.totalCost} >= 0`,
    ),
    uniqueIndex('job_repairs_inspection_unique').on(t.inspectionId),
    index('job_repairs_job_idx').on(t.jobId),
  ],
);

export const jobQuotes = pgTable(
  'job_quotes',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    quoteNumber: varchar('quote_number', { length: 40 }).notNull(),
    quoteType: varchar('quote_type', { length: 20 }).notNull(),
    amount: money('amount').notNull().default('0'),
    token: varchar('token', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    confirmed: boolean('confirmed').notNull().default(false),
    approved: boolean('approved').notNull().default(false),
    email: varchar('email', { length: 254 }).notNull(),
    sentBy: uuid('sent_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('job_quotes_type_check', oneOf(t.quoteType, DB_ENUMS.quoteType)),
    check('job_quotes_amount_check', sql`${t.amount} >= 0`),
    uniqueIndex('job_quotes_number_unique').on(t.quoteNumber),
    uniqueIndex('job_quotes_token_unique').on(t.token),
    index('job_quotes_job_idx').on(t.jobId, t.createdAt.desc()),
    index('job_quotes_awaiting_idx').on(t.createdAt).where(sql`not ${t.confirmed}`),
  ],
);

export const quoteTemplates = pgTable(
  'quote_templates',
  {
    id: id(),
    name: varchar('name', { length: 200 }).notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    // null: a PDF template that applies to every quote type
    templateType: varchar('template_type', { length: 20 }),
    isDefault: boolean('is_default').notNull().default(false),
    fileName: varchar('file_name', { length: 255 }),
    storageKey: varchar('storage_key', { length: 300 }),
    fileSize: integer('file_size'),
    pageCount: integer('page_count'),
    preservedPages: integer('preserved_pages').array().notNull().default(sql`'{1}'::integer[]`),
    // e-mail templates: subject, greeting, introText, approvalText, approveButtonText, denyButtonText,
    // approvalNote, denialNote, closingText, signature
    emailContent: jsonb('email_content').$type<Record<string, string>>(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('quote_templates_name_not_blank', notBlank(t.name)),
    check('quote_templates_kind_check', oneOf(t.kind, DB_ENUMS.templateKind)),
    check('quote_templates_type_check', oneOf(t.templateType, DB_ENUMS.quoteType)),
    check('quote_templates_pdf_has_file', sql`${t.kind} <> 'pdf' or ${t.storageKey} is not null`),
    check('quote_templates_email_has_content', sql`${t.kind} <> 'email' or ${t.emailContent} is not null`),
    check('quote_templates_file_size_check', sql`${t.fileSize} is null or ${t.fileSize} <= 10485760`),
    uniqueIndex('quote_templates_one_default').on(t.kind, t.templateType).where(sql`${t.isDefault}`),
    index('quote_templates_kind_type_idx').on(t.kind, t.templateType, t.name),
  ],
);

// ---------------------------------------------------------------------------------------------
// Invoices
// ---------------------------------------------------------------------------------------------

export const jobInvoices = pgTable(
  'job_invoices',
  {
    id: id(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'restrict' }),
    invoiceNumber: varchar('invoice_number', { length: 40 }).notNull(),
    invoiceType: varchar('invoice_type', { length: 20 }).notNull().default('standard'),
    amount: money('amount').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    issuedDate: date('issued_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    paidDate: date('paid_date', { mode: 'string' }),
    email: varchar('email', { length: 254 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('job_invoices_status_check', oneOf(t.status, DB_ENUMS.invoiceStatus)),
    check('job_invoices_type_check', oneOf(t.invoiceType, DB_ENUMS.invoiceType)),
    check('job_invoices_amount_check', sql`${t.amount} >= 0`),
    check('job_invoices_issued_has_date', sql`${t.status} not in ('issued', 'paid') or ${t.issuedDate} is not null`),
    check('job_invoices_paid_has_date', sql`${t.status} <> 'paid' or ${t.paidDate} is not null`),
    check('job_invoices_due_after_issue', sql`${t.dueDate} is null or ${t.issuedDate} is null or ${t.dueDate} >= ${t.issuedDate}`),
    uniqueIndex('job_invoices_number_unique').on(t.invoiceNumber),
    index('job_invoices_job_idx').on(t.jobId),
    index('job_invoices_status_due_idx').on(t.status, t.dueDate),
    index('job_invoices_issued_date_idx').on(t.issuedDate),
    index('job_invoices_paid_date_idx').on(t.paidDate),
    index('job_invoices_created_at_idx').on(t.createdAt.desc()),
    index('job_invoices_draft_created_idx').on(t.createdAt).where(sql`${t.status} = 'draft'`),
    trgm('job_invoices_number_trgm', t.invoiceNumber),
  ],
);

// ---------------------------------------------------------------------------------------------
// E-mail outbox: written in the same transaction as the change, delivered over SMTP with retries
// ---------------------------------------------------------------------------------------------

export const outbox = pgTable(
  'outbox',
  {
    id: id(),
    toAddress: varchar('to_address', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    // [{ fileName, storageKey, contentType }]
    attachments: jsonb('attachments').$type<{ fileName: string; storageKey: string; contentType: string }[]>().notNull().default([]),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastError: text('last_error'),
    relatedType: varchar('related_type', { length: 30 }),
    relatedId: uuid('related_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    check('outbox_status_check', oneOf(t.status, DB_ENUMS.outboxStatus)),
    index('outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('outbox_created_at_idx').on(t.createdAt.desc()),
    index('outbox_related_idx').on(t.relatedType, t.relatedId),
  ],
);
