/**
 * The only SQL for invoices (job_invoices, job_invoice_lines, job_invoice_status_changes) and what
 * they read of jobs, items and repairs, in four parts: the lists (invoices-list.repo.ts), one
 * invoice (invoices-detail.repo.ts), the financial report (invoices-report.repo.ts) and the writes
 * (invoices-writes.repo.ts). Every function takes the executor it runs on (the database, or the
 * transaction of the use case) last; rows become domain types before they leave.
 */
import type { Executor } from '../../db/client.js';
import { createInvoicesDetailRepo } from './invoices-detail.repo.js';
import { createInvoicesListRepo } from './invoices-list.repo.js';
import { createInvoicesReportRepo } from './invoices-report.repo.js';
import { createInvoicesWritesRepo } from './invoices-writes.repo.js';

export { type InvoiceRecord } from './invoices-detail.repo.js';
export {
  invoiceLists,
  listBatch,
  listConditions,
  listItemOf,
  listPage,
  listSummary,
  listSummaryQuery,
  paidConditions,
  paidSummary,
  pendingConditions,
  pendingSummary,
  type ListOrder,
  type ListRowCursor,
  type PendingContext,
} from './invoices-list.repo.js';
// The invoices' search lives in the list module; named here too for the code that read it from this repo.
export {
  invoiceSearchTable,
  onSearchTable,
  searchable,
  searchCondition,
  searchedInvoices,
  searchTableCondition,
  type SearchConditionOptions,
} from '../../lists/index.js';
export {
  earliestIssuedYear,
  reportAggregates,
  reportAggregatesOfInvoices,
  reportPeriodKey,
  reportTotalsStatement,
  paymentsReceivedStatement,
  salesTaxStatement,
} from './invoices-report.repo.js';
export { type InvoiceInsert } from './invoices-writes.repo.js';

export function createInvoicesRepo(db: Executor, options: { totalCap?: number } = {}) {
  return {
    ...createInvoicesListRepo(db, options),
    ...createInvoicesDetailRepo(db),
    ...createInvoicesReportRepo(db),
    ...createInvoicesWritesRepo(db),
  };
}
export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>;
