import {
  DEFAULT_EMAIL_CONTENT,
  DEFAULT_EMAIL_TEMPLATE_NAME,
  markTabDefault,
  parsePreservedPages,
  PDF_TEMPLATE_MAX_BYTES,
  preservedPagesBeyond,
  TEMPLATE_MESSAGES,
  type EmailTemplate,
  type EmailTemplateInput,
  type PdfTemplate,
  type PdfTemplateList,
  type PdfTemplateUploadFields,
  type TemplateQuoteType,
} from '../../../domain/quote-templates.js';
import type { Database } from '../../db/client.js';
import { AppError, badRequest, notFound, registerConstraintMessages } from '../../errors.js';
import { PDF_UNSAFE_MESSAGE } from '../../parsing/parse-jobs.js';
import { ParseLimitError, type ParsePool } from '../../parsing/parse-pool.js';
import type { FileStorage } from '../../storage/storage.js';
import type { PdfTemplateRecord, QuoteTemplatesRepo } from './quote-templates.repo.js';

export const TEMPLATE_FILE_PURPOSE = 'quote-template';

registerConstraintMessages({
  quote_templates_one_default: {
    message: 'Another template was made the default at the same moment. Please try again.',
  },
  quote_templates_file_size_check: { status: 400, message: TEMPLATE_MESSAGES.tooLarge },
});

export interface UploadedFile {
  bytes: Buffer;
  fileName: string;
}

/** A safe, short file name to store and send back in Content-Disposition. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && ch !== '"')
    .join('')
    .trim()
    .slice(-200);
  if (!cleaned) return 'template.pdf';
  return /\.pdf$/i.test(cleaned) ? cleaned : `${cleaned}.pdf`;
}

const publicPdf = ({ storageKey: _storageKey, ...template }: PdfTemplateRecord): PdfTemplate => template;

function builtInEmail(type: TemplateQuoteType): EmailTemplate {
  return {
    id: null,
    name: DEFAULT_EMAIL_TEMPLATE_NAME[type],
    templateType: type,
    isDefault: true,
    builtIn: true,
    createdAt: null,
    updatedAt: null,
    ...DEFAULT_EMAIL_CONTENT[type],
  };
}

export function createQuoteTemplatesService(deps: {
  db: Database;
  repo: QuoteTemplatesRepo;
  storage: FileStorage;
  parsing: ParsePool;
}) {
  const { db, repo, storage, parsing } = deps;

  /** The page count, or why the file cannot be a template: read in a parse worker, within its limits. */
  const inspectPdf = async (bytes: Uint8Array) => {
    try {
      return await parsing.run('pdf-template', { bytes });
    } catch (error) {
      if (error instanceof ParseLimitError) return { error: PDF_UNSAFE_MESSAGE };
      throw error;
    }
  };

  const mustGetPdf = async (id: string, exec = db as Parameters<QuoteTemplatesRepo['getPdf']>[1]) => {
    const template = await repo.getPdf(id, exec);
    if (!template) throw notFound(TEMPLATE_MESSAGES.notFound);
    return template;
  };
  const mustGetEmail = async (id: string, exec = db as Parameters<QuoteTemplatesRepo['getEmail']>[1]) => {
    const template = await repo.getEmail(id, exec);
    if (!template) throw notFound(TEMPLATE_MESSAGES.emailNotFound);
    return template;
  };

  return {
    async listPdf(type: TemplateQuoteType): Promise<PdfTemplateList> {
      const items = await repo.listPdf(type);
      return { items: markTabDefault(items.map(publicPdf), type), emptyText: TEMPLATE_MESSAGES.emptyList(type) };
    },

    async getPdf(id: string): Promise<PdfTemplate> {
      return publicPdf(await mustGetPdf(id));
    },

    /**
     * Checks the file by its content (a PDF whose streams stay within the inflate budget and that
     * pdf-lib opens in a parse worker, not encrypted, with pages), the
     * preserved pages against its page count, then stores file and template in one transaction.
     * The first template of a type becomes its default, so quotes can be made at once.
     */
    async uploadPdf(fields: PdfTemplateUploadFields, file: UploadedFile | null, userId: string): Promise<PdfTemplate> {
      if (!file || file.bytes.byteLength === 0)
        throw badRequest(TEMPLATE_MESSAGES.noFile, { file: TEMPLATE_MESSAGES.noFile });
      if (file.bytes.byteLength > PDF_TEMPLATE_MAX_BYTES)
        throw new AppError(413, 'PAYLOAD_TOO_LARGE', TEMPLATE_MESSAGES.tooLarge);
      const inspected = await inspectPdf(file.bytes);
      if ('error' in inspected) throw badRequest(inspected.error, { file: inspected.error });
      const preservedPages = parsePreservedPages(fields.preservedPages);
      const beyond = preservedPagesBeyond(preservedPages, inspected.pageCount);
      if (beyond) throw badRequest(beyond, { preservedPages: beyond });
      const fileName = cleanFileName(file.fileName);

      const id = await db.transaction(async (tx) => {
        await repo.lockDefaults('pdf', tx);
        const isDefault = !(await repo.hasDefault('pdf', fields.templateType, tx));
        const stored = await storage.put(tx, {
          purpose: TEMPLATE_FILE_PURPOSE,
          fileName,
          contentType: 'application/pdf',
          bytes: file.bytes,
          createdBy: userId,
        });
        return repo.insertPdf(
          {
            name: fields.name,
            templateType: fields.templateType,
            isDefault,
            fileName,
            storageKey: stored.key,
            fileSize: stored.size,
            pageCount: inspected.pageCount,
            preservedPages,
            userId,
          },
          tx,
        );
      });
      return publicPdf(await mustGetPdf(id));
    },

    /**
     * "Use Template": the only default of its type, in one transaction. A template for every type,
     * used from a type's tab, also takes that type over: the type's own default is unset, so that
     * type's quotes print on it (markTabDefault).
     */
    async usePdf(id: string, tabType?: TemplateQuoteType): Promise<PdfTemplate> {
      await db.transaction(async (tx) => {
        await repo.lockDefaults('pdf', tx);
        const template = await mustGetPdf(id, tx);
        await repo.setDefault('pdf', id, template.templateType, tx);
        if (template.templateType === null && tabType) await repo.clearDefaults('pdf', tabType, tx);
      });
      return publicPdf(await mustGetPdf(id));
    },

    /** Deletes the template and its stored file together. */
    async deletePdf(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const template = await mustGetPdf(id, tx);
        await repo.delete(id, tx);
        if (template.storageKey) await storage.remove(tx, template.storageKey);
      });
    },

    async pdfFile(id: string): Promise<{ bytes: Buffer; fileName: string }> {
      const template = await mustGetPdf(id);
      const file = await storage.get(db, template.storageKey);
      if (!file) throw notFound('The file of this PDF template is missing');
      return { bytes: file.bytes, fileName: template.fileName };
    },

    // E-mail templates

    /** The stored templates of a type, the default first; the built-in wording stands in as default when none is stored. */
    async listEmail(type: TemplateQuoteType): Promise<{ items: EmailTemplate[] }> {
      const items = await repo.listEmail(type);
      return { items: items.some((t) => t.isDefault) ? items : [builtInEmail(type), ...items] };
    },

    /** The wording a quote of this type is sent with. */
    async defaultEmail(type: TemplateQuoteType): Promise<EmailTemplate> {
      return (await repo.findDefaultEmail(type)) ?? builtInEmail(type);
    },

    async getEmail(id: string): Promise<EmailTemplate> {
      return mustGetEmail(id);
    },

    /** The first stored template of a type becomes its default (it replaces the built-in wording). */
    async createEmail(input: EmailTemplateInput, userId: string): Promise<EmailTemplate> {
      const id = await db.transaction(async (tx) => {
        await repo.lockDefaults('email', tx);
        const isDefault = !(await repo.hasDefault('email', input.templateType, tx));
        return repo.insertEmail(input, isDefault, userId, tx);
      });
      return mustGetEmail(id);
    },

    async updateEmail(id: string, input: EmailTemplateInput): Promise<EmailTemplate> {
      await db.transaction(async (tx) => {
        await repo.lockDefaults('email', tx);
        const existing = await mustGetEmail(id, tx);
        if (existing.templateType !== input.templateType && existing.isDefault) {
          // Moving the default to another type: it stays default only if that type has none.
          const keep = !(await repo.hasDefault('email', input.templateType, tx));
          if (!keep) await repo.clearDefault(id, tx);
        }
        await repo.updateEmail(id, input, tx);
      });
      return mustGetEmail(id);
    },

    async useEmail(id: string): Promise<EmailTemplate> {
      await db.transaction(async (tx) => {
        await repo.lockDefaults('email', tx);
        const template = await mustGetEmail(id, tx);
        await repo.setDefault('email', id, template.templateType, tx);
      });
      return mustGetEmail(id);
    },

    async deleteEmail(id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await mustGetEmail(id, tx);
        await repo.delete(id, tx);
      });
    },
  };
}
export type QuoteTemplatesService = ReturnType<typeof createQuoteTemplatesService>;
