import type { AgreementStatus } from '../../../domain/agreements';
import type { BadgeTone } from '../../ui/badge';

/** What the agreement screens say (issue 29). */
export const AGREEMENT_TEXTS = {
  fetchList: 'Failed to load agreements',
  fetchAgreement: 'Failed to load the agreement',
  empty: 'No agreements found.',
  invalidId: 'Invalid agreement ID format',
  notFound: 'Agreement not found',
  save: 'Failed to save the agreement',
  noVisits: 'No visits yet. Visits become jobs 30 days ahead, or press Generate visits now.',
  noInvoices: 'No invoices yet.',
  generated: (n: number) =>
    n === 0 ? 'No new visits were due' : n === 1 ? '1 visit became a job' : `${n} visits became jobs`,
} as const;

export const STATUS_TONES: Record<AgreementStatus, BadgeTone> = {
  draft: 'gray',
  active: 'green',
  expired: 'amber',
  cancelled: 'red',
};

export const VISIT_STATE_LABELS = {
  unscheduled: 'Unscheduled',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  removed: 'Job deleted',
} as const;
