import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import { allow } from '../../../domain/policy.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { dataExportFileName, type DataExportService } from './data-export.service.js';

/** GET /api/data-export (decision 050): the admin downloads all of the company's data as one zip. */
export function dataExportRoutes(
  app: FastifyInstance,
  { dataExport, today }: { dataExport: DataExportService; today: () => Promise<string> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/data-export', {
    config: allow('data.exportAll'),
    schema: {
      tags: ['data-export'],
      summary:
        "All of the company's data as a zip (streamed): a CSV file per table and every stored file, without secrets",
      response: { 403: apiErrorBody },
    },
    handler: async (request, reply) => {
      const fileName = dataExportFileName(await today());
      const archive = dataExport.archive(request.log);
      // A stream, not JSON: the route's schema describes only its error answers.
      return (reply as FastifyReply)
        .header('content-type', 'application/zip')
        .header('content-disposition', contentDisposition('attachment', fileName))
        .header('cache-control', 'no-store')
        .send(archive);
    },
  });
}
