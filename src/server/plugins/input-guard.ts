import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';

/** The message for a field that holds a NUL character (PostgreSQL cannot store it in text). */
export const NUL_FIELD_MESSAGE = 'Must not contain a NUL character (\\u0000)';

const MAX_DEPTH = 32;

/**
 * The path of the first string holding U+0000 in a parsed body, query or params, written like
 * the validation errors' field names ("name", "items.2.description"); a key that holds the
 * character is named by its parent path. null when there is none.
 */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return null;
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return path || '_';
    const found = findNul(child, childPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/** The 400 for a field that holds U+0000, the same for every kind of input. */
function nulRefusal(field: string) {
  return badRequest(`${field === '_' ? 'The request' : field}: ${NUL_FIELD_MESSAGE}`, { [field]: NUL_FIELD_MESSAGE });
}

/**
 * The same guard for one part of a multipart upload, which the preValidation hook cannot see
 * (parts stream in while the handler reads them): its field name, its text value, and a file's
 * name. Called by `readMultipart` (plugins/uploads.ts), the one reader of every upload route.
 */
export function guardMultipartPart(part: { fieldname: string; value?: unknown; filename?: string }): void {
  if (part.fieldname.includes('\u0000')) throw nulRefusal('_');
  if (typeof part.value === 'string' && part.value.includes('\u0000')) throw nulRefusal(part.fieldname);
  if (part.filename?.includes('\u0000')) throw nulRefusal(part.fieldname);
}

/**
 * One place every route goes through: a NUL character in any text of the query string, the
 * address or a JSON body answers 400 naming the field (multipart parts: guardMultipartPart), before the route's own validation and
 * long before PostgreSQL (which refuses the byte in text and would make it a 500).
 * preValidation runs after the session and role checks (onRequest), so a refused role still
 * gets its 403 first.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field) throw nulRefusal(field);
    }
  });
}
