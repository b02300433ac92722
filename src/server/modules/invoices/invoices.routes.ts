import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { allow } from '../../../domain/policy.js';
import {
  createInvoiceConflict,
  addDiscountInput,
  invoiceDiscountParams,
  createInvoiceInput,
  invoiceDetail,
  invoiceIdParams,
  invoiceJobParams,
  invoiceList,
  invoiceListFilters,
  invoiceReport,
  invoiceReportQuery,
  invoiceListQuery,
  jobInvoices,
  paidInvoiceFilters,
  paidInvoiceList,
  paidInvoiceListQuery,
  pendingInvoiceFilters,
  pendingInvoiceList,
  pendingInvoiceListQuery,
  sendInvoiceInput,
  updateDraftInput,
  voidInvoiceInput,
  markPaidInput,
  paymentIdParams,
  paymentList,
  paymentListFilters,
  paymentListQuery,
  recordPaymentInput,
  voidPaymentInput,
  PAYMENT_METHOD_LABELS,
  invoiceBillsLabel,
  type PaymentListItem,
  type InvoiceListItem,
  type InvoiceReport,
} from '../../../domain/invoices/index.js';
import { exportFileName, sendXlsx, sendXlsxWorkbook, xlsxSheet, type XlsxColumn } from '../../export/xlsx.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { currentUser } from '../../plugins/auth.js';
import type { InvoicesService } from './invoices.service.js';

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
/** Office staff (admin, manager, user) create, send, mark paid, edit and delete drafts; only admin and manager void. */
const writers = allow('invoices.issue');
const voiders = allow('invoices.void');
const paymentVoiders = allow('invoices.voidPayment');
/** The lists, exports and reports are office screens; technicians read only their jobs' invoices. */
const office = allow('invoices.lists');

const day = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);
const money = (cents: number) => cents / 100;
const MONEY = '#,##0.00';
const DATE = 'mm/dd/yyyy';

export const INVOICE_EXPORT_COLUMNS: XlsxColumn<InvoiceListItem>[] = [
  { header: 'Invoice #', width: 24, value: (i) => i.invoiceNumber },
  { header: 'Job', width: 40, value: (i) => invoiceBillsLabel(i) },
  { header: 'Customer', width: 32, value: (i) => i.companyName },
  { header: 'Location', width: 32, value: (i) => i.locationName },
  { header: 'Type', width: 12, value: (i) => i.invoiceType },
  { header: 'Amount', width: 14, value: (i) => money(i.amountCents), numFmt: MONEY },
  { header: 'Balance Due', width: 14, value: (i) => money(i.balanceCents), numFmt: MONEY },
  { header: 'Status', width: 10, value: (i) => i.status },
  { header: 'Issued Date', width: 14, value: (i) => day(i.issuedDate), numFmt: DATE },
  { header: 'Due Date', width: 14, value: (i) => day(i.dueDate), numFmt: DATE },
  { header: 'Paid Date', width: 14, value: (i) => day(i.paidDate), numFmt: DATE },
  { header: 'Overdue', width: 10, value: (i) => (i.dueState === 'overdue' ? 'Overdue' : '') },
];

export const PAYMENT_EXPORT_COLUMNS: XlsxColumn<PaymentListItem>[] = [
  { header: 'Payment Date', width: 14, value: (p) => day(p.paymentDate), numFmt: DATE },
  { header: 'Invoice #', width: 24, value: (p) => p.invoiceNumber },
  { header: 'Customer', width: 32, value: (p) => p.companyName },
  { header: 'Method', width: 10, value: (p) => PAYMENT_METHOD_LABELS[p.method] },
  { header: 'Reference', width: 20, value: (p) => p.reference },
  { header: 'Amount', width: 14, value: (p) => money(p.amountCents), numFmt: MONEY },
  { header: 'Recorded By', width: 20, value: (p) => p.recordedByName },
  { header: 'Note', width: 32, value: (p) => p.note },
  { header: 'Voided', width: 10, value: (p) => (p.voidedAt ? 'Void' : '') },
  { header: 'Void Reason', width: 32, value: (p) => p.voidReason },
];

const MONTH_NAMES = [
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
];
const monthName = (ym: string) => `${MONTH_NAMES[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;
const pct = (p: number) => Math.round(p * 10) / 1000;
const PERCENT = '0.0%';
const STATUS_LABELS = { paid: 'Paid', outstanding: 'Outstanding', void: 'Void' } as const;

/** "2025", "2025-Q2", "2025-03". */
function reportFileLabel(r: InvoiceReport): string {
  const p = r.period;
  return p.period === 'annual'
    ? String(p.year)
    : p.period === 'quarterly'
      ? `${p.year}-Q${p.quarter}`
      : `${p.year}-${String(p.month).padStart(2, '0')}`;
}

type Card = { label: string; amountCents: number; count: number };
type Bucket = InvoiceReport['serviceLines'][number];
const bucketColumns = (first: string): XlsxColumn<Bucket>[] => [
  { header: first, width: 36, value: (b) => b.label },
  { header: 'Invoices', width: 10, value: (b) => b.count },
  { header: 'Amount', width: 16, value: (b) => money(b.amountCents), numFmt: MONEY },
  { header: 'Percent of Total', width: 16, value: (b) => pct(b.percent), numFmt: PERCENT },
];

/** The report's workbook: the cards, then a sheet per panel. */
export function reportSheets(r: InvoiceReport) {
  const cards: Card[] = [
    { label: 'Total Invoiced', ...r.cards.totalInvoiced },
    { label: 'Paid', ...r.cards.paid },
    { label: 'Outstanding', ...r.cards.outstanding },
    { label: 'Void', ...r.cards.void },
  ];
  return [
    xlsxSheet<Card>(
      'Summary',
      [
        { header: `Period ${r.period.from} to ${r.period.to} (exclusive)`, width: 36, value: (c) => c.label },
        { header: 'Invoices', width: 10, value: (c) => c.count },
        { header: 'Amount', width: 16, value: (c) => money(c.amountCents), numFmt: MONEY },
      ],
      cards,
    ),
    xlsxSheet<InvoiceReport['monthly'][number]>(
      'Monthly Breakdown',
      [
        { header: 'Month', width: 18, value: (m) => monthName(m.month) },
        { header: 'Invoices', width: 10, value: (m) => m.count },
        { header: 'Total', width: 16, value: (m) => money(m.amountCents), numFmt: MONEY },
        { header: 'Paid', width: 16, value: (m) => money(m.paidCents), numFmt: MONEY },
        { header: 'Outstanding', width: 16, value: (m) => money(m.outstandingCents), numFmt: MONEY },
        { header: 'Void', width: 16, value: (m) => money(m.voidCents), numFmt: MONEY },
      ],
      r.monthly,
    ),
    xlsxSheet('Service Line Breakdown', bucketColumns('Service Line'), r.serviceLines),
    xlsxSheet('Top Customers', bucketColumns('Customer'), r.topCustomers),
    xlsxSheet<InvoiceReport['salesTax']['rows'][number]>(
      'Sales Tax Collected',
      [
        { header: 'Month', width: 18, value: (t) => monthName(t.month) },
        { header: 'Tax Group', width: 14, value: (t) => t.code },
        { header: 'Name', width: 28, value: (t) => t.name },
        { header: 'Invoices', width: 10, value: (t) => t.count },
        { header: 'Tax', width: 16, value: (t) => money(t.taxCents), numFmt: MONEY },
      ],
      r.salesTax.rows,
    ),
    xlsxSheet<InvoiceReport['paymentsReceived']['byMethod'][number]>(
      'Payments Received',
      [
        { header: 'Method', width: 14, value: (p) => PAYMENT_METHOD_LABELS[p.method] },
        { header: 'Payments', width: 10, value: (p) => p.count },
        { header: 'Amount', width: 16, value: (p) => money(p.amountCents), numFmt: MONEY },
      ],
      r.paymentsReceived.byMethod,
    ),
    xlsxSheet<InvoiceReport['status'][number]>(
      'Invoice Status',
      [
        { header: 'Status', width: 16, value: (s) => STATUS_LABELS[s.status] },
        { header: 'Invoices', width: 10, value: (s) => s.count },
        { header: 'Amount', width: 16, value: (s) => money(s.amountCents), numFmt: MONEY },
        { header: 'Percent of Total', width: 16, value: (s) => pct(s.percent), numFmt: PERCENT },
      ],
      r.status,
    ),
  ];
}

function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string, download: boolean) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export function invoicesRoutes(app: FastifyInstance, { invoices }: { invoices: InvoicesService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = invoiceIdParams;

  r.get('/api/jobs/:id/invoices', {
    schema: {
      tags: ['invoices'],
      summary:
        "The job's invoices, newest first, and the Create Invoice choices (each type's amount or why it is disabled)",
      params: invoiceJobParams,
      response: { 200: jobInvoices, ...errors },
    },
    handler: async (request) => invoices.forJob(currentUser(request), request.params.id),
  });

  r.post('/api/jobs/:id/invoices', {
    config: writers,
    schema: {
      tags: ['invoices'],
      summary:
        'Create a draft invoice for the job: lines copied from its items by type, amount computed, due in 30 days. ' +
        'Job items another non-void invoice of the job bills are refused with 409 listing them (error.doubleBilled) ' +
        'unless rebillReason says why they are billed again',
      params: invoiceJobParams,
      body: createInvoiceInput,
      response: { 201: invoiceDetail, ...errors, 409: createInvoiceConflict },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await invoices.create(currentUser(request), request.params.id, request.body)),
  });

  r.post('/api/invoices/:id/discounts', {
    config: writers,
    schema: {
      tags: ['invoices'],
      summary:
        'Add a discount (amount or percent of the subtotal, with a reason) to a draft invoice; totals recomputed',
      params,
      body: addDiscountInput,
      response: { 201: invoiceDetail, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await invoices.addDiscount(currentUser(request), request.params.id, request.body)),
  });

  r.delete('/api/invoices/:id/discounts/:discountId', {
    config: writers,
    schema: {
      tags: ['invoices'],
      summary: 'Remove a discount of a draft invoice; totals recomputed',
      params: invoiceDiscountParams,
      response: { 200: invoiceDetail, ...errors },
    },
    handler: async (request) =>
      invoices.removeDiscount(currentUser(request), request.params.id, request.params.discountId),
  });

  r.get('/api/invoices', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'Invoices, newest first: status, search, issued-date range; with the three summary cards',
      querystring: invoiceListQuery,
      response: { 200: invoiceList, ...errors },
    },
    handler: async (request) => invoices.list(request.query),
  });

  r.get('/api/invoices/export', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'The filtered invoice list as an .xlsx spreadsheet (streamed)',
      querystring: invoiceListFilters,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('invoices', await invoices.today()),
        sheetName: 'Invoices',
        columns: INVOICE_EXPORT_COLUMNS,
        batches: invoices.exportBatches('all', request.query),
      }),
  });

  r.get('/api/invoices/pending', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'Issued invoices by due date, with Total Outstanding, Overdue and Due Soon',
      querystring: pendingInvoiceListQuery,
      response: { 200: pendingInvoiceList, ...errors },
    },
    handler: async (request) => invoices.pending(request.query),
  });

  r.get('/api/invoices/pending/export', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'The pending invoices as an .xlsx spreadsheet (streamed)',
      querystring: pendingInvoiceFilters,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('pending-invoices', await invoices.today()),
        sheetName: 'Pending Invoices',
        columns: INVOICE_EXPORT_COLUMNS,
        batches: invoices.exportBatches('pending', request.query),
      }),
  });

  r.get('/api/invoices/paid', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'Paid invoices, newest paid first: search, paid-date range; with Total Paid and the Monthly Breakdown',
      querystring: paidInvoiceListQuery,
      response: { 200: paidInvoiceList, ...errors },
    },
    handler: async (request) => invoices.paid(request.query),
  });

  r.get('/api/invoices/paid/export', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'The paid invoices as an .xlsx spreadsheet (streamed)',
      querystring: paidInvoiceFilters,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('paid-invoices', await invoices.today()),
        sheetName: 'Paid Invoices',
        columns: INVOICE_EXPORT_COLUMNS,
        batches: invoices.exportBatches('paid', request.query),
      }),
  });

  r.get('/api/invoices/reports', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary:
        'Financial report for a year, quarter or month: cards, monthly, service line, top customers and status panels (SQL aggregates)',
      querystring: invoiceReportQuery,
      response: { 200: invoiceReport, ...errors },
    },
    handler: async (request) => invoices.report(request.query),
  });

  r.get('/api/invoices/reports/export', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'The financial report as an .xlsx workbook, a sheet per panel',
      querystring: invoiceReportQuery,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) => {
      const report = await invoices.report(request.query);
      return sendXlsxWorkbook(reply, {
        fileName: exportFileName(`invoice-report-${reportFileLabel(report)}`, await invoices.today()),
        sheets: reportSheets(report),
      });
    },
  });

  r.get('/api/invoices/:id', {
    schema: {
      tags: ['invoices'],
      summary: 'An invoice with its job, customer, location, lines, history and the actions open to the caller',
      params,
      response: { 200: invoiceDetail, ...errors },
    },
    handler: async (request) => invoices.detail(currentUser(request), request.params.id),
  });

  r.get('/api/invoices/:id/pdf', {
    schema: {
      tags: ['invoices'],
      summary:
        'The invoice as a PDF (letterhead, customer, location, lines, total, terms Net 30); ?download=1 for an attachment',
      params,
      querystring: z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }),
      response: { ...errors },
    },
    handler: async (request, reply) => {
      const pdf = await invoices.pdf(currentUser(request), request.params.id);
      const download = request.query.download === '1' || request.query.download === 'true';
      return sendPdf(reply, pdf.bytes, pdf.fileName, download);
    },
  });

  r.put('/api/invoices/:id', {
    config: writers,
    schema: {
      tags: ['invoices'],
      summary: 'Edit a draft: due date, notes and lines (the amount is recomputed)',
      params,
      body: updateDraftInput,
      response: { 200: invoiceDetail, ...errors },
    },
    handler: async (request) => invoices.updateDraft(currentUser(request), request.params.id, request.body),
  });

  r.delete('/api/invoices/:id', {
    config: writers,
    schema: { tags: ['invoices'], summary: 'Delete a draft invoice', params, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await invoices.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/invoices/:id/send', {
    config: writers,
    schema: {
      tags: ['invoices'],
      summary: 'Send a draft: status issued, issued today, the e-mail with the invoice PDF into the outbox',
      params,
      body: sendInvoiceInput,
      response: { 200: invoiceDetail, ...errors },
    },
    handler: async (request) => invoices.send(currentUser(request), request.params.id, request.body),
  });

  r.post('/api/invoices/:id/mark-paid', {
    config: writers,
    schema: {
      tags: ['invoices'],
      summary: 'Mark an issued invoice paid: one payment of its balance, dated today, by the method given',
      params,
      body: markPaidInput,
      response: { 200: invoiceDetail, ...errors },
    },
    handler: async (request) => invoices.markPaid(currentUser(request), request.params.id, request.body),
  });

  r.post('/api/invoices/:id/payments', {
    config: writers,
    schema: {
      tags: ['invoices'],
      summary: 'Record a payment on an issued invoice (at most its balance due; paid when the balance reaches zero)',
      params,
      body: recordPaymentInput,
      response: { 200: invoiceDetail, ...errors },
    },
    handler: async (request) => invoices.recordPayment(currentUser(request), request.params.id, request.body),
  });

  r.post('/api/invoices/:id/payments/:paymentId/void', {
    config: paymentVoiders,
    schema: {
      tags: ['invoices'],
      summary:
        'Void a payment with a reason (admin and manager): its balance reopens, a paid invoice returns to issued',
      params: paymentIdParams,
      body: voidPaymentInput,
      response: { 200: invoiceDetail, ...errors },
    },
    handler: async (request) =>
      invoices.voidPayment(currentUser(request), request.params.id, request.params.paymentId, request.body),
  });

  r.get('/api/invoices/payments', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'Payments, newest payment date first: date range, method, search, voided too; with count and total',
      querystring: paymentListQuery,
      response: { 200: paymentList, ...errors },
    },
    handler: async (request) => invoices.payments(request.query),
  });

  r.get('/api/invoices/payments/export', {
    config: office,
    schema: {
      tags: ['invoices'],
      summary: 'The payments list as an .xlsx spreadsheet (streamed)',
      querystring: paymentListFilters,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('payments', await invoices.today()),
        sheetName: 'Payments',
        columns: PAYMENT_EXPORT_COLUMNS,
        batches: invoices.paymentExportBatches(request.query),
      }),
  });

  r.post('/api/invoices/:id/void', {
    config: voiders,
    schema: {
      tags: ['invoices'],
      summary: 'Void an issued invoice, with a reason (admin and manager)',
      params,
      body: voidInvoiceInput,
      response: { 200: invoiceDetail, ...errors },
    },
    handler: async (request) => invoices.voidInvoice(currentUser(request), request.params.id, request.body),
  });
}
