/**
 * Wording of the Inspection/Repair tab. The specification's own texts (section 8) come from
 * INSPECTION_MESSAGES in the domain, which the API shares; these are the screen's other words.
 */
import { INSPECTION_LIMITS } from '../../../domain/inspections';
import { formatDate } from '../../lib/format';

export const INSPECTION_TEXTS = {
  listTitle: 'Inspections',
  add: 'Add Inspection',
  addTitle: 'Add Inspection',
  editTitle: 'Edit Inspection',
  save: 'Save Inspection',
  saving: 'Saving...',
  markComplete: 'Mark Complete',
  completing: 'Completing...',
  completed: 'Completed',
  open: 'Open',
  deleteTitle: 'Delete inspection?',
  deleteConfirm: 'Delete Inspection',
  deleting: 'Deleting...',
  photosTitle: 'Photos',
  addPhotos: 'Add Photos',
  uploading: 'Uploading...',
  noPhotos: 'No photos yet',
  photoTypesHint: `JPEG, PNG or WebP, at most 10 MB each, up to ${INSPECTION_LIMITS.maxPhotos} per inspection`,
  deletePhotoTitle: 'Delete photo?',
  deletePhotoConfirm: 'Delete Photo',
  deletePhotoFailed: 'Failed to delete photo',
  uploadFailed: 'Failed to upload photo',
  repairTitle: 'Repair Details',
  editRepair: 'Edit Repair Details',
  saveRepair: 'Save Repair Details',
  cancelEdit: 'Cancel',
  summaryTitle: 'Repair Details for All Inspections',
  finish: 'Finish Repair Details',
  finishing: 'Finishing...',
  combinedTotal: 'Combined Total',
  noRepairs: 'No repair details yet. Mark the inspections complete or save a repair form to price them.',
  selectPrompt: 'Select an inspection to see its photos and repair details.',
  costSummary: 'Cost Summary',
  whyThisPrice: 'Why this price',
  discardTitle: 'Discard unsaved repair changes?',
  discardDescription: (label: string) =>
    `The repair details of ${label} have changes that are not saved. Open the other inspection and discard them?`,
  discardConfirm: 'Discard Changes',
  finishUnsaved: (label: string) =>
    `The repair details of ${label} have changes that are not saved. Save or cancel them, then press Finish Repair Details.`,
  invalidCost: 'Not an amount of money: it counts as $0.00. Type digits, e.g. 1250.50',
} as const;

export function markCompleteToast(completed: number, createdRepairs: number): string {
  if (completed === 0 && createdRepairs === 0) return 'All inspections were already complete';
  const inspections = `${completed} ${completed === 1 ? 'inspection' : 'inspections'} marked complete`;
  return createdRepairs > 0
    ? `${inspections}; ${createdRepairs} repair ${createdRepairs === 1 ? 'form' : 'forms'} ready to price`
    : inspections;
}

export function resendBannerText(quoteSentAt: string | null, timeZone?: string): string {
  const when = quoteSentAt ? ` on ${formatDate(quoteSentAt, timeZone)}` : '';
  return `The inspections or repairs changed after the quote was sent${when}. Resend the quote so the customer sees the current figures.`;
}

export function deleteInspectionDescription(label: string): string {
  return `${label}, its repair details and its photos will be deleted. This cannot be undone.`;
}
