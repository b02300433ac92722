/**
 * What a quote shows and what it adds up to (part 2 sections 3, 4 and 9): the data a quote PDF is
 * printed from, the three repair options with their totals, and the grand total per quote type.
 */
import { z } from 'zod';
import { DECLINE_REASONS } from './quote-decline.js';
import { INSPECTION_FEE_CENTS } from './invoices/constants.js';
import { QUOTE_TYPES, type QuoteType } from './quote-templates.js';
import { REPAIR_PHASE_LABELS, REPAIR_PHASES, repairTotalCents, type RepairPhase } from './repairs.js';

/** Charged when a customer declines the repairs (section 9); defined with the invoices' constants. */
export { INSPECTION_FEE_CENTS };

export interface QuoteRepair {
  options: { phase: RepairPhase; label: string; description: string; costCents: number }[];
  selectedPhase: RepairPhase;
  laborCents: number;
  refrigerationRecoveryCents: number;
  startUpCents: number;
  thermostatStartupCents: number;
  removalCents: number;
  permitCents: number;
  accessories: { name: string; costCents: number }[];
  additionalItems: { name: string; costCents: number }[];
  needsCrane: boolean;
  warranty: string | null;
}

export interface QuoteInspection {
  id: string;
  modelNumber: string | null;
  serialNumber: string | null;
  age: number | null;
  tonnage: string | null;
  unitType: string | null;
  systemType: string | null;
  repair: QuoteRepair | null;
}

export interface QuoteItem {
  code: string;
  name: string;
  type: 'part' | 'labor' | 'item';
  quantity: number;
  unitCostCents: number;
  totalCents: number;
}

export interface QuoteDocumentData {
  quoteType: QuoteType;
  /** null in a preview made before a number is chosen */
  quoteNumber: string | null;
  /** yyyy-mm-dd in the company's time zone */
  date: string;
  company: { name: string; addressLines: string[]; phone: string };
  job: {
    id: string;
    number: number;
    name: string;
    description: string;
    customerPo: string | null;
    contactName: string | null;
    contactEmail: string | null;
    contactPhone: string | null;
  };
  customerCompany: string;
  location: { name: string; buildingName: string | null; address: string; city: string; state: string; zip: string };
  unit: { unitNumber: string } | null;
  /** completed inspections, oldest first, each with its repair record */
  inspections: QuoteInspection[];
  items: QuoteItem[];
  /** the customer page's links; null in a preview (no token yet) */
  links: { approveUrl: string; denyUrl: string } | null;
}

/** Each option's price: the repair total (section 9) as if that option were chosen. */
export function repairOptionTotals(repair: QuoteRepair): Record<RepairPhase, number> {
  const phaseCents = Object.fromEntries(repair.options.map((o) => [o.phase, o.costCents])) as Record<
    RepairPhase,
    number
  >;
  for (const phase of REPAIR_PHASES) phaseCents[phase] ??= 0;
  const base = {
    phaseCents,
    laborCents: repair.laborCents,
    refrigerationRecoveryCents: repair.refrigerationRecoveryCents,
    startUpCents: repair.startUpCents,
    thermostatStartupCents: repair.thermostatStartupCents,
    removalCents: repair.removalCents,
    permitCents: repair.permitCents,
    accessoriesCents: repair.accessories.map((a) => a.costCents),
    additionalItemsCents: repair.additionalItems.map((a) => a.costCents),
  };
  return Object.fromEntries(
    REPAIR_PHASES.map((phase) => [phase, repairTotalCents({ ...base, selectedPhase: phase })]),
  ) as Record<RepairPhase, number>;
}

// The quote's lines and totals (grand total, items, the fee if declined): quoteSummary in
// quote-summary.ts, the one amount function (decision 031).

export const QUOTE_TITLES: Record<QuoteType, string> = {
  inspection: 'INSPECTION QUOTE',
  repair: 'REPAIR QUOTE',
  replacement: 'REPLACEMENT QUOTE',
  other: 'QUOTE',
};

/** The customer page's links (issue 13): the answer is only preselected, the customer's click decides. */
export function quoteConfirmLinks(publicUrl: string, token: string): { approveUrl: string; denyUrl: string } {
  const base = `${publicUrl.replace(/\/$/, '')}/quote/confirm/${encodeURIComponent(token)}`;
  return { approveUrl: `${base}?approve=true`, denyUrl: `${base}?approve=false` };
}

/** Download name of a quote PDF (part 2, "Quote preview"). */
export function quotePdfFileName(jobId: string, quoteType: QuoteType): string {
  return `quote-${jobId}-${quoteType}.pdf`;
}

/** A repair record's phase label ("Standard Option") and its own description when it says more. */
export function optionLabel(phase: RepairPhase): string {
  return REPAIR_PHASE_LABELS[phase];
}

/** "03/07/2026" from "2026-03-07" (dates are shown in US format). */
export function usDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}

// ---------------------------------------------------------------------------------------------
// Sending quotes and the customer's decision (issue 13, decision 018)
// ---------------------------------------------------------------------------------------------

/** The one record of a sent quote's state (decision 018). */
export const QUOTE_STATUSES = ['sent', 'approved', 'declined', 'superseded', 'expired', 'withdrawn'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  sent: 'Sent',
  approved: 'Approved',
  declined: 'Declined',
  superseded: 'Superseded',
  expired: 'Expired',
  withdrawn: 'Withdrawn',
};

/** A decided quote's page shows its details this long; after that only that a decision was made. */
export const DECIDED_QUOTE_DETAIL_DAYS = 90;

/** A quote link is valid this long (RULINGS: at least 128 random bits, unique, 30 days). */
export const QUOTE_TOKEN_DAYS = 30;
export const QUOTE_TOKEN_BYTES = 24;
/** A customer-chosen signature image is at most this large (a PNG data URL). */
export const SIGNATURE_MAX_BYTES = 200 * 1024;

export { DECLINE_REASON_LABELS, DECLINE_REASONS, type DeclineReason } from './quote-decline.js';

export const QUOTE_MESSAGES = {
  emailRequired: 'Customer email is required to send a quote',
  emailInvalid: 'Enter a valid customer e-mail address',
  numberRequired: 'Quote number is required',
  numberTooLong: 'Quote number must be at most 40 characters',
  numberInvalid: 'Quote number may contain only letters, digits, dashes, dots and underscores',
  numberTaken: (number: string) => `Quote number ${number} is already in use. Please choose another number.`,
  noData: {
    inspection: 'Complete an inspection before sending an inspection quote',
    repair: 'Add repair details to an inspection before sending a repair quote',
    replacement: 'Add repair details to an inspection before sending a replacement quote',
    other: 'Add items to the job before sending a quote',
  } satisfies Record<QuoteType, string>,
  allQuotesTab: 'Choose a quote type to send',
  sendFailed: 'Failed to send quote',
  sent: 'Quote sent successfully!',
  // the customer page (part 2 section 8, "Public page")
  invalidLink: 'Invalid confirmation link',
  notFound: 'Quote not found or has expired',
  confirmFailed: 'Failed to confirm quote',
  signerRequired: 'Please type your full name to sign',
  signatureInvalid: 'The drawn signature could not be read. Please clear it and sign again.',
  optionsInvalid: 'Choose one option for each inspected unit',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  withdrawn: 'This quote was withdrawn and can no longer be approved or declined.',
  superseded: 'A newer quote was sent for this job. Please use the link in the most recent quote e-mail.',
  // the office's Withdraw action (issue 26)
  withdrawDone: 'Quote withdrawn. Its link now says so.',
  withdrawDecided: 'The customer has already answered this quote; it can no longer be withdrawn.',
  withdrawNotOpen: 'Only a quote awaiting the customer can be withdrawn.',
  decidedNoResend: 'The customer has answered this quote. A decided quote is not resent.',
  cancelledJob: 'A cancelled job cannot send quotes',
} as const;

/** What a typed quote number may hold (empty: the server picks QT-{jobNumber}-{4 digits}). */
export const QUOTE_NUMBER_CHARACTERS = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*)?$/;

/** QT-{jobNumber}-{4 random digits} (part 2 section 9); `random` in [0, 1). */
export function quoteNumberFor(jobNumber: number, random: number): string {
  return `QT-${jobNumber}-${String(Math.floor(random * 10_000) % 10_000).padStart(4, '0')}`;
}

/** Whether the job has what a quote of this type is made from (part 2 section 5, "Quote sending"). */
export function hasQuoteData(
  type: QuoteType,
  facts: { completedInspections: number; repairs: number; items: number },
): boolean {
  if (type === 'inspection') return facts.completedInspections > 0;
  if (type === 'other') return facts.items > 0;
  return facts.repairs > 0;
}

/**
 * The customer answered the quote (approved or declined): its decision is final.
 * SQL twin: quoteDecided in src/server/db/views.ts (checked against this by views.test.ts).
 */
export const DECIDED_QUOTE_STATUSES = ['approved', 'declined'] as const;
export function isDecidedQuoteStatus(
  status: QuoteStatus | string | null | undefined,
): status is 'approved' | 'declined' {
  return (DECIDED_QUOTE_STATUSES as readonly unknown[]).includes(status);
}

/**
 * Whether the customer's decline of a quote charges the inspection fee (RULINGS, issue 26): at most
 * once per job, and only while the customer has approved nothing on it. `others` are the job's
 * other quotes; one approved, or one whose decline already carries the fee invoice, means no fee.
 */
export function declineChargesFee(
  quoteType: QuoteType | string,
  others: readonly { status: string; feeInvoiceId: string | null }[],
): boolean {
  if (!quoteStatesDeclineFee(quoteType)) return false;
  return !others.some((q) => q.status === 'approved' || q.feeInvoiceId !== null);
}

/** Whether a quote of this type states the inspection fee as what declining costs ("other" quotes do not). */
export function quoteStatesDeclineFee(quoteType: QuoteType | string): boolean {
  return quoteType !== 'other';
}

/** Whether a decided quote's page still shows its details at `now` (DECIDED_QUOTE_DETAIL_DAYS). */
export function decidedQuoteDetailsShown(decidedAt: Date, now: Date): boolean {
  return now.getTime() - decidedAt.getTime() < DECIDED_QUOTE_DETAIL_DAYS * 86_400_000;
}

/**
 * A sent quote the customer can still answer at `now`: not past its expiry.
 * SQL twin: quoteOpenAt in src/server/db/views.ts.
 */
export function isOpenQuoteAt(quote: { status: QuoteStatus | string; expiresAt: Date | string }, now: Date): boolean {
  return quote.status === 'sent' && new Date(quote.expiresAt).getTime() > now.getTime();
}

/**
 * A quote's status as of `now`: an unanswered (sent) quote past its expiry has expired.
 * SQL twin: quoteStatusAt in src/server/db/views.ts.
 */
export function effectiveQuoteStatus(quote: { status: QuoteStatus; expiresAt: Date | string }, now: Date): QuoteStatus {
  return quote.status === 'sent' && !isOpenQuoteAt(quote, now) ? 'expired' : quote.status;
}

/**
 * The job's quote badges (Quote Sent, Quote Confirmed, Repair Approved, Repair Declined) from all
 * its quotes (issue 26): a decision on one quote never hides another's, so a job whose inspection
 * quote was approved and whose later replacement quote was declined shows both, each naming the
 * quote types it stands for. Quote Sent: any quote was sent.
 */
export function jobQuoteBadges(quotes: readonly { status: QuoteStatus; type: QuoteType }[]) {
  const typesWith = (status: 'approved' | 'declined') =>
    QUOTE_TYPES.filter((t) => quotes.some((q) => q.type === t && q.status === status));
  const approvedTypes = typesWith('approved');
  const declinedTypes = typesWith('declined');
  return {
    quoteSent: quotes.length > 0,
    quoteConfirmed: approvedTypes.length > 0 || declinedTypes.length > 0,
    repairApproved: approvedTypes.length > 0,
    repairDeclined: declinedTypes.length > 0,
    approvedTypes,
    declinedTypes,
  };
}
export { decisionBadgeText, QUOTE_TYPE_NAMES } from './quote-badges.js';
export type JobQuoteBadges = ReturnType<typeof jobQuoteBadges>;

/** "Send Quote", "Resend Quote", or "Update Quote" when an item was added after the send. */
export function sendButtonLabel(state: {
  sent: boolean;
  needsUpdate: boolean;
}): 'Send Quote' | 'Resend Quote' | 'Update Quote' {
  if (!state.sent) return 'Send Quote';
  return state.needsUpdate ? 'Update Quote' : 'Resend Quote';
}

// -- payloads --------------------------------------------------------------------------------

const quoteTypeField = z.enum(QUOTE_TYPES, { error: 'Quote type must be inspection, repair, replacement or other' });

/** POST /api/jobs/:id/quotes/send. Without a number the server picks a free QT-{jobNumber}-{4 digits}. */
export const sendQuoteInput = z.object({
  type: quoteTypeField,
  email: z
    .string({ error: QUOTE_MESSAGES.emailRequired })
    .trim()
    .min(1, QUOTE_MESSAGES.emailRequired)
    .max(254, QUOTE_MESSAGES.emailInvalid)
    .pipe(z.email({ error: QUOTE_MESSAGES.emailInvalid })),
  number: z
    .string()
    .trim()
    .max(40, QUOTE_MESSAGES.numberTooLong)
    // It names the PDF attachment and the file on the customer's disk: no spaces, slashes or markup.
    .regex(QUOTE_NUMBER_CHARACTERS, QUOTE_MESSAGES.numberInvalid)
    .optional()
    .transform((v) => v || undefined),
});
export type SendQuoteInput = z.input<typeof sendQuoteInput>;

export const jobQuoteHistoryItem = z.object({
  id: z.string(),
  number: z.string(),
  type: quoteTypeField,
  status: z.enum(QUOTE_STATUSES),
  amountCents: z.number().int(),
  email: z.string(),
  sentAt: z.string(),
  sentByName: z.string().nullable(),
  expiresAt: z.string(),
  decidedAt: z.string().nullable(),
  /** evidence of the decision (null until the customer answered) */
  signerName: z.string().nullable(),
  /** GET path of the drawn signature (PNG), when one was drawn */
  signatureUrl: z.string().nullable(),
  chosenOptions: z.array(z.object({ inspectionId: z.string(), phase: z.enum(REPAIR_PHASES) })).nullable(),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  declineComment: z.string().nullable(),
  decisionIp: z.string().nullable(),
  decisionUserAgent: z.string().nullable(),
  pdfSha256: z.string().nullable(),
  feeInvoice: z.object({ id: z.string(), number: z.string() }).nullable(),
});
export type JobQuoteHistoryItem = z.infer<typeof jobQuoteHistoryItem>;

/** One tab of the job page's Quotes card. */
export const quoteCardState = z.object({
  type: quoteTypeField,
  /** the latest quote of this type, if one was sent */
  latest: jobQuoteHistoryItem.nullable(),
  sent: z.boolean(),
  /** "Quote Sent / Waiting for customer confirmation" */
  awaitingCustomer: z.boolean(),
  /** an item was added after the send: "Quote Needs Update", button Update Quote */
  needsUpdate: z.boolean(),
  /** the inspections or repairs changed after the send (the resend banner) */
  inspectionChanged: z.boolean(),
  buttonLabel: z.enum(['Send Quote', 'Resend Quote', 'Update Quote']),
  canSend: z.boolean(),
  /** the latest quote of this type awaits the customer: the office may withdraw it (issue 26) */
  canWithdraw: z.boolean(),
  /** why Send is disabled (no data of the type, nothing priced, no default PDF template) */
  reason: z.string().nullable(),
  /** what a send would state now (quoteSummary, decision 031): the lines, the total, the fee if declined */
  content: z.object({
    lines: z.array(z.object({ label: z.string(), amount: z.string() })),
    totalCents: z.number().int(),
    declineFeeCents: z.number().int().nullable(),
  }),
});
export type QuoteCardState = z.infer<typeof quoteCardState>;

/** GET /api/jobs/:id/quotes */
export const jobQuotesView = z.object({
  jobId: z.string(),
  jobNumber: z.number().int(),
  /** prefills the send dialog */
  contactEmail: z.string().nullable(),
  badges: z.object({
    quoteSent: z.boolean(),
    quoteConfirmed: z.boolean(),
    repairApproved: z.boolean(),
    repairDeclined: z.boolean(),
    /** the quote types the customer approved / declined, each once (issue 26) */
    approvedTypes: z.array(quoteTypeField),
    declinedTypes: z.array(quoteTypeField),
  }),
  /** the job's latest quote (the badges' source) */
  latest: jobQuoteHistoryItem.nullable(),
  types: z.object({
    inspection: quoteCardState,
    repair: quoteCardState,
    replacement: quoteCardState,
    other: quoteCardState,
  }),
  /** All Quotes: newest first */
  history: z.array(jobQuoteHistoryItem),
});
export type JobQuotesView = z.infer<typeof jobQuotesView>;

export const nextQuoteNumber = z.object({ number: z.string() });

export const sendQuoteResult = z.object({
  quote: jobQuoteHistoryItem,
  outboxMessageId: z.string(),
  message: z.string(),
});
export type SendQuoteResult = z.infer<typeof sendQuoteResult>;

/** POST /api/quotes/:quoteId/withdraw */
export const withdrawQuoteResult = z.object({ quote: jobQuoteHistoryItem, message: z.string() });
export type WithdrawQuoteResult = z.infer<typeof withdrawQuoteResult>;

// -- the customer's page ---------------------------------------------------------------------

const publicOption = z.object({
  phase: z.enum(REPAIR_PHASES),
  label: z.string(),
  description: z.string(),
  totalCents: z.number().int(),
});

export const publicQuoteView = z.object({
  /**
   * pending: awaiting the customer; approved / declined: the stored decision; withdrawn: the office
   * withdrew it or cancelled the job; superseded: a newer quote was sent. A withdrawn or superseded
   * quote's view carries nothing but that fact and whom to call (issue 26).
   */
  status: z.enum(['pending', 'approved', 'declined', 'withdrawn', 'superseded']),
  /**
   * A decision older than DECIDED_QUOTE_DETAIL_DAYS: the page says only that a decision was made
   * and when; the quote's lines, the place and the signature are no longer sent.
   */
  archived: z.boolean(),
  quoteNumber: z.string(),
  quoteType: quoteTypeField,
  jobNumber: z.number().int(),
  serviceName: z.string(),
  companyName: z.string(),
  companyPhone: z.string(),
  /** the company's time zone: the page shows the decision's time in it (issue 26) */
  timeZone: z.string(),
  location: z.object({ name: z.string(), address: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  unitNumber: z.string().nullable(),
  inspections: z.array(
    z.object({
      id: z.string(),
      modelNumber: z.string().nullable(),
      serialNumber: z.string().nullable(),
      age: z.number().int().nullable(),
      tonnage: z.string().nullable(),
      unitType: z.string().nullable(),
      systemType: z.string().nullable(),
      /** the three priced options (null: no repair record) */
      options: z.array(publicOption).nullable(),
      selectedPhase: z.enum(REPAIR_PHASES).nullable(),
    }),
  ),
  /** an "other" quote's lines */
  items: z.array(z.object({ name: z.string(), quantity: z.number().int(), totalCents: z.number().int() })),
  /** the total as sent */
  totalCents: z.number().int(),
  inspectionFeeCents: z.number().int(),
  /** whether declining this quote charges the inspection fee (false once the job has an approval or a fee) */
  declineChargesFee: z.boolean(),
  expiresAt: z.string(),
  decision: z
    .object({
      approved: z.boolean(),
      decidedAt: z.string(),
      signerName: z.string().nullable(),
      /** data:image/png;base64,... */
      signatureDataUrl: z.string().nullable(),
      chosenOptions: z.array(z.object({ inspectionId: z.string(), phase: z.enum(REPAIR_PHASES) })).nullable(),
      declineReason: z.enum(DECLINE_REASONS).nullable(),
      invoiceNumber: z.string().nullable(),
    })
    .nullable(),
});
export type PublicQuoteView = z.infer<typeof publicQuoteView>;

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

/** POST /api/public/quotes/:token/decision */
export const decisionInput = z.object({
  approve: z.boolean({ error: 'Choose Approve Repairs or Deny Repairs' }),
  /** approve only: each inspected unit's chosen option; missing units keep the option sent */
  options: z
    .array(
      z.object({
        inspectionId: z.string().min(1).max(64),
        phase: z.enum(REPAIR_PHASES, { error: QUOTE_MESSAGES.optionsInvalid }),
      }),
    )
    .max(200)
    .optional()
    .default([]),
  signerName: z
    .string({ error: QUOTE_MESSAGES.signerRequired })
    .trim()
    .min(1, QUOTE_MESSAGES.signerRequired)
    .max(200, 'Name must be at most 200 characters'),
  /** the drawn signature, optional (a typed name signs on its own; decision 018) */
  signature: z
    .string()
    .max(Math.ceil((SIGNATURE_MAX_BYTES * 4) / 3) + 40, QUOTE_MESSAGES.signatureInvalid)
    .regex(PNG_DATA_URL, QUOTE_MESSAGES.signatureInvalid)
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  reason: z
    .enum(DECLINE_REASONS, { error: 'Choose one of the listed reasons' })
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  comment: z
    .string()
    .trim()
    .max(1000, 'Comment must be at most 1000 characters')
    .nullable()
    .optional()
    .transform((v) => v || null),
});
export type DecisionInput = z.input<typeof decisionInput>;
export type DecisionValues = z.output<typeof decisionInput>;

export const decisionResult = z.object({ view: publicQuoteView, alreadyDecided: z.boolean() });
export type DecisionResult = z.infer<typeof decisionResult>;
