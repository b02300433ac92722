import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AGREEMENT_MESSAGES,
  AGREEMENT_STATUS_LABELS,
  agreementHomeCounts,
  agreementPullThrough,
  agreementReportExportQuery,
  agreementReportItem,
  agreementReportQuery,
  dueVisit,
  dueVisitsQuery,
  formatPermille,
  generatorRunRow,
  generatorRunsQuery,
  renewalItem,
  renewalsQuery,
  type AgreementReportItem,
} from '../../../domain/agreements/index.js';
import { apiErrorBody, paginated } from '../../../domain/api.js';
import { idParams } from '../../../domain/customers.js';
import { formatDuration } from '../../../domain/dates.js';
import { formatCents } from '../../../domain/money.js';
import { allow } from '../../../domain/policy.js';
import { currentUser } from '../../plugins/auth.js';
import { exportFileName, sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import type { AgreementReportsService } from './agreement-reports.service.js';

const params = idParams(AGREEMENT_MESSAGES.invalidAgreementId);
const viewers = allow('agreements.view');
const reporters = allow('agreements.report');

export const AGREEMENT_REPORT_COLUMNS: XlsxColumn<AgreementReportItem>[] = [
  { header: 'Number', width: 10, value: (x) => x.number },
  { header: 'Agreement', width: 34, value: (x) => x.name },
  { header: 'Company', width: 34, value: (x) => x.companyName },
  { header: 'Status', width: 12, value: (x) => AGREEMENT_STATUS_LABELS[x.status] },
  { header: 'End Date', width: 12, value: (x) => x.endDate },
  { header: 'Visits Done', width: 12, value: (x) => x.visitsDone },
  { header: 'Planned to Date', width: 15, value: (x) => x.visitsPlannedToDate },
  { header: 'Planned in Term', width: 15, value: (x) => x.visitsPlannedTerm },
  { header: 'Repairs Quoted', width: 15, value: (x) => formatCents(x.repairsQuotedCents) },
  { header: 'Repairs Approved', width: 16, value: (x) => formatCents(x.repairsApprovedCents) },
  { header: 'Agreement Revenue', width: 17, value: (x) => formatCents(x.agreementRevenueCents) },
  { header: 'Repair Revenue', width: 15, value: (x) => formatCents(x.repairRevenueCents) },
  { header: 'Hours', width: 9, value: (x) => formatDuration(x.laborMinutes) },
  { header: 'Labor Cost', width: 13, value: (x) => formatCents(x.laborCostCents) },
  { header: 'Parts Cost', width: 13, value: (x) => formatCents(x.partsCostCents) },
  { header: 'Profit', width: 14, value: (x) => formatCents(x.profitCents) },
  { header: 'Margin', width: 10, value: (x) => (x.marginPermille === null ? '' : formatPermille(x.marginPermille)) },
];

/**
 * The agreements' reports (issue 29 items 4 and 6, decision 053). Costs and profit are for admin
 * and manager (`agreements.report`); the renewals, the visits due and Home's counts for the office.
 */
export function agreementReportsRoutes(app: FastifyInstance, { reports }: { reports: AgreementReportsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/agreements/report', {
    config: reporters,
    schema: {
      tags: ['agreements'],
      summary: 'Pull-through and profitability per agreement; status and company filters, sortable, paged',
      querystring: agreementReportQuery,
      response: { 200: paginated(agreementReportItem), 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => reports.report(request.query),
  });

  r.get('/api/agreements/report/export', {
    config: reporters,
    schema: {
      tags: ['agreements'],
      summary: 'The pull-through report, filtered and sorted, as an .xlsx spreadsheet (streamed)',
      querystring: agreementReportExportQuery,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('agreement-pull-through', await reports.exportFileDate()),
        sheetName: 'Pull-through',
        columns: AGREEMENT_REPORT_COLUMNS,
        batches: reports.reportBatches(request.query),
      }),
  });

  r.get('/api/agreements/renewals', {
    config: viewers,
    schema: {
      tags: ['agreements'],
      summary: 'Active agreements not yet renewed that end in the next 60 or 90 days, with the renewal price',
      querystring: renewalsQuery,
      response: {
        200: paginated(renewalItem).extend({ days: z.number().int(), through: z.string() }),
        400: apiErrorBody,
        403: apiErrorBody,
      },
    },
    handler: async (request) => reports.renewals(request.query),
  });

  r.get('/api/agreements/visits-due', {
    config: viewers,
    schema: {
      tags: ['agreements'],
      summary: "This month's agreement visits whose jobs are not scheduled yet, by date",
      querystring: dueVisitsQuery,
      response: { 200: paginated(dueVisit).extend({ month: z.string() }), 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => reports.dueVisits(request.query),
  });

  r.get('/api/agreements/home-counts', {
    config: viewers,
    schema: {
      tags: ['agreements'],
      summary: "Home's agreement cards: visits due this month not scheduled, agreements renewing in 60 days",
      response: { 200: agreementHomeCounts, 403: apiErrorBody },
    },
    handler: async () => reports.homeCounts(),
  });

  r.get('/api/agreements/generator-runs', {
    config: allow('agreements.generate'),
    schema: {
      tags: ['agreements'],
      summary: "The visit generator's runs, newest first, paged",
      querystring: generatorRunsQuery,
      response: { 200: paginated(generatorRunRow), 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => reports.runs(request.query),
  });

  r.get('/api/agreements/:id/pull-through', {
    config: viewers,
    schema: {
      tags: ['agreements'],
      summary:
        "An agreement's visits done vs planned, repairs quoted and approved, repair revenue; profit for admin and manager",
      params,
      response: { 200: agreementPullThrough, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => reports.pullThrough(currentUser(request), request.params.id),
  });
}
