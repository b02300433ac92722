import { type InvoiceStatus } from './constants.js';

// Messages (section 8 and the refusals this build adds)

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
