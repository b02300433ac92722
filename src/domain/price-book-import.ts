import { z } from 'zod';
import { formatCents, toCents } from './money.js';
import {
  formatHours,
  PRICE_KIND_LABELS,
  PRICE_KINDS,
  priceCreateBodies,
  priceUpdateBodies,
  priceValuesOf,
  skillLevelLabel,
  type PriceCreate,
  type PriceKind,
  type PriceRecord,
  type PriceUpdate,
  type ServiceLineOption,
  partPriceInputOf,
} from './price-book.js';
import { computePartPrice } from './pricing.js';
import { formatCount } from './numbers.js';

/**
 * Importing a price book from a spreadsheet (.xlsx or .csv with a header row). This file is the
 * pure part: which columns mean what, how a cell becomes a value, and how each row compares with
 * the price book (new, changed, unchanged or invalid, with the reasons). The server reads the file,
 * loads the existing prices and writes the result in one transaction; it runs this same analysis
 * again when applying, so nothing the browser saw in the preview is trusted.
 *
 * Rules:
 * - A row is one price: its Type (Part, Labor or Item) and Code say which; codes match the price
 *   book without regard to case, within the kind (codes are unique per kind).
 * - A blank cell means "not given": an existing price keeps its value, a new one takes the default
 *   (the same defaults as the Add Service Item form). Columns the file does not have count as blank.
 * - A part's unit cost and flat rates always come from the formula; a Unit Cost cell on a part row
 *   is ignored (the preview says so when it differs).
 * - A row with any problem is invalid and skipped; the others are applied.
 */

export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_FILE_BYTES = 5 * 1024 * 1024;

export type ImportField =
  | 'kind'
  | 'code'
  | 'name'
  | 'description'
  | 'serviceLine'
  | 'unitCost'
  | 'partsCost'
  | 'estimatedHours'
  | 'complexityMultiplier'
  | 'laborRate'
  | 'multiTechnician'
  | 'truckFee'
  | 'includeRoofAccess'
  | 'roofAccessFee'
  | 'skillLevel'
  | 'durationHours'
  | 'isOvertime'
  | 'isEmergency'
  | 'category'
  | 'isTaxable';

type ValueType = 'text' | 'money' | 'number' | 'boolean';

/** The columns an import understands, their header as exported, and the other spellings accepted. */
export const IMPORT_COLUMNS: { field: ImportField; header: string; type: ValueType; aliases?: string[] }[] = [
  { field: 'kind', header: 'Type', type: 'text', aliases: ['kind', 'item type', 'price type'] },
  { field: 'code', header: 'Code', type: 'text', aliases: ['item code'] },
  { field: 'name', header: 'Name', type: 'text', aliases: ['item name', 'item'] },
  { field: 'description', header: 'Description', type: 'text' },
  { field: 'serviceLine', header: 'Service Line', type: 'text' },
  { field: 'unitCost', header: 'Unit Cost', type: 'money', aliases: ['price', 'unit price'] },
  { field: 'partsCost', header: 'Parts Cost', type: 'money' },
  { field: 'estimatedHours', header: 'Estimated Hours', type: 'number', aliases: ['hours', 'est hours'] },
  { field: 'complexityMultiplier', header: 'Complexity', type: 'number', aliases: ['complexity multiplier'] },
  { field: 'laborRate', header: 'Labor Rate', type: 'money', aliases: ['labor rate per hour'] },
  {
    field: 'multiTechnician',
    header: 'Multi Technician',
    type: 'boolean',
    aliases: ['multiple technicians', 'multi tech'],
  },
  { field: 'truckFee', header: 'Truck Fee', type: 'money' },
  { field: 'includeRoofAccess', header: 'Roof Access', type: 'boolean', aliases: ['include roof access'] },
  { field: 'roofAccessFee', header: 'Roof Access Fee', type: 'money' },
  { field: 'skillLevel', header: 'Skill Level', type: 'text', aliases: ['skill'] },
  { field: 'durationHours', header: 'Duration Hours', type: 'number', aliases: ['duration'] },
  { field: 'isOvertime', header: 'Overtime', type: 'boolean', aliases: ['is overtime'] },
  { field: 'isEmergency', header: 'Emergency', type: 'boolean', aliases: ['is emergency'] },
  { field: 'category', header: 'Category', type: 'text' },
  { field: 'isTaxable', header: 'Taxable', type: 'boolean', aliases: ['is taxable'] },
];

/** Columns the export writes that an import reads past: they are computed, never taken from a file. */
export const COMPUTED_EXPORT_HEADERS = [
  'Adjusted Labor Rate',
  'Total Base Cost',
  'Flat Rate Non-Contract',
  'Flat Rate PM Contract',
];

const LABELS: Record<ImportField, string> = Object.fromEntries(
  IMPORT_COLUMNS.map((c) => [c.field, c.header]),
) as Record<ImportField, string>;

/** "Service Line", "service_line" and "ServiceLine" are the same header. */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

const HEADER_LOOKUP = new Map<string, ImportField>();
for (const column of IMPORT_COLUMNS) {
  for (const spelling of [column.header, column.field, ...(column.aliases ?? [])])
    HEADER_LOOKUP.set(normalizeHeader(spelling), column.field);
}
const COMPUTED_HEADERS = new Set(COMPUTED_EXPORT_HEADERS.map(normalizeHeader));

export type ImportCell = string | number | boolean | null;

export interface ImportTable {
  /** the header row's cells */
  headers: ImportCell[];
  /** the data rows, each with the row number a person sees in the spreadsheet (header = 1) */
  rows: { rowNumber: number; cells: ImportCell[] }[];
}

export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

export type ImportStatus = 'new' | 'changed' | 'unchanged' | 'invalid';

export interface ImportRowResult {
  rowNumber: number;
  kind: PriceKind | null;
  code: string;
  name: string;
  status: ImportStatus;
  /** why the row is invalid */
  reasons: string[];
  /** what an import changes on an existing price: "Unit cost: $95.00 -> $99.00" */
  changes: string[];
  /** worth knowing, not a problem */
  notes: string[];
  /** the unit cost the price will have (null when invalid) */
  unitCostCents: number | null;
  /** what to write; not sent to the browser */
  create?: PriceCreate;
  update?: { id: string; data: PriceUpdate };
}

export interface ImportAnalysis {
  rows: ImportRowResult[];
  /** header cells that mean nothing to the import */
  ignoredColumns: string[];
  counts: Record<ImportStatus, number>;
}

/** Where the analysis looks up what is already in the price book. */
export interface ImportContext {
  /** the existing price of that kind whose code matches without regard to case */
  existing(kind: PriceKind, code: string): PriceRecord | undefined;
  serviceLines: readonly ServiceLineOption[];
}

// ---------------------------------------------------------------------------------------------
// Cells
// ---------------------------------------------------------------------------------------------

function isBlank(cell: ImportCell | undefined): boolean {
  return cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === '');
}

function cellText(cell: ImportCell): string {
  if (typeof cell === 'boolean') return cell ? 'Yes' : 'No';
  return String(cell).trim();
}

/** Numbers as typed in a spreadsheet: 1234.5, "1,234.50", "$95", " 2 ". Float noise is washed out. */
export function parseNumberCell(cell: ImportCell): number | undefined {
  if (typeof cell === 'number') return Number.isFinite(cell) ? Math.round(cell * 1e6) / 1e6 : undefined;
  if (typeof cell !== 'string') return undefined;
  const text = cell.trim().replace(/^\$/, '').replace(/,/g, '').trim();
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return undefined;
  return Number(text);
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', 't', '1', 'x']);
const FALSE_WORDS = new Set(['no', 'n', 'false', 'f', '0']);

export function parseBooleanCell(cell: ImportCell): boolean | undefined {
  if (typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') return cell === 1 ? true : cell === 0 ? false : undefined;
  if (typeof cell !== 'string') return undefined;
  const word = cell.trim().toLowerCase();
  return TRUE_WORDS.has(word) ? true : FALSE_WORDS.has(word) ? false : undefined;
}

export function parseKindCell(cell: ImportCell): PriceKind | undefined {
  const word = typeof cell === 'string' ? cell.trim().toLowerCase() : '';
  if (word === 'part' || word === 'parts') return 'part';
  if (word === 'labor' || word === 'labour') return 'labor';
  if (word === 'item' || word === 'items' || word === 'other' || word === 'other item') return 'item';
  return undefined;
}

function quoteCell(cell: ImportCell): string {
  const text = cellText(cell);
  return `"${text.length > 40 ? `${text.slice(0, 40)}...` : text}"`;
}

// ---------------------------------------------------------------------------------------------
// The header row
// ---------------------------------------------------------------------------------------------

export function mapHeaders(headers: ImportCell[]): { columns: Map<ImportField, number>; ignored: string[] } {
  const columns = new Map<ImportField, number>();
  const ignored: string[] = [];
  headers.forEach((cell, index) => {
    if (isBlank(cell)) return;
    const text = cellText(cell);
    const key = normalizeHeader(text);
    const field = HEADER_LOOKUP.get(key);
    if (field && !columns.has(field)) columns.set(field, index);
    else if (!COMPUTED_HEADERS.has(key)) ignored.push(text);
  });
  if (!columns.has('kind') || !columns.has('code')) {
    throw new ImportFileError(
      'The first row must be a header row with at least the columns Type and Code (and Name, Description, Service Line and the price columns). Download an export to see the layout.',
    );
  }
  return { columns, ignored };
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

const KIND_FIELDS: Record<PriceKind, ImportField[]> = {
  part: [
    'partsCost',
    'estimatedHours',
    'complexityMultiplier',
    'laborRate',
    'multiTechnician',
    'truckFee',
    'includeRoofAccess',
    'roofAccessFee',
  ],
  labor: ['unitCost', 'skillLevel', 'durationHours', 'isOvertime', 'isEmergency'],
  item: ['unitCost', 'category', 'isTaxable'],
};
const MONEY_FIELDS = new Set<ImportField>(['unitCost', 'partsCost', 'laborRate', 'truckFee', 'roofAccessFee']);
const HOUR_FIELDS = new Set<ImportField>(['estimatedHours', 'durationHours']);

function show(field: ImportField | 'unitCostCents', value: unknown): string {
  if (value === null || value === undefined || value === '') return '(blank)';
  if (field === 'unitCostCents') return formatCents(value as number);
  if (MONEY_FIELDS.has(field as ImportField)) return formatCents(toCents(value as number));
  if (HOUR_FIELDS.has(field as ImportField)) return formatHours(value as number);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (field === 'skillLevel') return skillLevelLabel(value as string);
  return String(value);
}

/** Blank text is the same whether a value holds '' (a form's blank) or null (what is stored). */
const blankAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

function sameValue(field: ImportField, a: unknown, b: unknown): boolean {
  if (MONEY_FIELDS.has(field)) return toCents(a as number) === toCents(b as number);
  if (typeof a === 'number' && typeof b === 'number') return Math.round(a * 100) === Math.round(b * 100);
  return blankAsNull(a) === blankAsNull(b);
}

/** The unit cost a valid row gives its price: a part's from the formula, the others' as typed. */
function unitCostOf(price: PriceCreate | PriceUpdate): number {
  return price.kind === 'part' ? computePartPrice(partPriceInputOf(price)).unitCostCents : toCents(price.unitCost);
}

const isDataRow = (row: ImportTable['rows'][number]) => row.cells.some((cell) => !isBlank(cell));

/** The rows of a table an import counts: those with a cell that is not blank. */
export function importRowCount(table: ImportTable): number {
  return table.rows.filter(isDataRow).length;
}

export const tooManyImportRowsMessage = (rows: number) =>
  `The file has ${formatCount(rows)} rows; at most ${formatCount(IMPORT_MAX_ROWS)} can be imported at once. Split it into smaller files.`;

export function analyzePriceImport(table: ImportTable, context: ImportContext): ImportAnalysis {
  const { columns, ignored } = mapHeaders(table.headers);
  const dataRows = table.rows.filter(isDataRow);
  if (dataRows.length === 0) throw new ImportFileError('The file has no rows to import below its header row');
  if (dataRows.length > IMPORT_MAX_ROWS) throw new ImportFileError(tooManyImportRowsMessage(dataRows.length));
  const linesByCode = new Map(context.serviceLines.map((l) => [l.code.toLowerCase(), l]));
  const linesByName = new Map(context.serviceLines.map((l) => [l.name.toLowerCase(), l]));
  const seen = new Map<string, number>();

  const rows = dataRows.map(({ rowNumber, cells }): ImportRowResult => {
    const cell = (field: ImportField): ImportCell => {
      const index = columns.get(field);
      return index === undefined ? null : (cells[index] ?? null);
    };
    const reasons: string[] = [];
    const notes: string[] = [];
    const rawKind = cell('kind');
    const kind = parseKindCell(rawKind);
    const code = isBlank(cell('code')) ? '' : cellText(cell('code')!);
    const rawName = isBlank(cell('name')) ? '' : cellText(cell('name')!);
    const result = (status: ImportStatus, extra: Partial<ImportRowResult> = {}): ImportRowResult => ({
      rowNumber,
      kind: kind ?? null,
      code,
      name: rawName,
      status,
      reasons,
      changes: [],
      notes,
      unitCostCents: null,
      ...extra,
    });

    if (isBlank(rawKind)) reasons.push('Type is required (Part, Labor or Item)');
    else if (!kind) reasons.push(`Type must be Part, Labor or Item, not ${quoteCell(rawKind)}`);
    if (!code) reasons.push('Code is required');
    if (!kind || !code) return result('invalid');

    const key = `${kind}:${code.toLowerCase()}`;
    const firstRow = seen.get(key);
    if (firstRow !== undefined) {
      reasons.push(
        `The ${PRICE_KIND_LABELS[kind].toLowerCase()} code ${code} is already on row ${firstRow} of this file`,
      );
      return result('invalid');
    }
    seen.set(key, rowNumber);

    const existing = context.existing(kind, code);
    if (existing && existing.code !== code) notes.push(`Matches the existing code ${existing.code}`);

    // The cells this kind uses, read by type; a bad cell is a reason, a blank one is "not given".
    const given: Record<string, unknown> = {};
    const badFields = new Set<string>();
    for (const field of ['name', 'description', 'serviceLine', ...KIND_FIELDS[kind]] as ImportField[]) {
      const value = cell(field);
      if (isBlank(value)) continue;
      const type = IMPORT_COLUMNS.find((c) => c.field === field)!.type;
      if (type === 'text') {
        given[field] = cellText(value);
      } else if (type === 'boolean') {
        const parsed = parseBooleanCell(value);
        if (parsed === undefined) {
          reasons.push(`${LABELS[field]} must be Yes or No, not ${quoteCell(value)}`);
          badFields.add(field);
        } else given[field] = parsed;
      } else {
        const parsed = parseNumberCell(value);
        if (parsed === undefined) {
          reasons.push(`${LABELS[field]} must be a number, not ${quoteCell(value)}`);
          badFields.add(field);
        } else given[field] = parsed;
      }
    }
    if (typeof given.skillLevel === 'string') given.skillLevel = given.skillLevel.toLowerCase();

    if (given.serviceLine !== undefined) {
      const text = String(given.serviceLine).toLowerCase();
      const line = linesByCode.get(text) ?? linesByName.get(text);
      if (!line) {
        reasons.push(`Unknown service line ${quoteCell(given.serviceLine as string)}`);
        badFields.add('serviceLine');
      } else {
        given.serviceLine = line.code;
        if (!line.isActive && (!existing || existing.serviceLine !== line.code))
          reasons.push(`Service line ${line.code} is inactive`);
      }
    }

    if (kind === 'part' && !isBlank(cell('unitCost'))) {
      const typed = parseNumberCell(cell('unitCost'));
      notes.push(
        typed === undefined
          ? 'Unit Cost is ignored for parts: the flat-rate formula sets it'
          : `Unit Cost ${formatCents(toCents(typed))} is ignored for parts: the flat-rate formula sets it`,
      );
    }

    // A new price from the row alone; an existing one from its values with the row's cells over them.
    const parsed = existing
      ? { existing, price: priceUpdateBodies[kind].safeParse({ ...priceValuesOf(existing), ...given }) }
      : { existing: null, price: priceCreateBodies[kind].safeParse({ ...given, code }) };
    if (!parsed.price.success) {
      for (const issue of parsed.price.error.issues) {
        // A cell already reported as unreadable is not reported again as missing.
        if (!badFields.has(String(issue.path[0] ?? '')) && !reasons.includes(issue.message))
          reasons.push(issue.message);
      }
    }
    if (reasons.length > 0 || !parsed.price.success)
      return result('invalid', { name: rawName || existing?.name || '' });

    const price = parsed.price.data;
    const unitCostCents = unitCostOf(price);
    const name = price.name;
    if (parsed.existing === null) {
      return result('new', { name, unitCostCents, create: parsed.price.data });
    }

    const before: Record<string, unknown> = priceValuesOf(parsed.existing);
    const after: Record<string, unknown> = price;
    const changes: string[] = [];
    for (const field of ['name', 'description', 'serviceLine', ...KIND_FIELDS[kind]] as ImportField[]) {
      if (!sameValue(field, before[field], after[field]))
        changes.push(`${LABELS[field]}: ${show(field, before[field])} -> ${show(field, after[field])}`);
    }
    if (kind === 'part' && unitCostCents !== parsed.existing.unitCostCents) {
      changes.push(
        `Unit Cost: ${show('unitCostCents', parsed.existing.unitCostCents)} -> ${show('unitCostCents', unitCostCents)}`,
      );
    }
    if (changes.length === 0) return result('unchanged', { name, unitCostCents });
    return result('changed', {
      name,
      unitCostCents,
      changes,
      update: { id: parsed.existing.id, data: parsed.price.data },
    });
  });

  const counts: Record<ImportStatus, number> = { new: 0, changed: 0, unchanged: 0, invalid: 0 };
  for (const row of rows) counts[row.status]++;
  return { rows, ignoredColumns: ignored, counts };
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const importRowResult = z.object({
  rowNumber: z.number().int(),
  kind: z.enum(PRICE_KINDS).nullable(),
  code: z.string(),
  name: z.string(),
  status: z.enum(['new', 'changed', 'unchanged', 'invalid']),
  reasons: z.array(z.string()),
  changes: z.array(z.string()),
  notes: z.array(z.string()),
  unitCostCents: z.number().int().nullable(),
});

export const importPreview = z.object({
  fileName: z.string(),
  counts: z.object({
    new: z.number().int(),
    changed: z.number().int(),
    unchanged: z.number().int(),
    invalid: z.number().int(),
  }),
  ignoredColumns: z.array(z.string()),
  rows: z.array(importRowResult),
});
export type ImportPreview = z.infer<typeof importPreview>;

export const importResult = z.object({
  fileName: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

/** The preview as the browser gets it: without the write payloads. */
export function previewOf(fileName: string, analysis: ImportAnalysis): ImportPreview {
  return {
    fileName,
    counts: analysis.counts,
    ignoredColumns: analysis.ignoredColumns,
    rows: analysis.rows.map((row) => ({
      rowNumber: row.rowNumber,
      kind: row.kind,
      code: row.code,
      name: row.name,
      status: row.status,
      reasons: row.reasons,
      changes: row.changes,
      notes: row.notes,
      unitCostCents: row.unitCostCents,
    })),
  };
}
