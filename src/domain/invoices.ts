/**
 * Invoices (part 2 sections 2, 3, 4, 5, 8 and 9; RULINGS "Jobs, quotes and invoices"): the payloads
 * of every invoice route, and the rules that decide amounts, due states and report figures.
 *
 * Money leaves the server as integer cents (`...Cents`); a line typed on the edit screen comes in as
 * dollars with at most 2 decimals, like the price book's forms.
 */
import { z } from 'zod';
import { paginated } from './api.js';
import { addDays, isIsoDate } from './dates.js';
import { isUuidV4 } from './ids.js';
import { can, type UserRole } from './policy.js';
import { sumCents } from './money.js';
import { hasAtMostTwoDecimals } from './price-book.js';
import { INSPECTION_FEE_CENTS } from './quotes.js';

// ---------------------------------------------------------------------------------------------
// Constants (section 9)
// ---------------------------------------------------------------------------------------------

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_TYPES = ['standard', 'replacement', 'repair', 'inspection'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_ITEM_TYPES = ['part', 'labor', 'item'] as const;
export type InvoiceItemType = (typeof INVOICE_ITEM_TYPES)[number];

export { INSPECTION_FEE_CENTS };
export const INSPECTION_FEE_CODE = 'INSP-FEE';
export const INSPECTION_FEE_NAME = 'Inspection Fee';
export const INSPECTION_FEE_SERVICE_LINE = 'INSP';
/** Terms Net 30: due 30 days after creation. */
export const INVOICE_NET_DAYS = 30;
export const INVOICE_TERMS = 'Net 30';
export const DUE_SOON_DAYS = 7;
export const TOP_CUSTOMERS_LIMIT = 5;
/** The report's year list starts here, or at the earliest invoice's year if that is earlier (RULINGS). */
export const REPORT_FIRST_YEAR = 2023;
export const UNKNOWN_BUCKET = 'Unknown';
export const INVOICE_LINE_LIMITS = { codeLength: 50, nameLength: 200, maxLines: 200, maxQuantity: 100_000, maxUnitPrice: 1_000_000, notesLength: 2000, reasonLength: 500 } as const;

// ---------------------------------------------------------------------------------------------
// Messages (section 8 and the refusals this build adds)
// ---------------------------------------------------------------------------------------------

export const INVOICE_MESSAGES = {
  emailRequired: 'Customer email is required to send an invoice',
  cannotCreate: 'Cannot create invoice at this time',
  createFailed: 'Failed to create invoice',
  sendFailed: 'Failed to send invoice',
  cannotMarkPaid: 'Cannot mark invoice as paid at this time',
  markPaidFailed: 'Failed to mark invoice as paid',
  markPaidFailedPending: 'Failed to mark invoice as paid. Please try again.',
  fetchFailed: 'Failed to fetch invoices. Please try again.',
  fetchPendingFailed: 'Failed to fetch pending invoices. Please try again.',
  fetchPaidFailed: 'Failed to fetch paid invoices. Please try again.',
  fetchReportFailed: 'Failed to fetch invoice data for reports. Please try again.',
  invalidId: 'Invalid invoice ID format',
  notFound: 'Invoice not found',
  invalidJobId: 'Invalid job ID format',
  jobNotFound: 'Job not found',
  voidReasonRequired: 'A reason is required to void an invoice',
  linesRequired: 'An invoice needs at least one line',
  numberExhausted: 'Could not find a free invoice number for this job. Please try again.',
  invalidEmail: 'Customer email must be a valid email address',
  emptyList: 'No invoices found. Try adjusting your filters or create a new invoice.',
  emptyPending: 'No pending invoices found. All invoices have been paid!',
  emptyPaid: 'No paid invoices found. Try adjusting your filters.',
  emptyReport: 'No data available for the selected period.',
} as const;

export type InvoiceAction = 'send' | 'markPaid' | 'void' | 'edit' | 'delete';

/** The one status each action starts from (section 4): send and edit/delete a draft; pay and void an issued invoice. */
export const ACTION_FROM_STATUS: Record<InvoiceAction, InvoiceStatus> = {
  send: 'draft',
  markPaid: 'issued',
  void: 'issued',
  edit: 'draft',
  delete: 'draft',
};

export function canTransition(action: InvoiceAction, status: InvoiceStatus): boolean {
  return ACTION_FROM_STATUS[action] === status;
}

/** The 409 text when an action does not fit the invoice's status. */
export function transitionRefusal(action: InvoiceAction, status: InvoiceStatus): string {
  switch (action) {
    case 'send':
      return `Only a draft invoice can be sent; this invoice is ${status}`;
    case 'markPaid':
      return `Only an issued invoice can be marked as paid; this invoice is ${status}`;
    case 'void':
      return `Only an issued invoice can be voided; this invoice is ${status}`;
    case 'edit':
      return status === 'draft'
        ? 'This invoice can be edited'
        : `Only a draft invoice can be edited; this invoice is ${status} (an issued invoice is voided and a new one issued instead)`;
    case 'delete':
      return `Only a draft invoice can be deleted; this invoice is ${status}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Amount rules by type (section 9)
// ---------------------------------------------------------------------------------------------

/** A job item as an invoice reads it. */
export interface BillableItem {
  code: string;
  name: string;
  type: InvoiceItemType;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

/** A repair record as an invoice reads it: its total and the option the customer chose. */
export interface BillableRepair {
  totalCents: number;
  label: string;
}

/** A line about to be written to an invoice. */
export interface InvoiceLineDraft {
  code: string;
  name: string;
  itemType: InvoiceItemType | null;
  quantity: number;
  unitCents: number;
  totalCents: number;
}

export const isInspectionFee = (item: Pick<BillableItem, 'code'>): boolean => item.code.trim().toUpperCase() === INSPECTION_FEE_CODE;

/** The job items an invoice of `type` bills: standard all but the fee; replacement the parts; repair labor and other items but the fee; inspection none (its fee is fixed). */
export function itemsForType(type: InvoiceType, items: readonly BillableItem[]): BillableItem[] {
  switch (type) {
    case 'standard':
      return items.filter((i) => !isInspectionFee(i));
    case 'replacement':
      return items.filter((i) => i.type === 'part' && !isInspectionFee(i));
    case 'repair':
      return items.filter((i) => (i.type === 'labor' || i.type === 'item') && !isInspectionFee(i));
    case 'inspection':
      return [];
  }
}

export const inspectionFeeLine = (): InvoiceLineDraft => ({
  code: INSPECTION_FEE_CODE,
  name: INSPECTION_FEE_NAME,
  itemType: 'item',
  quantity: 1,
  unitCents: INSPECTION_FEE_CENTS,
  totalCents: INSPECTION_FEE_CENTS,
});

export type InvoicePlan = { ok: true; lines: InvoiceLineDraft[]; amountCents: number } | { ok: false; reason: string };

const NOTHING_TO_BILL: Record<Exclude<InvoiceType, 'inspection'>, string> = {
  standard: 'The job has no items to bill',
  replacement: 'The job has no part items to bill',
  repair: 'The job has no labor or other items and no repair totals to bill',
};

/**
 * The lines and amount of a new invoice of `type` for a job: its items per the type rule, the fixed
 * $180.00 fee for an inspection invoice, and for a repair invoice whose items total zero, one line
 * per repair record with a total. Nothing to bill is refused with the reason the Create Invoice
 * dialog shows.
 */
export function planInvoice(type: InvoiceType, items: readonly BillableItem[], repairs: readonly BillableRepair[] = []): InvoicePlan {
  if (type === 'inspection') return { ok: true, lines: [inspectionFeeLine()], amountCents: INSPECTION_FEE_CENTS };
  let lines: InvoiceLineDraft[] = itemsForType(type, items).map((i) => ({
    code: i.code,
    name: i.name,
    itemType: i.type,
    quantity: i.quantity,
    unitCents: i.unitCents,
    totalCents: i.totalCents,
  }));
  let amountCents = sumCents(lines.map((l) => l.totalCents));
  if (amountCents === 0 && type === 'repair') {
    lines = repairs
      .filter((r) => r.totalCents > 0)
      .map((r) => ({ code: 'REPAIR', name: `Repair: ${r.label}`, itemType: null, quantity: 1, unitCents: r.totalCents, totalCents: r.totalCents }));
    amountCents = sumCents(lines.map((l) => l.totalCents));
  }
  if (amountCents === 0) return { ok: false, reason: NOTHING_TO_BILL[type] };
  return { ok: true, lines, amountCents };
}

/** quantity x unit price, to the cent (quantities have at most 2 decimals). */
export function lineTotalCents(quantity: number, unitCents: number): number {
  const hundredths = Math.round(quantity * 100);
  return Math.round((hundredths * unitCents) / 100);
}

/** The invoice's amount: the sum of its lines. */
export function invoiceAmountCents(lines: readonly Pick<InvoiceLineDraft, 'totalCents'>[]): number {
  return sumCents(lines.map((l) => l.totalCents));
}

/** JOB-{jobNumber}-INV-{4 random digits}; `random` returns [0, 1). */
export function invoiceNumber(jobNumber: number, random: () => number = Math.random): string {
  const digits = String(Math.floor(random() * 10_000)).padStart(4, '0');
  return `JOB-${jobNumber}-INV-${digits}`;
}

/** Due 30 days after creation (terms Net 30); `createdOn` is the creation date in the company's time zone. */
export const dueDateFor = (createdOn: string): string => addDays(createdOn, INVOICE_NET_DAYS);

/**
 * On send the issue date is today; a draft kept past its due date would then be due before it was
 * issued, so its due date moves to Net 30 from the issue date.
 */
export function dueDateOnSend(dueDate: string | null, issuedOn: string): string {
  return dueDate && dueDate >= issuedOn ? dueDate : addDays(issuedOn, INVOICE_NET_DAYS);
}

// ---------------------------------------------------------------------------------------------
// Overdue and due soon, in the company's time zone (section 4)
// ---------------------------------------------------------------------------------------------

export type DueState = 'overdue' | 'due-soon' | null;

/** The calendar window for `today` (YYYY-MM-DD in the company's zone): overdue before today; due soon today through today + 7. */
export function dueWindow(today: string): { overdueBefore: string; dueSoonFrom: string; dueSoonThrough: string } {
  return { overdueBefore: today, dueSoonFrom: today, dueSoonThrough: addDays(today, DUE_SOON_DAYS) };
}

/** Only an issued invoice is overdue (due date before today) or due soon (due today or in the next 7 days). */
export function dueState(status: InvoiceStatus, dueDate: string | null, today: string): DueState {
  if (status !== 'issued' || !dueDate) return null;
  const w = dueWindow(today);
  if (dueDate < w.overdueBefore) return 'overdue';
  if (dueDate >= w.dueSoonFrom && dueDate <= w.dueSoonThrough) return 'due-soon';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Report arithmetic
// ---------------------------------------------------------------------------------------------

export const REPORT_PERIODS = ['annual', 'quarterly', 'monthly'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The years the report offers, newest first: from 2023 (or the earliest invoice's year) to the current year. */
export function reportYears(currentYear: number, earliestInvoiceYear: number | null): number[] {
  const first = Math.min(REPORT_FIRST_YEAR, earliestInvoiceYear ?? REPORT_FIRST_YEAR, currentYear);
  const years: number[] = [];
  for (let y = currentYear; y >= first; y -= 1) years.push(y);
  return years;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The period's dates: `from` inclusive, `to` exclusive (Q1 Jan-Mar ... Q4 Oct-Dec). */
export function reportRange(q: { period: ReportPeriod; year: number; quarter?: number | undefined; month?: number | undefined }): { from: string; to: string } {
  if (q.period === 'annual') return { from: `${q.year}-01-01`, to: `${q.year + 1}-01-01` };
  if (q.period === 'quarterly') {
    const quarter = q.quarter ?? 1;
    const startMonth = (quarter - 1) * 3 + 1;
    const end = quarter === 4 ? `${q.year + 1}-01-01` : `${q.year}-${pad2(startMonth + 3)}-01`;
    return { from: `${q.year}-${pad2(startMonth)}-01`, to: end };
  }
  const month = q.month ?? 1;
  return { from: `${q.year}-${pad2(month)}-01`, to: month === 12 ? `${q.year + 1}-01-01` : `${q.year}-${pad2(month + 1)}-01` };
}

/** The quarter (1-4) a month (1-12) falls in. */
export const quarterOfMonth = (month: number): number => Math.floor((month - 1) / 3) + 1;

/**
 * Percentages of `total` with one decimal that add up to exactly 100.0 when the parts make up the
 * total (largest remainder: the tenths left over go to the parts that lost most to rounding down).
 * All zero when the total is zero.
 */
export function percentages(parts: readonly number[], total: number = sumCents([...parts])): number[] {
  if (total <= 0) return parts.map(() => 0);
  const exact = parts.map((p) => (p * 1000) / total);
  const floors = exact.map((e) => Math.floor(e));
  const target = Math.round(exact.reduce((a, e) => a + e, 0));
  let left = Math.min(target, 1000) - sumCents(floors);
  const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors.map((f) => f / 10);
}

export interface AmountBucketRow {
  key: string | null;
  label?: string | null;
  amountCents: number;
  count: number;
}

export interface AmountBucket {
  key: string;
  label: string;
  amountCents: number;
  count: number;
  percent: number;
}

/** Missing or blank keys become one "Unknown" bucket; sorted by amount descending (then label). */
export function bucketize(rows: readonly AmountBucketRow[]): Omit<AmountBucket, 'percent'>[] {
  const merged = new Map<string, Omit<AmountBucket, 'percent'>>();
  for (const row of rows) {
    const key = row.key?.trim() ? row.key.trim() : UNKNOWN_BUCKET;
    const label = key === UNKNOWN_BUCKET ? UNKNOWN_BUCKET : row.label?.trim() || key;
    const bucket = merged.get(key) ?? { key, label, amountCents: 0, count: 0 };
    bucket.amountCents += row.amountCents;
    bucket.count += row.count;
    merged.set(key, bucket);
  }
  return [...merged.values()].sort((a, b) => b.amountCents - a.amountCents || a.label.localeCompare(b.label));
}

/** Service Line Breakdown: every service line ("Unknown" when missing) by amount descending, percents adding up to 100. */
export function serviceLineBreakdown(rows: readonly AmountBucketRow[]): AmountBucket[] {
  const buckets = bucketize(rows);
  const pcts = percentages(buckets.map((b) => b.amountCents));
  return buckets.map((b, i) => ({ ...b, percent: pcts[i]! }));
}

/** Top Customers: the 5 largest by amount ("Unknown" when missing), each with its percent of the period's total. */
export function topCustomers(rows: readonly AmountBucketRow[], totalCents: number, limit = TOP_CUSTOMERS_LIMIT): AmountBucket[] {
  const buckets = bucketize(rows);
  const pcts = percentages(
    buckets.map((b) => b.amountCents),
    totalCents,
  );
  return buckets.slice(0, limit).map((b, i) => ({ ...b, percent: pcts[i]! }));
}

export const REPORT_STATUS_KEYS = ['paid', 'outstanding', 'void'] as const;
export type ReportStatusKey = (typeof REPORT_STATUS_KEYS)[number];

export interface AmountCount {
  amountCents: number;
  count: number;
}

/** Invoice Status: paid, outstanding (issued) and void as percent of the total invoiced, adding up to 100. */
export function statusBreakdown(cards: Record<ReportStatusKey, AmountCount>): { status: ReportStatusKey; amountCents: number; count: number; percent: number }[] {
  const pcts = percentages(REPORT_STATUS_KEYS.map((k) => cards[k].amountCents));
  return REPORT_STATUS_KEYS.map((status, i) => ({ status, ...cards[status], percent: pcts[i]! }));
}

// ---------------------------------------------------------------------------------------------
// Payloads
// ---------------------------------------------------------------------------------------------

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
const page = z.coerce.number({ error: 'Page must be a number' }).int('Page must be a whole number').min(1, 'Page must be 1 or more').default(1);
const pageSize = z.coerce
  .number({ error: 'Page size must be 25, 50 or 100' })
  .refine((n) => [25, 50, 100].includes(n), 'Page size must be 25, 50 or 100')
  .default(25);
const dateRangeRefine = <T extends { from?: string | undefined; to?: string | undefined }>(v: T) => !v.from || !v.to || v.from <= v.to;
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
      .refine((v) => v === undefined || (INVOICE_STATUSES as readonly string[]).includes(v), 'Status must be draft, issued, paid or void')
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
export const invoiceListQuery = z.object({ ...invoiceListShape, page, pageSize }).refine(dateRangeRefine, dateRangeMessage);
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
export const paidInvoiceListQuery = z.object({ ...paidInvoiceShape, page, pageSize }).refine(dateRangeRefine, dateRangeMessage);
export type PaidInvoiceFilters = z.output<typeof paidInvoiceFilters>;
export type PaidInvoiceListQuery = z.output<typeof paidInvoiceListQuery>;

export const amountCount = z.object({ amountCents: z.number().int(), count: z.number().int() });

export const invoiceListItem = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  invoiceType: z.enum(INVOICE_TYPES),
  status: z.enum(INVOICE_STATUSES),
  amountCents: z.number().int(),
  issuedDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  paidDate: z.string().nullable(),
  createdAt: z.string(),
  /** overdue / due-soon for issued invoices, today being today in the company's time zone. */
  dueState: z.enum(['overdue', 'due-soon']).nullable(),
  jobId: z.string(),
  jobNumber: z.number().int(),
  jobName: z.string(),
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
export const pendingInvoiceSummary = z.object({ totalOutstanding: amountCount, overdue: amountCount, dueSoon: amountCount, today: z.string() });
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
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

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
export const invoiceActions = z.object({ send: z.boolean(), markPaid: z.boolean(), void: z.boolean(), edit: z.boolean(), delete: z.boolean() });
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
  };
}

export const invoiceDetail = invoiceListItem.extend({
  email: z.string().nullable(),
  notes: z.string().nullable(),
  voidReason: z.string().nullable(),
  voidedDate: z.string().nullable(),
  terms: z.string(),
  /** Where Send Invoice writes by default: the job's contact e-mail, else the unit's billing e-mail. */
  defaultEmail: z.string().nullable(),
  job: z.object({
    id: z.string(),
    number: z.number().int(),
    name: z.string(),
    serviceLine: z.string().nullable(),
    customerPo: z.string().nullable(),
    contactName: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
  }),
  customer: z.object({ companyId: z.string().nullable(), companyName: z.string().nullable(), billingEntity: z.string().nullable(), billingEmail: z.string().nullable() }),
  location: z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    zip: z.string().nullable(),
  }),
  lines: z.array(invoiceLine),
  history: z.array(invoiceHistoryEntry),
  actions: invoiceActions,
  /**
   * "Signed by" (issue 13): on an invoice of a job whose latest quote the customer approved (not on
   * a quote's inspection-fee invoice): the typed name, the time and, when one was drawn, the
   * signature's GET path.
   */
  signedBy: z
    .object({ quoteNumber: z.string(), signerName: z.string(), signedAt: z.string(), signatureUrl: z.string().nullable() })
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

export const invoiceLineInput = z.object({
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
  itemType: z.enum(INVOICE_ITEM_TYPES, { error: 'Type must be part, labor or item' }).nullish().transform((v) => v ?? null),
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
    return { code: l.code, name: l.name, itemType: l.itemType, quantity: l.quantity, unitCents, totalCents: lineTotalCents(l.quantity, unitCents) };
  });
}

// ---------------------------------------------------------------------------------------------
// Report payloads
// ---------------------------------------------------------------------------------------------

/** /api/invoices/reports?period=annual|quarterly|monthly&year=2025&quarter=1..4&month=1..12 (defaults: annual, this year, this quarter/month). */
export const invoiceReportQuery = z.object({
  period: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => v || 'annual')
    .refine((v) => (REPORT_PERIODS as readonly string[]).includes(v), 'Period must be Annual, Quarterly or Monthly')
    .transform((v) => v as ReportPeriod),
  year: z.coerce.number({ error: 'Year must be a number' }).int('Year must be a whole number').min(1900, 'Year is out of range').max(9999, 'Year is out of range').optional(),
  quarter: z.coerce.number({ error: 'Quarter must be 1 to 4' }).int('Quarter must be 1 to 4').min(1, 'Quarter must be 1 to 4').max(4, 'Quarter must be 1 to 4').optional(),
  month: z.coerce.number({ error: 'Month must be 1 to 12' }).int('Month must be 1 to 12').min(1, 'Month must be 1 to 12').max(12, 'Month must be 1 to 12').optional(),
});
export type InvoiceReportQuery = z.output<typeof invoiceReportQuery>;

export const reportBucket = z.object({ key: z.string(), label: z.string(), amountCents: z.number().int(), count: z.number().int(), percent: z.number() });
export const reportMonth = z.object({
  month: z.string(),
  amountCents: z.number().int(),
  count: z.number().int(),
  paidCents: z.number().int(),
  outstandingCents: z.number().int(),
  voidCents: z.number().int(),
});
export type ReportMonth = z.infer<typeof reportMonth>;

export const invoiceReport = z.object({
  period: z.object({ period: z.enum(REPORT_PERIODS), year: z.number().int(), quarter: z.number().int().nullable(), month: z.number().int().nullable(), from: z.string(), to: z.string() }),
  years: z.array(z.number().int()),
  cards: z.object({ totalInvoiced: amountCount, paid: amountCount, outstanding: amountCount, void: amountCount }),
  monthly: z.array(reportMonth),
  serviceLines: z.array(reportBucket),
  topCustomers: z.array(reportBucket),
  status: z.array(z.object({ status: z.enum(REPORT_STATUS_KEYS), amountCents: z.number().int(), count: z.number().int(), percent: z.number() })),
});
export type InvoiceReport = z.infer<typeof invoiceReport>;

/** The aggregated rows the report's SQL returns, before the arithmetic above. */
export interface InvoiceReportAggregates {
  byStatus: { status: InvoiceStatus; amountCents: number; count: number }[];
  monthly: ReportMonth[];
  serviceLines: AmountBucketRow[];
  customers: AmountBucketRow[];
}

/** The report from its SQL aggregates: cards, panels (newest month first), percents that add up, Unknown buckets, top 5. */
export function buildInvoiceReport(
  period: InvoiceReport['period'],
  years: number[],
  agg: InvoiceReportAggregates,
): InvoiceReport {
  const card = (status: InvoiceStatus): AmountCount => {
    const row = agg.byStatus.find((r) => r.status === status);
    return { amountCents: row?.amountCents ?? 0, count: row?.count ?? 0 };
  };
  const paid = card('paid');
  const outstanding = card('issued');
  const voided = card('void');
  const totalInvoiced = { amountCents: paid.amountCents + outstanding.amountCents + voided.amountCents, count: paid.count + outstanding.count + voided.count };
  return {
    period,
    years,
    cards: { totalInvoiced, paid, outstanding, void: voided },
    monthly: [...agg.monthly].sort((a, b) => b.month.localeCompare(a.month)),
    serviceLines: serviceLineBreakdown(agg.serviceLines),
    topCustomers: topCustomers(agg.customers, totalInvoiced.amountCents),
    status: statusBreakdown({ paid, outstanding, void: voided }),
  };
}
