import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '../../../domain/api.js';
import {
  finishRepairsResult,
  inspection,
  INSPECTION_LIMITS,
  INSPECTION_MESSAGES,
  inspectionIdParams,
  inspectionInput,
  inspectionPhoto,
  inspectionQuoteState,
  jobIdParams,
  jobInspections,
  markCompleteResult,
  photoParams,
  photoQuery,
  unitIdParams,
} from '../../../domain/inspections.js';
import {
  repair,
  repairInput,
  repairSummary,
  unitDeficienciesAnswer,
  unitDeficienciesQuery,
} from '../../../domain/repairs.js';
import {
  earlierRecommendations,
  jobRecommendationParams,
  resolveRecommendationInput,
  unitHistoryAnswer,
  unitHistoryQuery,
  unitRecommendationParams,
} from '../../../domain/unit-history.js';
import { allow } from '../../../domain/policy.js';
import { badRequest } from '../../errors.js';
import { contentDisposition } from '../../http/content-disposition.js';
import { currentUser } from '../../plugins/auth.js';
import { readMultipart, registerUploads } from '../../plugins/uploads.js';
import type { InspectionsService, PhotoUpload } from './inspections.service.js';

const errors = { 400: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['inspections'];

/** The one photo of a multipart request, read whole (at most 10 MB, enforced while streaming). */
async function readPhoto(request: FastifyRequest): Promise<PhotoUpload> {
  const { files } = await readMultipart(request, {
    notMultipart: INSPECTION_MESSAGES.photoNotMultipart,
    tooLarge: INSPECTION_MESSAGES.photoTooLarge,
    tooManyFiles: 'Upload one photo at a time',
  });
  const part = files[0];
  if (!part || part.bytes.byteLength === 0) throw badRequest(INSPECTION_MESSAGES.photoMissing);
  return { bytes: part.bytes, fileName: part.fileName };
}

/**
 * Inspections, repairs and photos of a job (issue 11). Every signed-in user may read; admin,
 * manager and user may change everything; a technician only on jobs assigned to them (the
 * service answers 403), and nobody deletes a completed inspection.
 */
export async function inspectionsRoutes(app: FastifyInstance, { inspections }: { inspections: InspectionsService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/jobs/:id/inspections', {
    schema: {
      tags,
      summary:
        "The job's inspections, newest first, each with its repair record and photos, and whether they changed after the latest quote was sent",
      params: jobIdParams,
      response: { 200: jobInspections, ...errors },
    },
    handler: async (request) => inspections.listForJob(currentUser(request), request.params.id),
  });

  r.post('/api/jobs/:id/inspections', {
    schema: {
      tags,
      summary: 'Add an inspection to the job (not completed)',
      params: jobIdParams,
      body: inspectionInput,
      response: { 201: inspection, ...errors },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await inspections.create(currentUser(request), request.params.id, request.body)),
  });

  r.post('/api/jobs/:id/inspections/complete', {
    schema: {
      tags,
      summary:
        'Mark Complete: every inspection of the job completed, and a repair record ($0 options, Standard Option, total 0) for each that has none; one transaction, idempotent',
      params: jobIdParams,
      response: { 200: markCompleteResult, ...errors },
    },
    handler: async (request) => inspections.markComplete(currentUser(request), request.params.id),
  });

  r.get('/api/jobs/:id/inspections/quote-state', {
    schema: {
      tags,
      summary:
        "The job's latest quote send time, the latest change to its inspections and repairs, and whether that change came after the send (the resend banner)",
      params: jobIdParams,
      response: { 200: inspectionQuoteState, ...errors },
    },
    handler: async (request) => inspections.quoteState(currentUser(request), request.params.id),
  });

  r.get('/api/jobs/:id/repairs/summary', {
    schema: {
      tags,
      summary:
        'Repair Details for All Inspections: every repair record with its chosen option and total, and the combined total',
      params: jobIdParams,
      response: { 200: repairSummary, ...errors },
    },
    handler: async (request) => inspections.repairSummary(currentUser(request), request.params.id),
  });

  r.post('/api/jobs/:id/repairs/finish', {
    schema: {
      tags,
      summary:
        'Finish Repair Details: performs Mark Complete and answers the summary of every repair, in one transaction',
      params: jobIdParams,
      response: { 200: finishRepairsResult, ...errors },
    },
    handler: async (request) => inspections.finishRepairs(currentUser(request), request.params.id),
  });

  r.get('/api/inspections/:id', {
    schema: {
      tags,
      summary: 'One inspection with its repair record and photos',
      params: inspectionIdParams,
      response: { 200: inspection, ...errors },
    },
    handler: async (request) => inspections.get(currentUser(request), request.params.id),
  });

  r.put('/api/inspections/:id', {
    schema: {
      tags,
      summary: "Edit an inspection's fields (a completed one too)",
      params: inspectionIdParams,
      body: inspectionInput,
      response: { 200: inspection, ...errors },
    },
    handler: async (request) => inspections.update(currentUser(request), request.params.id, request.body),
  });

  r.delete('/api/inspections/:id', {
    schema: {
      tags,
      summary: 'Delete an inspection that is not completed, its repair record first and its photos, in one transaction',
      params: inspectionIdParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await inspections.remove(currentUser(request), request.params.id);
      return reply.status(204).send(null);
    },
  });

  r.put('/api/inspections/:id/repair', {
    schema: {
      tags,
      summary: "Save the inspection's repair record (created on first save); the server computes and stores the total",
      params: inspectionIdParams,
      body: repairInput,
      response: { 200: repair, ...errors },
    },
    handler: async (request) => inspections.saveRepair(currentUser(request), request.params.id, request.body),
  });

  r.get('/api/inspections/:id/photos', {
    schema: {
      tags,
      summary: "The inspection's photos in upload order, with the address of each size",
      params: inspectionIdParams,
      response: { 200: z.object({ items: z.array(inspectionPhoto) }), ...errors },
    },
    handler: async (request) => ({ items: await inspections.listPhotos(currentUser(request), request.params.id) }),
  });

  r.get('/api/inspections/:id/photos/:photoId', {
    schema: {
      tags,
      summary:
        'A photo: the original as uploaded, the display size (JPEG, at most 1600 px) or the thumbnail (JPEG, at most 320 px)',
      params: photoParams,
      querystring: photoQuery,
    },
    handler: async (request, reply) => {
      const file = await inspections.photoFile(
        currentUser(request),
        request.params.id,
        request.params.photoId,
        request.query.size,
      );
      const etag = `"${file.sha256}"`;
      // A photo never changes under its address; a deleted one answers 404.
      reply.header('cache-control', 'private, max-age=86400, immutable').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition('inline', file.fileName))
        .send(file.bytes);
    },
  });

  r.delete('/api/inspections/:id/photos/:photoId', {
    schema: {
      tags,
      summary: 'Delete a photo and its stored files',
      params: photoParams,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await inspections.removePhoto(currentUser(request), request.params.id, request.params.photoId);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/units/:id/deficiencies', {
    schema: {
      tags,
      summary:
        "The unit's Deficiencies card: repair records of its jobs, newest first, with the chosen option, the total and the customer's decision",
      params: unitIdParams,
      querystring: unitDeficienciesQuery,
      response: { 200: unitDeficienciesAnswer, 400: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => inspections.unitDeficiencies(request.params.id, request.query.page),
  });

  // -- the unit's history across visits (issue 29, decision 044) --------------------------------

  r.get('/api/units/:id/history', {
    schema: {
      tags,
      summary:
        "The unit's Service History: its visits (jobs), newest first, 5 a page, each with its technicians, inspections and repair options",
      params: unitIdParams,
      querystring: unitHistoryQuery,
      response: { 200: unitHistoryAnswer, 400: apiErrorBody, 404: apiErrorBody },
    },
    handler: async (request) => inspections.unitHistory(request.params.id, request.query.page),
  });

  r.post('/api/units/:id/deficiencies/:repairId/resolve', {
    config: allow('recommendations.resolve'),
    schema: {
      tags,
      summary: "Mark one of the unit's open recommendations resolved, with a reason (office)",
      params: unitRecommendationParams,
      body: resolveRecommendationInput,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const { id, repairId } = request.params;
      await inspections.resolveRecommendation(currentUser(request), { unitId: id }, repairId, request.body);
      return reply.status(204).send(null);
    },
  });

  r.get('/api/jobs/:id/earlier-recommendations', {
    schema: {
      tags,
      summary:
        "Open recommendations from earlier visits: the open repair options of the job's unit found on its other jobs",
      params: jobIdParams,
      response: { 200: earlierRecommendations, ...errors },
    },
    handler: async (request) => inspections.earlierRecommendations(currentUser(request), request.params.id),
  });

  r.post('/api/jobs/:id/earlier-recommendations/:repairId/resolve', {
    schema: {
      tags,
      summary:
        "Mark an open recommendation of the job's unit resolved, with a reason (the office, or a technician assigned to the job)",
      params: jobRecommendationParams,
      body: resolveRecommendationInput,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const { id, repairId } = request.params;
      await inspections.resolveRecommendation(currentUser(request), { jobId: id }, repairId, request.body);
      return reply.status(204).send(null);
    },
  });

  r.post('/api/jobs/:id/earlier-recommendations/:repairId/add', {
    schema: {
      tags,
      summary:
        "Add an open recommendation of the job's unit to this job's repair options (a copy of its inspection and repair record)",
      params: jobRecommendationParams,
      response: { 201: inspection, ...errors },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(
          await inspections.addRecommendationToJob(currentUser(request), request.params.id, request.params.repairId),
        ),
  });

  // Uploads: multipart only for the photo route, with the photo's size limit.
  await app.register(async (scope) => {
    await registerUploads(scope, { fileSize: INSPECTION_LIMITS.maxPhotoBytes, files: 1, fields: 5, parts: 6 });
    scope.withTypeProvider<ZodTypeProvider>().post('/api/inspections/:id/photos', {
      bodyLimit: INSPECTION_LIMITS.maxPhotoBytes + 64 * 1024,
      schema: {
        tags,
        summary:
          'Upload a photo (multipart field "file"): JPEG, PNG or WebP by content, at most 10 MB, at most 10 per inspection',
        consumes: ['multipart/form-data'],
        params: inspectionIdParams,
        response: { 201: inspectionPhoto, 413: apiErrorBody, 415: apiErrorBody, ...errors },
      },
      handler: async (request, reply) => {
        const upload = await readPhoto(request);
        return reply.status(201).send(await inspections.addPhoto(currentUser(request), request.params.id, upload));
      },
    });
  });
}
