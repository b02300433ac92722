import { createInflateRaw } from 'node:zlib';
import ExcelJS from 'exceljs';
import { AppError, badRequest } from '../errors.js';

/**
 * Reads an uploaded spreadsheet (.xlsx or .csv) into a header row and data rows of plain cells.
 * The content decides what the file is, not its name: an .xlsx must be a zip archive, a .csv must
 * be text; anything else (a PDF or an image renamed, an old .xls) is refused with a message a
 * person can act on. Shared by every import (the price book is the first).
 */

export type SheetCell = string | number | boolean | null;
export interface SheetTable {
  headers: SheetCell[];
  rows: { rowNumber: number; cells: SheetCell[] }[];
}

/**
 * Unpacked size we accept for an .xlsx, counted over the bytes actually inflated (a 2 MB zip can
 * declare small sizes and still unpack to gigabytes). 50 MB of XML is far more than the import's
 * row limit needs.
 */
export const MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
const MAX_ZIP_ENTRIES = 2000;
const TOO_LARGE_UNPACKED = `The spreadsheet is too large to import once unpacked (over ${MAX_UNPACKED_BYTES / 1024 / 1024} MB of data). Split it into smaller files.`;
const DAMAGED_ZIP = 'The .xlsx file is damaged or incomplete. Save it again and retry.';

const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);
const NOT_A_SPREADSHEET = 'The file is not a spreadsheet. Choose an .xlsx or .csv file with a header row.';

export type SpreadsheetKind = 'xlsx' | 'csv';

function startsWith(buffer: Buffer, bytes: number[]): boolean {
  return buffer.length >= bytes.length && bytes.every((b, i) => buffer[i] === b);
}

/** What the bytes are, checked against what the name says. */
export function detectSpreadsheet(buffer: Buffer, fileName: string): SpreadsheetKind {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  if (buffer.length === 0) throw badRequest('The file is empty');
  const isZip = startsWith(buffer, [0x50, 0x4b, 0x03, 0x04]);
  if (startsWith(buffer, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    throw unsupported('This is an old Excel (.xls) file. Save it as .xlsx or .csv and try again.');
  }
  if (extension === 'xlsx') {
    if (!isZip)
      throw unsupported(
        'The file is named .xlsx but is not an Excel spreadsheet. Choose an .xlsx or .csv file with a header row.',
      );
    return 'xlsx';
  }
  if (extension === 'csv' || extension === 'txt') {
    if (isZip || !looksLikeText(buffer))
      throw unsupported('The file is named .csv but is not text. Choose an .xlsx or .csv file with a header row.');
    return 'csv';
  }
  throw unsupported(NOT_A_SPREADSHEET);
}

/** Text has no NUL bytes and (almost) no other control characters. */
function looksLikeText(buffer: Buffer): boolean {
  let controls = 0;
  const sample = buffer.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) controls++;
  }
  return controls <= sample.length / 1000;
}

interface ZipEntry {
  method: number;
  compressedSize: number;
  declaredSize: number;
  localHeaderOffset: number;
}

/** The entries of a zip's central directory; throws on a damaged directory. */
function zipEntries(buffer: Buffer): ZipEntry[] {
  const eocdSignature = 0x06054b50;
  let eocd = -1;
  for (let i = buffer.length - 22; i >= Math.max(0, buffer.length - 22 - 65535); i--) {
    if (buffer.readUInt32LE(i) === eocdSignature) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw badRequest(DAMAGED_ZIP);
  const count = buffer.readUInt16LE(eocd + 10);
  const directoryOffset = buffer.readUInt32LE(eocd + 16);
  if (count > MAX_ZIP_ENTRIES) throw badRequest('The .xlsx file has too many parts to be a spreadsheet.');
  const entries: ZipEntry[] = [];
  let offset = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (offset + 46 > buffer.length || buffer.readUInt32LE(offset) !== 0x02014b50) throw badRequest(DAMAGED_ZIP);
    entries.push({
      method: buffer.readUInt16LE(offset + 10),
      compressedSize: buffer.readUInt32LE(offset + 20),
      declaredSize: buffer.readUInt32LE(offset + 24),
      localHeaderOffset: buffer.readUInt32LE(offset + 42),
    });
    offset +=
      46 + buffer.readUInt16LE(offset + 28) + buffer.readUInt16LE(offset + 30) + buffer.readUInt16LE(offset + 32);
  }
  return entries;
}

/**
 * Checks an .xlsx's zip directory before unpacking: the sizes it declares must stay under the cap
 * (the unpacker allocates for them).
 */
export function checkZipDirectory(buffer: Buffer): void {
  let total = 0;
  for (const entry of zipEntries(buffer)) {
    if (entry.declaredSize === 0xffffffff) throw badRequest(TOO_LARGE_UNPACKED);
    total += entry.declaredSize;
  }
  if (total > MAX_UNPACKED_BYTES) throw badRequest(TOO_LARGE_UNPACKED);
}

/** Inflates one deflated entry, discarding the output, and returns its real size; stops past `budget`. */
function inflatedSize(compressed: Buffer, budget: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let size = 0;
    let settled = false;
    const finish = (error: Error | null) => {
      if (settled) return;
      settled = true;
      if (error) reject(error);
      else resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        inflate.destroy();
        finish(badRequest(TOO_LARGE_UNPACKED));
      }
    });
    inflate.on('end', () => finish(null));
    inflate.on('error', () => finish(badRequest(DAMAGED_ZIP)));
    inflate.end(compressed);
  });
}

/**
 * Unpacks every entry of an .xlsx once, counting the bytes it really inflates to and keeping
 * none of them, and refuses the file when the total passes MAX_UNPACKED_BYTES, whatever sizes the
 * zip declares. Memory stays bounded (one 64 KB chunk at a time); only a file that passes is
 * handed to the spreadsheet reader.
 */
export async function checkZipContents(buffer: Buffer): Promise<void> {
  checkZipDirectory(buffer);
  let total = 0;
  for (const entry of zipEntries(buffer)) {
    const header = entry.localHeaderOffset;
    if (header + 30 > buffer.length || buffer.readUInt32LE(header) !== 0x04034b50) throw badRequest(DAMAGED_ZIP);
    const dataStart = header + 30 + buffer.readUInt16LE(header + 26) + buffer.readUInt16LE(header + 28);
    const data = buffer.subarray(dataStart, Math.min(buffer.length, dataStart + entry.compressedSize));
    if (entry.method === 0) total += data.length;
    else if (entry.method === 8) total += await inflatedSize(data, MAX_UNPACKED_BYTES - total);
    else throw badRequest(DAMAGED_ZIP);
    if (total > MAX_UNPACKED_BYTES) throw badRequest(TOO_LARGE_UNPACKED);
  }
}

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

/** UTF-8 (with or without BOM); files Excel saved as "CSV" on Windows are Windows-1252. */
export function decodeText(buffer: Buffer): string {
  if (startsWith(buffer, [0xff, 0xfe]) || startsWith(buffer, [0xfe, 0xff])) {
    throw unsupported('The file is UTF-16 text. Save it as "CSV UTF-8" or .xlsx and try again.');
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    return new TextDecoder('windows-1252').decode(buffer);
  }
}

/**
 * RFC 4180 CSV: fields separated by the delimiter, quoted fields may hold the delimiter, line breaks
 * and doubled quotes. A small parser of our own (about 40 lines, fully tested) rather than a
 * dependency: the format is tiny and the edge cases that matter are tested in spreadsheet.test.ts.
 */
export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  let recordStartLine = 1;
  let line = 1;
  while (i < text.length) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === delimiter) {
      record.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
      line++;
      recordStartLine = line;
    } else {
      field += c;
      i++;
    }
  }
  if (quoted)
    throw badRequest(`The CSV file has a quote that is never closed (the record starting on line ${recordStartLine}).`);
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** Comma, unless the first line clearly uses semicolons (European Excel) or tabs. */
export function detectDelimiter(text: string): string {
  const first = text.slice(0, text.search(/\r|\n/) === -1 ? text.length : text.search(/\r|\n/));
  const count = (ch: string) => first.split(ch).length - 1;
  const commas = count(',');
  if (count(';') > commas) return ';';
  if (count('\t') > commas) return '\t';
  return ',';
}

function tableFromRecords(records: SheetCell[][], rowNumbers: number[]): SheetTable {
  const headerIndex = records.findIndex((r) => r.some((c) => c !== null && String(c).trim() !== ''));
  if (headerIndex < 0) throw badRequest('The file is empty: it needs a header row and at least one row to import.');
  return {
    headers: records[headerIndex]!,
    rows: records.slice(headerIndex + 1).map((cells, i) => ({ rowNumber: rowNumbers[headerIndex + 1 + i]!, cells })),
  };
}

// ---------------------------------------------------------------------------------------------
// XLSX
// ---------------------------------------------------------------------------------------------

/** An exceljs cell value as a plain cell: formulas give their result, rich text its text. */
function plainCell(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('formula' in value || 'sharedFormula' in value)
      return plainCell((value as { result?: ExcelJS.CellValue }).result ?? null);
    if ('hyperlink' in value) return plainCell((value as { text?: ExcelJS.CellValue }).text ?? null);
    if ('error' in value) return String((value as { error: string }).error);
  }
  return String(value);
}

async function readXlsx(buffer: Buffer): Promise<SheetTable> {
  await checkZipContents(buffer);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  } catch {
    throw unsupported(
      'The file could not be read as an .xlsx spreadsheet. Open it in Excel, save it as .xlsx or .csv, and try again.',
    );
  }
  const sheet = workbook.worksheets.find((ws) => ws.rowCount > 0) ?? workbook.worksheets[0];
  if (!sheet) throw badRequest('The spreadsheet has no sheets.');
  const records: SheetCell[][] = [];
  const rowNumbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: SheetCell[] = [];
    for (let col = 1; col <= row.cellCount; col++) cells.push(plainCell(row.getCell(col).value));
    records.push(cells);
    rowNumbers.push(rowNumber);
  });
  return tableFromRecords(records, rowNumbers);
}

/** The spreadsheet's first sheet (xlsx) or its records (csv), header row first. */
export async function readSpreadsheet(buffer: Buffer, fileName: string): Promise<SheetTable> {
  const kind = detectSpreadsheet(buffer, fileName);
  if (kind === 'xlsx') return readXlsx(buffer);
  const records = parseCsv(decodeText(buffer).replace(/^\uFEFF/, ''));
  return tableFromRecords(
    records,
    records.map((_, i) => i + 1),
  );
}
