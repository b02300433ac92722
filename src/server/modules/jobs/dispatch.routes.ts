/**
 * GET /api/dispatch/board — query parameters (schema: `boardQuery` in src/domain/dispatch.ts).
 * All are optional except the range; an empty value is the same as leaving the parameter out.
 * Every bad value is a 400 `{ error: { code: 'VALIDATION_ERROR', message, fields: { <param>: message } } }`.
 *
 *   range              Filter Date Range By: this-month | last-month | next-month | custom. A named
 *                      month is resolved on the server in the company's time zone (the answer's
 *                      from/to/today say which days). custom needs from and to. Without range, from
 *                      and to are required (the original contract). from/to with a named month: 400.
 *   from, to           YYYY-MM-DD, inclusive, to >= from, at most 62 days.
 *   dateField          Filter Map By: due (Due By Date, default) | schedule (Schedule Date) |
 *                      created (Created Date). The range applies to this date (due: time_period_due;
 *                      schedule: schedule_start, so unscheduled jobs drop out; created: created_at).
 *   tags               Tags, free text: comma-separated, at most 20 tags of 50 characters; a job matches
 *                      when it carries any of them (whole tag, case-insensitive). options.tags suggests.
 *   office             Job Office: an office name (options.offices). Also limits the technician rows
 *                      to that office's technicians (all technicians without it).
 *   type               Job Type: a job type code (options.jobTypes[].code); unknown code: 400.
 *   ownerId            Job Owner: the id of the user who created the job (options.owners[].id);
 *                      unknown user: 400.
 *   serviceLine        Service Line: a service line code (options.serviceLines[].code); unknown: 400.
 *   region             Region: a service territory name (options.regions). A job is in it when its
 *                      location's zip (first 5 digits) is in the zip list of a technician territory of
 *                      that name; unknown name: 400.
 *   minPrice, maxPrice Limit by Estimated Price, in dollars (up to 2 decimals, maxPrice >= minPrice):
 *                      the job's items total, or its repair total when it has no items (0 with neither).
 *   showCompleted      Show completed jobs: true | false (default false: completed jobs left out).
 *   showSubcontracted  Show subcontracted jobs: true | false (default false: subcontracted jobs
 *                      left out).
 *
 * Answer (`boardAnswer`): from, to, today, timeZone, jobs (at most 2,000, by schedule start then
 * number; each with what a block and a marker draw: number, name, status, schedule, due date,
 * location name and position, unit number, technicianIds primary first, and updatedAt),
 * total (all matching jobs), technicians (counts over the filtered jobs), unassignedCount.
 * Every technician who has a job on the board page has a row: one who is not among the office's
 * active technicians comes with offBoard = other-office | inactive | not-technician.
 * GET /api/dispatch/unscheduled (same query): the tray, { jobs (at most 200, by due date), total }.
 * GET /api/dispatch/completed (same query + technicianId | 'unassigned', offset, limit <= 200):
 *   { jobs: id, number, name, locationName, scheduleStart, timePeriodDue; total, offset, limit }.
 * GET /api/dispatch/options: offices, jobTypes, serviceLines, owners, regions, tags, ranges, dateFields.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorBody } from '../../../domain/api.js';
import {
  boardAnswer,
  boardQuery,
  completedJobsAnswer,
  completedJobsQuery,
  dispatchOptions,
  moveJobAnswer,
  moveJobInput,
  unscheduledAnswer,
} from '../../../domain/dispatch.js';
import { jobIdParams } from '../../../domain/jobs/index.js';
import { allow } from '../../../domain/policy.js';
import type { DispatchService } from './dispatch.service.js';

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['dispatch'];
/** Who may dispatch: office staff. Technicians see the board but may not move jobs. */
const dispatchers = allow('dispatch.view');

export function dispatchRoutes(app: FastifyInstance, { dispatch }: { dispatch: DispatchService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/dispatch/board', {
    schema: {
      tags,
      summary:
        "The board: the range's jobs after the Map Filters (at most 2,000, with the total), the office's technicians with counts, availability, expired certifications and those expiring within 30 days, and the unassigned count",
      description:
        'Query: range (this-month | last-month | next-month | custom) or from/to (YYYY-MM-DD, at most 62 days); dateField due | schedule | created; tags (comma-separated, any, case-insensitive); office; type; ownerId; serviceLine; region; minPrice/maxPrice (dollars, estimated price); showCompleted; showSubcontracted. Every bad value is a 400 naming the parameter.',
      querystring: boardQuery,
      response: { 200: boardAnswer, 400: apiErrorBody },
    },
    handler: async (request) => dispatch.board(request.query),
  });

  r.get('/api/dispatch/unscheduled', {
    schema: {
      tags,
      summary:
        "The tray: the range's unscheduled open jobs after the Map Filters, its own list (at most 200, by due date then number, with the total)",
      description: 'Query: the same as /api/dispatch/board. Every bad value is a 400 naming the parameter.',
      querystring: boardQuery,
      response: { 200: unscheduledAnswer, 400: apiErrorBody },
    },
    handler: async (request) => dispatch.unscheduled(request.query),
  });

  r.get('/api/dispatch/completed', {
    schema: {
      tags,
      summary:
        "One technician row's completed jobs after the Map Filters (Show completed jobs implied), latest first, a page at a time with the total",
      description:
        "Query: the board's (range or from/to and the filters), technicianId (a technician's id or 'unassigned'), offset (default 0), limit (1 to 200, default 50).",
      querystring: completedJobsQuery,
      response: { 200: completedJobsAnswer, 400: apiErrorBody },
    },
    handler: async (request) => dispatch.completed(request.query),
  });

  r.get('/api/dispatch/options', {
    schema: { tags, summary: 'Choices of the Map Filters drawer, from the data', response: { 200: dispatchOptions } },
    handler: async () => dispatch.options(),
  });

  r.post('/api/jobs/:id/move', {
    config: dispatchers,
    schema: {
      tags,
      summary:
        'Reschedule, reassign or unschedule a job from the board (409 when it changed since loaded, or when it double-books a technician without confirmOverlap)',
      params: jobIdParams,
      body: moveJobInput,
      response: { 200: moveJobAnswer, ...errors },
    },
    handler: async (request) => dispatch.move(request.params.id, request.body),
  });
}
