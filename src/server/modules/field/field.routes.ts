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
  fieldInspectionInput,
  fieldInspectionParams,
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
import { inspection, inspectionInput } from '../../../domain/inspections.js';
import { repair, repairInput } from '../../../domain/repairs.js';
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

/** One idempotent write of the phone: its route, payload and answer, and the service call it makes. */
interface FieldWrite<P extends z.ZodType, B extends z.ZodType, A extends z.ZodType> {
  method: 'POST' | 'PUT' | 'PATCH';
  url: string;
  summary: string;
  params: P;
  body: B;
  /** The status of a first answer (a replay answers the stored one). */
  status: 200 | 201;
  answer: A;
  /** Larger than Fastify's 1 MB default: a photo. */
  bodyLimit?: number;
  run: (context: WriteContext, params: z.output<P>, body: z.output<B>) => Promise<WriteAnswer<z.output<A>>>;
}

const idempotencyNote = ' Send an Idempotency-Key header: a replay answers the same and changes nothing.';

/** Registers one write: the schema, then the service call with the Idempotency-Key's context. */
function write<P extends z.ZodType, B extends z.ZodType, A extends z.ZodType>(spec: FieldWrite<P, B, A>) {
  // Registered untyped: the zod compilers still check params, body and answer against the schemas.
  return (app: FastifyInstance) =>
    app.route({
      method: spec.method,
      url: spec.url,
      ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
      schema: {
        tags,
        summary: spec.summary + idempotencyNote,
        params: spec.params,
        body: spec.body,
        response: { [spec.status]: spec.answer, 200: spec.answer, ...errors },
      },
      handler: async (request: FastifyRequest, reply: FastifyReply) =>
        send(reply, await spec.run(writeContext(request), request.params as z.output<P>, request.body as z.output<B>)),
    });
}

/**
 * Every write the phone queues (decision 045, 054): one table, each the same shape (a job the
 * technician is assigned to, an Idempotency-Key, the answer stored with the change).
 */
const fieldWrites = (field: FieldService) => [
  write({
    method: 'POST',
    url: '/api/field/jobs/:id/time-events',
    summary: 'Start Travel, Arrive, Start Work or Finish, at the device time.',
    params: jobParams,
    body: timeEventInput,
    status: 201,
    answer: timeEvent,
    run: (context, { id }, body) => field.addTimeEvent(context, id, body),
  }),
  write({
    method: 'POST',
    url: '/api/field/jobs/:id/notes',
    summary: "A technician's note on the job.",
    params: jobParams,
    body: fieldNoteInput,
    status: 201,
    answer: fieldNote,
    run: (context, { id }, body) => field.addNote(context, id, body),
  }),
  write({
    method: 'POST',
    url: '/api/field/jobs/:id/photos',
    summary: 'A photo from the phone’s camera (base64), checked by content and kept as a JPEG.',
    params: jobParams,
    body: fieldPhotoInput,
    status: 201,
    answer: fieldPhoto,
    // A photo resized on the phone (1600 px) is a few hundred KB; base64 adds a third.
    bodyLimit: 5 * 1024 * 1024,
    run: (context, { id }, body) => field.addPhoto(context, id, body),
  }),
  write({
    method: 'PUT',
    url: '/api/field/jobs/:id/checklist',
    summary: 'Tick or untick an item of the job type’s checklist (the later device time wins).',
    params: jobParams,
    body: checklistMarkInput,
    status: 200,
    answer: z.object({ item: z.string(), done: z.boolean() }),
    run: (context, { id }, body) => field.markChecklist(context, id, body),
  }),
  write({
    method: 'PATCH',
    url: '/api/field/jobs/:id',
    summary:
      "Change the job's contact or problem with the values the phone saw: applied field by field, a conflict where the office changed the same field.",
    params: jobParams,
    body: fieldJobChangeInput,
    status: 200,
    answer: fieldChangeAnswer,
    run: (context, { id }, body) => field.changeJob(context, id, body),
  }),
  write({
    method: 'POST',
    url: '/api/field/jobs/:id/complete',
    summary: "Complete the job with the customer's name and drawn signature (a PNG, base64).",
    params: jobParams,
    body: completionInput,
    status: 200,
    answer: z.object({ signature: fieldSignature, status: z.literal('completed'), alreadyCompleted: z.boolean() }),
    run: (context, { id }, body) => field.complete(context, id, body),
  }),
  write({
    method: 'POST',
    url: '/api/field/jobs/:id/inspections',
    summary: 'Add an inspection with the id the phone gave it (its later changes name it).',
    params: jobParams,
    body: fieldInspectionInput,
    status: 201,
    answer: inspection,
    run: (context, { id }, body) => field.addInspection(context, id, body),
  }),
  write({
    method: 'PUT',
    url: '/api/field/jobs/:id/inspections/:inspectionId',
    summary: "Change an inspection's fields.",
    params: fieldInspectionParams,
    body: inspectionInput,
    status: 200,
    answer: inspection,
    run: (context, { id, inspectionId }, body) => field.changeInspection(context, id, inspectionId, body),
  }),
  write({
    method: 'PUT',
    url: '/api/field/jobs/:id/inspections/:inspectionId/repair',
    summary:
      "Save the inspection's repair options (priced on the phone from its price book copy); the server computes the total.",
    params: fieldInspectionParams,
    body: repairInput,
    status: 200,
    answer: repair,
    run: (context, { id, inspectionId }, body) => field.saveRepair(context, id, inspectionId, body),
  }),
];

/**
 * The field API (issue 30, decision 045): a technician's jobs of the next days and the work on
 * them. Every write takes an `Idempotency-Key` header; the same key sent again returns the first
 * answer and changes nothing. Writes are a technician's on a job assigned to them (403 otherwise,
 * 404 for no job); conflicts are settled by the office.
 */
export function fieldRoutes(app: FastifyInstance, { field }: { field: FieldService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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

  for (const register of fieldWrites(field)) register(app);

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
