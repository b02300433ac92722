/**
 * CSV (RFC 4180) for the full data export (decision 050): one value per cell exactly as the
 * database holds it, so the files can be loaded back into another system. A cell is quoted when
 * it holds a quote, a comma, a line break or leading or trailing spaces; lines end with CRLF.
 * Values are not escaped against spreadsheet formulas (a leading "=" stays): this is a copy of the
 * data, not a report, and a changed value could not be loaded back.
 */

/** A byte order mark first, so Excel opens the UTF-8 file with its accents intact. */
export const CSV_BOM = '\ufeff';

/** The text of one value: dates as ISO 8601 (UTC), JSON and arrays as JSON, nothing for null. */
export function csvValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function csvCell(value: unknown): string {
  const text = csvValue(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, with its CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
