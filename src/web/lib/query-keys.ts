import type { QueryClient } from '@tanstack/react-query';
import type { CompanyListQuery } from '../../domain/companies';
import type { ContactListQuery } from '../../domain/contacts';
import type { LocationListQuery } from '../../domain/locations';
import type { PriceListQuery } from '../../domain/price-book';
import type { UnitListQuery } from '../../domain/units';

/**
 * One set of TanStack Query keys for the data several features read or refresh. Each feature's own
 * queries start from its root here, and a mutation marks stale what it changed through these
 * roots, so no feature spells another's keys by hand (a renamed key cannot leave a screen stale).
 * Invalidation is by prefix: `customerKeys.all` covers every customer list, detail and lookup.
 */
export const jobKeys = {
  all: ['jobs'] as const,
  /**
   * One job, and the root of everything its page shows: each part of the page (items are in the job
   * itself; inspections and repairs, quotes, invoices, history) keeps its query under this key, and
   * every change made on the page invalidates this one key (`invalidateJob`), so whatever depends on
   * the change (the Quotes card after Mark Complete or a new item) refreshes without a reload.
   */
  detail: (id: string) => ['jobs', 'detail', id] as const,
  inspections: (id: string) => ['jobs', 'detail', id, 'inspections'] as const,
  quotes: (id: string) => ['jobs', 'detail', id, 'quotes'] as const,
  invoices: (id: string) => ['jobs', 'detail', id, 'invoices'] as const,
  history: (id: string) => ['jobs', 'detail', id, 'history'] as const,
  /** The technicians' field work on the job (times, notes, signatures, conflicts; decision 045). */
  field: (id: string) => ['jobs', 'detail', id, 'field'] as const,
};

/** The technician's phone screens (decision 045): My Day's bundle and one job. */
export const fieldKeys = {
  all: ['field'] as const,
  bundle: ['field', 'bundle'] as const,
  job: (id: string) => ['field', 'job', id] as const,
};

/** After any change on a job's page: the job and every part of its page (see `jobKeys.detail`). */
export function invalidateJob(client: QueryClient, jobId: string): Promise<void> {
  return client.invalidateQueries({ queryKey: jobKeys.detail(jobId) });
}

export const customerKeys = {
  all: ['customers'] as const,
  dashboard: ['customers', 'dashboard'] as const,
  companies: (q: Partial<CompanyListQuery>) => ['customers', 'companies', q] as const,
  company: (id: string) => ['customers', 'company', id] as const,
  companyReport: (id: string) => ['customers', 'company-report', id] as const,
  /** Manage Tags' suggestions for the typed text (issue 28). */
  tags: (q: string) => ['customers', 'tags', q] as const,
  suggestions: (name: string) => ['customers', 'suggestions', name] as const,
  locations: (q: Partial<LocationListQuery>) => ['customers', 'locations', q] as const,
  location: (id: string) => ['customers', 'location', id] as const,
  units: (q: Partial<UnitListQuery>) => ['customers', 'units', q] as const,
  unit: (id: string) => ['customers', 'unit', id] as const,
  unitJobs: (id: string, page: number) => ['customers', 'unit-jobs', id, page] as const,
  unitDeficiencies: (id: string, page: number) => ['customers', 'unit-deficiencies', id, page] as const,
  /** A technician's open job on the unit (the unit page's banner; decision 046). */
  unitOpenJob: (id: string) => ['customers', 'unit-open-job', id] as const,
  /** The unit's Service History (issue 29): its visits with their inspections and repair options. */
  unitHistory: (id: string, page: number) => ['customers', 'unit-history', id, page] as const,
  /** Contacts (decision 038): the list, and a location's contacts for the job form and the send dialogs. */
  contacts: (q: Partial<ContactListQuery>) => ['customers', 'contacts', q] as const,
  contactOptions: (locationId: string) => ['customers', 'contact-options', locationId] as const,
};

/** Home's counts and lists; any change to jobs, quotes or invoices makes them stale. */
export const homeKeys = {
  all: ['home'] as const,
  options: ['home', 'options'] as const,
};

export const priceBookKeys = {
  all: ['price-book'] as const,
  list: (q: Partial<PriceListQuery>) => ['price-book', 'list', q] as const,
};

/** The users list (settings); technicians are users too. */
export const userKeys = {
  all: ['users'] as const,
};

/** The header search, which finds companies, locations and units among others. */
export const searchKeys = {
  all: ['search'] as const,
  results: (q: string) => ['search', q] as const,
};

/** Service Opportunities (decision 039): the list and its totals; a follow-up or dismissal refreshes them. */
export const opportunityKeys = {
  all: ['opportunities'] as const,
  list: (q: object) => ['opportunities', 'list', q] as const,
  settings: ['opportunities', 'settings'] as const,
};

/** The Tech Scorecard of a period. */
export const scorecardKeys = {
  all: ['tech-scorecard'] as const,
  card: (q: object) => ['tech-scorecard', q] as const,
};

/** Settings > Tax Groups (issue 27). */
export const taxGroupKeys = {
  all: ['tax-groups'] as const,
};

/** Service agreements (issue 29): their list, one agreement and its visits, the generator's runs. */
export const agreementKeys = {
  all: ['agreements'] as const,
  list: (q: object) => ['agreements', 'list', q] as const,
  detail: (id: string) => ['agreements', 'detail', id] as const,
  visits: (id: string) => ['agreements', 'detail', id, 'visits'] as const,
  cancelPreview: (id: string) => ['agreements', 'detail', id, 'cancel-preview'] as const,
  companyUnits: (companyId: string) => ['agreements', 'company-units', companyId] as const,
  ofJob: (jobId: string) => ['agreements', 'of-job', jobId] as const,
  runs: ['agreements', 'runs'] as const,
};
