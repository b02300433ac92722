import type { ErrorCode } from '../domain/api.js';

/**
 * An error a person can act on: services throw these, the error plugin turns them into
 * { error: { code, message, fields? } } with the status.
 */
export class AppError extends Error {
  /** Sent as the Retry-After header (a 429 that knows when the client may try again). */
  retryAfterSeconds?: number;
  /** More of the answer, written beside code and message (the route's error schema names each key). */
  details?: Record<string, unknown>;

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
export const unauthenticated = (message = 'Please sign in to continue') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', message, fields);
/** A 409 that carries what the client needs to decide (e.g. the lines a new invoice would bill again). */
export const conflictWithDetails = (message: string, details: Record<string, unknown>) => {
  const error = new AppError(409, 'CONFLICT', message);
  error.details = details;
  return error;
};
export const tooManyRequests = (message: string, retryAfterSeconds?: number) => {
  const error = new AppError(429, 'RATE_LIMITED', message);
  if (retryAfterSeconds !== undefined) error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
};

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
    constraintMessages.set(name, {
      status: entry.status ?? 409,
      message: entry.message,
      ...(entry.field ? { field: entry.field } : {}),
    });
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
    return new AppError(
      known.status,
      known.status === 409 ? 'CONFLICT' : 'VALIDATION_ERROR',
      known.message,
      known.field ? { [known.field]: known.message } : undefined,
    );
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

/** Seconds a client is told to wait (Retry-After) while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable right now. Please try again in a moment.';

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  // PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now (starting or stopping),
  // too_many_connections, query_canceled (our statement_timeout)
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '57014',
]);
const UNREACHABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|connection timeout|Client has encountered a connection error|Cannot use a pool after calling end|server closed the connection unexpectedly/i;

/**
 * The database is down, restarting, hung or overloaded (not a bad request and not a bug): the
 * driver's connection errors, PostgreSQL's connection-exception class (08xxx) and shutdown
 * codes, and our own connect and statement timeouts, anywhere in the error's cause chain.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (
      typeof candidate.code === 'string' &&
      (UNREACHABLE_CODES.has(candidate.code) || /^08[0-9A-Z]{3}$/.test(candidate.code))
    )
      return true;
    if (typeof candidate.message === 'string' && UNREACHABLE_MESSAGES.test(candidate.message)) return true;
    // An AggregateError (a host with several addresses, all refusing)
    if (Array.isArray(candidate.errors) && candidate.errors.some((e) => isDatabaseUnavailable(e))) return true;
    current = candidate.cause;
  }
  return false;
}
