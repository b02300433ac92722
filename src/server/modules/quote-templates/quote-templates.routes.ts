import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { isUuidV4 } from '../../../domain/ids.js';
import { allow } from '../../../domain/policy.js';
import {
  emailTemplate,
  emailTemplateInput,
  emailTemplateListQuery,
  PDF_TEMPLATE_MAX_BYTES,
  pdfTemplate,
  pdfTemplateList,
  pdfTemplateListQuery,
  pdfTemplateUploadFields,
  QUOTE_TYPES,
  TEMPLATE_MESSAGES,
  templateIdParams,
  useTemplateQuery,
} from '../../../domain/quote-templates.js';
import { badRequest } from '../../errors.js';
import { contentDisposition } from '../../http/content-disposition.js';
import type { QuotePdfService } from '../quotes/index.js';
import { currentUser } from '../../plugins/auth.js';
import { readMultipart, registerUploads } from '../../plugins/uploads.js';
import type { QuoteTemplatesService, UploadedFile } from './quote-templates.service.js';

/** Templates: admin, manager and office users manage them; technicians read (decision 010). */
const editors = allow('quoteTemplates.manage');
const ONE_FILE = 'Upload one PDF file per template';

const previewQuery = z.object({
  type: z.enum(QUOTE_TYPES, { error: 'Quote type must be inspection, repair, replacement or other' }),
  quoteNumber: z
    .string()
    .trim()
    .max(40, 'Quote number must be at most 40 characters')
    .optional()
    .transform((v) => v || null),
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});
const jobIdParams = z.object({ id: z.string().refine(isUuidV4, 'Invalid job ID format') });

function sendPdf(reply: FastifyReply, bytes: Uint8Array, fileName: string, download: boolean) {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(download ? 'attachment' : 'inline', fileName))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      // The quote preview shows the PDF in a frame of our own page: allow same-origin framing here only.
      .header('content-security-policy', "default-src 'none'; frame-ancestors 'self'")
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
  );
}

/** The multipart upload: text fields and one file, the file capped at 10 MB while it streams in. */
async function readTemplateUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  const { fields, files } = await readMultipart(request, {
    notMultipart: 'Send the template as a multipart/form-data upload with the PDF in a field named "file"',
    tooLarge: TEMPLATE_MESSAGES.tooLarge,
    tooManyFiles: ONE_FILE,
  });
  const sent = files.filter((f) => f.bytes.byteLength > 0 || f.fileName);
  if (sent.length > 1) throw badRequest(ONE_FILE);
  const file = sent[0] ? { bytes: sent[0].bytes, fileName: sent[0].fileName || 'template.pdf' } : null;
  return { fields, file };
}

export async function quoteTemplatesRoutes(
  app: FastifyInstance,
  { templates, quotePdf }: { templates: QuoteTemplatesService; quotePdf: QuotePdfService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['quote templates'];

  // PDF templates

  r.get('/api/quote-templates/pdf', {
    schema: {
      tags,
      summary: "PDF templates of a quote type (templates for every type included), by name, with the tab's empty text",
      querystring: pdfTemplateListQuery,
      response: { 200: pdfTemplateList, 400: apiErrorBody },
    },
    handler: async (request) => templates.listPdf(request.query.type),
  });

  r.get('/api/quote-templates/pdf/:id', {
    schema: {
      tags,
      summary: 'One PDF template',
      params: templateIdParams,
      response: { 200: pdfTemplate, 400: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => templates.getPdf(request.params.id),
  });

  r.get('/api/quote-templates/pdf/:id/file', {
    schema: {
      tags,
      summary: 'The template PDF itself (inline; ?download=1 as an attachment)',
      params: templateIdParams,
      querystring: z.object({ download: z.enum(['0', '1', 'true', 'false']).optional() }),
    },
    handler: async (request, reply) => {
      const file = await templates.pdfFile(request.params.id);
      return sendPdf(
        reply,
        file.bytes,
        file.fileName,
        request.query.download === '1' || request.query.download === 'true',
      );
    },
  });

  r.post('/api/quote-templates/pdf/:id/default', {
    config: editors,
    schema: {
      tags,
      summary:
        '"Use Template": makes it the only default of its type (admin, manager, user). ?type= names the tab: a template for every type then also takes that type over from its own default',
      params: templateIdParams,
      querystring: useTemplateQuery,
      response: { 200: pdfTemplate, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => templates.usePdf(request.params.id, request.query.type),
  });

  r.delete('/api/quote-templates/pdf/:id', {
    config: editors,
    schema: {
      tags,
      summary: 'Deletes the template and its stored file (admin, manager, user)',
      params: templateIdParams,
      response: { 204: z.null(), 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request, reply) => {
      await templates.deletePdf(request.params.id);
      return reply.status(204).send(null);
    },
  });

  // Multipart only for the upload, with the 10 MB cap enforced while the file streams in.
  await app.register(async (scope) => {
    await registerUploads(scope, {
      fileSize: PDF_TEMPLATE_MAX_BYTES,
      files: 1,
      fields: 10,
      fieldSize: 10_000,
      parts: 12,
    });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/quote-templates/pdf', {
      config: editors,
      schema: {
        tags,
        summary:
          'Add a PDF template (multipart: name, templateType inspection|repair|replacement or empty for every type, preservedPages such as "1, 2, 4-6", file). The first template of a type becomes its default.',
        consumes: ['multipart/form-data'],
        response: { 201: pdfTemplate, 400: apiErrorBody, 403: apiErrorBody, 413: apiErrorBody, 415: apiErrorBody },
      },
      handler: async (request, reply) => {
        const user = currentUser(request);
        const { fields, file } = await readTemplateUpload(request);
        const parsed = pdfTemplateUploadFields.safeParse(fields);
        if (!parsed.success) {
          const fieldErrors = Object.fromEntries(
            parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message]),
          );
          throw badRequest(parsed.error.issues[0]!.message, fieldErrors);
        }
        const created = await templates.uploadPdf(parsed.data, file, user.id);
        return reply.status(201).send(created);
      },
    });
  });

  // E-mail templates

  r.get('/api/quote-templates/email', {
    schema: {
      tags,
      summary: 'E-mail templates of a quote type, the default first (the built-in wording when none is stored)',
      querystring: emailTemplateListQuery,
      response: { 200: z.object({ items: z.array(emailTemplate) }), 400: apiErrorBody },
    },
    handler: async (request) => templates.listEmail(request.query.type),
  });

  r.get('/api/quote-templates/email/default', {
    schema: {
      tags,
      summary: 'The wording a quote of this type is sent with: the stored default, or the built-in one',
      querystring: emailTemplateListQuery,
      response: { 200: emailTemplate, 400: apiErrorBody },
    },
    handler: async (request) => templates.defaultEmail(request.query.type),
  });

  r.get('/api/quote-templates/email/:id', {
    schema: {
      tags,
      summary: 'One e-mail template',
      params: templateIdParams,
      response: { 200: emailTemplate, 400: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => templates.getEmail(request.params.id),
  });

  r.post('/api/quote-templates/email', {
    config: editors,
    schema: {
      tags,
      summary:
        'Add an e-mail template; every field is required. The first of a type becomes its default (admin, manager, user)',
      body: emailTemplateInput,
      response: { 201: emailTemplate, 400: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await templates.createEmail(request.body, currentUser(request).id)),
  });

  r.put('/api/quote-templates/email/:id', {
    config: editors,
    schema: {
      tags,
      summary: 'Edit an e-mail template (admin, manager, user)',
      params: templateIdParams,
      body: emailTemplateInput,
      response: { 200: emailTemplate, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
    },
    handler: async (request) => templates.updateEmail(request.params.id, request.body),
  });

  r.post('/api/quote-templates/email/:id/default', {
    config: editors,
    schema: {
      tags,
      summary: 'Makes it the only default e-mail template of its type (admin, manager, user)',
      params: templateIdParams,
      response: { 200: emailTemplate, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => templates.useEmail(request.params.id),
  });

  r.delete('/api/quote-templates/email/:id', {
    config: editors,
    schema: {
      tags,
      summary: 'Delete an e-mail template (admin, manager, user)',
      params: templateIdParams,
      response: { 204: z.null(), 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request, reply) => {
      await templates.deleteEmail(request.params.id);
      return reply.status(204).send(null);
    },
  });

  // Quote preview

  r.get('/api/jobs/:id/quote-preview', {
    schema: {
      tags,
      summary:
        "The job's quote PDF for a quote type on the type's default template (inline; ?download=1 as an attachment named quote-{jobId}-{type}.pdf). Technicians: their own jobs only.",
      params: jobIdParams,
      querystring: previewQuery,
      response: { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody },
    },
    handler: async (request, reply) => {
      await quotePdf.assertMayView(currentUser(request), request.params.id);
      const pdf = await quotePdf.generate({
        jobId: request.params.id,
        quoteType: request.query.type,
        quoteNumber: request.query.quoteNumber,
        token: null,
      });
      return sendPdf(
        reply,
        pdf.bytes,
        pdf.fileName,
        request.query.download === '1' || request.query.download === 'true',
      );
    },
  });
}
