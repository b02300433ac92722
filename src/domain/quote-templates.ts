/**
 * Quote templates (part 2: "Quote Templates /quotes/templates", sections 3, 4 and 5): PDF templates a
 * quote is printed on, with preserved pages, and the e-mail wording a quote is sent with.
 */
import { z } from 'zod';
import { isUuidV4 } from './ids.js';

/** The quote types a template can be made for (the three tabs). */
export const TEMPLATE_QUOTE_TYPES = ['inspection', 'repair', 'replacement'] as const;
export type TemplateQuoteType = (typeof TEMPLATE_QUOTE_TYPES)[number];
/** The quote types a PDF can be generated for: "other" quotes list the job's items. */
export const QUOTE_TYPES = ['inspection', 'repair', 'replacement', 'other'] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];

export const QUOTE_TYPE_LABELS: Record<QuoteType, string> = {
  inspection: 'Inspection',
  repair: 'Repair',
  replacement: 'Replacement',
  other: 'Other',
};
/** The default tab of /quotes/templates. */
export const DEFAULT_TEMPLATE_TAB: TemplateQuoteType = 'repair';

export const PDF_TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
export const PDF_TEMPLATE_MAX_LABEL = '10MB';

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  noFile: 'Please select a PDF file',
  notPdf: 'Please select a valid PDF file',
  tooLarge: `The PDF is larger than ${PDF_TEMPLATE_MAX_LABEL}. Please select a smaller PDF file.`,
  encrypted: 'This PDF is password-protected (encrypted). Remove the protection and upload it again.',
  unreadable: 'Please select a valid PDF file: this file could not be read as a PDF.',
  noPages: 'Please select a valid PDF file: this PDF has no pages.',
  emptyList: (type: TemplateQuoteType) =>
    `No PDF templates found for ${type} quotes. Upload your first PDF template to get started.`,
  noDefault: (type: QuoteType) =>
    `No default PDF template found for ${type} quotes. Please upload a template and set it as default.`,
  notFound: 'PDF template not found',
  emailNotFound: 'E-mail template not found',
} as const;

/**
 * Preserved pages as typed (part 2 section 5): comma-separated page numbers and ranges "a-b";
 * non-numeric and non-positive entries are dropped, duplicates removed, the result sorted; page 1
 * when nothing valid remains. "1, 2, 4-6" -> [1, 2, 4, 5, 6].
 */
export const MAX_PRESERVED_PAGE = 10_000;
export function parsePreservedPages(input: string | null | undefined): number[] {
  const pages = new Set<number>();
  const whole = (text: string): number | null => (/^\d+$/.test(text) ? Number(text) : null);
  for (const raw of (input ?? '').split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const range = /^(\S+?)\s*-\s*(\S+)$/.exec(entry);
    if (range) {
      const from = whole(range[1]!);
      const to = whole(range[2]!);
      if (from === null || to === null || from < 1 || to < 1) continue;
      const [low, high] = from <= to ? [from, to] : [to, from];
      // A range like 1-999999999 is junk, not a request for a billion pages.
      if (high > MAX_PRESERVED_PAGE) continue;
      for (let page = low; page <= high; page++) pages.add(page);
      continue;
    }
    const page = whole(entry);
    if (page !== null && page >= 1 && page <= MAX_PRESERVED_PAGE) pages.add(page);
  }
  return pages.size ? [...pages].sort((a, b) => a - b) : [1];
}

/** "1, 2, 4-6" back from [1, 2, 4, 5, 6]: consecutive pages as ranges. */
export function formatPreservedPages(pages: readonly number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j - i >= 2 ? `${sorted[i]}-${sorted[j]}` : sorted.slice(i, j + 1).join(', '));
    i = j + 1;
  }
  return parts.join(', ') || '1';
}

/** The message for preserved pages a file does not have, or null when they all exist. */
export function preservedPagesBeyond(pages: readonly number[], pageCount: number): string | null {
  const beyond = pages.filter((p) => p > pageCount);
  if (!beyond.length) return null;
  const list = formatPreservedPages(beyond);
  return `This PDF has ${pageCount} page${pageCount === 1 ? '' : 's'}; preserved page${beyond.length === 1 ? '' : 's'} ${list} ${beyond.length === 1 ? 'does' : 'do'} not exist`;
}

/**
 * Where the generated pages go (section 4, issue 12): the preserved pages stay as they are; the
 * generated pages take the place of the first page that is not preserved, and the other pages that
 * are not preserved are left out; when every page is preserved, the generated pages follow the last.
 * The answer lists template page numbers (1-based) and 'generated' in output order.
 */
export function quotePageOrder(pageCount: number, preserved: readonly number[]): (number | 'generated')[] {
  const keep = new Set(preserved.filter((p) => p >= 1 && p <= pageCount));
  const order: (number | 'generated')[] = [];
  let placed = false;
  for (let page = 1; page <= pageCount; page++) {
    if (keep.has(page)) order.push(page);
    else if (!placed) {
      order.push('generated');
      placed = true;
    }
  }
  if (!placed) order.push('generated');
  return order;
}

// ---------------------------------------------------------------------------------------------
// API shapes

const TEMPLATE_TYPE_MESSAGE = 'Template type must be inspection, repair or replacement';
const templateTypeParam = z.enum(TEMPLATE_QUOTE_TYPES, { error: TEMPLATE_TYPE_MESSAGE });

export const pdfTemplateListQuery = z.object({
  type: templateTypeParam.default(DEFAULT_TEMPLATE_TAB),
});
export type PdfTemplateListQuery = z.infer<typeof pdfTemplateListQuery>;

export const pdfTemplate = z.object({
  id: z.string(),
  name: z.string(),
  /** null: the template applies to every quote type */
  templateType: z.enum(TEMPLATE_QUOTE_TYPES).nullable(),
  /** the default of its type; in the list of a type: the template quotes of that type print on (markTabDefault) */
  isDefault: z.boolean(),
  fileName: z.string(),
  fileSize: z.number().int(),
  pageCount: z.number().int(),
  /** never empty: [1] when none were given */
  preservedPages: z.array(z.number().int()),
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PdfTemplate = z.infer<typeof pdfTemplate>;

export const pdfTemplateList = z.object({ items: z.array(pdfTemplate), emptyText: z.string() });
export type PdfTemplateList = z.infer<typeof pdfTemplateList>;

/** The text fields of the upload form (the file travels beside them in the multipart body). */
export const pdfTemplateUploadFields = z.object({
  name: z
    .string({ error: TEMPLATE_MESSAGES.nameRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.nameRequired)
    .max(200, 'Template name must be at most 200 characters'),
  /** empty or "all": a template for every quote type */
  templateType: z
    .union([templateTypeParam, z.literal(''), z.literal('all')], {
      error: `${TEMPLATE_TYPE_MESSAGE} (or empty for every type)`,
    })
    .optional()
    .transform((v) => (v === '' || v === 'all' || v === undefined ? null : v)),
  preservedPages: z.string().max(500, 'Preserved pages must be at most 500 characters').optional().default(''),
});
export type PdfTemplateUploadFields = z.infer<typeof pdfTemplateUploadFields>;

export const templateIdParams = z.object({ id: z.string().refine(isUuidV4, 'Invalid template id') });

/** "Use Template" from a tab: the tab's type, so a template for every type can take that type over. */
export const useTemplateQuery = z.object({ type: templateTypeParam.optional() });

/**
 * The "Default" of one tab: the template quotes of that type are printed on. A type's own default
 * wins over a default for every type (decision 010), so on a tab where the type has its own
 * default, the every-type default is not marked (and offers "Use Template" to take the type over).
 */
export function markTabDefault<T extends { templateType: TemplateQuoteType | null; isDefault: boolean }>(
  items: readonly T[],
  type: TemplateQuoteType,
): T[] {
  const ownDefault = items.some((t) => t.templateType === type && t.isDefault);
  return items.map((t) => (t.templateType === null && t.isDefault && ownDefault ? { ...t, isDefault: false } : t));
}

// ---------------------------------------------------------------------------------------------
// E-mail templates

export const EMAIL_TEMPLATE_FIELDS = [
  'subject',
  'greeting',
  'introText',
  'approvalText',
  'approveButtonText',
  'denyButtonText',
  'approvalNote',
  'denialNote',
  'closingText',
  'signature',
] as const;
export type EmailTemplateField = (typeof EMAIL_TEMPLATE_FIELDS)[number];

export const EMAIL_FIELD_LABELS: Record<EmailTemplateField, string> = {
  subject: 'Subject',
  greeting: 'Greeting',
  introText: 'Introduction',
  approvalText: 'Approval request',
  approveButtonText: 'Approve button text',
  denyButtonText: 'Deny button text',
  approvalNote: 'Approval note',
  denialNote: 'Denial note',
  closingText: 'Closing text',
  signature: 'Signature',
};

const FIELD_LIMITS: Record<EmailTemplateField, number> = {
  subject: 200,
  greeting: 200,
  introText: 4000,
  approvalText: 2000,
  approveButtonText: 60,
  denyButtonText: 60,
  approvalNote: 2000,
  denialNote: 2000,
  closingText: 2000,
  signature: 1000,
};

const requiredText = (field: EmailTemplateField) =>
  z
    .string({ error: `${EMAIL_FIELD_LABELS[field]} is required` })
    .trim()
    .min(1, `${EMAIL_FIELD_LABELS[field]} is required`)
    .max(FIELD_LIMITS[field], `${EMAIL_FIELD_LABELS[field]} must be at most ${FIELD_LIMITS[field]} characters`);

export const emailTemplateContent = z.object(
  Object.fromEntries(EMAIL_TEMPLATE_FIELDS.map((f) => [f, requiredText(f)])) as Record<
    EmailTemplateField,
    ReturnType<typeof requiredText>
  >,
);
export type EmailTemplateContent = Record<EmailTemplateField, string>;

/** Create and edit payload: every field required (section 5, "E-mail template"). */
export const emailTemplateInput = emailTemplateContent.extend({
  name: z
    .string({ error: TEMPLATE_MESSAGES.nameRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.nameRequired)
    .max(200, 'Template name must be at most 200 characters'),
  templateType: z.enum(TEMPLATE_QUOTE_TYPES, { error: 'Template type is required' }),
});
export type EmailTemplateInput = z.infer<typeof emailTemplateInput>;

export const emailTemplate = emailTemplateContent.extend({
  /** null for the built-in wording (nothing stored yet for the type) */
  id: z.string().nullable(),
  name: z.string(),
  templateType: z.enum(TEMPLATE_QUOTE_TYPES),
  isDefault: z.boolean(),
  builtIn: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplate>;

export const emailTemplateListQuery = z.object({ type: templateTypeParam.default(DEFAULT_TEMPLATE_TAB) });

/**
 * The built-in wording, per type. The spec's default is the repair wording; the denial note says a
 * denying customer is charged $180.00 (the inspection fee). Placeholders are filled by
 * renderQuoteEmail: {customerName} {companyName} {jobNumber} {jobName} {quoteNumber} {quoteType}
 * {locationName} {unitNumber} {totalAmount}.
 */
const REPAIR_WORDING: EmailTemplateContent = {
  subject: 'Repair Quote {quoteNumber} for Job #{jobNumber}',
  greeting: 'Dear {customerName},',
  introText:
    'Thank you for choosing {companyName}. Our technician has completed the inspection at {locationName}. Please find the repair quote for job #{jobNumber} attached to this e-mail.',
  approvalText: 'Please review the recommended repairs and let us know whether you would like us to proceed.',
  approveButtonText: 'Approve Repairs',
  denyButtonText: 'Deny Repairs',
  approvalNote:
    'By approving, you authorize {companyName} to proceed with the repairs described in the attached quote. We will contact you to schedule the work.',
  denialNote: 'If you deny the repairs, an inspection fee of $180.00 will be charged for the inspection.',
  closingText: 'If you have any questions about this quote, simply reply to this e-mail or call our office.',
  signature: 'Best regards,\n{companyName}',
};

export const DEFAULT_EMAIL_CONTENT: Record<TemplateQuoteType, EmailTemplateContent> = {
  repair: REPAIR_WORDING,
  inspection: {
    ...REPAIR_WORDING,
    subject: 'Inspection Quote {quoteNumber} for Job #{jobNumber}',
    introText:
      'Thank you for choosing {companyName}. Our technician has completed the inspection at {locationName}. The inspection results and our recommended repairs for job #{jobNumber} are in the attached quote.',
  },
  replacement: {
    ...REPAIR_WORDING,
    subject: 'Replacement Quote {quoteNumber} for Job #{jobNumber}',
    introText:
      'Thank you for choosing {companyName}. After inspecting the equipment at {locationName}, we recommend replacing the equipment. Please find the replacement quote for job #{jobNumber} attached to this e-mail.',
    approvalText: 'Please review the replacement options and let us know whether you would like us to proceed.',
    approveButtonText: 'Approve Replacement',
    denyButtonText: 'Deny Replacement',
    approvalNote:
      'By approving, you authorize {companyName} to proceed with the replacement described in the attached quote. We will contact you to schedule the work.',
    denialNote: 'If you deny the replacement, an inspection fee of $180.00 will be charged for the inspection.',
  },
};

export const DEFAULT_EMAIL_TEMPLATE_NAME: Record<TemplateQuoteType, string> = {
  inspection: 'Standard inspection quote e-mail',
  repair: 'Standard repair quote e-mail',
  replacement: 'Standard replacement quote e-mail',
};
