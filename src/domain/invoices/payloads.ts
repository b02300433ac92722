import { quantityRefusal } from './totals.js';
import { z } from 'zod';
import { paginated } from '../api.js';
import { isIsoDate } from '../dates.js';
import { isUuidV4 } from '../ids.js';
import { hasAtMostTwoDecimals } from '../price-book.js';
import { type InvoiceLineDraft, lineTotalCents } from './amounts.js';
import { apiErrorBody } from '../api.js';
import {
  INVOICE_ITEM_TYPES,
  INVOICE_LINE_LIMITS,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  type InvoiceStatus,
} from './constants.js';
import { can, type UserRole } from '../policy.js';
import { canTransition, INVOICE_MESSAGES } from './messages.js';
import { invoicePayment } from './payment-payloads.js';

// Payloads

const isoDate = (label: string) =>
  z
    .string({ error: `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isIsoDate, `${label} must be a date (YYYY-MM-DD)`);
const optionalIsoDate = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isIsoDate(v), `${label} must be a date (YYYY-MM-DD)`);
const searchText = z
  .string()
  .trim()
  .max(200, 'Search must be at most 200 characters')
  .optional()
  .transform((v) => (v ? v : undefined));
const page = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be 1 or more')
  .default(1);
const pageSize = z.coerce
  .number({ error: 'Page size must be 25, 50 or 100' })
  .refine((n) => [25, 50, 100].includes(n), 'Page size must be 25, 50 or 100')
  .default(25);
const dateRangeRefine = <T extends { from?: string | undefined; to?: string | undefined }>(v: T) =>
  !v.from || !v.to || v.from <= v.to;
const dateRangeMessage = { message: 'The from date must not be after the to date', path: ['to'] };

export const invoiceIdParams = z.object({ id: z.string().refine((v) => isUuidV4(v), INVOICE_MESSAGES.invalidId) });
export const invoiceJobParams = z.object({ id: z.string().refine((v) => isUuidV4(v), INVOICE_MESSAGES.invalidJobId) });

/**
 * /invoices: status (All Statuses = absent or "all"), search, issued-date range, page. Home's "Total
 * Unsent Invoices" opens `status=draft` with its selects: the job's office, a technician of the job,
 * and the first day of the period on the invoices' creation (`createdFrom`, a day in the company's
 * time zone), so the list holds exactly the invoices the card counts.
 */
const invoiceListShape = {
  status: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => (v && v !== 'all' ? v : undefined))
    .refine(
      (v) => v === undefined || (INVOICE_STATUSES as readonly string[]).includes(v),
      'Status must be draft, issued, paid or void',
    )
    .transform((v) => v as InvoiceStatus | undefined),
  q: searchText,
  from: optionalIsoDate('From date'),
  to: optionalIsoDate('To date'),
  office: z
    .string()
    .trim()
    .max(100, 'Office must be at most 100 characters')
    .optional()
    .transform((v) => (v ? v : undefined)),
  technicianId: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || isUuidV4(v), 'Invalid technician id'),
  createdFrom: optionalIsoDate('Created from date'),
};
export const invoiceListFilters = z.object(invoiceListShape).refine(dateRangeRefine, dateRangeMessage);
export const invoiceListQuery = z
  .object({ ...invoiceListShape, page, pageSize })
  .refine(dateRangeRefine, dateRangeMessage);
export type InvoiceListFilters = z.output<typeof invoiceListFilters>;
export type InvoiceListQuery = z.output<typeof invoiceListQuery>;

/** /invoices/pending: issued invoices, due date ascending; `due` narrows to the Overdue or Due Soon tile. */
export const pendingInvoiceFilters = z.object({
  q: searchText,
  due: z.enum(['overdue', 'due-soon'], { error: 'Due must be overdue or due-soon' }).optional(),
});
export const pendingInvoiceListQuery = pendingInvoiceFilters.extend({ page, pageSize });
export type PendingInvoiceFilters = z.output<typeof pendingInvoiceFilters>;
export type PendingInvoiceListQuery = z.output<typeof pendingInvoiceListQuery>;

/** /invoices/paid: paid invoices, newest paid first; search over invoice number, job number, job name, location and company; paid-date range. */
const paidInvoiceShape = { q: searchText, from: optionalIsoDate('From date'), to: optionalIsoDate('To date') };
export const paidInvoiceFilters = z.object(paidInvoiceShape).refine(dateRangeRefine, dateRangeMessage);
export const paidInvoiceListQuery = z
  .object({ ...paidInvoiceShape, page, pageSize })
  .refine(dateRangeRefine, dateRangeMessage);
export type PaidInvoiceFilters = z.output<typeof paidInvoiceFilters>;
export type PaidInvoiceListQuery = z.output<typeof paidInvoiceListQuery>;

export const amountCount = z.object({ amountCents: z.number().int(), count: z.number().int() });

export const invoiceListItem = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceType: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  amountCents: z.number().int(),
  /** What the invoice's non-void payments sum to, and the balance due (amount - paid; issue 27). */
  amountPaidCents: z.number().int(),
  balanceCents: z.number().int(),
  issuedDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  paidDate: z.string().nullable(),
  createdAt: z.string(),
  /** overdue / due-soon for issued invoices, today being today in the company's time zone. */
  dueState: z.enum(['overdue', 'due-soon']).nullable(),
  /** null for a service agreement's advance invoice (decision 052): it bills the agreement, not a job. */
  jobId: z.string().nullable(),
  jobNumber: z.number().int().nullable(),
  jobName: z.string().nullable(),
  /** The service agreement it bills (advance or per visit), with its billing period; else null. */
  agreement: z
    .object({
      id: z.string(),
      number: z.number().int(),
      name: z.string(),
      periodStart: z.string().nullable(),
      periodEnd: z.string().nullable(),
    })
    .nullable(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItem>;

/** The three cards of /invoices, for the current filters: total, paid, outstanding (issued). */
export const invoiceListSummary = z.object({ total: amountCount, paid: amountCount, outstanding: amountCount });
export type InvoiceListSummary = z.infer<typeof invoiceListSummary>;
/** `summary` is null when a search matches more invoices than the list counts (totalCapped): the cards are not summed over so many. */
export const invoiceList = paginated(invoiceListItem).extend({ summary: invoiceListSummary.nullable() });
export type InvoiceList = z.infer<typeof invoiceList>;

/** /invoices/pending: Total Outstanding with the Overdue and Due Soon tiles (for the search, not the tile filter). */
export const pendingInvoiceSummary = z.object({
  totalOutstanding: amountCount,
  overdue: amountCount,
  dueSoon: amountCount,
  today: z.string(),
});
export type PendingInvoiceSummary = z.infer<typeof pendingInvoiceSummary>;
export const pendingInvoiceList = paginated(invoiceListItem).extend({ summary: pendingInvoiceSummary.nullable() });
export type PendingInvoiceList = z.infer<typeof pendingInvoiceList>;

/** /invoices/paid: Total Paid with its count, and the Monthly Breakdown by paid month, newest first ("2025-03"). */
export const paidMonth = z.object({ month: z.string(), amountCents: z.number().int(), count: z.number().int() });
export const paidInvoiceSummary = z.object({ totalPaid: amountCount, monthly: z.array(paidMonth) });
export type PaidInvoiceSummary = z.infer<typeof paidInvoiceSummary>;
export const paidInvoiceList = paginated(invoiceListItem).extend({ summary: paidInvoiceSummary.nullable() });
export type PaidInvoiceList = z.infer<typeof paidInvoiceList>;

export const invoiceLine = z.object({
  id: z.string(),
  position: z.number().int(),
  code: z.string(),
  name: z.string(),
  itemType: z.enum(INVOICE_ITEM_TYPES).nullable(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  totalCents: z.number().int(),
  /** The job item the line was copied from (null for a typed line, a fee, or a deleted item). */
  jobItemId: z.string().nullable(),
  /** Snapshot: the line's item is taxable (the unit and its tax group decide whether tax is charged). */
  taxable: z.boolean(),
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

/** Bill To (decision 037): the unit's billing party, else the company; fixed on the invoice once issued. */
export const billTo = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});

/** A job item a new invoice would bill again: the line on the other invoice (issue 27, point 5). */
export const doubleBilledLine = z.object({
  jobItemId: z.string(),
  name: z.string(),
  quantity: z.number(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceStatus: z.enum(INVOICE_STATUSES),
});

/**
 * The 409 of Create Invoice: the error, and when it is a double billing, the lines already billed
 * (`doubleBilled`); sending again with `rebillReason` creates the invoice anyway.
 */
export const createInvoiceConflict = apiErrorBody.extend({
  error: apiErrorBody.shape.error.extend({ doubleBilled: z.array(doubleBilledLine).optional() }),
});
export type CreateInvoiceConflict = z.infer<typeof createInvoiceConflict>;

/** An invoice's figures, from invoiceTotals (totals.ts) over its snapshot (issue 27). */
export const invoiceTotalsPayload = z.object({
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  taxByGroup: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      rate: z.string(),
      baseCents: z.number().int(),
      taxCents: z.number().int(),
    }),
  ),
  discounts: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['amount', 'percent']),
      percent: z.number().nullable(),
      reason: z.string(),
      /** What it takes off, in cents. */
      amountCents: z.number().int(),
    }),
  ),
  /** "Tax exempt: unit … is not taxable". */
  exemptReason: z.string().nullable(),
  /** On a draft whose unit names a tax group no active group has: no tax is charged, and why. */
  taxWarning: z.string().nullable(),
});
export type InvoiceTotalsPayload = z.infer<typeof invoiceTotalsPayload>;

/** Add a discount to a draft: an amount (dollars) or a percentage of the subtotal, with a reason. */
export const addDiscountInput = z
  .object({
    kind: z.enum(['amount', 'percent'], { error: 'Discount type must be amount or percent' }),
    amount: z
      .number({ error: 'Amount must be a number' })
      .gt(0, 'Amount must be greater than 0')
      .max(INVOICE_LINE_LIMITS.maxUnitPrice, 'Amount must be at most $1,000,000.00')
      .refine(hasAtMostTwoDecimals, 'Amount must be in steps of 0.01')
      .nullish(),
    percent: z
      .number({ error: 'Percent must be a number' })
      .gt(0, 'Percent must be greater than 0')
      .max(100, 'Percent must be at most 100')
      .refine(hasAtMostTwoDecimals, 'Percent can have at most 2 decimals')
      .nullish(),
    reason: z
      .string({ error: 'A reason is required for a discount' })
      .trim()
      .min(1, 'A reason is required for a discount')
      .max(INVOICE_LINE_LIMITS.reasonLength, `Reason must be at most ${INVOICE_LINE_LIMITS.reasonLength} characters`),
  })
  .superRefine((d, ctx) => {
    if (d.kind === 'amount' && d.amount == null)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Amount is required' });
    if (d.kind === 'percent' && d.percent == null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Percent is required' });
  });
export type AddDiscountInput = z.output<typeof addDiscountInput>;
export const invoiceDiscountParams = z.object({
  id: z.string().refine((v) => isUuidV4(v), INVOICE_MESSAGES.invalidId),
  discountId: z.string().refine((v) => isUuidV4(v), 'Invalid discount id'),
});

export const invoiceHistoryEntry = z.object({
  id: z.string(),
  fromStatus: z.enum(INVOICE_STATUSES).nullable(),
  toStatus: z.enum(INVOICE_STATUSES),
  note: z.string().nullable(),
  changedAt: z.string(),
  changedByName: z.string().nullable(),
});
export type InvoiceHistoryEntry = z.infer<typeof invoiceHistoryEntry>;

/** What the signed-in user may do to this invoice now (its status and their role). */
export const invoiceActions = z.object({
  send: z.boolean(),
  markPaid: z.boolean(),
  void: z.boolean(),
  edit: z.boolean(),
  delete: z.boolean(),
  /** Record Payment (issued invoices; the roles that may mark paid) and Void of a payment (admin, manager). */
  recordPayment: z.boolean(),
  voidPayment: z.boolean(),
});
export type InvoiceActions = z.infer<typeof invoiceActions>;

export function allowedInvoiceActions(status: InvoiceStatus, role: UserRole): InvoiceActions {
  const writer = can(role, 'invoices.issue');
  const voider = can(role, 'invoices.void');
  return {
    send: writer && canTransition('send', status),
    markPaid: writer && canTransition('markPaid', status),
    void: voider && canTransition('void', status),
    edit: writer && canTransition('edit', status),
    delete: writer && canTransition('delete', status),
    recordPayment: writer && canTransition('markPaid', status),
    voidPayment: can(role, 'invoices.voidPayment') && (status === 'issued' || status === 'paid'),
  };
}

export const invoiceDetail = invoiceListItem.extend({
  email: z.string().nullable(),
  notes: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedDate: z.string().nullable(),
  terms: z.string(),
  /** Where Send Invoice writes by default: Bill To's (the unit's billing) e-mail, else the job's contact e-mail. */
  defaultEmail: z.string().nullable(),
  /** A draft's Bill To follows the unit and company; an issued invoice's is the one it was sent with. */
  billTo,
  /** Why this invoice bills job items another invoice already bills (a deliberate rebill), else null. */
  rebillReason: z.string().nullable(),
  /** The job billed; null for an agreement's advance invoice (see `agreement`). */
  job: z
    .object({
      id: z.string(),
      number: z.number().int(),
      name: z.string(),
      serviceLine: z.string().nullable(),
      customerPo: z.string().nullable(),
      contactName: z.string().nullable(),
      contactEmail: z.string().nullable(),
      contactPhone: z.string().nullable(),
    })
    .nullable(),
  customer: z.object({
    companyId: z.string().nullable(),
    companyName: z.string().nullable(),
    billingEntity: z.string().nullable(),
    billingEmail: z.string().nullable(),
  }),
  location: z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
    /** The job's unit. */
    unitNumber: z.string().nullable(),
  }),
  lines: z.array(invoiceLine),
  /** Its payments, oldest first, voided ones included (issue 27). */
  payments: z.array(invoicePayment),
  totals: invoiceTotalsPayload,
  history: z.array(invoiceHistoryEntry),
  actions: invoiceActions,
  /**
   * "Signed by" (issue 13): on an invoice of a job whose latest quote the customer approved (not on
   * a quote's inspection-fee invoice): the typed name, the time and, when one was drawn, the
   * signature's GET path.
   */
  signedBy: z
    .object({
      quoteNumber: z.string(),
      signerName: z.string(),
      signedAt: z.string(),
      signatureUrl: z.string().nullable(),
    })
    .nullable(),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** The Create Invoice choices of a job: each type's amount, or why it is disabled. */
export const invoiceCreateOption = z.object({
  type: z.enum(INVOICE_TYPES),
  available: z.boolean(),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
});
export type InvoiceCreateOption = z.infer<typeof invoiceCreateOption>;

/** GET /api/jobs/:id/invoices: the job's invoices (newest first) and the Create Invoice choices. */
export const jobInvoices = z.object({ items: z.array(invoiceListItem), createOptions: z.array(invoiceCreateOption) });
export type JobInvoices = z.infer<typeof jobInvoices>;

export const createInvoiceInput = z.object({
  type: z.enum(INVOICE_TYPES, { error: 'Invoice type must be standard, replacement, repair or inspection' }),
  /** Bill job items another invoice of the job already bills, for this reason (refused with 409 without one). */
  rebillReason: z
    .string({ error: 'Rebill reason must be text' })
    .trim()
    .max(
      INVOICE_LINE_LIMITS.reasonLength,
      `Rebill reason must be at most ${INVOICE_LINE_LIMITS.reasonLength} characters`,
    )
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type CreateInvoiceInput = z.infer<typeof createInvoiceInput>;

/** Send Invoice: the address defaults to the job's contact (or the unit's billing) e-mail. */
export const sendInvoiceInput = z
  .object({
    email: z
      .string({ error: INVOICE_MESSAGES.invalidEmail })
      .trim()
      .max(254, 'Customer email must be at most 254 characters')
      .nullish()
      .transform((v) => (v ? v : null))
      .refine((v) => v === null || z.email().safeParse(v).success, INVOICE_MESSAGES.invalidEmail),
  })
  .default({ email: null });
export type SendInvoiceInput = z.output<typeof sendInvoiceInput>;

export const voidInvoiceInput = z.object({
  reason: z
    .string({ error: INVOICE_MESSAGES.voidReasonRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.voidReasonRequired)
    .max(INVOICE_LINE_LIMITS.reasonLength, `Reason must be at most ${INVOICE_LINE_LIMITS.reasonLength} characters`),
});
export type VoidInvoiceInput = z.infer<typeof voidInvoiceInput>;

export const invoiceLineInput = z
  .object({
    /** The line this one was (an edited draft keeps the job item each line was copied from); absent for a new line. */
    lineId: z.string().max(40).nullish(),
    code: z
      .string({ error: 'Code is required' })
      .trim()
      .min(1, 'Code is required')
      .max(INVOICE_LINE_LIMITS.codeLength, `Code must be at most ${INVOICE_LINE_LIMITS.codeLength} characters`),
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(INVOICE_LINE_LIMITS.nameLength, `Name must be at most ${INVOICE_LINE_LIMITS.nameLength} characters`),
    itemType: z
      .enum(INVOICE_ITEM_TYPES, { error: 'Type must be part, labor or item' })
      .nullish()
      .transform((v) => v ?? null),
    quantity: z
      .number({ error: 'Quantity is required' })
      .gt(0, 'Quantity must be greater than 0')
      .max(INVOICE_LINE_LIMITS.maxQuantity, `Quantity must be at most ${INVOICE_LINE_LIMITS.maxQuantity}`)
      .refine(hasAtMostTwoDecimals, 'Quantity can have at most 2 decimals'),
    unitPrice: z
      .number({ error: 'Unit price is required' })
      .min(0, 'Unit price must be at least 0')
      .max(INVOICE_LINE_LIMITS.maxUnitPrice, 'Unit price must be at most $1,000,000.00')
      .refine(hasAtMostTwoDecimals, 'Unit price must be in steps of 0.01'),
  })
  .superRefine((l, ctx) => {
    // One rule for every quantity (labor hours in steps of 0.25, whole parts and items): totals.ts.
    const refusal = quantityRefusal(l.itemType, l.quantity);
    if (refusal) ctx.addIssue({ code: 'custom', path: ['quantity'], message: refusal });
  });
export type InvoiceLineInput = z.output<typeof invoiceLineInput>;

/** Edit a draft: due date, notes and lines; the server recomputes each line's total and the amount. */
export const updateDraftInput = z.object({
  dueDate: isoDate('Due date'),
  notes: z
    .string({ error: 'Notes must be text' })
    .trim()
    .max(INVOICE_LINE_LIMITS.notesLength, `Notes must be at most ${INVOICE_LINE_LIMITS.notesLength} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  lines: z
    .array(invoiceLineInput, { error: INVOICE_MESSAGES.linesRequired })
    .min(1, INVOICE_MESSAGES.linesRequired)
    .max(INVOICE_LINE_LIMITS.maxLines, `An invoice can have at most ${INVOICE_LINE_LIMITS.maxLines} lines`),
});
export type UpdateDraftInput = z.output<typeof updateDraftInput>;
export type UpdateDraftFormValues = z.input<typeof updateDraftInput>;

/** The lines of an edited draft with totals in cents, computed by the server. */
export function linesFromInput(lines: readonly InvoiceLineInput[]): InvoiceLineDraft[] {
  return lines.map((l) => {
    const unitCents = Math.round(l.unitPrice * 100);
    return {
      code: l.code,
      name: l.name,
      itemType: l.itemType,
      quantity: l.quantity,
      jobItemId: null,
      unitCents,
      totalCents: lineTotalCents(l.quantity, unitCents),
    };
  });
}
