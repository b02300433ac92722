import { INVOICE_MESSAGES as DOMAIN_MESSAGES } from '../../../domain/invoices/messages';
import type { BadgeTone } from '../../ui/badge';

/** The invoice screens' own words: failure banners, empty texts, labels (spec part 2, sections 2, 8 and 9). */
/** The spec's messages (section 8) come from the domain; these are the screens' own additions. */
export const INVOICE_MESSAGES = {
  ...DOMAIN_MESSAGES,
  void: 'Failed to void invoice',
  save: 'Failed to save invoice. Please try again.',
  fetchDetail: 'Failed to fetch invoice',
  onlyDraftsEdited: 'Only draft invoices can be edited. An issued invoice is voided and a new one issued.',
  readOnly: 'Your role can view invoices but not change them.',
} as const;

export const INVOICE_EMPTY = {
  list: DOMAIN_MESSAGES.emptyList,
  pending: DOMAIN_MESSAGES.emptyPending,
  paid: DOMAIN_MESSAGES.emptyPaid,
  report: DOMAIN_MESSAGES.emptyReport,
  job: 'No invoices yet for this job.',
} as const;

/** Shown instead of the totals when a search matches more invoices than the list counts (the answer's totalCapped). */
export const summaryCappedText = (total: string) =>
  `More than ${total} invoices match this search, so their totals are not added up here. Narrow the search to see them.`;

export const INVOICE_STATUS_LABELS = { draft: 'Draft', issued: 'Issued', paid: 'Paid', void: 'Void' } as const;
export type InvoiceStatusName = keyof typeof INVOICE_STATUS_LABELS;

/** Colours of the status badge: draft grey, issued blue, paid green, void red. */
export const INVOICE_STATUS_TONES: Record<InvoiceStatusName, BadgeTone> = {
  draft: 'gray',
  issued: 'blue',
  paid: 'green',
  void: 'red',
};

export const INVOICE_TYPE_LABELS = {
  standard: 'Standard',
  replacement: 'Replacement',
  repair: 'Repair',
  inspection: 'Inspection',
} as const;

/** What each type bills, shown beside the choice in Create Invoice. */
export const INVOICE_TYPE_HINTS = {
  standard: 'All job items except the inspection fee',
  replacement: 'Part items',
  repair: 'Labor and other items except the inspection fee',
  inspection: 'The inspection fee, a fixed $180.00',
} as const;

export const PERIOD_LABELS = { annual: 'Annual', quarterly: 'Quarterly', monthly: 'Monthly' } as const;
export const QUARTER_LABELS = { 1: 'Q1 (Jan-Mar)', 2: 'Q2 (Apr-Jun)', 3: 'Q3 (Jul-Sep)', 4: 'Q4 (Oct-Dec)' } as const;
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "2026-03" -> "March 2026". */
export function monthLabel(yearMonth: string): string {
  const [year, month] = yearMonth.split('-').map(Number);
  return `${MONTH_NAMES[(month ?? 1) - 1] ?? ''} ${year}`;
}

export function filtersAppliedText(count: number): string {
  return `Filters applied: ${count}`;
}

export function percentText(value: number): string {
  return `${value.toFixed(1)}%`;
}
