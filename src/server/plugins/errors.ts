import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ErrorCode } from '../../domain/api.js';
import {
  AppError,
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  fromDatabaseError,
  isDatabaseUnavailable,
} from '../errors.js';

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
) {
  const body: ApiErrorBody = {
    error: { ...details, code, message, ...(fields && Object.keys(fields).length ? { fields } : {}) },
  };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const CONTEXT_NAMES: Record<string, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'address',
  headers: 'headers',
};

/**
 * A multipart body that ends in the middle of a part, or whose part headers or boundary are
 * malformed: busboy raises plain Errors without a status ("Part terminated early due to
 * unexpected end of multipart data", "Unexpected end of multipart data", "Malformed part
 * header"). The client sent a broken upload: 400, never 500.
 */
function isBrokenMultipart(error: FastifyError): boolean {
  if (error.statusCode !== undefined && error.statusCode !== 500) return false;
  const message = typeof error.message === 'string' ? error.message : '';
  return /terminated early|Unexpected end of (multipart data|form)|Malformed part header|Multipart: Boundary not found/i.test(
    message,
  );
}

/** One error shape for every answer: { error: { code, message, fields? } }. A 500 is a bug. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const messages = [...new Set(Object.values(fields))];
      const where = CONTEXT_NAMES[error.validationContext ?? ''] ?? 'request';
      const message = messages.length === 1 ? messages[0]! : messages.length ? messages.join('; ') : `Invalid ${where}`;
      return send(reply, 400, 'VALIDATION_ERROR', message, fields);
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.statusCode, error.code, error.message, error.fields, error.details);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(reply, 503, 'SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
    }
    const fromDb = fromDatabaseError(error);
    if (fromDb) {
      request.log.info({ err: error }, 'database constraint refused a write');
      return send(reply, fromDb.statusCode, fromDb.code, fromDb.message, fromDb.fields);
    }
    if (isBrokenMultipart(error)) {
      request.log.info({ err: error }, 'multipart upload refused');
      return send(
        reply,
        400,
        'VALIDATION_ERROR',
        'The upload was cut off before it ended. Please send the file again.',
      );
    }
    // Errors raised by Fastify itself for bad requests (malformed JSON, body too large, ...).
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      if (status === 413) return send(reply, 413, 'PAYLOAD_TOO_LARGE', 'The upload is too large');
      if (status === 415) return send(reply, 415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type');
      if (status === 429)
        return send(reply, 429, 'RATE_LIMITED', error.message || 'Too many requests; please wait and try again');
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
        return send(reply, 400, 'VALIDATION_ERROR', 'The request body is not valid JSON');
      }
      return send(reply, status, status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR', error.message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again.');
  });
}

export function sendApiNotFound(reply: FastifyReply, method: string, url: string) {
  return send(reply, 404, 'NOT_FOUND', `No API route ${method} ${url.split('?')[0]}`);
}
