/**
 * Generates a job's quote PDF on the default PDF template of the quote type: the quote templates'
 * preview route and the send flow (which passes the quote number and the new token). The data
 * comes from quote-document.repo.ts; src/server/pdf/quote-pdf.ts draws it (in a parse worker).
 */
import { dateInZone } from '../../../domain/dates.js';
import { isTechnicianRole } from '../../../domain/policy.js';
import { TEMPLATE_MESSAGES, type QuoteType, type TemplateQuoteType } from '../../../domain/quote-templates.js';
import { quoteConfirmLinks, quotePdfFileName, type QuoteDocumentData } from '../../../domain/quotes.js';
import { readTogether, type Executor } from '../../db/client.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import type { ParsePool } from '../../parsing/parse-pool.js';
import type { QuotePhoto } from '../../pdf/quote-pdf.js';
import type { FileStorage } from '../../storage/storage.js';
import { createInspectionsRepo } from '../inspections/index.js';
import { isTechnicianAssigned } from '../jobs/index.js';
import type { QuoteTemplatesRepo } from '../quote-templates/index.js';
import type { SettingsRepo } from '../settings/index.js';
import { readInspectionsAndRepairs, readJobItems, readQuoteJob } from './quote-document.repo.js';

export const PREVIEW_FAILED_MESSAGE = 'No PDF could be generated. Please try again.';
export const unreadableTemplateMessage = (type: QuoteType) =>
  `The default PDF template for ${type} quotes could not be read. Please upload a valid PDF template and set it as default.`;

export interface QuotePdfRequest {
  jobId: string;
  quoteType: QuoteType;
  /** null in a preview */
  quoteNumber: string | null;
  /** the customer page token; null in a preview */
  token: string | null;
}

export interface GeneratedQuotePdf {
  bytes: Uint8Array;
  fileName: string;
  templateId: string;
  data: QuoteDocumentData;
}

/**
 * "Other" quotes have no template type of their own: they use a default made for every type, or
 * else the repair default (the default wording is the repair one too).
 */
async function defaultTemplateFor(templates: QuoteTemplatesRepo, quoteType: QuoteType, exec: Executor) {
  if (quoteType !== 'other') return templates.findDefaultPdf(quoteType, exec);
  return (
    (await templates.findDefaultPdfForEveryType(exec)) ??
    templates.findDefaultPdf('repair' satisfies TemplateQuoteType, exec)
  );
}

export function createQuotePdfService(deps: {
  db: Executor;
  templates: QuoteTemplatesRepo;
  storage: FileStorage;
  settings: (exec: Executor) => SettingsRepo;
  publicUrl: string;
  clock: () => Date;
  /** the template is opened in a parse worker, within its limits (decision 025) */
  parsing: ParsePool;
}) {
  const { db, templates, storage, publicUrl, clock, parsing } = deps;
  const inspectionsRepo = createInspectionsRepo(db);

  /**
   * The thumbnails of the printed inspections' photos (JPEG, at most 320 px: sharp enough at the
   * quote's 4-to-a-row size, and small enough to e-mail), in upload order.
   */
  async function loadPhotos(exec: Executor, data: QuoteDocumentData): Promise<QuotePhoto[]> {
    if (data.quoteType === 'other' || !data.inspections.length) return [];
    const printed = new Set(data.inspections.map((i) => i.id));
    const keys = (await inspectionsRepo.photoStorageKeysOfJob(data.job.id, exec)).filter((k) =>
      printed.has(k.inspectionId),
    );
    const files = await storage.getMany(
      exec,
      keys.map((k) => k.thumbKey),
    );
    return keys.flatMap((k) => {
      const file = files.get(k.thumbKey);
      return file ? [{ inspectionId: k.inspectionId, fileName: k.fileName, jpeg: file.bytes }] : [];
    });
  }

  async function loadData(exec: Executor, request: QuotePdfRequest): Promise<QuoteDocumentData> {
    const job = await readQuoteJob(exec, request.jobId);
    if (!job) throw notFound('Job not found');
    const [company, inspections, items] = await readTogether(exec, [
      () => deps.settings(exec).getCompany(),
      () => (request.quoteType === 'other' ? Promise.resolve([]) : readInspectionsAndRepairs(exec, request.jobId)),
      () => readJobItems(exec, request.jobId),
    ]);
    const address = company.physical_address;
    return {
      quoteType: request.quoteType,
      quoteNumber: request.quoteNumber,
      date: dateInZone(clock(), company.time_zone),
      company: {
        name: company.name,
        addressLines: [
          address.street,
          [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        ].filter(Boolean),
        phone: company.phone,
      },
      job: {
        id: job.id,
        number: job.number,
        name: job.name,
        description: job.description,
        customerPo: job.customerPo,
        contactName: job.contactName,
        contactEmail: job.contactEmail,
        contactPhone: job.contactPhone,
      },
      customerCompany: job.customerCompany,
      location: job.location,
      unit: job.unit,
      inspections,
      items,
      links: request.token ? quoteConfirmLinks(publicUrl, request.token) : null,
    };
  }

  return {
    /** Technicians see the quotes of the jobs assigned to them only; other staff see every job's. */
    async assertMayView(user: { id: string; role: string }, jobId: string): Promise<void> {
      if (isTechnicianRole(user.role) && !(await isTechnicianAssigned(db, jobId, user.id))) {
        throw forbidden('Technicians can preview quotes of their own jobs only');
      }
    },

    /**
     * The quote PDF. Refuses with the spec's message when the type has no default template, and
     * with a hint to upload a valid one when the stored template cannot be read.
     */
    async generate(request: QuotePdfRequest, exec: Executor = db): Promise<GeneratedQuotePdf> {
      // The job's data and the template are independent: read side by side (in turn in a transaction).
      const [data, template] = await readTogether(exec, [
        () => loadData(exec, request),
        () => defaultTemplateFor(templates, request.quoteType, exec),
      ]);
      if (!template) throw conflict(TEMPLATE_MESSAGES.noDefault(request.quoteType));
      const file = await storage.get(exec, template.storageKey);
      if (!file) throw conflict(unreadableTemplateMessage(request.quoteType));
      const photos = await loadPhotos(exec, data);
      let bytes: Uint8Array;
      try {
        bytes = await parsing.run('quote-pdf', {
          templateBytes: file.bytes,
          preservedPages: template.preservedPages,
          data,
          photos,
        });
      } catch (error) {
        // Too many uploads being read at once: a 503 to retry, not a broken template.
        if (error instanceof AppError && error.statusCode === 503) throw error;
        // A template that passed the upload checks but fails now (a pdf-lib edge case, or one stored
        // before the upload checked its streams that unpacks past the budget or the worker's limits).
        throw new AppError(
          409,
          'CONFLICT',
          `${PREVIEW_FAILED_MESSAGE} ${unreadableTemplateMessage(request.quoteType)}`,
        );
      }
      return { bytes, fileName: quotePdfFileName(request.jobId, request.quoteType), templateId: template.id, data };
    },
  };
}
export type QuotePdfService = ReturnType<typeof createQuotePdfService>;
