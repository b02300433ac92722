import type { QuoteType, TemplateQuoteType } from '../../../domain/quote-templates';

/** The screen wording of the quote screens (part 2: "Quote Templates", "Quote preview", section 8). */
export const TEMPLATE_TAB_LABELS: Record<TemplateQuoteType, string> = {
  inspection: 'Inspection',
  repair: 'Repair',
  replacement: 'Replacement',
};

/** Template Type choices of the Add PDF Template dialog. */
export const TEMPLATE_TYPE_OPTION_LABELS: Record<TemplateQuoteType, string> = {
  inspection: 'Inspection Quote',
  repair: 'Repair Quote',
  replacement: 'Replacement Quote',
};

export const TEMPLATE_TEXTS = {
  loadFailed: 'Failed to load templates. Please try again.',
  addFailed: 'Failed to add PDF template',
  deleteFailed: 'Failed to delete PDF template',
  setDefaultFailed: 'Failed to set default template',
  deleteTitle: 'Delete PDF Template',
  cannotBeUndone: 'This action cannot be undone.',
  uploadHint: 'PDF only, max 10MB',
  preservedPagesPlaceholder: 'e.g. 1, 2, 4-6',
  preservedPagesHint: 'These pages stay unchanged when generating quotes; page 1 if empty.',
  readOnly: 'Your role can view templates but not change them.',
  emailSaveFailed: 'Failed to save e-mail template',
  emailLoadFailed: 'Failed to load the e-mail template. Please try again.',
} as const;

export const PREVIEW_TEXTS = {
  noPdf: 'No PDF could be generated. Please try again.',
  hint: 'Make sure a valid default PDF template is uploaded for this quote type on the Quote Templates page.',
  failed: 'Failed to generate PDF',
} as const;

/** /quotes/templates/email?type=repair, optionally back to the job it was opened from. */
export function emailTemplatePath(type: TemplateQuoteType, jobId?: string): string {
  const params = new URLSearchParams({ type });
  if (jobId) params.set('jobId', jobId);
  return `/quotes/templates/email?${params.toString()}`;
}

export function quotePreviewPath(jobId: string, type: string): string {
  return `/jobs/${jobId}/quote-preview?type=${encodeURIComponent(type)}`;
}

/** The Quotes card's tabs and the send dialog's title. */
export const QUOTE_TYPE_TITLES: Record<QuoteType, string> = {
  inspection: 'Inspection Quote',
  repair: 'Repair Quote',
  replacement: 'Replacement Quote',
  other: 'Quote',
};

export const QUOTES_CARD_TEXTS = {
  title: 'Quotes',
  sent: 'Quote Sent',
  waiting: 'Waiting for customer confirmation',
  needsUpdate: 'Quote Needs Update',
  needsUpdateHint:
    'The job changed after this quote was sent (an item it lists was added, or a detail the quote shows was edited). Update the quote so the customer sees it.',
  linesTitle: 'Quote lines',
  linesChanged: 'As the job stands now: sending the quote again states these lines and this total.',
  loadFailed: 'Failed to load quotes',
  noHistory: 'No quotes have been sent for this job yet.',
  notSent: 'No quote of this type has been sent yet.',
  withdrawConfirm: (number: string) =>
    `Withdraw quote ${number}? The customer's link will say it was withdrawn and can no longer be used to approve or decline.`,
  withdrawFailed: 'Failed to withdraw the quote',
} as const;
