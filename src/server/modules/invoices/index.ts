/**
 * The invoices module's entry (docs/decisions/028). It owns job_invoices, their lines and status
 * changes: other modules create, send and delete invoices through these functions, in their own
 * transaction.
 */
export { deleteDraftInvoicesOfJob } from './draft-invoices.repo.js';
/** Bill To as job_invoices columns (the demo seed addresses its invoices as the product does). */
export { billToColumns } from './invoices-writes.repo.js';
export { invoicesRoutes } from './invoices.routes.js';
/** Service agreement invoices (decision 052), written in the agreement generator's transaction. */
export {
  completedVisitJobsToBill,
  createAgreementInvoice,
  createAgreementInvoiceDrafts,
  invoicesOfAgreement,
  lastBilledPeriodEnd,
  textArray,
  withdrawFutureAgreementInvoices,
  type AgreementInvoiceDraft,
} from './agreement-invoices.js';
export { createInvoice, createInvoicesService, sendInvoice, type InvoicesService } from './invoices.service.js';
/** The invoice search the header search shares (until the list module gives both one home). */
export { invoiceSearchTable, searchable, searchCondition, searchTableCondition } from './invoices.repo.js';
