import type { JobItemType, JobQueue, JobStatus } from '../../../domain/jobs';

/** The job screens' wording (part 2 sections 2 and 8); the API's validation messages live in domain/jobs.ts. */
export const JOB_TEXTS = {
  emptyList: 'No jobs found. Try adjusting your filters or create a new job.',
  fetchData: 'Failed to fetch data',
  fetchJob: 'Failed to fetch job details',
  loadData: 'Failed to load data',
  loadUnit: 'Failed to load unit details',
  createFailed: 'Failed to create job. Please try again.',
  // Edit Job (issue 26)
  editFailed: 'Failed to save job. Please try again.',
  jobSaved: 'Job saved',
  jobUnchanged: 'Nothing changed',
  quoteNeedsUpdate: 'The sent quote now needs an update: send the updated quote from the Quotes card.',
  closedJob: (status: string) =>
    `This job is ${status}: its details are kept as they were. Only the notes can be changed.`,
  techniciansElsewhere: 'Technicians are changed on the job page (Assign Technicians).',
  historyEmpty: 'No changes recorded yet',
  completeFailed: 'Failed to complete job. Please try again.',
  deleteFailed: 'Failed to delete job. Please try again.',
  cancelFailed: 'Failed to cancel job. Please try again.',
  fetchTechnicians: 'Failed to fetch technician details. Please try again.',
  updateTechnicians: 'Failed to update technicians',
  updateLabels: 'Failed to update the job. Please try again.',
  invalidJobId: 'Invalid job ID format',
  jobNotFound: 'Job not found',
  savePresetFailed: 'Failed to save preset. Please try again.',
  deletePresetFailed: 'Failed to delete preset. Please try again.',
  loadItems: 'Failed to load items',
  savePriceItem: 'Failed to save price item. Please try again.',
  updateItemRetry: 'Failed to update item. Please try again.',
  loadItemPrices: 'Failed to load item prices',
  updateItem: 'Failed to update item',
  deleteItem: 'Failed to delete item',
  requiredFields: 'Please fill in all required fields.',
  noTechniciansFound: 'No technicians found',
  noTechniciansAssigned: 'No technicians assigned',
  noLocation: 'No location assigned',
  noContact: 'No contact information',
  noItems: 'No items added yet',
  /** Until the job's contact is known (or when it cannot be read): the server still notifies the contact. */
  completeDescription: 'Mark this job as completed? Relevant parties will be notified.',
  completeChecking: 'Mark this job as completed? Checking who will be notified...',
} as const;

export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  scheduled: 'Scheduled',
  unscheduled: 'Unscheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const ITEM_TYPE_TITLES: Record<JobItemType, string> = { part: 'Parts', labor: 'Labor', item: 'Other Items' };
export const ITEM_TYPE_TABS: Record<JobItemType, string> = { part: 'Part', labor: 'Labor', item: 'Item' };

/** The Home card each queue comes from (the list's removable chip names it). */
export const JOB_QUEUE_LABELS: Record<JobQueue, string> = {
  'no-appointment': 'Jobs with No Appointment',
  overdue: 'Overdue Jobs',
  'to-mark-complete': 'Past Jobs to Mark Complete',
  'follow-up': 'Follow Up Jobs',
  'open-deficiencies': 'Open Deficiencies',
  'unsent-invoices': 'Total Unsent Invoices',
  'ready-to-schedule': 'Jobs Ready to Schedule',
  'to-invoice': 'Jobs to Invoice',
  'submitted-quotes': 'Total Submitted Quotes',
};

export const CONTACT_TYPE_LABELS = { primary: 'Primary', secondary: 'Secondary', emergency: 'Emergency' } as const;
