/**
 * The full data export (issue 31, decision 050): every table of the export plan as a CSV file and
 * every stored file (templates, quote and invoice PDFs, inspection photos) in one zip, written
 * while it downloads. Memory stays bounded by one batch of rows and one stored file (at most
 * 25 MB, the stored_files limit): rows are read in keyset batches, each CSV is a stream the zip
 * pulls from, and an entry is queued only when the one before it has been written, so a slow
 * client slows the reading instead of filling memory.
 */
import { Readable } from 'node:stream';
import archiver from 'archiver';
import type { Database } from '../../db/client.js';
import { CSV_BOM, csvLine } from '../../export/csv.js';
import type { FileStorage } from '../../storage/storage.js';
import { createDataExportRepo, type DataExportRepo, type ExportRow } from './data-export.repo.js';
import { exportTables, omittedColumns, skippedTables, type ExportTable } from './export-plan.js';

export const EXPORT_BATCH_SIZE = 1000;
const STORED_FILES = 'stored_files';

interface ExportLog {
  error(details: object, message: string): void;
}

/** Where a stored file goes in the zip: files/<purpose>/<id>-<name>, in plain ASCII. */
export function storedFilePath(file: { id: unknown; purpose: unknown; file_name: unknown }): string {
  const safe = (text: string, fallback: string) =>
    text
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-120) || fallback;
  return `files/${safe(String(file.purpose), 'other')}/${String(file.id)}-${safe(String(file.file_name), 'file')}`;
}

/** "company-data-2026-11-29.zip" */
export const dataExportFileName = (today: string): string => `company-data-${today}.zip`;

function readme(exportedAt: Date, tables: readonly ExportTable[]): string {
  const lines = [
    'Company data export',
    `Exported at ${exportedAt.toISOString()} (UTC).`,
    '',
    'One CSV file per table (UTF-8, comma separated, RFC 4180), named after the table; the first',
    'line names the columns as the database does. Times are ISO 8601 in UTC, money is a decimal',
    "amount, JSON columns and lists are JSON. Rows refer to each other by id (a job's location_id",
    'is a row of locations.csv). manifest.json, written last, counts the rows of each file.',
    '',
    'files/ holds every stored file (PDF templates, sent quotes and invoices, inspection photos);',
    "stored_files.csv lists them, and its zip_path column is each file's place in this zip.",
    '',
    `Tables: ${tables.map((t) => t.name).join(', ')}.`,
    '',
    'Left out on purpose (secrets and machine state):',
    ...skippedTables().map((t) => `- ${t.name}: ${t.why}`),
    ...omittedColumns().map((c) => `- ${c.table}.${c.columns.join(', ')}: ${c.why}`),
    '- search_text columns: copies of other columns kept for searching',
    '- totals and counters kept by the database from the tables above',
    '',
  ];
  return lines.join('\r\n');
}

/** Resolves when the archive has written the entry (archiver writes entries one after another). */
function appendEntry(
  archive: archiver.Archiver,
  source: Readable | Buffer | string,
  name: string,
  date: Date,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      archive.off('close', onClose);
    };
    const onEntry = (entry: archiver.EntryData) => {
      if (entry.name !== name) return;
      cleanup();
      resolve();
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onClose = () => {
      cleanup();
      reject(new Error('the export was closed before it was written (the client went away)'));
    };
    archive.on('entry', onEntry);
    archive.on('error', onError);
    archive.on('close', onClose);
    archive.append(source, { name, date });
  });
}

export function createDataExportService(deps: {
  db: Database;
  storage: FileStorage;
  clock: () => Date;
  repo?: DataExportRepo;
  batchSize?: number;
}) {
  const repo = deps.repo ?? createDataExportRepo(deps.db);
  const batchSize = deps.batchSize ?? EXPORT_BATCH_SIZE;

  /** Every row of the table, a batch at a time, after the last row's key. */
  async function* rowsOf(table: ExportTable): AsyncGenerator<ExportRow[]> {
    let cursor: unknown[] | null = null;
    for (;;) {
      const rows = await repo.batch(table, cursor, batchSize);
      if (rows.length === 0) return;
      yield rows;
      if (rows.length < batchSize) return;
      const last = rows[rows.length - 1]!;
      cursor = table.keys.map((key) => last[key.name]);
    }
  }

  return {
    /**
     * The zip as a stream. Production starts when the stream is read; a failure half-way logs and
     * destroys the stream, so the client sees a broken download, never a short file that looks whole.
     */
    archive(log: ExportLog): Readable {
      const exportedAt = deps.clock();
      const tables = exportTables();
      const archive = archiver('zip', { zlib: { level: 6 } });
      const counts: Record<string, number> = {};

      const csvOf = (table: ExportTable) => {
        const withPath = table.name === STORED_FILES;
        const header = [...table.columns.map((c) => c.name), ...(withPath ? ['zip_path'] : [])];
        counts[table.name] = 0;
        return Readable.from(
          (async function* () {
            yield CSV_BOM + csvLine(header);
            for await (const rows of rowsOf(table)) {
              counts[table.name] = (counts[table.name] ?? 0) + rows.length;
              yield rows
                .map((row) =>
                  csvLine([
                    ...table.columns.map((c) => row[c.name]),
                    ...(withPath
                      ? [storedFilePath({ id: row.id, purpose: row.purpose, file_name: row.file_name })]
                      : []),
                  ]),
                )
                .join('');
            }
          })(),
          { objectMode: false },
        );
      };

      const produce = async () => {
        await appendEntry(archive, readme(exportedAt, tables), 'README.txt', exportedAt);
        for (const table of tables) await appendEntry(archive, csvOf(table), `${table.name}.csv`, exportedAt);
        let files = 0;
        const storedFiles = tables.find((t) => t.name === STORED_FILES);
        if (storedFiles) {
          for await (const rows of rowsOf(storedFiles)) {
            for (const row of rows) {
              // One file in memory at a time (read whole: a stored file is at most 25 MB).
              const file = await deps.storage.get(deps.db, String(row.id));
              if (!file) continue; // deleted since its row was listed
              await appendEntry(
                archive,
                file.bytes,
                storedFilePath({ id: row.id, purpose: row.purpose, file_name: row.file_name }),
                exportedAt,
              );
              files += 1;
            }
          }
        }
        const manifest = { exportedAt: exportedAt.toISOString(), tables: counts, files };
        await appendEntry(archive, JSON.stringify(manifest, null, 2), 'manifest.json', exportedAt);
        await archive.finalize();
      };

      archive.on('warning', (error: Error) => log.error({ err: error }, 'data export warning'));
      void produce().catch((error: unknown) => {
        log.error({ err: error }, 'data export failed mid-stream');
        archive.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return archive;
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
