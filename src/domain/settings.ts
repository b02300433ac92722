import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isValidTimeZone } from './dates.js';

export const addressSchema = z.object({
  street: z.string().trim().max(200),
  city: z.string().trim().max(100),
  state: z.string().trim().max(2, 'State must be at most 2 characters'),
  zip: z.string().trim().max(10, 'Zip must be at most 10 characters'),
});
export type Address = z.infer<typeof addressSchema>;

export const COMPANY_EMAIL_INVALID = 'Enter a valid e-mail address';
export const AGREEMENT_LEAD_DAYS_MESSAGE = 'Days ahead must be a whole number from 1 to 365';
/** Service agreement visits become jobs this many days ahead unless Settings say otherwise. */
export const DEFAULT_AGREEMENT_LEAD_DAYS = 30;
export const LABOR_COST_MESSAGE = 'Labor cost per hour must be an amount such as 45.00';

/**
 * The settings record with key "company": company name (required), physical and mailing address,
 * phone, e-mail, time zone. The e-mail is the office's address: customer e-mails carry it as
 * Reply-To (issue 26). Optional, so records saved before it existed still read.
 */
export const companySettings = z.object({
  name: z.string().trim().min(1, 'Company name is required').max(200),
  physical_address: addressSchema,
  mailing_address: addressSchema,
  phone: z.string().trim().max(30),
  email: z
    .string()
    .trim()
    .max(254, COMPANY_EMAIL_INVALID)
    .refine((v) => v === '' || z.email().safeParse(v).success, COMPANY_EMAIL_INVALID)
    .optional(),
  time_zone: z.string().trim().refine(isValidTimeZone, 'Unknown time zone'),
  /** Labor lines are taxed (issue 27); default no. Optional, so older records still read. */
  labor_taxable: z.boolean().optional(),
  /**
   * How many days ahead a service agreement's visit becomes a job (issue 29); default 30.
   * Optional, so older records still read.
   */
  agreement_lead_days: z
    .number({ error: AGREEMENT_LEAD_DAYS_MESSAGE })
    .int(AGREEMENT_LEAD_DAYS_MESSAGE)
    .min(1, AGREEMENT_LEAD_DAYS_MESSAGE)
    .max(365, AGREEMENT_LEAD_DAYS_MESSAGE)
    .optional(),
  /**
   * Service agreement invoices are created as drafts (default) or issued (sent) at once (issue 29,
   * decision 052). Optional, so older records still read.
   */
  agreement_invoice_status: z
    .enum(['draft', 'issued'], { error: 'Choose how agreement invoices are created' })
    .optional(),
  /**
   * What an hour of a technician's time costs the company (issue 29, decision 053): agreement
   * profitability charges the visits' hours at it. A decimal string (money is never a JSON number);
   * empty or missing: not set, and hours cost nothing in the report, which says so.
   */
  labor_cost_per_hour: z
    .string({ error: LABOR_COST_MESSAGE })
    .trim()
    .regex(/^(\d{1,7}(\.\d{1,2})?)?$/, LABOR_COST_MESSAGE)
    .optional(),
});
export type CompanySettings = z.infer<typeof companySettings>;

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  name: 'HVAC Services',
  physical_address: { street: '', city: '', state: '', zip: '' },
  mailing_address: { street: '', city: '', state: '', zip: '' },
  phone: '',
  email: '',
  time_zone: DEFAULT_TIME_ZONE,
  labor_taxable: false,
  agreement_lead_days: DEFAULT_AGREEMENT_LEAD_DAYS,
  agreement_invoice_status: 'draft',
};

/** The title shown on Home and beside "HVAC Administration": "{company name} Management". */
export function managementTitle(companyName: string): string {
  return `${companyName.trim() || DEFAULT_COMPANY_SETTINGS.name} Management`;
}
