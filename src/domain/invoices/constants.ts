// Constants (section 9)

export const INVOICE_STATUSES = ['draft', 'issued', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_TYPES = ['standard', 'replacement', 'repair', 'inspection'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export const INVOICE_ITEM_TYPES = ['part', 'labor', 'item'] as const;
export type InvoiceItemType = (typeof INVOICE_ITEM_TYPES)[number];

/**
 * Charged when a customer declines the repairs (section 9). Here, not in quotes.ts (which re-exports
 * it), so the invoice and job lists reach it without the quote schemas (decision 042).
 */
export const INSPECTION_FEE_CENTS = 18_000;
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
export const INVOICE_LINE_LIMITS = {
  codeLength: 50,
  nameLength: 200,
  maxLines: 200,
  maxQuantity: 100_000,
  maxUnitPrice: 1_000_000,
  notesLength: 2000,
  reasonLength: 500,
} as const;
