/** Technicians: a technician is a user of role technician (technicians.id = users.id). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  time,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, money, oneOf, notBlank, DB_ENUMS } from './columns.js';
import { users } from './users.js';

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
    check(
      'technician_certifications_dates_check',
      sql`${t.expiryDate} is null or ${t.issueDate} is null or ${t.expiryDate} >= ${t.issueDate}`,
    ),
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
    zipCodes: text('zip_codes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
