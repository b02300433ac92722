import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { isUuidV4 } from '../../../domain/ids.js';
import { IMPORT_MAX_FILE_BYTES, importPreview, importResult } from '../../../domain/price-book-import.js';
import { allow } from '../../../domain/policy.js';
import {
  PRICE_KIND_LABELS,
  PRICE_KIND_SEGMENTS,
  PRICE_KINDS,
  priceBookOptions,
  priceCreateBodies,
  priceList,
  priceListFilters,
  priceListQuery,
  priceRecord,
  priceUpdateBodies,
  skillLevelLabel,
  type PriceRecord,
} from '../../../domain/price-book.js';
import { badRequest } from '../../errors.js';
import { sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import { readMultipart, registerUploads } from '../../plugins/uploads.js';
import type { PriceBookService } from './price-book.service.js';

const idParams = z.object({ id: z.string().refine(isUuidV4, 'Invalid price item id') });
const editors = allow('priceBook.edit');
const MONEY = '#,##0.00';
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const dollars = (cents: number) => cents / 100;

/** The export's columns: everything an import reads back (same headers), plus the computed figures. */
const EXPORT_COLUMNS: XlsxColumn<PriceRecord>[] = [
  { header: 'Type', width: 8, value: (r) => PRICE_KIND_LABELS[r.kind] },
  { header: 'Code', width: 18, value: (r) => r.code },
  { header: 'Name', width: 36, value: (r) => r.name },
  { header: 'Description', width: 40, value: (r) => r.description },
  { header: 'Service Line', width: 13, value: (r) => r.serviceLine },
  { header: 'Unit Cost', width: 12, numFmt: MONEY, value: (r) => dollars(r.unitCostCents) },
  {
    header: 'Parts Cost',
    width: 12,
    numFmt: MONEY,
    value: (r) => (r.kind === 'part' ? dollars(r.partsCostCents) : null),
  },
  { header: 'Estimated Hours', width: 10, value: (r) => (r.kind === 'part' ? r.estimatedHours : null) },
  { header: 'Complexity', width: 10, value: (r) => (r.kind === 'part' ? r.complexityMultiplier : null) },
  {
    header: 'Labor Rate',
    width: 11,
    numFmt: MONEY,
    value: (r) => (r.kind === 'part' ? dollars(r.laborRateCents) : null),
  },
  { header: 'Multi Technician', width: 10, value: (r) => (r.kind === 'part' ? yesNo(r.multiTechnician) : null) },
  {
    header: 'Truck Fee',
    width: 11,
    numFmt: MONEY,
    value: (r) => (r.kind === 'part' ? dollars(r.truckFeeCents) : null),
  },
  { header: 'Roof Access', width: 10, value: (r) => (r.kind === 'part' ? yesNo(r.includeRoofAccess) : null) },
  {
    header: 'Roof Access Fee',
    width: 12,
    numFmt: MONEY,
    value: (r) => (r.kind === 'part' ? dollars(r.roofAccessFeeCents) : null),
  },
  {
    header: 'Adjusted Labor Rate',
    width: 12,
    numFmt: MONEY,
    value: (r) => (r.kind === 'part' ? dollars(r.adjustedLaborCostCents) : null),
  },
  {
    header: 'Total Base Cost',
    width: 12,
    numFmt: MONEY,
    value: (r) => (r.kind === 'part' ? dollars(r.totalBaseCostCents) : null),
  },
  {
    header: 'Flat Rate Non-Contract',
    width: 14,
    numFmt: MONEY,
    value: (r) => (r.kind === 'part' ? dollars(r.flatRateNonContractCents) : null),
  },
  {
    header: 'Flat Rate PM Contract',
    width: 14,
    numFmt: MONEY,
    value: (r) => (r.kind === 'part' ? dollars(r.flatRatePmContractCents) : null),
  },
  { header: 'Skill Level', width: 10, value: (r) => (r.kind === 'labor' ? skillLevelLabel(r.skillLevel) : null) },
  { header: 'Duration Hours', width: 10, value: (r) => (r.kind === 'labor' ? r.durationHours : null) },
  { header: 'Overtime', width: 9, value: (r) => (r.kind === 'labor' ? yesNo(r.isOvertime) : null) },
  { header: 'Emergency', width: 9, value: (r) => (r.kind === 'labor' ? yesNo(r.isEmergency) : null) },
  { header: 'Category', width: 16, value: (r) => (r.kind === 'item' ? r.category : null) },
  { header: 'Taxable', width: 8, value: (r) => (r.kind === 'item' ? yesNo(r.isTaxable) : null) },
];

/** One example of each kind, for the import template. */
const TEMPLATE_ROWS: PriceRecord[] = [
  {
    kind: 'part',
    id: '',
    code: 'CAP-45-5',
    name: 'Dual run capacitor 45/5 MFD',
    description: 'Replaced on a condensing unit',
    serviceLine: 'HVACGEN',
    serviceLineName: null,
    unitCostCents: 0,
    partsCostCents: 3800,
    estimatedHours: 0.5,
    complexityMultiplier: 1,
    laborRateCents: 6000,
    multiTechnician: false,
    adjustedLaborCostCents: 0,
    truckFeeCents: 1000,
    includeRoofAccess: true,
    roofAccessFeeCents: 7500,
    totalBaseCostCents: 0,
    flatRateNonContractCents: 0,
    flatRatePmContractCents: 0,
  },
  {
    kind: 'labor',
    id: '',
    code: 'LAB-STD',
    name: 'Standard labor (per hour)',
    description: null,
    serviceLine: 'HVACGEN',
    serviceLineName: null,
    unitCostCents: 9500,
    skillLevel: 'standard',
    durationHours: 1,
    isOvertime: false,
    isEmergency: false,
  },
  {
    kind: 'item',
    id: '',
    code: 'ITM-TRIP',
    name: 'Trip charge',
    description: null,
    serviceLine: 'HVACGEN',
    serviceLineName: null,
    unitCostCents: 4500,
    category: 'Fees',
    isTaxable: false,
  },
];
const TEMPLATE_COLUMNS = EXPORT_COLUMNS.filter(
  (c) =>
    !['Adjusted Labor Rate', 'Total Base Cost', 'Flat Rate Non-Contract', 'Flat Rate PM Contract'].includes(c.header),
).map((c) =>
  c.header === 'Unit Cost'
    ? { ...c, value: (r: PriceRecord) => (r.kind === 'part' ? null : dollars(r.unitCostCents)) }
    : c,
);

async function* once<T>(rows: T[]): AsyncGenerator<T[]> {
  yield rows;
}

/** The one uploaded file of a multipart request, size-checked. */
async function readUpload(request: FastifyRequest): Promise<{ buffer: Buffer; fileName: string }> {
  const { files } = await readMultipart(request, {
    notMultipart: 'Send the spreadsheet as a multipart/form-data upload in a field named "file"',
    tooLarge: `The file is larger than ${IMPORT_MAX_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files and import each.`,
    tooManyFiles: 'Import one spreadsheet at a time',
  });
  const part = files[0];
  if (!part) throw badRequest('Choose a spreadsheet to import');
  return { buffer: part.bytes, fileName: part.fileName || 'spreadsheet' };
}

export async function priceBookRoutes(app: FastifyInstance, { priceBook }: { priceBook: PriceBookService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/price-book', {
    schema: {
      tags: ['price book'],
      summary:
        'Parts, labor and items in one list: search on code or name, type and service line filters, ordered by code',
      querystring: priceListQuery,
      response: { 200: priceList, 400: apiErrorBody },
    },
    handler: async (request) => priceBook.list(request.query),
  });

  r.get('/api/price-book/options', {
    schema: {
      tags: ['price book'],
      summary: 'Service lines and item categories for the filters and forms',
      response: { 200: priceBookOptions },
    },
    handler: async () => priceBook.options(),
  });

  r.get('/api/price-book/export', {
    schema: {
      tags: ['price book'],
      summary: 'The filtered list as an .xlsx file (all pages), readable by the import',
      querystring: priceListFilters,
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: await priceBook.exportFileName(),
        sheetName: 'Price Book',
        columns: EXPORT_COLUMNS,
        batches: priceBook.exportBatches(request.query),
      }),
  });

  r.get('/api/price-book/import/template', {
    schema: { tags: ['price book'], summary: 'An .xlsx with the import columns and one example row of each kind' },
    handler: async (_request, reply) =>
      sendXlsx(reply, {
        fileName: 'price-book-import-template.xlsx',
        sheetName: 'Price Book',
        columns: TEMPLATE_COLUMNS,
        batches: once(TEMPLATE_ROWS),
      }),
  });

  for (const kind of PRICE_KINDS) {
    const path = `/api/price-book/${PRICE_KIND_SEGMENTS[kind]}`;
    const label = PRICE_KIND_LABELS[kind].toLowerCase();

    r.post(path, {
      config: editors,
      schema: {
        tags: ['price book'],
        summary: `Add a ${label} price (admin and manager)`,
        body: priceCreateBodies[kind],
        response: { 201: priceRecord, 400: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody },
      },
      handler: async (request, reply) => {
        const record = await priceBook.create(request.body);
        return reply.status(201).send(record);
      },
    });

    r.get(`${path}/:id`, {
      schema: {
        tags: ['price book'],
        summary: `One ${label} price`,
        params: idParams,
        response: { 200: priceRecord, 400: apiErrorBody, 404: apiErrorBody },
      },
      handler: async (request) => priceBook.get(kind, request.params.id),
    });

    r.put(`${path}/:id`, {
      config: editors,
      schema: {
        tags: ['price book'],
        summary: `Edit a ${label} price: every field but the code (admin and manager)`,
        params: idParams,
        body: priceUpdateBodies[kind],
        response: { 200: priceRecord, 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
      },
      handler: async (request) => priceBook.update(request.params.id, request.body),
    });

    r.delete(`${path}/:id`, {
      config: editors,
      schema: {
        tags: ['price book'],
        summary: `Delete a ${label} price (admin and manager)`,
        params: idParams,
        response: { 204: z.null(), 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody },
      },
      handler: async (request, reply) => {
        await priceBook.delete(kind, request.params.id);
        return reply.status(204).send(null);
      },
    });
  }

  // Uploads: multipart is registered only for these two routes, with the import's size limit.
  await app.register(async (scope) => {
    await registerUploads(scope, { fileSize: IMPORT_MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 });
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post('/api/price-book/import/preview', {
      config: editors,
      schema: {
        tags: ['price book'],
        summary:
          'Check a spreadsheet (.xlsx or .csv, header row first): each row as new, changed, unchanged or invalid with the reasons. Writes nothing.',
        consumes: ['multipart/form-data'],
        response: { 200: importPreview, 400: apiErrorBody, 403: apiErrorBody, 413: apiErrorBody, 415: apiErrorBody },
      },
      handler: async (request) => {
        const { buffer, fileName } = await readUpload(request);
        return priceBook.previewImport(buffer, fileName);
      },
    });

    s.post('/api/price-book/import', {
      config: editors,
      schema: {
        tags: ['price book'],
        summary:
          'Import a spreadsheet: the valid rows are applied in one transaction after checking every row again; invalid rows are skipped',
        consumes: ['multipart/form-data'],
        response: {
          200: importResult,
          400: apiErrorBody,
          403: apiErrorBody,
          409: apiErrorBody,
          413: apiErrorBody,
          415: apiErrorBody,
        },
      },
      handler: async (request) => {
        const { buffer, fileName } = await readUpload(request);
        return priceBook.applyImport(buffer, fileName);
      },
    });
  });
}
