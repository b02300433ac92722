import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import { idParams } from '../../../domain/customers.js';
import {
  checklistMarkInput,
  completionInput,
  FIELD_MESSAGES,
  fieldBundle,
  fieldChangeAnswer,
  fieldJob,
  fieldJobChangeInput,
  fieldNote,
  fieldNoteInput,
  fieldPhoto,
  fieldPhotoInput,
  fieldSignature,
  IDEMPOTENCY_HEADER,
  idempotencyKey,
  jobFieldWork,
  myDay,
  myDayQuery,
  resolveConflictInput,
  timeEvent,
  timeEventInput,
} from '../../../domain/field.js';
import { isUuidV4 } from '../../../domain/ids.js';
import { allow } from '../../../domain/policy.js';
import { badRequest } from '../../errors.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { currentUser } from '../../plugins/auth.js';
import type { FieldService, WriteAnswer, WriteContext } from './field.service.js';

const tags = ['field'];
const jobParams = idParams(FIELD_MESSAGES.invalidJobId);
const conflictParams = idParams('Invalid conflict ID format');
const signatureParams = z.object({
  id: z.string().refine((v) => isUuidV4(v), FIELD_MESSAGES.invalidJobId),
  signatureId: z.string().refine((v) => isUuidV4(v), 'Invalid signature ID format'),
});
const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };

/** The write's context: the signed-in user, the Idempotency-Key header (checked), the request. */
function writeContext(request: FastifyRequest): WriteContext {
  const header = request.headers[IDEMPOTENCY_HEADER];
  let key: string | undefined;
  if (header !== undefined) {
    const parsed = idempotencyKey.safeParse(Array.isArray(header) ? header[0] : header);
    if (!parsed.success)
      throw badRequest(FIELD_MESSAGES.invalidKey, { [IDEMPOTENCY_HEADER]: FIELD_MESSAGES.invalidKey });
    key = parsed.data;
  }
  return {
    actor: currentUser(request),
    key,
    request: { method: request.method, url: request.url, body: request.body },
  };
}

/** Sends a write's answer; a replay says so in `Idempotent-Replayed: true`. */
function send<T>(reply: FastifyReply, answer: WriteAnswer<T>): T {
  reply.code(answer.statusCode);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return answer.body;
}

/**
 * The field API (issue 30, decision 045): a technician's jobs of the next days and the work on
 * them. Every write takes an `Idempotency-Key` header; the same key sent again returns the first
 * answer and changes nothing. Writes are a technician's on a job assigned to them (403 otherwise,
 * 404 for no job); conflicts are settled by the office.
 */
export function fieldRoutes(app: FastifyInstance, { field }: { field: FieldService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const idempotencyNote = ' Send an Idempotency-Key header: a replay answers the same and changes nothing.';

  r.get('/api/field/my-day', {
    schema: {
      tags,
      summary: "The signed-in technician's jobs from today on, in schedule order, with their field work",
      querystring: myDayQuery,
      response: { 200: myDay, 400: apiErrorBody },
    },
    handler: async (request) => field.myDay(currentUser(request), request.query.days),
  });

  r.get('/api/field/bundle', {
    schema: {
      tags,
      summary: "My Day with the price book and each unit's latest inspection: what the phone keeps for offline",
      querystring: myDayQuery,
      response: { 200: fieldBundle, 400: apiErrorBody },
    },
    handler: async (request) => field.bundle(currentUser(request), request.query.days),
  });

  r.get('/api/field/jobs/:id', {
    schema: {
      tags,
      summary: 'One job as the phone shows it (the office, or a technician assigned to it)',
      params: jobParams,
      response: { 200: fieldJob, ...errors },
    },
    handler: async (request) => field.job(currentUser(request), request.params.id),
  });

  r.post('/api/field/jobs/:id/time-events', {
    schema: {
      tags,
      summary: 'Start Travel, Arrive, Start Work or Finish, at the device time.' + idempotencyNote,
      params: jobParams,
      body: timeEventInput,
      response: { 200: timeEvent, 201: timeEvent, ...errors },
    },
    handler: async (request, reply) =>
      send(reply, await field.addTimeEvent(writeContext(request), request.params.id, request.body)),
  });

  r.post('/api/field/jobs/:id/notes', {
    schema: {
      tags,
      summary: "A technician's note on the job." + idempotencyNote,
      params: jobParams,
      body: fieldNoteInput,
      response: { 200: fieldNote, 201: fieldNote, ...errors },
    },
    handler: async (request, reply) =>
      send(reply, await field.addNote(writeContext(request), request.params.id, request.body)),
  });

  r.post('/api/field/jobs/:id/photos', {
    // A photo resized on the phone (1600 px) is a few hundred KB; base64 adds a third.
    bodyLimit: 5 * 1024 * 1024,
    schema: {
      tags,
      summary: 'A photo from the phone’s camera (base64), checked by content and kept as a JPEG.' + idempotencyNote,
      params: jobParams,
      body: fieldPhotoInput,
      response: { 200: fieldPhoto, 201: fieldPhoto, ...errors },
    },
    handler: async (request, reply) =>
      send(reply, await field.addPhoto(writeContext(request), request.params.id, request.body)),
  });

  r.put('/api/field/jobs/:id/checklist', {
    schema: {
      tags,
      summary: 'Tick or untick an item of the job type’s checklist (the later device time wins).' + idempotencyNote,
      params: jobParams,
      body: checklistMarkInput,
      response: { 200: z.object({ item: z.string(), done: z.boolean() }), ...errors },
    },
    handler: async (request, reply) =>
      send(reply, await field.markChecklist(writeContext(request), request.params.id, request.body)),
  });

  r.patch('/api/field/jobs/:id', {
    schema: {
      tags,
      summary:
        "Change the job's contact or problem with the values the phone saw: applied field by field, a conflict where the office changed the same field." +
        idempotencyNote,
      params: jobParams,
      body: fieldJobChangeInput,
      response: { 200: fieldChangeAnswer, ...errors },
    },
    handler: async (request, reply) =>
      send(reply, await field.changeJob(writeContext(request), request.params.id, request.body)),
  });

  r.post('/api/field/jobs/:id/complete', {
    schema: {
      tags,
      summary: "Complete the job with the customer's name and drawn signature (a PNG, base64)." + idempotencyNote,
      params: jobParams,
      body: completionInput,
      response: {
        200: z.object({ signature: fieldSignature, status: z.literal('completed'), alreadyCompleted: z.boolean() }),
        ...errors,
      },
    },
    handler: async (request, reply) =>
      send(reply, await field.complete(writeContext(request), request.params.id, request.body)),
  });

  r.post('/api/field/conflicts/:id/resolve', {
    config: allow('fieldConflicts.resolve'),
    schema: {
      tags,
      summary: "Settle a conflict: keep the office's value (office) or take the technician's (field)",
      params: conflictParams,
      body: resolveConflictInput,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await field.resolveConflict(currentUser(request), request.params.id, request.body.keep);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/jobs/:id/field', {
    schema: {
      tags,
      summary: "The job's field work for the office: time events, timesheet, notes, signatures, conflicts",
      params: jobParams,
      response: { 200: jobFieldWork, ...errors },
    },
    handler: async (request) => field.jobWork(request.params.id),
  });

  r.get('/api/jobs/:id/field/photos/:photoId', {
    schema: {
      tags,
      summary: 'A photo taken on the phone (JPEG)',
      params: z.object({
        id: z.string().refine((v) => isUuidV4(v), FIELD_MESSAGES.invalidJobId),
        photoId: z.string().refine((v) => isUuidV4(v), 'Invalid photo ID format'),
      }),
    },
    handler: async (request, reply) => {
      const file = await field.photoImage(request.params.id, request.params.photoId);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .send(file.bytes);
    },
  });

  r.get('/api/jobs/:id/field/signatures/:signatureId', {
    schema: {
      tags,
      summary: "The customer's drawn signature (PNG)",
      params: signatureParams,
    },
    handler: async (request, reply) => {
      const file = await field.signatureImage(request.params.id, request.params.signatureId);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .send(file.bytes);
    },
  });
}
