import { zonedDateTime } from '../../../domain/dates';
import {
  DEFAULT_DURATION_MINUTES,
  NON_CONTRACT,
  type JobDetail,
  DEFAULT_JOB_TYPE,
  DEFAULT_OFFICE,
  type CreateJobFormValues,
  type JobPreset,
  type PresetData,
} from '../../../domain/jobs';

/** The Create Job form's values as typed (the schema's input, before createJobInput parses them). */
export type JobFormValues = CreateJobFormValues;

/** An empty Create Job form: dates are today (in the company's zone), type and office the defaults. */
export const blankJobForm = (today: string, office = DEFAULT_OFFICE, type = DEFAULT_JOB_TYPE): JobFormValues => ({
  companyId: null,
  locationId: '',
  unitId: null,
  serviceAddress: '',
  serviceCity: '',
  serviceState: '',
  serviceZip: '',
  contactName: '',
  contactPhone: '',
  contactEmail: '',
  contactType: 'primary',
  contactId: null,
  saveContact: false,
  type,
  serviceLine: '',
  name: '',
  description: '',
  problemDescription: '',
  isTraining: false,
  customerPo: '',
  serviceContract: '',
  nonContract: false,
  timePeriodStart: today,
  timePeriodDue: today,
  scheduleDate: '',
  scheduleTime: '',
  scheduleDuration: DEFAULT_DURATION_MINUTES,
  technicianIds: [],
  office,
  tags: [],
  subcontracted: false,
  notes: '',
});

/** Edit Job's form: the job as saved, its schedule as the wall-clock date and time in the company's zone. */
export function editFormFromJob(job: JobDetail, timeZone: string): JobFormValues {
  const schedule = job.scheduleStart ? zonedDateTime(new Date(job.scheduleStart), timeZone) : null;
  const nonContract = job.serviceContract === NON_CONTRACT;
  return {
    companyId: job.company.id,
    locationId: job.location.id,
    unitId: job.unit?.id ?? null,
    serviceAddress: job.location.address,
    serviceCity: job.location.city,
    serviceState: job.location.state,
    serviceZip: job.location.zip,
    contactName: job.contactName ?? '',
    contactPhone: job.contactPhone ?? '',
    contactEmail: job.contactEmail ?? '',
    contactType: job.contactType,
    contactId: job.contactId,
    saveContact: false,
    type: job.type,
    serviceLine: job.serviceLine,
    name: job.name,
    description: job.description,
    problemDescription: job.problemDescription ?? '',
    isTraining: job.isTraining,
    customerPo: job.customerPo ?? '',
    serviceContract: nonContract ? '' : (job.serviceContract ?? ''),
    nonContract,
    timePeriodStart: job.timePeriodStart,
    timePeriodDue: job.timePeriodDue,
    scheduleDate: schedule?.date ?? '',
    scheduleTime: schedule?.time ?? '',
    scheduleDuration: job.scheduleDuration,
    technicianIds: [],
    office: job.office,
    tags: job.tags,
    subcontracted: job.subcontracted,
    notes: job.notes ?? '',
  };
}

/** A preset keeps the form as typed, without its dates (a preset is reused on other days), plus the company's name for the picker. */
export const PRESET_DATE_FIELDS = ['timePeriodStart', 'timePeriodDue', 'scheduleDate'] as const;

export function presetDataOf(values: JobFormValues, companyName: string | null): PresetData {
  const data: PresetData = {};
  for (const [key, value] of Object.entries(values)) {
    if ((PRESET_DATE_FIELDS as readonly string[]).includes(key) || value === undefined) continue;
    if (Array.isArray(value)) data[key] = value.map(String);
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
      data[key] = value;
  }
  if (companyName) data.companyName = companyName;
  return data;
}

/**
 * The form a preset fills: a blank form with the preset's values, keeping the current form's dates,
 * and the company for the picker (the preset's saved name, or "Company").
 */
export function formFromPreset(
  preset: JobPreset,
  current: JobFormValues,
  blank: JobFormValues,
): { values: JobFormValues; company: { id: string; label: string } | null } {
  const { companyName, ...saved } = preset.data as Record<string, unknown>;
  const values = { ...blank, ...saved } as JobFormValues;
  for (const key of PRESET_DATE_FIELDS) (values as Record<string, unknown>)[key] = current[key];
  const company =
    typeof values.companyId === 'string' && values.companyId
      ? { id: values.companyId, label: typeof companyName === 'string' ? companyName : 'Company' }
      : null;
  return { values, company };
}

/** The message of the tags list or of its first bad tag (the server names `tags.N`). */
export function tagsError(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as { message?: string } & Record<number, { message?: string } | undefined>;
  if (e.message) return e.message;
  for (const item of Object.values(e))
    if (item && typeof item === 'object' && 'message' in item && item.message) return item.message;
  return undefined;
}
