/**
 * The jobs a parse worker runs (parse-worker.ts): each takes and returns plain data (copied
 * between threads) and throws an AppError for a file it refuses with a 4xx. The readers are
 * imported when a job first needs them: exceljs alone takes seconds to load, and a worker that
 * only checks PDFs never needs it.
 */
import { IMPORT_MAX_ROWS, importRowCount, tooManyImportRowsMessage } from '../../domain/price-book-import.js';
import { TEMPLATE_MESSAGES } from '../../domain/quote-templates.js';
import { AppError, badRequest } from '../errors.js';
import type { SheetTable } from '../import/spreadsheet.js';
import type { QuotePdfInput } from '../pdf/quote-pdf.js';
import { checkPdfStreams } from './pdf-streams.js';

/** The refusal of a PDF whose streams inflate past the budget, or that runs out of time or memory. */
export const PDF_UNSAFE_MESSAGE =
  'This PDF could not be read safely: it unpacks to far more data than a quote template needs, or takes too long to read. Save or print it again as a new PDF and upload that.';

/** The page count of an uploaded PDF, or the message that says why it cannot be a template. */
export async function inspectPdfTemplate({
  bytes,
}: {
  bytes: Uint8Array;
}): Promise<{ pageCount: number } | { error: string }> {
  // The content decides, not the name or the declared type: a PDF starts with "%PDF-" (readers
  // accept it within the first kilobyte).
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) return { error: TEMPLATE_MESSAGES.notPdf };
  const streams = await checkPdfStreams(bytes);
  if (!streams.ok) return { error: PDF_UNSAFE_MESSAGE };
  const { EncryptedPDFError, PDFDocument } = await import('pdf-lib');
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    const pageCount = doc.getPageCount();
    return pageCount > 0 ? { pageCount } : { error: TEMPLATE_MESSAGES.noPages };
  } catch (error) {
    // pdf-lib's errors are transpiled classes (instanceof fails on them): tell encryption by its message.
    if (error instanceof EncryptedPDFError || /\bis encrypted\b/.test(String((error as Error).message)))
      return { error: TEMPLATE_MESSAGES.encrypted };
    return { error: TEMPLATE_MESSAGES.unreadable };
  }
}

/**
 * An import's spreadsheet as a table. A file with more data rows than an import takes is refused
 * here, so a 200,000-row file is never copied back to the main thread.
 */
export async function readImportSpreadsheet({
  bytes,
  fileName,
}: {
  bytes: Uint8Array;
  fileName: string;
}): Promise<SheetTable> {
  const { readSpreadsheet } = await import('../import/spreadsheet.js');
  const table = await readSpreadsheet(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), fileName);
  const rows = importRowCount(table);
  if (rows > IMPORT_MAX_ROWS) throw badRequest(tooManyImportRowsMessage(rows));
  return table;
}

/** The quote PDF on a stored template, whose streams are checked first like at upload. */
export async function buildQuotePdf(input: QuotePdfInput): Promise<Uint8Array> {
  const streams = await checkPdfStreams(input.templateBytes);
  if (!streams.ok) throw new AppError(409, 'CONFLICT', PDF_UNSAFE_MESSAGE);
  const { assembleQuotePdf } = await import('../pdf/quote-pdf.js');
  return assembleQuotePdf(input);
}

export const parseJobs = {
  'pdf-template': inspectPdfTemplate,
  spreadsheet: readImportSpreadsheet,
  'quote-pdf': buildQuotePdf,
};
export type ParseJobs = typeof parseJobs;

export interface ParseRequest {
  id: number;
  job: keyof ParseJobs;
  input: unknown;
}

export type ParseReply =
  | { id: number; ok: true; value: unknown }
  | {
      id: number;
      ok: false;
      error: {
        name: string;
        message: string;
        app?: { statusCode: number; code: AppError['code']; fields?: Record<string, string> };
      };
    };
