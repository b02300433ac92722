import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import { formatDuration } from '../../../domain/dates.js';
import { scorecard, scorecardQuery, type ScorecardRow } from '../../../domain/tech-scorecard.js';
import { exportFileName, sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import { currentUser } from '../../plugins/auth.js';
import type { TechScorecardService } from './tech-scorecard.service.js';

const money = (cents: number | null) => (cents === null ? null : cents / 100);

const EXPORT_COLUMNS: XlsxColumn<ScorecardRow>[] = [
  { header: 'Technician', width: 26, value: (r) => r.name },
  { header: 'Jobs Completed', width: 15, value: (r) => r.jobsCompleted },
  { header: 'Scheduled Hours', width: 15, value: (r) => formatDuration(r.scheduledMinutes) },
  { header: 'Revenue', width: 14, numFmt: '#,##0.00', value: (r) => money(r.revenueCents) },
  { header: 'Invoices', width: 10, value: (r) => r.invoices },
  { header: 'Average Ticket', width: 14, numFmt: '#,##0.00', value: (r) => money(r.averageTicketCents) },
  { header: 'Quotes Sent', width: 12, value: (r) => r.quotesSent },
  { header: 'Approval Rate (%)', width: 16, value: (r) => r.approvalRate },
  { header: 'Repeat Visits', width: 13, value: (r) => r.repeatVisits },
  {
    header: 'Certifications Expiring (60 days)',
    width: 40,
    value: (r) => r.expiringCertifications.map((c) => `${c.name} (${c.expiryDate})`).join(', '),
  },
];

export function techScorecardRoutes(app: FastifyInstance, { scorecards }: { scorecards: TechScorecardService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Every signed-in role reaches these; the service shows a technician only their own row (policy.scorecardScope).
  r.get('/api/tech-scorecard', {
    schema: {
      tags: ['tech-scorecard'],
      summary:
        'Per technician over a period: jobs completed, scheduled hours, revenue, quotes, repeat visits, expiring certifications',
      querystring: scorecardQuery,
      response: { 200: scorecard, 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request) => scorecards.scorecard(currentUser(request), request.query),
  });

  r.get('/api/tech-scorecard/export', {
    schema: {
      tags: ['tech-scorecard'],
      summary: 'The Tech Scorecard of the period as an .xlsx spreadsheet',
      querystring: scorecardQuery,
      response: { 400: apiErrorBody, 403: apiErrorBody },
    },
    handler: async (request, reply) => {
      const card = await scorecards.scorecard(currentUser(request), request.query);
      return sendXlsx(reply, {
        fileName: exportFileName(`tech-scorecard-${card.from}-to-${card.to}`, await scorecards.today()),
        sheetName: 'Tech Scorecard',
        columns: EXPORT_COLUMNS,
        batches: (async function* () {
          yield card.rows;
        })(),
      });
    },
  });
}
