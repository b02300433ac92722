import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { allow } from '../../../domain/policy.js';
import {
  assignTechniciansInput,
  calendarAnswer,
  calendarQuery,
  createJobAnswer,
  createJobInput,
  editJobAnswer,
  editJobInput,
  formatDurationHm,
  jobDetail,
  jobExportQuery,
  jobHistory,
  jobIdParams,
  jobItem,
  jobItemInput,
  jobItemParams,
  jobList,
  jobListQuery,
  jobOptions,
  jobPreset,
  jobPresetList,
  jobTechnicianDetail,
  presetIdParams,
  presetInput,
  updateJobInput,
  updateJobItemInput,
  type JobListItem,
} from '../../../domain/jobs/index.js';
import { exportFileName, sendXlsx, type XlsxColumn } from '../../export/xlsx.js';
import { currentUser } from '../../plugins/auth.js';
import type { JobsService } from './jobs.service.js';

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['jobs'];
/** Office staff: create, assign, cancel, delete, presets. Technicians read, and work on jobs assigned to them (checked by the service). */
const office = allow('jobs.edit');

const MONEY = '"$"#,##0.00';
const EXPORT_COLUMNS: XlsxColumn<JobListItem>[] = [
  { header: 'Job Number', width: 11, value: (r) => r.number },
  { header: 'Name', width: 32, value: (r) => r.name },
  { header: 'Status', width: 12, value: (r) => r.status },
  { header: 'Type', width: 22, value: (r) => r.typeName ?? r.type },
  { header: 'Service Line', width: 12, value: (r) => r.serviceLine },
  { header: 'Training', width: 9, value: (r) => (r.isTraining ? 'Yes' : 'No') },
  { header: 'Company', width: 28, value: (r) => r.companyName },
  { header: 'Location', width: 28, value: (r) => r.locationName },
  { header: 'Unit', width: 14, value: (r) => r.unitNumber },
  { header: 'Office', width: 14, value: (r) => r.office },
  {
    header: 'Schedule Start',
    width: 20,
    numFmt: 'mm/dd/yyyy hh:mm',
    value: (r) => (r.scheduleStart ? new Date(r.scheduleStart) : null),
  },
  { header: 'Duration', width: 9, value: (r) => formatDurationHm(r.scheduleDuration) },
  { header: 'Start Date', width: 12, value: (r) => r.timePeriodStart },
  { header: 'Due Date', width: 12, value: (r) => r.timePeriodDue },
  { header: 'Technicians', width: 30, value: (r) => r.technicians.map((t) => t.name).join(', ') },
  { header: 'Cost', width: 12, numFmt: MONEY, value: (r) => r.costTotalCents / 100 },
  { header: 'Created', width: 20, numFmt: 'mm/dd/yyyy hh:mm', value: (r) => new Date(r.createdAt) },
];

export function jobsRoutes(app: FastifyInstance, { jobs }: { jobs: JobsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/jobs', {
    schema: {
      tags,
      summary:
        'Jobs: search (every word must match number, name, company, location or unit), filters, home queues, pages with the total and each cost total',
      querystring: jobListQuery,
      response: { 200: jobList, 400: apiErrorBody },
    },
    handler: async (request) => jobs.list(request.query),
  });

  r.get('/api/jobs/export', {
    schema: {
      tags,
      summary: 'The filtered jobs, every page, as an .xlsx file (by job number)',
      querystring: jobExportQuery,
    },
    handler: async (request, reply) =>
      sendXlsx(reply, {
        fileName: exportFileName('jobs', await jobs.exportFileDate()),
        sheetName: 'Jobs',
        columns: EXPORT_COLUMNS,
        batches: jobs.exportBatches(request.query),
      }),
  });

  r.get('/api/jobs/options', {
    schema: {
      tags,
      summary:
        'Choices for Create Job and the filters: job types, service lines, offices, active technicians, defaults',
      response: { 200: jobOptions },
    },
    handler: async () => jobs.options(),
  });

  r.get('/api/jobs/calendar', {
    schema: {
      tags,
      summary:
        'The calendar: scheduled jobs starting in the range (company time zone) and the open unscheduled jobs whose period overlaps it',
      querystring: calendarQuery,
      response: { 200: calendarAnswer, 400: apiErrorBody },
    },
    handler: async (request) => jobs.calendar(request.query),
  });

  r.post('/api/jobs', {
    config: office,
    schema: {
      tags,
      summary:
        'Create a job and its technicians (one transaction); the number comes from the sequence. Warnings (inactive unit, scheduled after due) never refuse',
      body: createJobInput,
      response: { 201: createJobAnswer, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await jobs.create(currentUser(request), request.body)),
  });

  r.get('/api/jobs/:id', {
    schema: {
      tags,
      summary: 'A job with its location, company, unit, technicians, items and what the signed-in user may do',
      params: jobIdParams,
      response: { 200: jobDetail, ...errors },
    },
    handler: async (request) => jobs.detail(currentUser(request), request.params.id),
  });

  r.post('/api/jobs/:id/complete', {
    schema: {
      tags,
      summary: 'Complete Job (not when completed or cancelled; a technician only on a job assigned to them)',
      params: jobIdParams,
      response: { 200: jobDetail, ...errors },
    },
    handler: async (request) => jobs.complete(currentUser(request), request.params.id),
  });

  r.put('/api/jobs/:id', {
    config: office,
    schema: {
      tags,
      summary:
        "Edit Job: the Create Job form's fields (not the technicians), recorded in the job's history in the same transaction; a completed or cancelled job changes only its notes (409); a change of what a sent quote shows marks it as needing an update",
      params: jobIdParams,
      body: editJobInput,
      response: { 200: editJobAnswer, ...errors },
    },
    handler: async (request) => jobs.edit(currentUser(request), request.params.id, request.body),
  });

  r.get('/api/jobs/:id/history', {
    schema: {
      tags,
      summary: "The job's edit history, newest first: who, when, each field's old and new value",
      params: jobIdParams,
      response: { 200: jobHistory, ...errors },
    },
    handler: async (request) => jobs.history(request.params.id),
  });

  r.patch('/api/jobs/:id', {
    config: office,
    schema: {
      tags,
      summary: "Change the job's tags and/or subcontracted flag (the dispatch board's filters)",
      params: jobIdParams,
      body: updateJobInput,
      response: { 200: jobDetail, ...errors },
    },
    handler: async (request) => jobs.update(currentUser(request), request.params.id, request.body),
  });

  r.post('/api/jobs/:id/cancel', {
    config: office,
    schema: {
      tags,
      summary: 'Cancel Job (status cancelled; not when completed)',
      params: jobIdParams,
      response: { 200: jobDetail, ...errors },
    },
    handler: async (request) => jobs.cancel(currentUser(request), request.params.id),
  });

  r.delete('/api/jobs/:id', {
    config: office,
    schema: {
      tags,
      summary:
        'Delete a job with its items, technicians, inspections and repairs (one transaction); refused when the customer answered its quote or it has an invoice past draft',
      params: jobIdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await jobs.remove(request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.put('/api/jobs/:id/technicians', {
    config: office,
    schema: {
      tags,
      summary: "Replace the job's technicians (at least one; the first is primary)",
      params: jobIdParams,
      body: assignTechniciansInput,
      response: { 200: z.object({ technicians: z.array(jobTechnicianDetail) }), ...errors },
    },
    handler: async (request) => jobs.assignTechnicians(request.params.id, request.body),
  });

  r.post('/api/jobs/:id/items', {
    schema: {
      tags,
      summary: 'Add a priced item (part, labor or item); the server computes the total',
      params: jobIdParams,
      body: jobItemInput,
      response: { 201: jobItem, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await jobs.addItem(currentUser(request), request.params.id, request.body)),
  });

  r.patch('/api/jobs/:id/items/:itemId', {
    schema: {
      tags,
      summary: "Edit an item's quantity and unit price",
      params: jobItemParams,
      body: updateJobItemInput,
      response: { 200: jobItem, ...errors },
    },
    handler: async (request) =>
      jobs.updateItem(currentUser(request), request.params.id, request.params.itemId, request.body),
  });

  r.delete('/api/jobs/:id/items/:itemId', {
    schema: { tags, summary: 'Delete an item', params: jobItemParams, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await jobs.removeItem(currentUser(request), request.params.id, request.params.itemId);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/job-presets', {
    config: office,
    schema: {
      tags,
      summary: "The signed-in user's job presets (Suggested Paths), by name",
      response: { 200: jobPresetList },
    },
    handler: async (request) => jobs.presets(currentUser(request)),
  });

  r.post('/api/job-presets', {
    config: office,
    schema: {
      tags,
      summary: 'Save the Create Job form as a preset',
      body: presetInput,
      response: { 201: jobPreset, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await jobs.createPreset(currentUser(request), request.body)),
  });

  r.delete('/api/job-presets/:id', {
    config: office,
    schema: {
      tags,
      summary: "Delete one of the signed-in user's presets",
      params: presetIdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await jobs.removePreset(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
