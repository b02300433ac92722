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
  countMatches,
  invoiceSearchTable,
  listBatch,
  listConditions,
  listItemOf,
  listPage,
  listSummary,
  listSummaryQuery,
  onSearchTable,
  paidConditions,
  paidSummary,
  pendingConditions,
  pendingSummary,
  searchable,
  searchCondition,
  searchedInvoices,
  searchTableCondition,
  type ListOrder,
  type ListRowCursor,
  type SearchConditionOptions,
} from './invoices-list.repo.js';
export { earliestIssuedYear, reportAggregates, reportAggregatesOfInvoices, reportPeriodKey, reportTotalsStatement } from './invoices-report.repo.js';
export { type InvoiceInsert } from './invoices-writes.repo.js';

export function createInvoicesRepo(db: Executor) {
  return {
    ...createInvoicesListRepo(db),
    ...createInvoicesDetailRepo(db),
    ...createInvoicesReportRepo(db),
    ...createInvoicesWritesRepo(db),
  };
}
export type InvoicesRepo = ReturnType<typeof createInvoicesRepo>;
