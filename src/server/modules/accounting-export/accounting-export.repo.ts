/**
 * The accounting export's SQL (decision 051): the account mapping, the period's issued invoices
 * (with their lines) and payments that no earlier export included, and the export log. Reads the
 * invoices module's tables; writes only its own.
 */
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  notExists,
  sql,
  type SQL,
} from 'drizzle-orm';
import { dateInZone } from '../../../domain/dates.js';
import { displayName } from '../../../domain/display-name.js';
import {
  accountingSettings,
  DEFAULT_ACCOUNTING_SETTINGS,
  type AccountingExportSummary,
  type AccountingFormat,
  type AccountingSettings,
  type ExportCustomer,
  type ExportFile,
  type ExportInvoice,
  type ExportPayment,
  type ExportReversals,
  type ExportTotals,
} from '../../../domain/accounting-export.js';
import { centsToDecimal, toCents } from '../../../domain/money.js';
import { type Executor } from '../../db/client.js';
import {
  accountingExportFiles,
  accountingExportItems,
  accountingExports,
  accountingSettingsTable,
  companies,
  jobInvoiceLines,
  jobInvoicePayments,
  jobInvoices,
  jobs,
  users,
} from '../../db/schema.js';

/** Any fixed number: one export at a time, on every app server, so two never take the same payment. */
const EXPORT_LOCK = 310_004;
/** Invoice ids per lines query (bound parameters stay far below PostgreSQL's limit). */
const LINE_BATCH = 1000;

const i = jobInvoices;
const p = jobInvoicePayments;
const x = accountingExportItems;

const customerOf = (r: {
  billToName: string | null;
  companyName: string | null;
  billToEmail: string | null;
  billToAddress: string | null;
  billToCity: string | null;
  billToState: string | null;
  billToZip: string | null;
}): ExportCustomer => ({
  name: r.billToName?.trim() || r.companyName?.trim() || '',
  email: r.billToEmail,
  address: r.billToAddress,
  city: r.billToCity,
  state: r.billToState,
  zip: r.billToZip,
});

const CUSTOMER_FIELDS = {
  billToName: i.billToName,
  companyName: companies.name,
  billToEmail: i.billToEmail,
  billToAddress: i.billToAddress,
  billToCity: i.billToCity,
  billToState: i.billToState,
  billToZip: i.billToZip,
};

export interface PeriodQuery {
  from: string;
  to: string;
  includeExported: boolean;
}

const itemsOf = (exec: Executor, where: SQL) =>
  exec
    .select({ one: sql`1` })
    .from(x)
    .where(where);

async function readInvoices(exec: Executor, where: SQL | undefined) {
  return exec
    .select({
      id: i.id,
      number: i.invoiceNumber,
      jobNumber: jobs.number,
      issuedDate: i.issuedDate,
      dueDate: i.dueDate,
      serviceLine: i.serviceLine,
      amount: i.amount,
      subtotal: i.subtotal,
      discount: i.discount,
      tax: i.tax,
      taxGroupCode: i.taxGroupCode,
      taxGroupName: i.taxGroupName,
      taxRate: i.taxRate,
      voidedDate: i.voidedDate,
      voidReason: i.voidReason,
      ...CUSTOMER_FIELDS,
    })
    .from(i)
    .leftJoin(jobs, eq(jobs.id, i.jobId))
    .leftJoin(companies, eq(companies.id, i.companyId))
    .where(where)
    .orderBy(asc(i.issuedDate), asc(i.invoiceNumber));
}
type InvoiceRow = Awaited<ReturnType<typeof readInvoices>>[number];

/** The rows as export invoices, with their lines (read in batches, one query per batch). */
async function withLines(exec: Executor, rows: InvoiceRow[]): Promise<ExportInvoice[]> {
  const lines = new Map<string, ExportInvoice['lines']>();
  for (let start = 0; start < rows.length; start += LINE_BATCH) {
    const ids = rows.slice(start, start + LINE_BATCH).map((r) => r.id);
    const batch = await exec
      .select({
        invoiceId: jobInvoiceLines.invoiceId,
        code: jobInvoiceLines.code,
        name: jobInvoiceLines.name,
        quantity: jobInvoiceLines.quantity,
        unitPrice: jobInvoiceLines.unitPrice,
        total: jobInvoiceLines.total,
      })
      .from(jobInvoiceLines)
      .where(inArray(jobInvoiceLines.invoiceId, ids))
      .orderBy(asc(jobInvoiceLines.invoiceId), asc(jobInvoiceLines.position));
    for (const l of batch) {
      const list = lines.get(l.invoiceId) ?? [];
      list.push({
        code: l.code,
        name: l.name,
        quantity: l.quantity,
        unitCents: toCents(l.unitPrice),
        totalCents: toCents(l.total),
      });
      lines.set(l.invoiceId, list);
    }
  }
  return rows.map((r) => ({
    id: r.id,
    number: r.number,
    jobNumber: r.jobNumber ?? null,
    issuedDate: r.issuedDate!,
    dueDate: r.dueDate,
    serviceLine: r.serviceLine,
    customer: customerOf(r),
    lines: lines.get(r.id) ?? [],
    subtotalCents: toCents(r.subtotal),
    discountCents: toCents(r.discount),
    taxCents: toCents(r.tax),
    totalCents: toCents(r.amount),
    taxGroup:
      r.taxGroupCode && toCents(r.tax) > 0
        ? { code: r.taxGroupCode, name: r.taxGroupName ?? r.taxGroupCode, rate: r.taxRate ?? '0' }
        : null,
  }));
}

async function readPayments(exec: Executor, where: SQL | undefined) {
  return exec
    .select({
      id: p.id,
      date: p.paymentDate,
      amount: p.amount,
      method: p.method,
      reference: p.reference,
      invoiceNumber: i.invoiceNumber,
      voidedAt: p.voidedAt,
      voidReason: p.voidReason,
      ...CUSTOMER_FIELDS,
    })
    .from(p)
    .innerJoin(i, eq(i.id, p.invoiceId))
    .leftJoin(companies, eq(companies.id, i.companyId))
    .where(where)
    .orderBy(asc(p.paymentDate), asc(p.createdAt), asc(p.id));
}

const paymentOf = (r: Awaited<ReturnType<typeof readPayments>>[number]): ExportPayment => ({
  id: r.id,
  date: r.date,
  amountCents: toCents(r.amount),
  method: r.method,
  reference: r.reference,
  invoiceNumber: r.invoiceNumber,
  customer: customerOf(r),
});

export function createAccountingExportRepo(db: Executor) {
  return {
    /** The mapping, or the defaults when none is stored or it no longer parses. */
    async getSettings(exec: Executor = db): Promise<AccountingSettings> {
      const [row] = await exec
        .select({ value: accountingSettingsTable.value })
        .from(accountingSettingsTable)
        .where(eq(accountingSettingsTable.id, 1));
      const parsed = accountingSettings.safeParse(row?.value);
      return parsed.success ? parsed.data : DEFAULT_ACCOUNTING_SETTINGS;
    },

    async putSettings(value: AccountingSettings, userId: string, exec: Executor = db): Promise<void> {
      await exec
        .insert(accountingSettingsTable)
        .values({ id: 1, value, updatedBy: userId })
        .onConflictDoUpdate({
          target: accountingSettingsTable.id,
          set: { value, updatedBy: userId, updatedAt: new Date() },
        });
    },

    /** Holds the export lock until the transaction ends. */
    async lock(tx: Executor): Promise<void> {
      await tx.execute(sql`select pg_advisory_xact_lock(${EXPORT_LOCK})`);
    },

    /** The invoices issued in the period (issued or paid, never drafts or voids), with their lines. */
    async invoices(q: PeriodQuery, exec: Executor = db): Promise<ExportInvoice[]> {
      const rows = await readInvoices(
        exec,
        and(
          inArray(i.status, ['issued', 'paid']),
          gte(i.issuedDate, q.from),
          lte(i.issuedDate, q.to),
          q.includeExported ? undefined : notExists(itemsOf(exec, eq(x.invoiceId, i.id))),
        ),
      );
      return withLines(exec, rows);
    },

    /**
     * The reversals the next export owes (decision 055): invoices an earlier export posted that
     * are void now, and payments an earlier export posted that are voided now, each not reversed
     * yet. Whatever the export's period: a void must never be left out of the books.
     */
    async pendingReversals(timeZone: string, exec: Executor = db): Promise<ExportReversals> {
      const posted = (match: SQL) => exists(itemsOf(exec, and(match, eq(x.reversal, false))!));
      const reversed = (match: SQL) => exists(itemsOf(exec, and(match, eq(x.reversal, true))!));
      const invoiceRows = await readInvoices(
        exec,
        and(eq(i.status, 'void'), posted(eq(x.invoiceId, i.id)), not(reversed(eq(x.invoiceId, i.id)))),
      );
      const invoices = (await withLines(exec, invoiceRows)).map((invoice, index) => ({
        ...invoice,
        voidedDate: invoiceRows[index]!.voidedDate ?? invoice.issuedDate,
        voidReason: invoiceRows[index]!.voidReason ?? '',
      }));
      const paymentRows = await readPayments(
        exec,
        and(isNotNull(p.voidedAt), posted(eq(x.paymentId, p.id)), not(reversed(eq(x.paymentId, p.id)))),
      );
      const payments = paymentRows.map((r) => ({
        ...paymentOf(r),
        voidedDate: r.voidedAt ? dateInZone(r.voidedAt, timeZone) : r.date,
        voidReason: r.voidReason ?? '',
      }));
      return { invoices, payments };
    },

    /** The payments received in the period (by payment date), voided ones left out. */
    async payments(q: PeriodQuery, exec: Executor = db): Promise<ExportPayment[]> {
      const rows = await readPayments(
        exec,
        and(
          isNull(p.voidedAt),
          gte(p.paymentDate, q.from),
          lte(p.paymentDate, q.to),
          q.includeExported ? undefined : notExists(itemsOf(exec, eq(x.paymentId, p.id))),
        ),
      );
      return rows.map(paymentOf);
    },

    /**
     * Records an export: the log row, what it included, its files. Its time is the database's (the
     * transaction's start), so the log's order is the order exports committed in, on every server.
     */
    async record(
      exec: Executor,
      entry: {
        format: AccountingFormat;
        from: string;
        to: string;
        includeExported: boolean;
        userId: string;
        totals: ExportTotals;
        invoiceIds: string[];
        paymentIds: string[];
        reversedInvoiceIds: string[];
        reversedPaymentIds: string[];
        files: ExportFile[];
      },
    ): Promise<string> {
      const t = entry.totals;
      const [row] = await exec
        .insert(accountingExports)
        .values({
          format: entry.format,
          periodFrom: entry.from,
          periodTo: entry.to,
          includeExported: entry.includeExported,
          createdBy: entry.userId,
          invoiceCount: t.invoiceCount,
          invoicesTotal: centsToDecimal(t.invoicesCents),
          taxTotal: centsToDecimal(t.taxCents),
          paymentCount: t.paymentCount,
          paymentsTotal: centsToDecimal(t.paymentsCents),
          customerCount: t.customerCount,
          reversedInvoiceCount: t.reversedInvoiceCount,
          reversedInvoicesTotal: centsToDecimal(t.reversedInvoicesCents),
          reversedTaxTotal: centsToDecimal(t.reversedTaxCents),
          reversedPaymentCount: t.reversedPaymentCount,
          reversedPaymentsTotal: centsToDecimal(t.reversedPaymentsCents),
        })
        .returning({ id: accountingExports.id });
      const exportId = row!.id;
      const items = [
        ...entry.invoiceIds.map((invoiceId) => ({ exportId, invoiceId })),
        ...entry.paymentIds.map((paymentId) => ({ exportId, paymentId })),
        ...entry.reversedInvoiceIds.map((invoiceId) => ({ exportId, invoiceId, reversal: true })),
        ...entry.reversedPaymentIds.map((paymentId) => ({ exportId, paymentId, reversal: true })),
      ];
      for (let start = 0; start < items.length; start += LINE_BATCH) {
        await exec.insert(accountingExportItems).values(items.slice(start, start + LINE_BATCH));
      }
      await exec.insert(accountingExportFiles).values(
        entry.files.map((f, index) => ({
          exportId,
          position: index + 1,
          name: f.name,
          contentType: f.contentType,
          content: f.content,
        })),
      );
      return exportId;
    },

    /** The log, newest first (at most `limit`), with who exported and the files' names. */
    async list(limit: number, exec: Executor = db, onlyId?: string): Promise<AccountingExportSummary[]> {
      const e = accountingExports;
      const rows = await exec
        .select({
          id: e.id,
          format: e.format,
          from: e.periodFrom,
          to: e.periodTo,
          includeExported: e.includeExported,
          createdAt: e.createdAt,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          invoiceCount: e.invoiceCount,
          invoicesTotal: e.invoicesTotal,
          taxTotal: e.taxTotal,
          paymentCount: e.paymentCount,
          paymentsTotal: e.paymentsTotal,
          customerCount: e.customerCount,
          reversedInvoiceCount: e.reversedInvoiceCount,
          reversedInvoicesTotal: e.reversedInvoicesTotal,
          reversedTaxTotal: e.reversedTaxTotal,
          reversedPaymentCount: e.reversedPaymentCount,
          reversedPaymentsTotal: e.reversedPaymentsTotal,
        })
        .from(e)
        .leftJoin(users, eq(users.id, e.createdBy))
        .where(onlyId ? eq(e.id, onlyId) : undefined)
        .orderBy(desc(e.createdAt), desc(e.id))
        .limit(limit);
      const ids = rows.map((r) => r.id);
      const files = ids.length
        ? await exec
            .select({ exportId: accountingExportFiles.exportId, name: accountingExportFiles.name })
            .from(accountingExportFiles)
            .where(inArray(accountingExportFiles.exportId, ids))
            .orderBy(asc(accountingExportFiles.exportId), asc(accountingExportFiles.position))
        : [];
      return rows.map((r) => ({
        id: r.id,
        format: r.format as AccountingFormat,
        from: r.from,
        to: r.to,
        includeExported: r.includeExported,
        createdAt: r.createdAt.toISOString(),
        createdBy:
          r.username === null
            ? null
            : displayName({ firstName: r.firstName, lastName: r.lastName, username: r.username }),
        invoiceCount: r.invoiceCount,
        invoicesCents: toCents(r.invoicesTotal),
        taxCents: toCents(r.taxTotal),
        paymentCount: r.paymentCount,
        paymentsCents: toCents(r.paymentsTotal),
        customerCount: r.customerCount,
        reversedInvoiceCount: r.reversedInvoiceCount,
        reversedInvoicesCents: toCents(r.reversedInvoicesTotal),
        reversedTaxCents: toCents(r.reversedTaxTotal),
        reversedPaymentCount: r.reversedPaymentCount,
        reversedPaymentsCents: toCents(r.reversedPaymentsTotal),
        files: files.filter((f) => f.exportId === r.id).map((f) => ({ name: f.name })),
      }));
    },

    /** One file of an export (position from 1), or null. */
    async file(exportId: string, position: number, exec: Executor = db) {
      const [row] = await exec
        .select({
          name: accountingExportFiles.name,
          contentType: accountingExportFiles.contentType,
          content: accountingExportFiles.content,
        })
        .from(accountingExportFiles)
        .where(and(eq(accountingExportFiles.exportId, exportId), eq(accountingExportFiles.position, position)));
      return row ?? null;
    },

    async exists(exportId: string, exec: Executor = db): Promise<boolean> {
      const [row] = await exec
        .select({ id: accountingExports.id })
        .from(accountingExports)
        .where(eq(accountingExports.id, exportId));
      return Boolean(row);
    },
  };
}
export type AccountingExportRepo = ReturnType<typeof createAccountingExportRepo>;
