import type { FastifyServerOptions } from 'fastify';

/**
 * What the server log may hold. A log line must never carry a secret (password, session token,
 * cookie, authorization) or a person's private data (tax id, bank fields), whatever logged it:
 *
 * - `redact` blanks those keys in any logged object (to three levels deep) and in the request
 *   and response headers;
 * - the `err` serializer writes a database error without its query parameters: drizzle puts
 *   every parameter into the error's message ("Failed query: ... params: ..."), its stack and a
 *   `params` property, and PostgreSQL echoes values in `detail` ("Key (email)=(x) already
 *   exists") and in some messages ('invalid input syntax for type uuid: "x"'). The SQL text
 *   stays (it holds placeholders, not values), so the failing query can still be found.
 * - the `req` serializer logs the path without its query string (searches are personal data) and
 *   without a quote link's token;
 * - e-mail addresses in an error's message (an SMTP refusal names the recipient) are blanked.
 */

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'password_hash',
  'token',
  'sessionToken',
  'secret',
  'sessionSecret',
  'cookie',
  'authorization',
  'taxId',
  'tax_id',
  'bankName',
  'bank_name',
  'bankRouting',
  'bank_routing',
  'bankAccount',
  'bank_account',
  'directDeposit',
  'direct_deposit',
  'parameters',
  'params',
];

export const REDACTED = '[redacted]';

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`]),
];

interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  code?: string;
  [key: string]: unknown;
}

/** Kept from a PostgreSQL or driver error: names and codes, never values. */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'routine',
  'errno',
  'syscall',
  'address',
  'port',
  'query',
  'validationContext',
];

/** A message with the values a database error echoes replaced by [redacted]. */
export function redactErrorMessage(message: string): string {
  return redactEmailAddresses(message)
    .replace(/\nparams: [\s\S]*$/, `\nparams: ${REDACTED}`)
    .replace(/(invalid input (?:syntax|value) for [^:\n]*: )"[^\n]*"/g, `$1"${REDACTED}"`)
    .replace(/\)=\([^\n]*?\)( already exists| is not present| conflicts)/g, `)=(${REDACTED})$1`);
}

/** E-mail addresses (an SMTP server's refusal names the recipient) are a person's data. */
const EMAIL_ADDRESS = /[^\s<>()[\]"',;:@]+@[^\s<>()[\]"',;:@]+\.[^\s<>()[\]"',;:@]+/g;
export function redactEmailAddresses(text: string): string {
  return text.replace(EMAIL_ADDRESS, REDACTED);
}

/**
 * A request's path as the log may hold it: the customer's quote link carries its token in the path
 * (the page /quote/confirm/<token> and its API /api/public/quotes/<token>), and the token is the
 * only key to the quote. A calendar feed's URL (/api/public/calendar/<secret>.ics, decision 049) is
 * the only key to the feed.
 */
const TOKEN_IN_PATH = /^(\/quote\/confirm|\/api\/public\/quotes|\/api\/public\/calendar)\/[^/?#]+/;
export function loggablePath(url: string): string {
  return url.split('?')[0]!.replace(TOKEN_IN_PATH, `$1/${REDACTED}`);
}

function serializeError(error: unknown, depth = 0): SerializedError | unknown {
  if (typeof error === 'string') return redactErrorMessage(error);
  if (!(error instanceof Error) || depth > 4) {
    return typeof error === 'object' && error !== null ? { type: 'object', message: REDACTED } : error;
  }
  const record = error as Error & Record<string, unknown>;
  const message = redactErrorMessage(String(error.message ?? ''));
  const out: SerializedError = { type: error.constructor?.name ?? 'Error', message };
  if (typeof error.stack === 'string') {
    // The stack starts with "Name: message"; only the call sites below it are kept.
    const firstFrame = error.stack.search(/\n\s+at /);
    out.stack = `${out.type}: ${message}${firstFrame >= 0 ? error.stack.slice(firstFrame) : ''}`;
  }
  for (const key of SAFE_ERROR_FIELDS) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') out[key] = value;
  }
  if (typeof record.detail === 'string') out.detail = redactErrorMessage(record.detail);
  if (record.cause !== undefined) out.cause = serializeError(record.cause, depth + 1);
  return out;
}

function serializeRequest(request: {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? loggablePath(request.url) : request.url,
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The logger options every log line goes through, merged over what the caller asks for. */
export function secureLoggerOptions(options: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!options) return false;
  const base = options === true ? {} : (options as Record<string, unknown>);
  return {
    ...base,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      ...(base.serializers as Record<string, unknown> | undefined),
      err: serializeError,
      error: serializeError,
      req: serializeRequest,
    },
  } as FastifyServerOptions['logger'];
}

export const serializeErrorForLog = serializeError;
