// Messages, and the statuses the jobs share with Home

export { JOB_STATUSES, type JobStatus } from './constants.js';

export const JOB_MESSAGES = {
  invalidJobId: 'Invalid job ID format',
  jobNotFound: 'Job not found',
  invalidItemId: 'Invalid item ID format',
  itemNotFound: 'Item not found',
  invalidPresetId: 'Invalid preset ID format',
  presetNotFound: 'Preset not found',
  // Create Job (part 2 section 5)
  requiredFields: 'Please fill in all required fields.',
  locationRequired: 'Service location is required',
  addressRequired: 'Service address is required',
  cityRequired: 'Service city is required',
  stateRequired: 'Service state is required',
  stateTooLong: 'Service state must be at most 2 characters',
  zipRequired: 'Service zip is required',
  serviceLineRequired: 'Service line is required',
  descriptionRequired: 'Description is required',
  contactTypeRequired: 'Contact type is required',
  nameRequired: 'Job name is required',
  jobTypeRequired: 'Job type is required',
  startDateRequired: 'Start date is required',
  dueDateRequired: 'Due date is required',
  dueBeforeStart: 'Due date must be on or after the start date',
  scheduleTimeInvalid: 'Schedule time must be HH:MM',
  durationGrid: 'Duration must be in 30-minute steps',
  durationRange: 'Duration must be between 0:30 and 24:00',
  // the server's checks against the database
  unknownLocation: 'Service location not found',
  unknownCompany: 'Company not found',
  locationNotOfCompany: 'The service location does not belong to the chosen company',
  unknownUnit: 'Unit not found',
  unknownContact: 'Contact not found',
  contactNotAtLocation: 'The contact is not one of the location’s contacts',
  saveContactNeedsName: 'Enter the contact’s name to save it as a contact',
  unitNotAtLocation: 'The unit is not at the chosen service location',
  unknownJobType: 'Job type not found or inactive',
  unknownServiceLine: 'Service line not found or inactive',
  technicianNotActive: 'Every technician must be an active technician',
  // Preset, technicians, items
  presetNameRequired: 'Preset name is required',
  technicianRequired: 'Select at least one technician',
  technicianDuplicate: 'A technician is chosen twice',
  itemTypeInvalid: 'Item type must be part, labor or item',
  codeRequired: 'Code is required',
  itemNameRequired: 'Name is required',
  quantityMin: 'Quantity must be greater than 0',
  quantityWhole: 'Quantity must be a whole number',
  unitPriceRequired: 'Unit price is required',
  unitPriceMin: 'Unit price must be at least 0',
  unitPricePositive: 'Unit price must be greater than 0',
  unitPriceStep: 'Unit price must be in steps of 0.01',
  unitPriceMax: 'Unit price must be at most $1,000,000.00',
  priceBookItemNotFound: 'Price book item not found',
  // transitions
  alreadyCompleted: 'This job is already completed',
  cancelledCannotComplete: 'A cancelled job cannot be completed',
  alreadyCancelled: 'This job is already cancelled',
  completedCannotCancel: 'A completed job cannot be cancelled',
  notAssigned: 'You can only change jobs assigned to you',
  // calendar
  calendarRange: 'The calendar range must be at most 62 days',
  calendarOrder: "'to' must be on or after 'from'",
} as const;

/** Why a job cannot be deleted: something billed or decided hangs on it. Offered instead: Cancel Job. */
export function jobDeleteRefusal(reasons: { quoteAnswered: boolean; nonDraftInvoices: number }): string | null {
  const parts: string[] = [];
  if (reasons.quoteAnswered) parts.push('the customer has answered its quote');
  if (reasons.nonDraftInvoices > 0) {
    parts.push(
      reasons.nonDraftInvoices === 1
        ? 'it has an invoice that is no longer a draft'
        : `it has ${reasons.nonDraftInvoices} invoices that are no longer drafts`,
    );
  }
  if (parts.length === 0) return null;
  return `This job cannot be deleted: ${parts.join(' and ')}. Cancel the job instead to keep its quotes and invoices.`;
}
