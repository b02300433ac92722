import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody, paginated } from '../../../domain/api.js';
import {
  CONTACT_MESSAGES,
  contact,
  contactExportQuery,
  contactInput,
  contactListQuery,
  contactOptions,
  contactOptionsQuery,
  contactRolesText,
  type Contact,
} from '../../../domain/contacts.js';
import { idParams } from '../../../domain/customers.js';
import { allow } from '../../../domain/policy.js';
import { exportFileName, sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import type { ContactsService } from './contacts.service.js';

const params = idParams(CONTACT_MESSAGES.invalidContactId);
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
/** Contacts are customer records (decision 038): office staff create and edit; admin and manager delete. */
const editors = allow('customers.edit');
const deleters = allow('customers.delete');

export const CONTACT_EXPORT_COLUMNS: XlsxColumn<Contact>[] = [
  { header: 'Name', width: 28, value: (k) => k.name },
  { header: 'Title', width: 22, value: (k) => k.title },
  { header: 'Company', width: 34, value: (k) => k.companyName },
  { header: 'Location', width: 30, value: (k) => k.locationName },
  { header: 'Roles', width: 30, value: (k) => contactRolesText(k.roles) },
  { header: 'Primary', width: 9, value: (k) => (k.isPrimary ? 'Yes' : 'No') },
  { header: 'Email', width: 32, value: (k) => k.email },
  { header: 'Office Phone', width: 16, value: (k) => k.officePhone },
  { header: 'Mobile Phone', width: 16, value: (k) => k.mobilePhone },
  { header: 'Notes', width: 40, value: (k) => k.notes },
];

/** `today`: the date in the company's time zone, for export file names. */
export function contactsRoutes(
  app: FastifyInstance,
  { contacts, today }: { contacts: ContactsService; today: () => Promise<string> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/contacts', {
    schema: {
      tags: ['contacts'],
      summary: 'Contacts by name with their company and location; search, company, location and role filters',
      querystring: contactListQuery,
      response: { 200: paginated(contact), 400: apiErrorBody },
    },
    handler: async (request) => contacts.list(request.query),
  });

  r.get('/api/contacts/export', {
    schema: {
      tags: ['contacts'],
      summary: 'The filtered contact list, every page, as an .xlsx spreadsheet (streamed)',
      querystring: contactExportQuery,
      response: { 400: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('contacts', await today()),
        sheetName: 'Contacts',
        columns: CONTACT_EXPORT_COLUMNS,
        batches: contacts.exportBatches(request.query),
      }),
  });

  r.get('/api/contacts/options', {
    schema: {
      tags: ['contacts'],
      summary:
        "A location's contacts and its company's (of no location), primary first: what a job and the send dialogs pick from",
      querystring: contactOptionsQuery,
      response: { 200: contactOptions, 400: apiErrorBody },
    },
    handler: async (request) => contacts.forLocation(request.query.locationId),
  });

  r.post('/api/contacts', {
    config: editors,
    schema: {
      tags: ['contacts'],
      summary: 'Create a contact of a company, optionally of one of its locations',
      body: contactInput,
      response: { 201: contact, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await contacts.create(request.body)),
  });

  r.get('/api/contacts/:id', {
    schema: { tags: ['contacts'], summary: 'A contact', params, response: { 200: contact, ...errors } },
    handler: async (request) => contacts.detail(request.params.id),
  });

  r.put('/api/contacts/:id', {
    config: editors,
    schema: {
      tags: ['contacts'],
      summary: 'Update a contact',
      params,
      body: contactInput,
      response: { 200: contact, ...errors },
    },
    handler: async (request) => contacts.update(request.params.id, request.body),
  });

  r.delete('/api/contacts/:id', {
    config: deleters,
    schema: {
      tags: ['contacts'],
      summary: 'Delete a contact (refused while a job names it as its primary contact)',
      params,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await contacts.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });
}
