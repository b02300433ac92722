import type { ErrorCode } from '../domain/api.js';

/**
 * An error a person can act on: services throw these, the error plugin turns them into
 * { error: { code, message, fields? } } with the status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthenticated = (message = 'Please sign in to continue') => new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, 'CONFLICT', message, fields);
export const tooManyRequests = (message: string) => new AppError(429, 'RATE_LIMITED', message);

/**
 * Messages for database constraint violations, by constraint name. A module registers the ones
 * its users can run into (e.g. two people saving the same company name at once), so a race that
 * slips past the service's own check still answers 409 with a clear message, never a 500.
 */
const constraintMessages = new Map<string, { status: 400 | 409; message: string; field?: string }>();

export function registerConstraintMessages(
  entries: Record<string, { status?: 400 | 409; message: string; field?: string }>,
): void {
  for (const [name, entry] of Object.entries(entries)) {
    constraintMessages.set(name, { status: entry.status ?? 409, message: entry.message, ...(entry.field ? { field: entry.field } : {}) });
  }
}

interface PgLikeError {
  code?: string;
  constraint?: string;
  detail?: string;
  table?: string;
}

function pgErrorOf(error: unknown): PgLikeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as PgLikeError & { cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** Turns a PostgreSQL constraint violation into an AppError, or returns undefined. */
export function fromDatabaseError(error: unknown): AppError | undefined {
  const pgError = pgErrorOf(error);
  if (!pgError) return undefined;
  const known = pgError.constraint ? constraintMessages.get(pgError.constraint) : undefined;
  if (known) {
    return new AppError(known.status, known.status === 409 ? 'CONFLICT' : 'VALIDATION_ERROR', known.message, known.field ? { [known.field]: known.message } : undefined);
  }
  switch (pgError.code) {
    case '23505':
      return conflict('This record already exists');
    case '23503':
      return conflict('This record is still in use by other records, or refers to one that does not exist');
    case '23514':
    case '23502':
    case '22001':
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
      return badRequest('One of the values is not allowed');
    default:
      return undefined;
  }
}
