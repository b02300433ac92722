import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { lyingZip } from './lying-zip.test-helper.js';
import {
  checkZipContents,
  checkZipDirectory,
  decodeText,
  detectDelimiter,
  detectSpreadsheet,
  parseCsv,
  readSpreadsheet,
} from './spreadsheet.js';

describe('parseCsv', () => {
  it('reads plain, quoted and empty fields, CRLF and LF', () => {
    expect(parseCsv('a,b,c\r\n1,"two, too",\n"say ""hi""",x,y')).toEqual([
      ['a', 'b', 'c'],
      ['1', 'two, too', ''],
      ['say "hi"', 'x', 'y'],
    ]);
  });

  it('keeps line breaks inside quotes as one record', () => {
    expect(parseCsv('code,description\nA1,"line one\nline two"\n')).toEqual([
      ['code', 'description'],
      ['A1', 'line one\nline two'],
    ]);
  });

  it('does not invent an empty last record for a trailing newline', () => {
    expect(parseCsv('a,b\n1,2\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses a quote that is never closed, naming the line', () => {
    expect(() => parseCsv('a,b\n1,"oops\n2,3')).toThrow(/never closed \(the record starting on line 2\)/);
  });

  it('detects semicolon and tab delimiters from the header line', () => {
    expect(detectDelimiter('type;code;name\n')).toBe(';');
    expect(detectDelimiter('type\tcode\tname')).toBe('\t');
    expect(detectDelimiter('type,code;x')).toBe(',');
    expect(parseCsv('a;b\n1,5;2')).toEqual([
      ['a', 'b'],
      ['1,5', '2'],
    ]);
  });
});

describe('decodeText', () => {
  it('reads UTF-8 and falls back to Windows-1252 (Excel "CSV" on Windows)', () => {
    expect(decodeText(Buffer.from('Ø 3/4" fitting', 'utf8'))).toBe('Ø 3/4" fitting');
    expect(decodeText(Buffer.from([0x31, 0xbd, 0x20, 0x48, 0x50]))).toBe('1½ HP');
  });
});

describe('detectSpreadsheet', () => {
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from([0, 1, 2, 3, 0xff, 0])]);
  const code = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      return error instanceof AppError ? `${error.statusCode} ${error.message}` : String(error);
    }
    return 'ok';
  };

  it('goes by content: a zip named .xlsx, text named .csv', () => {
    expect(detectSpreadsheet(zip, 'book.XLSX')).toBe('xlsx');
    expect(detectSpreadsheet(Buffer.from('type,code\n'), 'book.csv')).toBe('csv');
  });

  it('refuses a PDF named .xlsx or .csv, an old .xls, other names and empty files', () => {
    expect(code(() => detectSpreadsheet(pdf, 'prices.xlsx'))).toMatch(
      /^415 The file is named .xlsx but is not an Excel spreadsheet/,
    );
    expect(code(() => detectSpreadsheet(pdf, 'prices.csv'))).toMatch(/^415 The file is named .csv but is not text/);
    expect(code(() => detectSpreadsheet(zip, 'prices.csv'))).toMatch(/^415/);
    expect(
      code(() => detectSpreadsheet(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]), 'old.xls')),
    ).toMatch(/old Excel \(.xls\)/);
    expect(code(() => detectSpreadsheet(Buffer.from('hello'), 'notes.pdf'))).toMatch(
      /^415 The file is not a spreadsheet/,
    );
    expect(code(() => detectSpreadsheet(Buffer.alloc(0), 'x.csv'))).toBe('400 The file is empty');
  });
});

describe('checkZipDirectory', () => {
  it('refuses a zip whose declared contents unpack to more than 50 MB', () => {
    // a one-entry central directory declaring 200 MB, then the end-of-directory record
    const name = Buffer.from('xl/sheet1.xml');
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt32LE(200 * 1024 * 1024, 24);
    entry.writeUInt16LE(name.length, 28);
    const eocd = Buffer.alloc(22);
    eocd.writeUInt32LE(0x06054b50, 0);
    eocd.writeUInt16LE(1, 10);
    eocd.writeUInt32LE(46 + name.length, 12);
    eocd.writeUInt32LE(0, 16);
    expect(() => checkZipDirectory(Buffer.concat([entry, name, eocd]))).toThrow(/too large to import once unpacked/);
  });

  it('refuses a zip that declares 1 KB but really unpacks to more than 50 MB, counting inflated bytes', async () => {
    const zip = await lyingZip(60 * 1024 * 1024, 1024);
    expect(() => checkZipDirectory(zip)).not.toThrow();
    await expect(checkZipContents(zip)).rejects.toThrow(/too large to import once unpacked \(over 50 MB/);
    await expect(checkZipContents(await lyingZip(2 * 1024 * 1024, 1024))).resolves.toBeUndefined();
  });

  it('refuses a truncated zip', () => {
    expect(() => checkZipDirectory(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]))).toThrow(/damaged or incomplete/);
  });
});

describe('readSpreadsheet', () => {
  it('reads the first sheet of an .xlsx: numbers, booleans, formulas, rich text; skips empty rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Prices');
    sheet.addRow(['Type', 'Code', 'Unit Cost', 'Taxable']);
    sheet.addRow(['Item', 'ITM-1', 12.5, true]);
    sheet.addRow([]);
    sheet.addRow(['Labor', { richText: [{ text: 'LAB-' }, { text: '9' }] }, { formula: '40*2', result: 80 }, null]);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const table = await readSpreadsheet(buffer, 'prices.xlsx');
    expect(table.headers).toEqual(['Type', 'Code', 'Unit Cost', 'Taxable']);
    expect(table.rows).toEqual([
      { rowNumber: 2, cells: ['Item', 'ITM-1', 12.5, true] },
      { rowNumber: 4, cells: ['Labor', 'LAB-9', 80] },
    ]);
  });

  it('reads a CSV with a BOM, numbering rows as a spreadsheet shows them', async () => {
    const table = await readSpreadsheet(Buffer.from('\uFEFFType,Code\nItem,A\n\nPart,B\n'), 'p.csv');
    expect(table.headers).toEqual(['Type', 'Code']);
    expect(table.rows).toEqual([
      { rowNumber: 2, cells: ['Item', 'A'] },
      { rowNumber: 3, cells: [''] },
      { rowNumber: 4, cells: ['Part', 'B'] },
    ]);
  });

  it('refuses a zip that is not a workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('x');
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    // damage the bytes after the first header: still a zip signature, no longer a workbook
    const damaged = Buffer.concat([buffer.subarray(0, 30), Buffer.alloc(200, 7), buffer.subarray(buffer.length - 400)]);
    await expect(readSpreadsheet(damaged, 'x.xlsx')).rejects.toThrow(AppError);
  });
});
