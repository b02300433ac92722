import { z } from 'zod';
import { newPassword, USER_STATUSES } from './auth.js';
import {
  emailField,
  hourlyRateField,
  optionalDate,
  optionalState,
  optionalText,
  optionalZip,
  phoneField,
  requiredDate,
  requiredText,
} from './person-fields.js';

/**
 * Technicians (Add Technician, Edit Technician, and Settings > Add User for the technician role).
 * A technician is a user of role technician; the technician record, its skills,
 * certifications, availability and territories hang off the user's id.
 */

export const DEFAULT_JOB_TITLE = 'HVAC Technician';
export const PROFICIENCY_LEVELS = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type ProficiencyLevel = (typeof PROFICIENCY_LEVELS)[number];
export const DEFAULT_PROFICIENCY: ProficiencyLevel = 'intermediate';
export const CERTIFICATION_STATUSES = ['active', 'expired', 'pending'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];
/** day_of_week 0 = Sunday to 6 = Saturday. */
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
/** A new technician lists all 7 days; days 0 to 4 (Sunday to Thursday) are available 09:00 to 17:00. */
export const DEFAULT_AVAILABLE_DAYS: readonly number[] = [0, 1, 2, 3, 4];
export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_END_TIME = '17:00';
export const MAX_ROWS = 50;

// ------------------------------------------------------------------------------------------
// The rules, as pure functions
// ------------------------------------------------------------------------------------------

/** Job title falls back to "HVAC Technician" when empty. */
export function jobTitleOrDefault(value: string | null | undefined): string {
  return value?.trim() || DEFAULT_JOB_TITLE;
}

/** Zip codes are comma-separated and trimmed; empty entries (and repeats) are dropped. */
export function splitZipCodes(text: string | readonly string[]): string[] {
  const parts = typeof text === 'string' ? text.split(',') : text.flatMap((t) => t.split(','));
  const seen = new Set<string>();
  for (const part of parts) {
    const zip = part.trim();
    if (zip) seen.add(zip);
  }
  return [...seen];
}

/** Skill and certification rows are kept only when they have a name. */
export function keepNamedRows<T>(rows: readonly T[], nameOf: (row: T) => string | null | undefined): T[] {
  return rows.filter((row) => Boolean(nameOf(row)?.trim()));
}

/** Territory rows are kept only when both the name and the state are given. */
export function keepTerritoryRows<T extends { territoryName?: string | null; state?: string | null }>(
  rows: readonly T[],
): T[] {
  return rows.filter((row) => Boolean(row.territoryName?.trim()) && Boolean(row.state?.trim()));
}

export interface AvailabilityDay {
  dayOfWeek: number;
  isAvailable: boolean;
  startTime?: string | null | undefined;
  endTime?: string | null | undefined;
}

/** Only available days are saved. */
export function keepAvailableDays<T extends AvailabilityDay>(
  rows: readonly T[],
): (T & { startTime: string; endTime: string })[] {
  return rows.filter(
    (row): row is T & { startTime: string; endTime: string } =>
      row.isAvailable && Boolean(row.startTime) && Boolean(row.endTime),
  );
}

export interface AvailabilityFormRow {
  dayOfWeek: number;
  isAvailable: boolean;
  startTime: string;
  endTime: string;
}

/** The availability a new technician starts with: all 7 days listed, days 0 to 4 available 09:00-17:00. */
export function defaultAvailability(): AvailabilityFormRow[] {
  return DAY_NAMES.map((_, dayOfWeek) => ({
    dayOfWeek,
    isAvailable: DEFAULT_AVAILABLE_DAYS.includes(dayOfWeek),
    startTime: DEFAULT_START_TIME,
    endTime: DEFAULT_END_TIME,
  }));
}

/** The 7 rows of the form from the saved (available) days; a day not saved is unavailable. */
export function availabilityFormRows(
  saved: readonly { dayOfWeek: number; startTime: string; endTime: string }[],
): AvailabilityFormRow[] {
  return DAY_NAMES.map((_, dayOfWeek) => {
    const row = saved.find((s) => s.dayOfWeek === dayOfWeek);
    return row
      ? { dayOfWeek, isAvailable: true, startTime: toHourMinute(row.startTime), endTime: toHourMinute(row.endTime) }
      : { dayOfWeek, isAvailable: false, startTime: DEFAULT_START_TIME, endTime: DEFAULT_END_TIME };
  });
}

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** "09:00:00" (as PostgreSQL answers a time) -> "09:00". */
export function toHourMinute(time: string): string {
  return time.slice(0, 5);
}

// ------------------------------------------------------------------------------------------
// Payloads
// ------------------------------------------------------------------------------------------

export const skillRow = z.object({
  skillName: z.string().trim().max(100, 'Skill name must be at most 100 characters').default(''),
  proficiencyLevel: z
    .enum(PROFICIENCY_LEVELS, { error: `Proficiency must be one of ${PROFICIENCY_LEVELS.join(', ')}` })
    .default(DEFAULT_PROFICIENCY),
  yearsExperience: z
    .number({ error: 'Years of experience must be a number' })
    .int('Years of experience must be a whole number')
    .min(0, 'Years of experience must be at least 0')
    .max(80, 'Years of experience must be at most 80')
    .default(0),
});
export type SkillRow = z.output<typeof skillRow>;

export const certificationRow = z
  .object({
    certificationName: z.string().trim().max(200, 'Certification name must be at most 200 characters').default(''),
    issuingOrganization: optionalText('Issuing organization', 200),
    certificationNumber: optionalText('Certification number', 100),
    issueDate: optionalDate('Issue date'),
    expiryDate: optionalDate('Expiry date'),
    status: z
      .enum(CERTIFICATION_STATUSES, { error: `Status must be one of ${CERTIFICATION_STATUSES.join(', ')}` })
      .default('active'),
  })
  .refine((row) => !row.issueDate || !row.expiryDate || row.expiryDate >= row.issueDate, {
    message: 'Expiry date must be on or after the issue date',
    path: ['expiryDate'],
  });
export type CertificationRow = z.output<typeof certificationRow>;

export const availabilityRow = z
  .object({
    dayOfWeek: z
      .number()
      .int()
      .min(0, 'Day must be 0 (Sunday) to 6 (Saturday)')
      .max(6, 'Day must be 0 (Sunday) to 6 (Saturday)'),
    isAvailable: z.boolean().default(false),
    // Unavailable days have their time inputs disabled, so the browser may send no times for them.
    startTime: z.string().nullish(),
    endTime: z.string().nullish(),
  })
  .superRefine((row, ctx) => {
    if (!row.isAvailable) return;
    if (!row.startTime || !TIME_PATTERN.test(row.startTime))
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Start time must be a time (HH:MM)' });
    if (!row.endTime || !TIME_PATTERN.test(row.endTime))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be a time (HH:MM)' });
    else if (row.startTime && TIME_PATTERN.test(row.startTime) && row.endTime <= row.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after the start time' });
    }
  });

export const territoryRow = z.object({
  territoryName: z.string().trim().max(100, 'Territory name must be at most 100 characters').default(''),
  state: z
    .string()
    .trim()
    .max(2, 'State must be at most 2 characters')
    .transform((v) => v.toUpperCase())
    .default(''),
  zipCodes: z
    .union([z.string().max(2000, 'Too many zip codes'), z.array(z.string().max(2000)).max(200)])
    .default('')
    .transform((v) => splitZipCodes(v))
    .pipe(
      z
        .array(z.string().max(10, 'Each zip code must be at most 10 characters'))
        .max(200, 'At most 200 zip codes per territory'),
    ),
  isPrimary: z.boolean().default(false),
});
export type TerritoryRow = z.output<typeof territoryRow>;

/** The technician record's own fields, shared by Add Technician and Settings > Add User. */
export const technicianProfile = z.object({
  employeeId: optionalText('Employee ID', 50),
  hireDate: requiredDate('Hire Date'),
  jobTitle: z
    .string()
    .trim()
    .max(100, 'Job Title must be at most 100 characters')
    .nullish()
    .transform((v) => jobTitleOrDefault(v)),
  hourlyRate: hourlyRateField,
  emergencyContactName: optionalText('Emergency contact name', 200),
  emergencyContactPhone: optionalText('Emergency contact phone', 30),
  notes: optionalText('Notes', 5000),
  // The further fields (address, license and vehicle, personal, payroll, checks) the Add User flow may write.
  address: optionalText('Address', 200),
  city: optionalText('City', 100),
  state: optionalState,
  zip: optionalZip,
  licenseNumber: optionalText('License number', 100),
  licenseExpiry: optionalDate('License expiry'),
  vehicleNumber: optionalText('Vehicle number', 50),
  vehicleMake: optionalText('Vehicle make', 50),
  vehicleModel: optionalText('Vehicle model', 50),
  vehicleYear: z
    .number({ error: 'Vehicle year must be a number' })
    .int('Vehicle year must be a whole number')
    .min(1900, 'Vehicle year must be 1900 or later')
    .max(2100, 'Vehicle year must be 2100 or earlier')
    .nullish(),
  shirtSize: optionalText('Shirt size', 10),
  bootSize: optionalText('Boot size', 10),
  preferredName: optionalText('Preferred name', 100),
  taxId: optionalText('Tax ID', 50),
  directDeposit: z.boolean().optional(),
  bankName: optionalText('Bank name', 100),
  bankRouting: optionalText('Bank routing number', 50),
  bankAccount: optionalText('Bank account number', 50),
  backgroundCheckDate: optionalDate('Background check date'),
  drugTestDate: optionalDate('Drug test date'),
  lastReviewDate: optionalDate('Last review date'),
  nextReviewDate: optionalDate('Next review date'),
});
export type TechnicianProfile = z.output<typeof technicianProfile>;
export type TechnicianProfileInput = z.input<typeof technicianProfile>;

/** The names of the profile fields (the technician table's columns besides the id). */
export const TECHNICIAN_PROFILE_FIELDS = Object.keys(technicianProfile.shape) as (keyof TechnicianProfile)[];

const uniqueDays = (rows: readonly { dayOfWeek: number }[]) =>
  new Set(rows.map((r) => r.dayOfWeek)).size === rows.length;

/** Add Technician and Edit Technician: the person, the record and the four lists, saved together. */
export const technicianInput = z.object({
  firstName: requiredText('First Name', 100),
  lastName: requiredText('Last Name', 100),
  email: emailField,
  phone: phoneField,
  ...technicianProfile.shape,
  skills: z
    .array(skillRow)
    .max(MAX_ROWS, `At most ${MAX_ROWS} skills`)
    .default([])
    .transform((rows) => keepNamedRows(rows, (r) => r.skillName)),
  certifications: z
    .array(certificationRow)
    .max(MAX_ROWS, `At most ${MAX_ROWS} certifications`)
    .default([])
    .transform((rows) => keepNamedRows(rows, (r) => r.certificationName)),
  availability: z
    .array(availabilityRow)
    .max(7, 'At most 7 days')
    .refine(uniqueDays, 'Each day may be listed only once')
    .default(() => defaultAvailability())
    // The browser sends the parsed form and the server parses it again, so the output stays valid input.
    .transform((rows) =>
      keepAvailableDays(rows).map((r) => ({
        dayOfWeek: r.dayOfWeek,
        isAvailable: true,
        startTime: r.startTime,
        endTime: r.endTime,
      })),
    ),
  territories: z
    .array(territoryRow)
    .max(MAX_ROWS, `At most ${MAX_ROWS} territories`)
    .default([])
    .transform((rows) => keepTerritoryRows(rows)),
});

/** Add Technician: a new technician is active; an initial password is optional (none: cannot sign in yet). */
export const createTechnicianInput = technicianInput.extend({
  password: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(newPassword.optional()),
});
export type CreateTechnicianInput = z.output<typeof createTechnicianInput>;
export type CreateTechnicianForm = z.input<typeof createTechnicianInput>;

export const updateTechnicianInput = technicianInput.extend({
  status: z.enum(USER_STATUSES, { error: 'Status must be active or inactive' }),
});
export type UpdateTechnicianInput = z.output<typeof updateTechnicianInput>;
export type UpdateTechnicianForm = z.input<typeof updateTechnicianInput>;

// ------------------------------------------------------------------------------------------
// Answers
// ------------------------------------------------------------------------------------------

const nullableString = z.string().nullable();

export const technicianDetail = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: nullableString,
  lastName: nullableString,
  phone: nullableString,
  status: z.enum(USER_STATUSES),
  hasPassword: z.boolean(),
  employeeId: nullableString,
  hireDate: z.string(),
  jobTitle: z.string(),
  hourlyRate: z.number().nullable(),
  emergencyContactName: nullableString,
  emergencyContactPhone: nullableString,
  notes: nullableString,
  address: nullableString,
  city: nullableString,
  state: nullableString,
  zip: nullableString,
  licenseNumber: nullableString,
  licenseExpiry: nullableString,
  vehicleNumber: nullableString,
  vehicleMake: nullableString,
  vehicleModel: nullableString,
  vehicleYear: z.number().nullable(),
  shirtSize: nullableString,
  bootSize: nullableString,
  preferredName: nullableString,
  taxId: nullableString,
  directDeposit: z.boolean(),
  bankName: nullableString,
  bankRouting: nullableString,
  bankAccount: nullableString,
  backgroundCheckDate: nullableString,
  drugTestDate: nullableString,
  lastReviewDate: nullableString,
  nextReviewDate: nullableString,
  skills: z.array(
    z.object({ skillName: z.string(), proficiencyLevel: z.enum(PROFICIENCY_LEVELS), yearsExperience: z.number() }),
  ),
  certifications: z.array(
    z.object({
      certificationName: z.string(),
      issuingOrganization: nullableString,
      certificationNumber: nullableString,
      issueDate: nullableString,
      expiryDate: nullableString,
      status: z.enum(CERTIFICATION_STATUSES),
    }),
  ),
  availability: z.array(z.object({ dayOfWeek: z.number(), startTime: z.string(), endTime: z.string() })),
  territories: z.array(
    z.object({ territoryName: z.string(), state: z.string(), zipCodes: z.array(z.string()), isPrimary: z.boolean() }),
  ),
});
export type TechnicianDetail = z.infer<typeof technicianDetail>;

export const technicianCreated = z.object({ id: z.string(), username: z.string() });

// ------------------------------------------------------------------------------------------
// Form values
// ------------------------------------------------------------------------------------------

export const emptySkillRow = (): z.input<typeof skillRow> => ({
  skillName: '',
  proficiencyLevel: DEFAULT_PROFICIENCY,
  yearsExperience: 0,
});
export const emptyCertificationRow = (): z.input<typeof certificationRow> => ({
  certificationName: '',
  issuingOrganization: '',
  certificationNumber: '',
  issueDate: '',
  expiryDate: '',
  status: 'active',
});
export const emptyTerritoryRow = () => ({ territoryName: '', state: '', zipCodes: '', isPrimary: false });

/** The Add Technician form as it opens: one empty row per list, the default week, the default title. */
export function newTechnicianForm(): CreateTechnicianForm {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
    employeeId: '',
    hireDate: '',
    jobTitle: DEFAULT_JOB_TITLE,
    hourlyRate: null,
    emergencyContactName: '',
    emergencyContactPhone: '',
    notes: '',
    skills: [emptySkillRow()],
    certifications: [emptyCertificationRow()],
    availability: defaultAvailability(),
    territories: [emptyTerritoryRow()],
  };
}

const text = (v: string | null) => v ?? '';

/** The Edit Technician form filled from a saved technician; each list keeps at least its first row. */
export function technicianFormValues(t: TechnicianDetail): UpdateTechnicianForm {
  return {
    firstName: text(t.firstName),
    lastName: text(t.lastName),
    email: t.email,
    phone: text(t.phone),
    status: t.status,
    employeeId: text(t.employeeId),
    hireDate: t.hireDate,
    jobTitle: t.jobTitle,
    hourlyRate: t.hourlyRate,
    emergencyContactName: text(t.emergencyContactName),
    emergencyContactPhone: text(t.emergencyContactPhone),
    notes: text(t.notes),
    address: text(t.address),
    city: text(t.city),
    state: text(t.state),
    zip: text(t.zip),
    licenseNumber: text(t.licenseNumber),
    licenseExpiry: text(t.licenseExpiry),
    vehicleNumber: text(t.vehicleNumber),
    vehicleMake: text(t.vehicleMake),
    vehicleModel: text(t.vehicleModel),
    vehicleYear: t.vehicleYear,
    shirtSize: text(t.shirtSize),
    bootSize: text(t.bootSize),
    preferredName: text(t.preferredName),
    taxId: text(t.taxId),
    directDeposit: t.directDeposit,
    bankName: text(t.bankName),
    bankRouting: text(t.bankRouting),
    bankAccount: text(t.bankAccount),
    backgroundCheckDate: text(t.backgroundCheckDate),
    drugTestDate: text(t.drugTestDate),
    lastReviewDate: text(t.lastReviewDate),
    nextReviewDate: text(t.nextReviewDate),
    skills: t.skills.length ? t.skills.map((s) => ({ ...s })) : [emptySkillRow()],
    certifications: t.certifications.length
      ? t.certifications.map((c) => ({
          certificationName: c.certificationName,
          issuingOrganization: text(c.issuingOrganization),
          certificationNumber: text(c.certificationNumber),
          issueDate: text(c.issueDate),
          expiryDate: text(c.expiryDate),
          status: c.status,
        }))
      : [emptyCertificationRow()],
    availability: availabilityFormRows(t.availability),
    territories: t.territories.length
      ? t.territories.map((r) => ({
          territoryName: r.territoryName,
          state: r.state,
          zipCodes: r.zipCodes.join(', '),
          isPrimary: r.isPrimary,
        }))
      : [emptyTerritoryRow()],
  };
}

// ------------------------------------------------------------------------------------------
// Usernames for technicians added without one
// ------------------------------------------------------------------------------------------

/**
 * The username of a technician added on /technicians/add, which asks for no username: the part of
 * the e-mail before the at sign (as sign-in derives a username from an e-mail), reduced to the
 * characters a username may hold.
 */
export function usernameFromEmail(email: string): string {
  const local = email.trim().split('@')[0] ?? '';
  const cleaned = local
    .toLowerCase()
    .replace(/[^a-z0-9._-]/g, '')
    .slice(0, 90);
  return cleaned || 'technician';
}

/** `base`, or `base2`, `base3`... : the first that is not taken (compared case-insensitively). */
export function firstFreeUsername(base: string, taken: readonly string[]): string {
  const used = new Set(taken.map((t) => t.toLowerCase()));
  if (!used.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${n}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}
