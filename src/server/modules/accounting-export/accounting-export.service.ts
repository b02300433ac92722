/**
 * Accounting export use cases (decision 051): read and change the account mapping; export a
 * period (the invoices and payments no earlier export took, unless asked, written and logged in
 * one transaction under a database lock); the log and its files.
 */
import {
  ACCOUNTING_EXPORT_MESSAGES,
  exportFiles,
  exportTotals,
  unbalancedInvoices,
  type AccountingExportInput,
  type AccountingExportSummary,
  type AccountingSettings,
} from '../../../domain/accounting-export.js';
import type { Database } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import type { AccountingExportRepo } from './accounting-export.repo.js';

/** How many exports the log shows. */
export const EXPORT_LOG_LIMIT = 50;

export function createAccountingExportService(deps: {
  db: Database;
  repo: AccountingExportRepo;
  /** the company's time zone (Settings > Company): a voided payment's day is in it */
  timeZone: () => Promise<string>;
}) {
  const { db, repo } = deps;
  return {
    settings: (): Promise<AccountingSettings> => repo.getSettings(),

    async putSettings(userId: string, value: AccountingSettings): Promise<AccountingSettings> {
      await repo.putSettings(value, userId);
      return repo.getSettings();
    },

    /**
     * Exports the period: the issued invoices (by issue date) and the payments (by payment date),
     * each once unless `includeExported`, and (decision 055) the reversal of every invoice or
     * payment an earlier export posted and that was voided since, whatever the period: a void is
     * never left out of the books. An "include already exported" export is a fresh copy of the
     * period for other books and carries no reversals. Refused with 409 when there is nothing to
     * export or an invoice's stored figures do not balance.
     */
    async create(userId: string, input: AccountingExportInput): Promise<AccountingExportSummary> {
      const timeZone = await deps.timeZone();
      return db.transaction(async (tx) => {
        await repo.lock(tx);
        const settings = await repo.getSettings(tx);
        const query = { from: input.from, to: input.to, includeExported: input.includeExported };
        const reversals = input.includeExported
          ? { invoices: [], payments: [] }
          : await repo.pendingReversals(timeZone, tx);
        const data = {
          invoices: await repo.invoices(query, tx),
          payments: await repo.payments(query, tx),
          reversals,
        };
        if (
          data.invoices.length === 0 &&
          data.payments.length === 0 &&
          reversals.invoices.length === 0 &&
          reversals.payments.length === 0
        )
          throw conflict(ACCOUNTING_EXPORT_MESSAGES.nothing);
        const unbalanced = unbalancedInvoices(data.invoices);
        if (unbalanced.length > 0)
          throw conflict(`${ACCOUNTING_EXPORT_MESSAGES.unbalanced}: ${unbalanced.slice(0, 5).join(', ')}`);
        const id = await repo.record(tx, {
          format: input.format,
          from: input.from,
          to: input.to,
          includeExported: input.includeExported,
          userId,
          totals: exportTotals(data),
          invoiceIds: data.invoices.map((i) => i.id),
          paymentIds: data.payments.map((p) => p.id),
          reversedInvoiceIds: reversals.invoices.map((i) => i.id),
          reversedPaymentIds: reversals.payments.map((p) => p.id),
          files: exportFiles(input.format, data, settings, input),
        });
        const [summary] = await repo.list(1, tx, id);
        return summary!;
      });
    },

    list: () => repo.list(EXPORT_LOG_LIMIT),

    async file(exportId: string, position: number) {
      const file = await repo.file(exportId, position);
      if (file) return file;
      throw notFound(
        (await repo.exists(exportId)) ? ACCOUNTING_EXPORT_MESSAGES.fileNotFound : ACCOUNTING_EXPORT_MESSAGES.notFound,
      );
    },
  };
}
export type AccountingExportService = ReturnType<typeof createAccountingExportService>;
