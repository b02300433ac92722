// Constants (no zod here: the job list and the board load them without a schema library)

/** A job's statuses (Home counts by them too; home.ts re-exports them). */
export const JOB_STATUSES = ['scheduled', 'unscheduled', 'completed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_JOB_PAGE_SIZE = 25;
export const JOB_CONTACT_TYPES = ['primary', 'secondary', 'emergency'] as const;
export type JobContactType = (typeof JOB_CONTACT_TYPES)[number];
/** Service contract choices; the Non-Contract toggle forces 'Non-Contract'. */
export const SERVICE_CONTRACTS = ['Standard', 'Financial', 'Management', 'On-site', 'Owner', 'Sales'] as const;
export const NON_CONTRACT = 'Non-Contract';
export const SERVICE_CONTRACT_VALUES = [...SERVICE_CONTRACTS, NON_CONTRACT] as const;
export type ServiceContract = (typeof SERVICE_CONTRACT_VALUES)[number];
export const DEFAULT_JOB_TYPE = 'PM';
export const DEFAULT_OFFICE = 'Main Office';
export const JOB_ITEM_TYPES = ['part', 'labor', 'item'] as const;
export type JobItemType = (typeof JOB_ITEM_TYPES)[number];

/**
 * Durations are whole minutes on a 30-minute grid. The Create Job form offers 1:00 to 4:00 (the
 * spec); the API accepts 0:30 to 24:00 on the same grid so the dispatch board can stretch a job
 * (decision 015).
 */
export const DURATION_STEP_MINUTES = 30;
export const DEFAULT_DURATION_MINUTES = 60;
export const API_DURATION_LIMITS = { min: 30, max: 1440 } as const;
export const FORM_DURATION_LIMITS = { min: 60, max: 240 } as const;

export const JOB_LIMITS = {
  nameLength: 200,
  codeLength: 50,
  itemNameLength: 200,
  customerPoLength: 100,
  officeLength: 100,
  contactNameLength: 200,
  contactPhoneLength: 30,
  contactEmailLength: 254,
  textLength: 5000,
  maxTechnicians: 20,
  maxTags: 20,
  tagLength: 50,
  maxQuantity: 100_000,
  maxUnitPriceCents: 100_000_000,
  presetNameLength: 100,
  calendarMaxDays: 62,
  calendarUnscheduledLimit: 200,
  calendarPerDayMax: 100,
} as const;
