import { DEFAULT_COMPANY_SETTINGS } from '../../domain/settings.js';
import type { Executor } from './client.js';
import { jobTypes, serviceLines, settings } from './schema.js';

/**
 * Reference data every installation starts with (not only the demo): the standard service lines
 * (HVACGEN is the default for price items, INSP carries the inspection fee), the job types,
 * and a company settings record. Inserted only when missing, so edits made in Settings survive.
 */
export const DEFAULT_SERVICE_LINES = [
  { code: 'HVACGEN', name: 'HVAC General', description: 'General heating, ventilation and air conditioning service' },
  { code: 'INSP', name: 'Inspection', description: 'Equipment inspections and inspection fees' },
  { code: 'REFR', name: 'Refrigeration', description: 'Walk-in coolers, freezers and refrigerant work' },
  { code: 'CTRL', name: 'Controls', description: 'Thermostats, building automation and controls' },
  { code: 'PLMB', name: 'Plumbing', description: 'Plumbing service' },
  { code: 'ELEC', name: 'Electrical', description: 'Electrical service' },
  { code: 'TRNG', name: 'Training', description: 'Training jobs' },
] as const;

export const DEFAULT_JOB_TYPES = [
  { code: 'PM', name: 'Preventative Maintenance', description: 'Planned maintenance visit' },
  { code: 'SC', name: 'Service Call', description: 'Reactive repair call' },
  { code: 'INSP', name: 'Inspection', description: 'Unit inspection with repair quote' },
  { code: 'INST', name: 'Installation', description: 'New equipment installation' },
  { code: 'REP', name: 'Repair', description: 'Approved repair work' },
] as const;

export async function ensureReferenceData(db: Executor): Promise<void> {
  await db
    .insert(serviceLines)
    .values([...DEFAULT_SERVICE_LINES])
    .onConflictDoNothing();
  await db
    .insert(jobTypes)
    .values([...DEFAULT_JOB_TYPES])
    .onConflictDoNothing();
  await db.insert(settings).values({ key: 'company', value: DEFAULT_COMPANY_SETTINGS }).onConflictDoNothing();
}
