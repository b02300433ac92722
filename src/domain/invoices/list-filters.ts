import {
  invalid,
  optionalDay,
  optionalText,
  optionalUuid,
  pageNumber,
  pageSizeOf,
  plainFilters,
  withDateRange,
  type FieldReader,
} from '../list-filters.js';
import { INVOICE_STATUSES, type InvoiceStatus } from './constants.js';
import { PAYMENT_METHODS, type PaymentMethod } from './payments.js';

/**
 * What the invoice lists read from their URL, without zod (decision 042): /invoices, Pending and
 * Paid are first screens, and the schema library on their path cost a phone's main thread. Each
 * reader follows the schema the API validates with (payloads.ts: `invoiceListQuery`,
 * `pendingInvoiceListQuery`, `paidInvoiceListQuery`; list-filters.test.ts runs both over the same
 * query strings).
 */

const INVOICE_PAGE_SIZES = [25, 50, 100] as const;
const SEARCH_MAX = 200;
const OFFICE_MAX = 100;
const page = pageNumber;
const pageSize = pageSizeOf(INVOICE_PAGE_SIZES, 25);

/** ?status=: a status in any case, trimmed; blank or "all" is every status. */
const invoiceStatus: FieldReader<InvoiceStatus | undefined> = (value) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') return invalid;
  const status = value.trim().toLowerCase();
  if (!status || status === 'all') return undefined;
  return (INVOICE_STATUSES as readonly string[]).includes(status) ? (status as InvoiceStatus) : invalid;
};

export interface InvoiceListUrlFilters {
  status: InvoiceStatus | undefined;
  q: string | undefined;
  from: string | undefined;
  to: string | undefined;
  office: string | undefined;
  technicianId: string | undefined;
  createdFrom: string | undefined;
  page: number;
  pageSize: number;
}

/** /invoices' filters, as `invoiceListQuery` reads them. */
export const invoiceListUrlFilters = withDateRange(
  plainFilters<InvoiceListUrlFilters>({
    status: invoiceStatus,
    q: optionalText(SEARCH_MAX),
    from: optionalDay,
    to: optionalDay,
    office: optionalText(OFFICE_MAX),
    technicianId: optionalUuid,
    createdFrom: optionalDay,
    page,
    pageSize,
  }),
  { numberKeys: ['page', 'pageSize'] },
);

export const PENDING_DUE_FILTERS = ['overdue', 'due-soon'] as const;
export interface PendingInvoiceUrlFilters {
  q: string | undefined;
  due?: (typeof PENDING_DUE_FILTERS)[number] | undefined;
  page: number;
  pageSize: number;
}

/** /invoices/pending's filters, as `pendingInvoiceListQuery` reads them (`due` blank is refused, as there). */
export const pendingInvoiceUrlFilters = plainFilters<PendingInvoiceUrlFilters>({
  q: optionalText(SEARCH_MAX),
  due: (value) =>
    value === undefined
      ? undefined
      : (PENDING_DUE_FILTERS as readonly unknown[]).includes(value)
        ? (value as PendingInvoiceUrlFilters['due'])
        : invalid,
  page,
  pageSize,
});

export interface PaidInvoiceUrlFilters {
  q: string | undefined;
  from: string | undefined;
  to: string | undefined;
  page: number;
  pageSize: number;
}

/** /invoices/paid's filters, as `paidInvoiceListQuery` reads them. */
export const paidInvoiceUrlFilters = withDateRange(
  plainFilters<PaidInvoiceUrlFilters>({
    q: optionalText(SEARCH_MAX),
    from: optionalDay,
    to: optionalDay,
    page,
    pageSize,
  }),
  { numberKeys: ['page', 'pageSize'] },
);

export interface PaymentUrlFilters {
  q: string | undefined;
  from: string | undefined;
  to: string | undefined;
  method: PaymentMethod | undefined;
  includeVoided: boolean;
  page: number;
  pageSize: number;
}

/** ?method=: a method as written; blank or "all" is every method. */
const paymentMethodFilter: FieldReader<PaymentMethod | undefined> = (value) => {
  if (value === undefined || value === '' || value === 'all') return undefined;
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value)
    ? (value as PaymentMethod)
    : invalid;
};

/** ?includeVoided=: true, "true" or "1" is yes; false, "false", "0", blank or absent is no. */
const includeVoided: FieldReader<boolean> = (value) => {
  if (value === undefined || value === false || value === true) return value === true;
  if (typeof value !== 'string' || !['true', 'false', '1', '0', ''].includes(value)) return invalid;
  return value === 'true' || value === '1';
};

/** /invoices/payments' filters, as `paymentListQuery` reads them. */
export const paymentUrlFilters = withDateRange(
  plainFilters<PaymentUrlFilters>({
    q: optionalText(SEARCH_MAX),
    from: optionalDay,
    to: optionalDay,
    method: paymentMethodFilter,
    includeVoided,
    page,
    pageSize,
  }),
  { stoppingKeys: ['method', 'includeVoided'], numberKeys: ['page', 'pageSize'] },
);
