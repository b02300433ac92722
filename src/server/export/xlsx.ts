import { PassThrough } from 'node:stream';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../http/content-disposition.js';

export type CellValue = string | number | boolean | Date | null | undefined;

export interface XlsxColumn<T> {
  header: string;
  /** width in characters */
  width?: number;
  value: (row: T) => CellValue;
  /** Excel number format, e.g. '#,##0.00' for money or 'mm/dd/yyyy' for dates */
  numFmt?: string;
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams a one-sheet .xlsx workbook (header row first) to the client while the rows are read in
 * batches, so a list of 100,000 rows never sits in memory as a whole workbook: each row is
 * committed to the zip stream as soon as it is written, and production waits while the client
 * has not read what was already sent.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  options: { fileName: string; sheetName: string; columns: XlsxColumn<T>[]; batches: AsyncIterable<T[]> },
): Promise<FastifyReply> {
  const output = new PassThrough({ highWaterMark: 1024 * 1024 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(options.sheetName.slice(0, 31));
  sheet.columns = options.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: c.width ?? Math.max(12, c.header.length + 2),
    ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();

  const produce = async () => {
    try {
      for await (const batch of options.batches) {
        for (const row of batch) sheet.addRow(options.columns.map((c) => c.value(row) ?? null)).commit();
        if (output.writableLength > output.writableHighWaterMark) await once(output, 'drain');
      }
      sheet.commit();
      await workbook.commit();
    } catch (error) {
      reply.log.error({ err: error }, 'spreadsheet export failed mid-stream');
      output.destroy(error as Error);
    }
  };

  reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition('attachment', options.fileName))
    .header('cache-control', 'no-store');
  void produce();
  return reply.send(output);
}

/**
 * Reads a list in keyset-paginated batches: `fetch(after, limit)` answers the rows after the
 * cursor (null = from the start), in the list's order.
 */
export async function* inBatches<T, C>(
  fetch: (after: C | null, limit: number) => Promise<T[]>,
  cursorOf: (row: T) => C,
  size = 2000,
): AsyncGenerator<T[]> {
  let after: C | null = null;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < size) return;
    after = cursorOf(rows[rows.length - 1]!);
  }
}

/** "companies-2026-11-22.xlsx" */
export function exportFileName(base: string, today: string): string {
  return `${base}-${today}.xlsx`;
}

/** A sheet of sendXlsxWorkbook: its columns and its rows already turned into cells (see xlsxSheet). */
export interface XlsxSheet {
  name: string;
  columns: Omit<XlsxColumn<unknown>, 'value'>[];
  rows: CellValue[][];
}

/** A sheet from rows of one type and the columns that read them. */
export function xlsxSheet<T>(name: string, columns: XlsxColumn<T>[], rows: readonly T[]): XlsxSheet {
  return {
    name,
    columns: columns.map(({ header, width, numFmt }) => ({ header, width, numFmt })),
    rows: rows.map((row) => columns.map((c) => c.value(row) ?? null)),
  };
}

/**
 * Sends a small workbook of several sheets (a report: a sheet per panel), built in memory; lists
 * of any length go through sendXlsx, which streams.
 */
export async function sendXlsxWorkbook(
  reply: FastifyReply,
  options: { fileName: string; sheets: XlsxSheet[] },
): Promise<FastifyReply> {
  const workbook = new ExcelJS.Workbook();
  for (const s of options.sheets) {
    const sheet = workbook.addWorksheet(s.name.slice(0, 31));
    sheet.columns = s.columns.map((c, i) => ({
      header: c.header,
      key: String(i),
      width: c.width ?? Math.max(12, c.header.length + 2),
      ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of s.rows) sheet.addRow(row);
  }
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return reply
    .header('content-type', XLSX_CONTENT_TYPE)
    .header('content-disposition', contentDisposition('attachment', options.fileName))
    .header('cache-control', 'no-store')
    .send(buffer);
}
