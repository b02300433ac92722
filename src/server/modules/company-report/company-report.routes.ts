import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import {
  reportFileBase,
  tonnageText,
  unitTypeText,
  type CompanyReport,
  type CompanyReportLocation,
  type CompanyReportUnit,
  companyReport,
} from '../../../domain/company-report.js';
import { CUSTOMER_MESSAGES, idParams } from '../../../domain/customers.js';
import type { CompanySettings } from '../../../domain/settings.js';
import { sendXlsxWorkbook, xlsxSheet } from '../../export/xlsx.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { companyReportPdf } from '../../pdf/company-report-pdf.js';
import type { CompanyReportService } from './company-report.service.js';

const params = idParams(CUSTOMER_MESSAGES.invalidCompanyId);
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const MONEY = '#,##0.00';
const DATE = 'mm/dd/yyyy';

type Row = CompanyReportUnit & { location: CompanyReportLocation };
const money = (cents: number) => cents / 100;
const day = (iso: string | null) => (iso ? new Date(`${iso}T00:00:00Z`) : null);

/** The spreadsheet: one row per unit, its location on the row (filterable in Excel). */
function reportSheet(report: CompanyReport) {
  const rows: Row[] = report.locations.flatMap((location) => location.units.map((u) => ({ ...u, location })));
  return xlsxSheet<Row>(
    'Asset Report',
    [
      { header: 'Location', width: 30, value: (r) => r.location.name },
      {
        header: 'Address',
        width: 36,
        value: (r) => [r.location.address, r.location.city, r.location.state].filter(Boolean).join(', '),
      },
      { header: 'Unit Number', width: 16, value: (r) => r.unitNumber },
      { header: 'Status', width: 10, value: (r) => (r.status === 'active' ? 'Active' : 'Inactive') },
      { header: 'Type', width: 18, value: (r) => (unitTypeText(r) === '-' ? null : unitTypeText(r)) },
      { header: 'Tonnage', width: 10, value: (r) => (tonnageText(r.tonnage) === '-' ? null : r.tonnage) },
      { header: 'Age (years)', width: 12, value: (r) => r.age },
      { header: 'Last Service', width: 14, value: (r) => day(r.lastServiceDate), numFmt: DATE },
      { header: 'Open Repair Options', width: 20, value: (r) => r.openRepairs.count },
      { header: 'Open Repairs Value', width: 20, value: (r) => money(r.openRepairs.valueCents), numFmt: MONEY },
      { header: 'Open Quotes', width: 12, value: (r) => r.openQuotes.count },
      { header: 'Open Quotes Value', width: 18, value: (r) => money(r.openQuotes.valueCents), numFmt: MONEY },
      { header: 'Jobs (12 mo.)', width: 14, value: (r) => r.jobsLast12Months },
      {
        header: 'Invoiced (12 mo.)',
        width: 18,
        value: (r) => money(r.invoicedLast12MonthsCents),
        numFmt: MONEY,
      },
    ],
    rows,
  );
}

function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('attachment', fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

export function companyReportRoutes(
  app: FastifyInstance,
  { reports, settings }: { reports: CompanyReportService; settings: () => Promise<CompanySettings> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/companies/:id/report', {
    schema: {
      tags: ['companies'],
      summary:
        'The asset report: every unit of the company by location, with type, tonnage and age from its latest inspection, last service, open repair options and quotes, and its jobs and invoiced total of the last 12 months',
      params,
      response: { 200: companyReport, ...errors },
    },
    handler: async (request) => reports.report(request.params.id),
  });

  r.get('/api/companies/:id/report/pdf', {
    schema: {
      tags: ['companies'],
      summary: 'The asset report as a PDF (downloaded)',
      params,
      response: { ...errors },
    },
    handler: async (request, reply) => {
      const report = await reports.report(request.params.id);
      const bytes = await companyReportPdf(report, await settings());
      return sendPdf(reply, bytes, `${reportFileBase(report.company.name, report.generatedOn)}.pdf`);
    },
  });

  r.get('/api/companies/:id/report/export', {
    schema: {
      tags: ['companies'],
      summary: 'The asset report as an .xlsx spreadsheet, one row per unit',
      params,
      response: { ...errors },
    },
    handler: async (request, reply) => {
      const report = await reports.report(request.params.id);
      return sendXlsxWorkbook(reply, {
        fileName: `${reportFileBase(report.company.name, report.generatedOn)}.xlsx`,
        sheets: [reportSheet(report)],
      });
    },
  });
}
