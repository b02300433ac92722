/**
 * Accounting export (issue 31 item 4, decision 051): the invoices issued, the payments received and
 * the customers billed in a period, written for QuickBooks Desktop (IIF), QuickBooks Online and
 * Xero (their CSV import files). Pure: the server reads the stored figures (the invoice's amount,
 * subtotal, discount and tax, its lines' totals, all written by `invoiceTotals`) and hands them
 * here; nothing below computes money differently, it only places the stored cents on accounts.
 *
 * The journal entry of an invoice (accrual basis, as the financial report counts sales):
 *   debit  Accounts Receivable   total
 *   credit income account        each line's total (the invoice's service line picks the account)
 *   debit  discount account      the discount, when there is one
 *   credit Sales Tax Payable     the tax, per tax group
 * and of a payment: debit Undeposited Funds, credit Accounts Receivable. Each entry sums to zero;
 * `entryBalanceCents` says by how much one does not, and the server refuses to write such a file.
 */
import { z } from 'zod';
import { isIsoDate } from './dates.js';

// ---------------------------------------------------------------------------------------------
// Formats, the export request and the account mapping
// ---------------------------------------------------------------------------------------------

export const ACCOUNTING_FORMATS = ['iif', 'qbo', 'xero'] as const;
export type AccountingFormat = (typeof ACCOUNTING_FORMATS)[number];
export const ACCOUNTING_FORMAT_LABELS: Record<AccountingFormat, string> = {
  iif: 'QuickBooks Desktop (IIF)',
  qbo: 'QuickBooks Online (CSV)',
  xero: 'Xero (CSV)',
};

/** The longest period one export covers (a year and a day): the files are built in memory. */
export const MAX_EXPORT_DAYS = 366;

export const ACCOUNTING_EXPORT_MESSAGES = {
  fromRequired: 'From date is required',
  toRequired: 'To date is required',
  badDate: 'Enter a date as YYYY-MM-DD',
  toBeforeFrom: 'To date must be on or after the from date',
  tooLong: `The period can be at most ${MAX_EXPORT_DAYS} days`,
  format: 'Format must be QuickBooks Desktop (IIF), QuickBooks Online or Xero',
  nothing: 'Nothing to export: no issued invoices or payments in this period that were not exported before',
  unbalanced: 'An invoice does not balance',
  notFound: 'Export not found',
  fileNotFound: 'File not found',
  /** an export writes at most 4 files (QuickBooks Online / Xero with credit notes) */
  filePosition: 'File must be a number from 1 to 4',
} as const;

const dateField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => isIsoDate(v), ACCOUNTING_EXPORT_MESSAGES.badDate);

/** Days from `from` to `to` inclusive (both YYYY-MM-DD). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** POST /api/accounting-exports: the period (both dates included), the format, and whether to repeat what was exported before. */
export const accountingExportInput = z
  .object({
    from: dateField(ACCOUNTING_EXPORT_MESSAGES.fromRequired),
    to: dateField(ACCOUNTING_EXPORT_MESSAGES.toRequired),
    format: z.enum(ACCOUNTING_FORMATS, { error: ACCOUNTING_EXPORT_MESSAGES.format }),
    includeExported: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (!isIsoDate(v.from) || !isIsoDate(v.to)) return;
    if (v.to < v.from) ctx.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTING_EXPORT_MESSAGES.toBeforeFrom });
    else if (periodDays(v.from, v.to) > MAX_EXPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: ACCOUNTING_EXPORT_MESSAGES.tooLong });
  });
export type AccountingExportInput = z.output<typeof accountingExportInput>;
export type AccountingExportFormValues = z.input<typeof accountingExportInput>;

const accountName = z
  .string({ error: 'Account name is required' })
  .trim()
  .min(1, 'Account name is required')
  .max(100, 'Account name must be at most 100 characters')
  // IIF is tab-separated and QuickBooks reads ":" as a sub-account; a quote breaks its import too.
  .refine((v) => !/[\t\r\n"]/.test(v), 'Account name cannot contain tabs, line breaks or quotation marks');
const accountCode = z
  .string()
  .trim()
  .max(20, 'Account code must be at most 20 characters')
  .refine((v) => !/[\t\r\n"]/.test(v), 'Account code cannot contain tabs, line breaks or quotation marks')
  .default('');

export const ledgerAccount = z.object({ name: accountName, code: accountCode });
export type LedgerAccount = z.output<typeof ledgerAccount>;

/**
 * Settings > Accounting: the account each figure goes to. `income` maps a service line's code to
 * its income account; a line without one uses `defaultIncome`. The names are QuickBooks'; the
 * codes Xero's (its AccountCode column).
 */
export const accountingSettings = z.object({
  receivable: ledgerAccount,
  undepositedFunds: ledgerAccount,
  salesTaxPayable: ledgerAccount,
  discounts: ledgerAccount,
  defaultIncome: ledgerAccount,
  // A blank name leaves the service line on the default income account (the form shows every line).
  income: z
    .array(
      z.object({
        serviceLine: z.string().trim().min(1, 'Service line is required').max(20),
        account: z.object({ name: z.union([z.literal(''), accountName]), code: accountCode }),
      }),
    )
    .max(200)
    .default([])
    .transform((list) =>
      list.filter((m): m is { serviceLine: string; account: LedgerAccount } => m.account.name !== ''),
    ),
});
export type AccountingSettings = z.output<typeof accountingSettings>;

/** The mapping as the API answers it (no transforms: the response is serialized from this). */
const accountAnswer = z.object({ name: z.string(), code: z.string() });
export const accountingSettingsAnswer = z.object({
  receivable: accountAnswer,
  undepositedFunds: accountAnswer,
  salesTaxPayable: accountAnswer,
  discounts: accountAnswer,
  defaultIncome: accountAnswer,
  income: z.array(z.object({ serviceLine: z.string(), account: accountAnswer })),
});
export type AccountingSettingsFormValues = z.input<typeof accountingSettings>;

/** Names a new QuickBooks or Xero company already has (Xero's US chart: 120, 200, 260, 820). */
export const DEFAULT_ACCOUNTING_SETTINGS: AccountingSettings = {
  receivable: { name: 'Accounts Receivable', code: '120' },
  undepositedFunds: { name: 'Undeposited Funds', code: '' },
  salesTaxPayable: { name: 'Sales Tax Payable', code: '820' },
  discounts: { name: 'Discounts Given', code: '260' },
  defaultIncome: { name: 'Services', code: '200' },
  income: [],
};

/** The income account of a service line (its mapping, else the default). */
export function incomeAccountFor(settings: AccountingSettings, serviceLine: string | null): LedgerAccount {
  const mapped = serviceLine ? settings.income.find((m) => m.serviceLine === serviceLine) : undefined;
  return mapped?.account ?? settings.defaultIncome;
}

// ---------------------------------------------------------------------------------------------
// What is exported: the stored figures
// ---------------------------------------------------------------------------------------------

export interface ExportCustomer {
  /** The name the books know the customer by (the invoice's Bill To name, else the company). */
  name: string;
  email: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export interface ExportInvoiceLine {
  code: string;
  name: string;
  /** As stored, numeric(10,2) text: "1.50". */
  quantity: string;
  unitCents: number;
  totalCents: number;
}

export interface ExportInvoice {
  id: string;
  number: string;
  jobNumber: number | null;
  issuedDate: string;
  dueDate: string | null;
  serviceLine: string | null;
  customer: ExportCustomer;
  lines: ExportInvoiceLine[];
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  totalCents: number;
  /** The group the invoice's tax was charged in (its snapshot); null when it has no tax. */
  taxGroup: { code: string; name: string; rate: string } | null;
}

export interface ExportPayment {
  id: string;
  date: string;
  amountCents: number;
  method: string;
  reference: string | null;
  invoiceNumber: string;
  customer: ExportCustomer;
}

/** Why and when an exported invoice or payment was voided afterwards (decision 055). */
export interface VoidNote {
  /** The day it was voided (company zone). */
  voidedDate: string;
  voidReason: string;
}
export type ReversedInvoice = ExportInvoice & VoidNote;
export type ReversedPayment = ExportPayment & VoidNote;

/**
 * What earlier exports posted and was voided since (decision 055): the next export reverses each
 * once, dated as the original (the report drops a void from the original's period, and so does
 * QuickBooks' own Void), so the books of every period tie out to the report again.
 */
export interface ExportReversals {
  invoices: ReversedInvoice[];
  payments: ReversedPayment[];
}

export interface ExportData {
  invoices: ExportInvoice[];
  payments: ExportPayment[];
  /** absent or empty: nothing to reverse */
  reversals?: ExportReversals;
}

const NO_REVERSALS: ExportReversals = { invoices: [], payments: [] };
const reversalsOf = (data: ExportData): ExportReversals => data.reversals ?? NO_REVERSALS;

// ---------------------------------------------------------------------------------------------
// Journal entries
// ---------------------------------------------------------------------------------------------

export interface EntrySplit {
  account: LedgerAccount;
  /** Debit positive, credit negative (IIF's sign). */
  amountCents: number;
  memo: string;
  /** A billed line's quantity and unit price (IIF shows them on the invoice). */
  quantity?: string;
  unitCents?: number;
  kind: 'receivable' | 'income' | 'discount' | 'tax' | 'undeposited';
}

export interface JournalEntry {
  /** The first split is the transaction's own line (TRNS), the rest its distribution (SPL). */
  splits: EntrySplit[];
}

const trimRate = (rate: string) => rate.replace(/\.?0+$/, '');

export const taxMemo = (group: { code: string; name: string; rate: string }) =>
  `Sales tax: ${group.name} (${group.code}) ${trimRate(group.rate)}%`;

/** An invoice's entry: A/R debit, income per line, the discount, the tax of its group. */
export function invoiceEntry(invoice: ExportInvoice, settings: AccountingSettings): JournalEntry {
  const income = incomeAccountFor(settings, invoice.serviceLine);
  const splits: EntrySplit[] = [
    {
      account: settings.receivable,
      amountCents: invoice.totalCents,
      memo: `Invoice ${invoice.number}`,
      kind: 'receivable',
    },
    ...invoice.lines.map((l): EntrySplit => ({
      account: income,
      amountCents: -l.totalCents,
      memo: l.name,
      quantity: l.quantity,
      unitCents: l.unitCents,
      kind: 'income',
    })),
  ];
  if (invoice.discountCents > 0)
    splits.push({
      account: settings.discounts,
      amountCents: invoice.discountCents,
      memo: 'Discount',
      kind: 'discount',
    });
  if (invoice.taxCents > 0) {
    const group = invoice.taxGroup ?? { code: '', name: 'Sales tax', rate: '0' };
    splits.push({
      account: settings.salesTaxPayable,
      amountCents: -invoice.taxCents,
      memo: taxMemo(group),
      kind: 'tax',
    });
  }
  return { splits };
}

/** A payment's entry: Undeposited Funds debit, A/R credit. */
export function paymentEntry(payment: ExportPayment, settings: AccountingSettings): JournalEntry {
  const memo = `Payment for invoice ${payment.invoiceNumber}`;
  return {
    splits: [
      { account: settings.undepositedFunds, amountCents: payment.amountCents, memo, kind: 'undeposited' },
      { account: settings.receivable, amountCents: -payment.amountCents, memo, kind: 'receivable' },
    ],
  };
}

/** The entry that undoes `entry`: every split with its sign turned (still balanced). */
export function reversingEntry(entry: JournalEntry, memo: string): JournalEntry {
  return {
    splits: entry.splits.map((s, index) => ({
      ...s,
      amountCents: -s.amountCents,
      memo: index === 0 ? memo : s.memo,
    })),
  };
}

/** The number a reversal of invoice `number` carries (a credit memo / credit note of its own). */
export const creditNoteNumber = (invoiceNumber: string) => `CN-${invoiceNumber}`;

/** "Reverses invoice JOB-1042-INV-0123, voided 04/02/2025: Billed the wrong unit" */
export const reversalMemo = (what: string, note: VoidNote) =>
  `Reverses ${what}, voided ${usDate(note.voidedDate)}: ${note.voidReason}`.slice(0, 4000);

/** What an entry's splits sum to: 0 for a balanced entry. */
export const entryBalanceCents = (entry: JournalEntry): number =>
  entry.splits.reduce((sum, s) => sum + s.amountCents, 0);

/** The invoices whose stored figures do not add up (total = lines - discount + tax), by number. */
export function unbalancedInvoices(invoices: readonly ExportInvoice[]): string[] {
  return invoices
    .filter((i) => entryBalanceCents(invoiceEntry(i, DEFAULT_ACCOUNTING_SETTINGS)) !== 0)
    .map((i) => i.number);
}

// ---------------------------------------------------------------------------------------------
// Text formatting
// ---------------------------------------------------------------------------------------------

/** Cents as the import files write an amount: -123450 -> "-1234.50", 5 -> "0.05". */
export function centsText(cents: number): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be a whole number: ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** YYYY-MM-DD -> MM/DD/YYYY (US company files: QuickBooks and a US Xero organisation read this). */
export function usDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces,
 * quotes doubled. Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe (OWASP "CSV injection"); amounts are written by `centsText` and never pass here as text.
 */
export function csvField(value: string | number | null | undefined, kind: 'text' | 'number' = 'text'): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (kind === 'text' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(fields: readonly (string | number | null | undefined)[], numeric: readonly number[] = []) {
  return fields.map((f, i) => csvField(f, numeric.includes(i) ? 'number' : 'text')).join(',');
}

/** A field of a tab-separated IIF line: no tabs, line breaks or quotation marks (QuickBooks refuses them). */
export const iifField = (value: string | number | null | undefined): string =>
  value === null || value === undefined
    ? ''
    : String(value)
        .replace(/[\t\r\n]+/g, ' ')
        .replace(/"/g, "'")
        .trim();

/**
 * A customer's name as QuickBooks accepts it: no colon (IIF's "Customer:Job" separator), tab, line
 * break or quotation mark, at most 100 characters (QuickBooks Online's limit). Empty: "Unknown customer".
 */
export function bookName(name: string | null | undefined): string {
  const clean = (name ?? '')
    .replace(/[\t\r\n]+/g, ' ')
    .replace(/:/g, '-')
    .replace(/"/g, "'")
    .trim()
    .slice(0, 100);
  return clean || 'Unknown customer';
}

/** "Atlanta, GA 30303" (the parts there are). */
const cityLine = (c: ExportCustomer) =>
  [c.city, [c.state, c.zip].filter(Boolean).join(' ')].filter((p) => p && p.trim()).join(', ');

/** The distinct customers of the invoices and payments, by their book name, first seen first. */
export function exportCustomers(data: ExportData): ExportCustomer[] {
  const byName = new Map<string, ExportCustomer>();
  const reversals = reversalsOf(data);
  for (const c of [
    ...data.invoices.map((i) => i.customer),
    ...data.payments.map((p) => p.customer),
    ...reversals.invoices.map((i) => i.customer),
    ...reversals.payments.map((p) => p.customer),
  ]) {
    const name = bookName(c.name);
    if (!byName.has(name)) byName.set(name, { ...c, name });
  }
  return [...byName.values()];
}

// ---------------------------------------------------------------------------------------------
// The files
// ---------------------------------------------------------------------------------------------

export interface ExportFile {
  name: string;
  contentType: string;
  content: string;
}

const CSV_TYPE = 'text/csv; charset=utf-8';
const IIF_TYPE = 'text/plain; charset=utf-8';
const EOL = '\r\n';

/**
 * QuickBooks Desktop's IIF: the customers (!CUST), then each invoice and payment as a TRNS line
 * with its SPL lines and ENDTRNS, tab-separated. The TRNS amount is the A/R debit (invoice) or the
 * Undeposited Funds debit (payment); SPL amounts are the other side with their signs, so the lines
 * of every transaction sum to zero.
 */
export function writeIif(data: ExportData, settings: AccountingSettings): string {
  const lines: string[] = [];
  const row = (...fields: (string | number | null | undefined)[]) => lines.push(fields.map(iifField).join('\t'));
  const customers = exportCustomers(data);
  if (customers.length > 0) {
    row('!CUST', 'NAME', 'BADDR1', 'BADDR2', 'BADDR3', 'EMAIL');
    for (const c of customers) row('CUST', c.name, c.name, c.address, cityLine(c), c.email);
  }
  const header = ['TRNSTYPE', 'DATE', 'ACCNT', 'NAME', 'AMOUNT', 'DOCNUM', 'MEMO'];
  row('!TRNS', 'TRNSID', ...header, 'DUEDATE');
  row('!SPL', 'SPLID', ...header, 'QNTY', 'PRICE');
  row('!ENDTRNS');
  const write = (
    type: string,
    date: string,
    name: string,
    docnum: string,
    entry: JournalEntry,
    due = '',
    credit = false,
  ) => {
    const [head, ...rest] = entry.splits;
    row(
      'TRNS',
      '',
      type,
      usDate(date),
      head!.account.name,
      name,
      centsText(head!.amountCents),
      docnum,
      head!.memo,
      due,
    );
    for (const s of rest) {
      // QuickBooks writes an invoice line's quantity negative, like its amount (a credit); a
      // credit memo's positive.
      const qty = s.quantity === undefined ? '' : credit ? s.quantity : `-${s.quantity}`;
      const price = s.unitCents === undefined ? '' : centsText(s.unitCents);
      row('SPL', '', type, usDate(date), s.account.name, name, centsText(s.amountCents), docnum, s.memo, qty, price);
    }
    row('ENDTRNS');
  };
  for (const invoice of data.invoices) {
    const due = invoice.dueDate ? usDate(invoice.dueDate) : '';
    write(
      'INVOICE',
      invoice.issuedDate,
      bookName(invoice.customer.name),
      invoice.number,
      invoiceEntry(invoice, settings),
      due,
    );
  }
  for (const payment of data.payments) {
    write(
      'PAYMENT',
      payment.date,
      bookName(payment.customer.name),
      payment.reference ?? payment.invoiceNumber,
      paymentEntry(payment, settings),
    );
  }
  // Reversals of what earlier exports posted (decision 055): a voided invoice as a CREDIT MEMO of
  // its figures, a voided payment as a GENERAL JOURNAL entry moving the money back to A/R; both
  // dated as the original and balanced like it.
  const reversals = reversalsOf(data);
  for (const invoice of reversals.invoices) {
    write(
      'CREDIT MEMO',
      invoice.issuedDate,
      bookName(invoice.customer.name),
      creditNoteNumber(invoice.number),
      reversingEntry(invoiceEntry(invoice, settings), reversalMemo(`invoice ${invoice.number}`, invoice)),
      '',
      true,
    );
  }
  for (const payment of reversals.payments) {
    write(
      'GENERAL JOURNAL',
      payment.date,
      bookName(payment.customer.name),
      payment.reference ?? payment.invoiceNumber,
      reversingEntry(
        paymentEntry(payment, settings),
        reversalMemo(`payment for invoice ${payment.invoiceNumber}`, payment),
      ),
    );
  }
  return lines.join(EOL) + EOL;
}

/** The lines an invoice shows in a CSV import: its billed lines, then the discount and each tax as lines of their own. */
function csvInvoiceLines(invoice: ExportInvoice, settings: AccountingSettings) {
  return invoiceEntry(invoice, settings)
    .splits.slice(1)
    .map((s) => ({
      account: s.account,
      description: s.memo,
      quantity: s.quantity ?? '1',
      // income and tax are credits (negative) in the entry, charged (positive) on the invoice
      unitCents: s.unitCents ?? -s.amountCents,
      amountCents: -s.amountCents,
      kind: s.kind,
    }));
}

export const QBO_INVOICE_COLUMNS = [
  'InvoiceNo',
  'Customer',
  'InvoiceDate',
  'DueDate',
  'Terms',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
] as const;

/**
 * QuickBooks Online's invoice import (Settings > Import data > Invoices): one row per line, the
 * invoice's columns repeated. The product/service is the mapped account's name; the sales tax and
 * the discount are lines of their own (tax code NON), so QuickBooks adds no tax of its own and
 * the totals stay the stored ones.
 */
export function writeQboInvoices(data: ExportData, settings: AccountingSettings): string {
  const rows = [QBO_INVOICE_COLUMNS.join(',')];
  for (const invoice of data.invoices) {
    for (const line of csvInvoiceLines(invoice, settings)) {
      rows.push(
        csvRow(
          [
            invoice.number,
            bookName(invoice.customer.name),
            usDate(invoice.issuedDate),
            usDate(invoice.dueDate ?? invoice.issuedDate),
            'Net 30',
            invoice.jobNumber === null ? '' : `Job #${invoice.jobNumber}`,
            line.account.name,
            line.description,
            line.quantity,
            centsText(line.unitCents),
            centsText(line.amountCents),
            'NON',
          ],
          [8, 9, 10],
        ),
      );
    }
  }
  return rows.join(EOL) + EOL;
}

export const XERO_INVOICE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POCity',
  'PORegion',
  'POPostalCode',
  '*InvoiceNumber',
  'Reference',
  '*InvoiceDate',
  '*DueDate',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'Currency',
] as const;

/** The Xero tax rate every exported line carries: the tax is a line of its own on the liability account. */
export const XERO_TAX_TYPE = 'Tax Exempt';

/**
 * Xero's sales invoice import (Sales > Invoices > Import): one row per line; the account is the
 * mapped code; the service line is tracking category "Service Line".
 */
export function writeXeroInvoices(data: ExportData, settings: AccountingSettings): string {
  const rows = [XERO_INVOICE_COLUMNS.join(',')];
  for (const invoice of data.invoices) {
    const c = invoice.customer;
    for (const line of csvInvoiceLines(invoice, settings)) {
      rows.push(
        csvRow(
          [
            bookName(c.name),
            c.email,
            c.address,
            c.city,
            c.state,
            c.zip,
            invoice.number,
            invoice.jobNumber === null ? '' : `Job #${invoice.jobNumber}`,
            usDate(invoice.issuedDate),
            usDate(invoice.dueDate ?? invoice.issuedDate),
            line.description,
            line.quantity,
            centsText(line.unitCents),
            line.account.code || line.account.name,
            XERO_TAX_TYPE,
            invoice.serviceLine ? 'Service Line' : '',
            invoice.serviceLine ?? '',
            'USD',
          ],
          [11, 12],
        ),
      );
    }
  }
  return rows.join(EOL) + EOL;
}

export const QBO_CREDIT_MEMO_COLUMNS = [
  'CreditMemoNo',
  'Customer',
  'CreditMemoDate',
  'Memo',
  'Item(Product/Service)',
  'ItemDescription',
  'ItemQuantity',
  'ItemRate',
  'ItemAmount',
  'ItemTaxCode',
] as const;

/**
 * QuickBooks Online's credit memo import (Import data > credit memos / credit notes; the columns
 * are mapped in its wizard): the voided invoice's lines as they were billed, positive (a credit
 * memo credits by its type), numbered CN-<invoice number>, dated as the invoice (decision 055).
 */
export function writeQboCreditMemos(data: ExportData, settings: AccountingSettings): string {
  const rows = [QBO_CREDIT_MEMO_COLUMNS.join(',')];
  for (const invoice of reversalsOf(data).invoices) {
    for (const line of csvInvoiceLines(invoice, settings)) {
      rows.push(
        csvRow(
          [
            creditNoteNumber(invoice.number),
            bookName(invoice.customer.name),
            usDate(invoice.issuedDate),
            reversalMemo(`invoice ${invoice.number}`, invoice),
            line.account.name,
            line.description,
            line.quantity,
            centsText(line.unitCents),
            centsText(line.amountCents),
            'NON',
          ],
          [6, 7, 8],
        ),
      );
    }
  }
  return rows.join(EOL) + EOL;
}

export const XERO_CREDIT_NOTE_COLUMNS = [
  '*ContactName',
  'EmailAddress',
  'POAddressLine1',
  'POCity',
  'PORegion',
  'POPostalCode',
  '*CreditNoteNumber',
  'Reference',
  '*CreditNoteDate',
  'Description',
  '*Quantity',
  '*UnitAmount',
  '*AccountCode',
  '*TaxType',
  'TrackingName1',
  'TrackingOption1',
  'Currency',
] as const;

/**
 * Xero's credit note import (Invoices > Credit Notes > Import, the invoice template with
 * CreditNoteNumber and CreditNoteDate): the voided invoice's lines with positive amounts (Xero
 * credits by the type), the invoice's number as the reference (decision 055).
 */
export function writeXeroCreditNotes(data: ExportData, settings: AccountingSettings): string {
  const rows = [XERO_CREDIT_NOTE_COLUMNS.join(',')];
  for (const invoice of reversalsOf(data).invoices) {
    const c = invoice.customer;
    for (const line of csvInvoiceLines(invoice, settings)) {
      rows.push(
        csvRow(
          [
            bookName(c.name),
            c.email,
            c.address,
            c.city,
            c.state,
            c.zip,
            creditNoteNumber(invoice.number),
            invoice.number,
            usDate(invoice.issuedDate),
            line.description,
            line.quantity,
            centsText(line.unitCents),
            line.account.code || line.account.name,
            XERO_TAX_TYPE,
            invoice.serviceLine ? 'Service Line' : '',
            invoice.serviceLine ?? '',
            'USD',
          ],
          [10, 11],
        ),
      );
    }
  }
  return rows.join(EOL) + EOL;
}

/** The payments as a CSV for the bookkeeper to apply (neither QuickBooks Online nor Xero imports payments from a file). */
export function writePaymentsCsv(data: ExportData, settings: AccountingSettings): string {
  const rows = [
    ['Date', 'Customer', 'InvoiceNumber', 'Amount', 'Method', 'Reference', 'DepositTo', 'AccountCode', 'Memo'].join(
      ',',
    ),
  ];
  for (const p of data.payments) {
    rows.push(
      csvRow(
        [
          usDate(p.date),
          bookName(p.customer.name),
          p.invoiceNumber,
          centsText(p.amountCents),
          p.method,
          p.reference,
          settings.undepositedFunds.name,
          settings.undepositedFunds.code,
          '',
        ],
        [3],
      ),
    );
  }
  // A payment voided after an earlier export: the same row with the amount negative, to void or
  // delete the payment in the books (decision 055).
  for (const p of reversalsOf(data).payments) {
    rows.push(
      csvRow(
        [
          usDate(p.date),
          bookName(p.customer.name),
          p.invoiceNumber,
          centsText(-p.amountCents),
          p.method,
          p.reference,
          settings.undepositedFunds.name,
          settings.undepositedFunds.code,
          reversalMemo(`payment for invoice ${p.invoiceNumber}`, p),
        ],
        [3],
      ),
    );
  }
  return rows.join(EOL) + EOL;
}

/** The customers, in the columns QuickBooks Online's customer import maps by name, or Xero's contact import. */
export function writeCustomersCsv(data: ExportData, format: 'qbo' | 'xero'): string {
  const header =
    format === 'qbo'
      ? ['Name', 'Company', 'Email', 'Street', 'City', 'State', 'ZIP code', 'Country']
      : ['*ContactName', 'EmailAddress', 'POAddressLine1', 'POCity', 'PORegion', 'POPostalCode', 'POCountry'];
  const rows = [header.join(',')];
  for (const c of exportCustomers(data)) {
    rows.push(
      csvRow(
        format === 'qbo'
          ? [c.name, c.name, c.email, c.address, c.city, c.state, c.zip, 'USA']
          : [c.name, c.email, c.address, c.city, c.state, c.zip, 'USA'],
      ),
    );
  }
  return rows.join(EOL) + EOL;
}

/** The files of one export, named with the period. */
export function exportFiles(
  format: AccountingFormat,
  data: ExportData,
  settings: AccountingSettings,
  period: { from: string; to: string },
): ExportFile[] {
  const stem = `${period.from}-to-${period.to}`;
  if (format === 'iif')
    return [{ name: `quickbooks-desktop-${stem}.iif`, contentType: IIF_TYPE, content: writeIif(data, settings) }];
  const prefix = format === 'qbo' ? 'quickbooks-online' : 'xero';
  return [
    {
      name: `${prefix}-invoices-${stem}.csv`,
      contentType: CSV_TYPE,
      content: format === 'qbo' ? writeQboInvoices(data, settings) : writeXeroInvoices(data, settings),
    },
    {
      name: `${prefix}-${format === 'qbo' ? 'customers' : 'contacts'}-${stem}.csv`,
      contentType: CSV_TYPE,
      content: writeCustomersCsv(data, format),
    },
    { name: `${prefix}-payments-${stem}.csv`, contentType: CSV_TYPE, content: writePaymentsCsv(data, settings) },
    // Only when an exported invoice was voided since (decision 055).
    ...(reversalsOf(data).invoices.length === 0
      ? []
      : [
          {
            name: `${prefix}-${format === 'qbo' ? 'credit-memos' : 'credit-notes'}-${stem}.csv`,
            contentType: CSV_TYPE,
            content: format === 'qbo' ? writeQboCreditMemos(data, settings) : writeXeroCreditNotes(data, settings),
          },
        ]),
  ];
}

/** The export's totals, as the log shows them and the report must agree with. */
export function exportTotals(data: ExportData) {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    invoiceCount: data.invoices.length,
    invoicesCents: sum(data.invoices.map((i) => i.totalCents)),
    taxCents: sum(data.invoices.map((i) => i.taxCents)),
    paymentCount: data.payments.length,
    paymentsCents: sum(data.payments.map((p) => p.amountCents)),
    customerCount: exportCustomers(data).length,
    reversedInvoiceCount: reversalsOf(data).invoices.length,
    reversedInvoicesCents: sum(reversalsOf(data).invoices.map((i) => i.totalCents)),
    reversedTaxCents: sum(reversalsOf(data).invoices.map((i) => i.taxCents)),
    reversedPaymentCount: reversalsOf(data).payments.length,
    reversedPaymentsCents: sum(reversalsOf(data).payments.map((p) => p.amountCents)),
  };
}
export type ExportTotals = ReturnType<typeof exportTotals>;

// ---------------------------------------------------------------------------------------------
// API answers
// ---------------------------------------------------------------------------------------------

export const accountingExportSummary = z.object({
  id: z.string(),
  format: z.enum(ACCOUNTING_FORMATS),
  from: z.string(),
  to: z.string(),
  includeExported: z.boolean(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  invoiceCount: z.number().int(),
  invoicesCents: z.number().int(),
  taxCents: z.number().int(),
  paymentCount: z.number().int(),
  paymentsCents: z.number().int(),
  customerCount: z.number().int(),
  // what this export reversed: invoices and payments earlier exports posted, voided since (decision 055)
  reversedInvoiceCount: z.number().int(),
  reversedInvoicesCents: z.number().int(),
  reversedTaxCents: z.number().int(),
  reversedPaymentCount: z.number().int(),
  reversedPaymentsCents: z.number().int(),
  files: z.array(z.object({ name: z.string() })),
});
export type AccountingExportSummary = z.infer<typeof accountingExportSummary>;

export const accountingExportList = z.object({ items: z.array(accountingExportSummary) });
export type AccountingExportList = z.infer<typeof accountingExportList>;
