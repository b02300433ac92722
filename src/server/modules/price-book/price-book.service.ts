import {
  analyzePriceImport,
  IMPORT_MAX_ROWS,
  ImportFileError,
  mapHeaders,
  previewOf,
  type ImportAnalysis,
  type ImportPreview,
  type ImportResult,
} from '../../../domain/price-book-import.js';
import {
  PRICE_KIND_LABELS,
  PRICE_KINDS,
  type PriceCreate,
  type PriceKind,
  type PriceListFilters,
  type PriceListQuery,
  type PriceRecord,
  type PriceUpdate,
  type PriceBookOptions,
} from '../../../domain/price-book.js';
import type { Database, Executor } from '../../db/client.js';
import { badRequest, conflict, fromDatabaseError, notFound, registerConstraintMessages } from '../../errors.js';
import { exportFileName, inBatches } from '../../export/xlsx.js';
import type { SheetTable } from '../../import/spreadsheet.js';
import { ParseLimitError, type ParsePool } from '../../parsing/parse-pool.js';
import type { SettingsRepo } from '../settings/index.js';
import type { PriceBookRepo } from './price-book.repo.js';

type ExportCursor = { code: string; kind: PriceKind; id: string };

const ARTICLE_KIND: Record<PriceKind, string> = { part: 'A part', labor: 'A labor price', item: 'An item' };
const duplicateMessage = (kind: PriceKind, code?: string) =>
  `${ARTICLE_KIND[kind]} ${code ? `with the code ${code}` : 'with this code'} already exists`;

// Two people saving the same code at the same moment: the unique index answers, with these words.
registerConstraintMessages({
  job_part_prices_code_unique: { message: duplicateMessage('part'), field: 'code' },
  job_labor_prices_code_unique: { message: duplicateMessage('labor'), field: 'code' },
  job_item_prices_code_unique: { message: duplicateMessage('item'), field: 'code' },
  job_part_prices_service_line_service_lines_code_fk: {
    status: 400,
    message: 'Unknown service line',
    field: 'serviceLine',
  },
  job_labor_prices_service_line_service_lines_code_fk: {
    status: 400,
    message: 'Unknown service line',
    field: 'serviceLine',
  },
  job_item_prices_service_line_service_lines_code_fk: {
    status: 400,
    message: 'Unknown service line',
    field: 'serviceLine',
  },
});

/** An import file the parse worker had to stop (time or memory): far past what an import takes. */
export const SPREADSHEET_UNSAFE_MESSAGE = `The spreadsheet could not be read safely: it is too large or too complex to import at once. Split it into smaller files of at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows.`;

export function createPriceBookService({
  repo,
  db,
  settings,
  clock,
  parsing,
}: {
  repo: PriceBookRepo;
  db: Database;
  settings: SettingsRepo;
  clock: () => Date;
  parsing: ParsePool;
}) {
  const notFoundFor = (kind: PriceKind) =>
    notFound(`${PRICE_KIND_LABELS[kind]} price not found. It may have been deleted.`);

  /** A new price, or one moving to another service line, must use an existing, active line. */
  async function checkServiceLine(code: string, current?: string) {
    const line = await repo.serviceLine(code);
    if (!line) throw badRequest(`Unknown service line ${code}`, { serviceLine: `Unknown service line ${code}` });
    if (!line.isActive && code !== current) {
      throw badRequest(`Service line ${code} is inactive; choose an active service line`, {
        serviceLine: `Service line ${code} is inactive`,
      });
    }
  }

  /** The file as a table, read in a parse worker (bounded in time and memory, off the event loop). */
  async function readTable(buffer: Buffer, fileName: string): Promise<SheetTable> {
    try {
      return await parsing.run('spreadsheet', { bytes: buffer, fileName });
    } catch (error) {
      if (error instanceof ParseLimitError) throw badRequest(SPREADSHEET_UNSAFE_MESSAGE);
      throw error;
    }
  }

  async function analyze(exec: Executor, table: SheetTable): Promise<ImportAnalysis> {
    try {
      // Load only the prices the file's codes may change (any kind; the analysis matches kinds).
      const codeColumn = mapHeaders(table.headers).columns.get('code')!;
      const codes = table.rows
        .map((r) => r.cells[codeColumn])
        .filter((c) => c !== null && c !== undefined && String(c).trim() !== '')
        .map((c) => String(c).trim());
      const existing = new Map<string, PriceRecord>();
      for (const kind of PRICE_KINDS) {
        if (codes.length === 0) break;
        for (const record of await repo.findByCodes(kind, codes, exec))
          existing.set(`${kind}:${record.code.toLowerCase()}`, record);
      }
      const serviceLines = await repo.serviceLines(exec);
      return analyzePriceImport(table, {
        existing: (kind, code) => existing.get(`${kind}:${code.toLowerCase()}`),
        serviceLines,
      });
    } catch (error) {
      if (error instanceof ImportFileError) throw badRequest(error.message);
      throw error;
    }
  }

  return {
    async list(query: PriceListQuery) {
      const { page, pageSize, ...filters } = query;
      const { items, total, totalCapped } = await repo.list(filters, page, pageSize);
      return { items, total, totalCapped, page, pageSize };
    },

    async get(kind: PriceKind, id: string): Promise<PriceRecord> {
      const record = await repo.getById(kind, id);
      if (!record) throw notFoundFor(kind);
      return record;
    },

    async create(data: PriceCreate): Promise<PriceRecord> {
      const existing = await repo.findByCode(data.kind, data.code);
      if (existing) {
        const message = duplicateMessage(data.kind, existing.code);
        throw conflict(message, { code: message });
      }
      await checkServiceLine(data.serviceLine);
      let id: string;
      try {
        id = await repo.insert(data);
      } catch (error) {
        // Someone saved the same code between the check above and this insert.
        if (fromDatabaseError(error)?.fields?.code) {
          const message = duplicateMessage(data.kind, data.code);
          throw conflict(message, { code: message });
        }
        throw error;
      }
      return (await repo.getById(data.kind, id))!;
    },

    async update(id: string, data: PriceUpdate): Promise<PriceRecord> {
      const current = await repo.getById(data.kind, id);
      if (!current) throw notFoundFor(data.kind);
      await checkServiceLine(data.serviceLine, current.serviceLine);
      if (!(await repo.update(id, data))) throw notFoundFor(data.kind);
      return (await repo.getById(data.kind, id))!;
    },

    /** Job items keep their own copy of code, name and price, so deleting a price loses no history. */
    async delete(kind: PriceKind, id: string): Promise<void> {
      if (!(await repo.delete(kind, id))) throw notFoundFor(kind);
    },

    async options(): Promise<PriceBookOptions> {
      const [serviceLines, categories] = await Promise.all([repo.serviceLines(), repo.categories()]);
      return { serviceLines, categories };
    },

    /** What an import of this file would do, row by row; writes nothing. */
    async previewImport(buffer: Buffer, fileName: string): Promise<ImportPreview> {
      return previewOf(fileName, await analyze(db, await readTable(buffer, fileName)));
    },

    /**
     * Applies the file's valid rows in one transaction. The file is read and every row checked
     * again here, against the price book as it is now: the preview the browser showed is not trusted.
     */
    async applyImport(buffer: Buffer, fileName: string): Promise<ImportResult> {
      // Read before the transaction: no connection is held while the worker parses.
      const table = await readTable(buffer, fileName);
      return db.transaction(async (tx) => {
        const analysis = await analyze(tx, table);
        const creates = analysis.rows.flatMap((row) => (row.create ? [row.create] : []));
        await repo.insertMany(creates, tx);
        let updated = 0;
        for (const row of analysis.rows) {
          if (!row.update) continue;
          await repo.update(row.update.id, row.update.data, tx);
          updated++;
        }
        const created = creates.length;
        return { fileName, created, updated, unchanged: analysis.counts.unchanged, skipped: analysis.counts.invalid };
      });
    },

    /** The filtered list for the export, read in batches in list order. */
    exportBatches(filters: PriceListFilters) {
      return inBatches<PriceRecord, ExportCursor>(
        (after, limit) => repo.listAfter(filters, after, limit),
        (row) => ({ code: row.code, kind: row.kind, id: row.id }),
        1000,
      );
    },

    async exportFileName(): Promise<string> {
      return exportFileName('price-book', await settings.today(clock()));
    },
  };
}
export type PriceBookService = ReturnType<typeof createPriceBookService>;
