import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody, paginated } from '../../../domain/api.js';
import {
  company,
  companyDetail,
  companyDuplicateAnswer,
  companyDuplicateQuery,
  companyExportQuery,
  companyInput,
  companyListItem,
  companyListQuery,
  companySuggestionsQuery,
  companySummary,
  type CompanyListItem,
} from '../../../domain/companies.js';
import {
  addCompanyTagInput,
  companyTagsAnswer,
  TAG_MESSAGES,
  tagSuggestionsAnswer,
  tagSuggestionsQuery,
} from '../../../domain/tags.js';
import { CUSTOMER_MESSAGES, idParams } from '../../../domain/customers.js';
import { allow } from '../../../domain/policy.js';
import { exportFileName, sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import type { CompaniesService } from './companies.service.js';

const params = idParams(CUSTOMER_MESSAGES.invalidCompanyId);
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
/** Office staff create and edit customers; only admin and manager delete them; technicians read. */
const editors = allow('customers.edit');
const deleters = allow('customers.delete');
/** Office staff manage a company's tags; technicians read them (the list, the detail, the suggestions). */
const taggers = allow('companyTags.manage');
const tagParams = params.extend({ tagId: idParams(TAG_MESSAGES.invalidTagId).shape.id });

export const COMPANY_EXPORT_COLUMNS: XlsxColumn<CompanyListItem>[] = [
  { header: 'Name', width: 40, value: (c) => c.name },
  { header: 'Address', width: 36, value: (c) => c.address },
  { header: 'City', width: 20, value: (c) => c.city },
  { header: 'State', width: 8, value: (c) => c.state },
  { header: 'Zip', width: 12, value: (c) => c.zip },
  { header: 'Phone', width: 18, value: (c) => c.phone },
  { header: 'Created', width: 14, value: (c) => new Date(c.createdAt), numFmt: 'mm/dd/yyyy' },
  { header: 'Tags', width: 30, value: (c) => c.tags.map((t) => t.name).join(', ') },
];

/** `today`: the date in the company's time zone, for export file names. */
export function companiesRoutes(
  app: FastifyInstance,
  { companies, today }: { companies: CompaniesService; today: () => Promise<string> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/companies', {
    schema: {
      tags: ['companies'],
      summary:
        'Companies by name with their tags, filtered by company, city, state and zip (case-insensitive contains) and by a tag (whole name, any case)',
      querystring: companyListQuery,
      response: { 200: paginated(companyListItem), 400: apiErrorBody },
    },
    handler: async (request) => companies.list(request.query),
  });

  r.get('/api/companies/export', {
    schema: {
      tags: ['companies'],
      summary: 'The filtered company list, every page, as an .xlsx spreadsheet (streamed)',
      querystring: companyExportQuery,
      response: { 400: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('companies', await today()),
        sheetName: 'Companies',
        columns: COMPANY_EXPORT_COLUMNS,
        batches: companies.exportBatches(request.query),
      }),
  });

  r.get('/api/companies/suggestions', {
    schema: {
      tags: ['companies'],
      summary: 'Up to 5 companies whose name contains the text (from 2 characters)',
      querystring: companySuggestionsQuery,
      response: { 200: z.object({ items: z.array(companySummary) }), 400: apiErrorBody },
    },
    handler: async (request) => ({ items: await companies.suggestions(request.query.name) }),
  });

  r.get('/api/companies/duplicate', {
    schema: {
      tags: ['companies'],
      summary: 'Another company with the same name (case-insensitive, trimmed), if any',
      querystring: companyDuplicateQuery,
      response: { 200: companyDuplicateAnswer, 400: apiErrorBody },
    },
    handler: async (request) => ({ duplicate: await companies.duplicate(request.query.name, request.query.excludeId) }),
  });

  r.post('/api/companies', {
    config: editors,
    schema: {
      tags: ['companies'],
      summary: 'Create a company (its address is geocoded)',
      body: companyInput,
      response: { 201: company, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await companies.create(request.body)),
  });

  r.get('/api/companies/:id', {
    schema: {
      tags: ['companies'],
      summary: 'A company with its location count and its first 100 locations by name',
      params,
      response: { 200: companyDetail, ...errors },
    },
    handler: async (request) => companies.detail(request.params.id),
  });

  r.get('/api/tags', {
    schema: {
      tags: ['companies'],
      summary: 'Up to 10 tags whose name contains the text (every tag by name without it), with their company counts',
      querystring: tagSuggestionsQuery,
      response: { 200: tagSuggestionsAnswer, 400: apiErrorBody },
    },
    handler: async (request) => ({ items: await companies.suggestTags(request.query.q) }),
  });

  r.post('/api/companies/:id/tags', {
    config: taggers,
    schema: {
      tags: ['companies'],
      summary:
        "Add a tag by name to the company: the existing tag of that name (any case) or a new one; answers the company's tags",
      params,
      body: addCompanyTagInput,
      response: { 200: companyTagsAnswer, ...errors },
    },
    handler: async (request) => companies.addTag(request.params.id, request.body),
  });

  r.delete('/api/companies/:id/tags/:tagId', {
    config: taggers,
    schema: {
      tags: ['companies'],
      summary: "Take a tag off the company (the tag stays for other companies); answers the company's tags",
      params: tagParams,
      response: { 200: companyTagsAnswer, ...errors },
    },
    handler: async (request) => companies.removeTag(request.params.id, request.params.tagId),
  });

  r.put('/api/companies/:id', {
    config: editors,
    schema: {
      tags: ['companies'],
      summary: 'Update a company',
      params,
      body: companyInput,
      response: { 200: company, ...errors },
    },
    handler: async (request) => companies.update(request.params.id, request.body),
  });

  r.delete('/api/companies/:id', {
    config: deleters,
    schema: {
      tags: ['companies'],
      summary: 'Delete a company with its locations and units (refused while jobs hold it)',
      params,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await companies.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });
}
