import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody, paginated } from '../../../domain/api.js';
import { CUSTOMER_MESSAGES, idParams } from '../../../domain/customers.js';
import {
  location,
  locationExportQuery,
  locationInput,
  locationListQuery,
  type Location,
} from '../../../domain/locations.js';
import { allow } from '../../../domain/policy.js';
import { exportFileName, sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import type { LocationsService } from './locations.service.js';

const params = idParams(CUSTOMER_MESSAGES.invalidLocationId);
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
/** Office staff create and edit customers; only admin and manager delete them; technicians read. */
const editors = allow('customers.edit');
const deleters = allow('customers.delete');

export const LOCATION_EXPORT_COLUMNS: XlsxColumn<Location>[] = [
  { header: 'Location', width: 34, value: (l) => l.name },
  { header: 'Building', width: 22, value: (l) => l.buildingName },
  { header: 'Company', width: 36, value: (l) => l.companyName },
  { header: 'Address', width: 32, value: (l) => l.address },
  { header: 'City', width: 18, value: (l) => l.city },
  { header: 'State', width: 8, value: (l) => l.state },
  { header: 'Zip', width: 12, value: (l) => l.zip },
  { header: 'Units', width: 8, value: (l) => l.unitCount },
];

/** `today`: the date in the company's time zone, for export file names. */
export function locationsRoutes(
  app: FastifyInstance,
  { locations, today }: { locations: LocationsService; today: () => Promise<string> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/locations', {
    schema: {
      tags: ['locations'],
      summary:
        'Locations by name with their company; search and contains filters on name, building, city, state and zip',
      querystring: locationListQuery,
      response: { 200: paginated(location), 400: apiErrorBody },
    },
    handler: async (request) => locations.list(request.query),
  });

  r.get('/api/locations/export', {
    schema: {
      tags: ['locations'],
      summary: 'The filtered location list, every page, as an .xlsx spreadsheet (streamed)',
      querystring: locationExportQuery,
      response: { 400: apiErrorBody },
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('locations', await today()),
        sheetName: 'Locations',
        columns: LOCATION_EXPORT_COLUMNS,
        batches: locations.exportBatches(request.query),
      }),
  });

  r.post('/api/locations', {
    config: editors,
    schema: {
      tags: ['locations'],
      summary: 'Create a location for a company (its address is geocoded)',
      body: locationInput,
      response: { 201: location, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await locations.create(request.body)),
  });

  r.get('/api/locations/:id', {
    schema: {
      tags: ['locations'],
      summary: 'A location with its company and unit count',
      params,
      response: { 200: location, ...errors },
    },
    handler: async (request) => locations.detail(request.params.id),
  });

  r.put('/api/locations/:id', {
    config: editors,
    schema: {
      tags: ['locations'],
      summary: 'Update a location',
      params,
      body: locationInput,
      response: { 200: location, ...errors },
    },
    handler: async (request) => locations.update(request.params.id, request.body),
  });

  r.delete('/api/locations/:id', {
    config: deleters,
    schema: {
      tags: ['locations'],
      summary: 'Delete a location with its units (refused while jobs hold it)',
      params,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await locations.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });
}
