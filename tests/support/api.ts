/**
 * The one client of the API tests (tests/api): every test calls the API through it, not through
 * its own inject() wrapper. Calls as a signed-in role, the "refused and changed nothing"
 * assertion, and the malformed-id and missing-id cases of a detail route. They sit on top of
 * `createTestContext` (test-app.ts), which stays as it is; a test that builds its own app passes
 * `{ app }` instead. Direct inject() is kept only where a test is about the HTTP layer itself
 * (static files, raw request targets), with a comment saying why.
 *
 *   let ctx: TestContext;
 *   let api: ApiClient;
 *   beforeAll(async () => {
 *     ctx = await createTestContext();
 *     // every `refused` below also checks that this snapshot is the same before and after
 *     api = await signInAs(ctx, 'user', { unchanged: () => customerFingerprint(ctx.database.db) });
 *   });
 *
 *   const created = (await api.call('POST', '/api/companies', valid)).json();
 *   await api.refused('POST', '/api/companies', { ...valid, state: 'GAA' }, 400, 'State must be at most 2 characters');
 *   const body = await api.refused('POST', '/api/companies', {}, 400, /is required/, { field: 'name' });
 *   expectRefused(await api.call('GET', '/api/companies?pageSize=30'), 400, 'Page size must be 25, 50 or 100');
 *
 *   // A detail route: every malformed id answers 400 with the route's message, an unknown one 404,
 *   // for each method given, and nothing changes.
 *   await api.refusesBadIds({
 *     url: (id) => `/api/companies/${id}`,
 *     methods: { GET: undefined, PUT: valid, DELETE: undefined },
 *     malformed: 'Invalid company ID format',
 *     missing: 'Company not found',
 *   });
 *
 * Another role's calls, with the same `unchanged` snapshot: `await api.withRole('technician')`, or
 * `api.as(cookie)` for a cookie you already have. No session: `signedOut(ctx)` (sign-in, public
 * routes, the 401 cases).
 *
 *   // headers, a raw (string/Buffer) body, another client address
 *   await api.call('POST', url, body.payload, { headers: body.headers }); // a multipart upload
 *   await api.call('GET', url, undefined, { headers: { 'accept-encoding': 'gzip' } });
 *   await signedOut(ctx).call('POST', '/api/auth/login', credentials, { remoteAddress: '198.51.100.7' });
 *   await api.refused('PUT', url, '[1,2]', 400, undefined, { headers: { 'content-type': 'application/json' } });
 */
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { ApiErrorBody, ErrorCode } from '../../src/domain/api.js';
import type { UserRole } from '../../src/domain/auth.js';
import type { TestContext } from './test-app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiResponse = LightMyRequestResponse;
export type { ApiErrorBody };

/** A well-formed v4 uuid that no row has. */
export const MISSING_ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';

/**
 * Ids a route with a v4-uuid parameter must refuse with 400: words, digits, a v1 uuid, a uuid
 * with a bad variant, a uuid without dashes.
 */
export const MALFORMED_IDS = [
  'abc',
  'not-a-uuid',
  '123',
  '3f1c2a4e-5b6d-1e7f-8a9b-0c1d2e3f4a5b',
  '3f1c2a4e-5b6d-4e7f-7a9b-0c1d2e3f4a5b',
  '3f1c2a4e5b6d4e7f8a9b0c1d2e3f4a5b',
] as const;

export interface ApiOptions {
  /**
   * A snapshot of what a refused request must leave as it was (for instance customerFingerprint
   * from db-fingerprint.ts); `refused` and `refusesBadIds` compare it before and after.
   */
  unchanged?: () => Promise<unknown>;
}

/** How one call is sent, beyond method, URL and payload. */
export interface CallOptions {
  /** Extra request headers (content-type, origin, accept-encoding...), sent besides the Cookie header. */
  headers?: Record<string, string>;
  /** The client's address (for the sign-in throttle), instead of inject()'s 127.0.0.1. */
  remoteAddress?: string;
}

export interface RefusedOptions extends CallOptions {
  /** The field the error names in `error.fields` (its message must be present). */
  field?: string;
  /** The error code (VALIDATION_ERROR, NOT_FOUND, ...). */
  code?: ErrorCode;
}

/** The malformed-id and missing-id cases of one detail route. */
export interface BadIdCases {
  /** The route's URL for an id, e.g. (id) => `/api/units/${id}` or `/api/units/${id}/jobs`. */
  url: (id: string) => string;
  /** The methods to try, with the (otherwise valid) body each one sends. */
  methods: Partial<Record<Method, unknown>>;
  /** The 400 message for an id that is not a v4 uuid. */
  malformed: string;
  /** The 404 message for an unknown id. */
  missing: string;
  /** Ids to try instead of MALFORMED_IDS. */
  malformedIds?: readonly string[];
}

export interface ApiClient {
  /** The Cookie header of the signed-in user. */
  readonly cookie: string;
  /** The signed-in user's id (empty for a client made from a cookie alone). */
  readonly userId: string;
  /**
   * Calls a route as this user: an object payload is sent as JSON, a string or Buffer as it is
   * (say its content-type in `options.headers`).
   */
  call(method: Method, url: string, payload?: unknown, options?: CallOptions): Promise<ApiResponse>;
  /**
   * Sends a bad request and checks it answers `status` with `message` (exactly, or matching a
   * RegExp; any message when omitted), and that the `unchanged` snapshot did not move. Returns
   * the error body.
   */
  refused(
    method: Method,
    url: string,
    payload: unknown,
    status: number,
    message?: string | RegExp,
    options?: RefusedOptions,
  ): Promise<ApiErrorBody>;
  /** Every malformed id answers 400 and an unknown id 404, with the route's messages, for each method. */
  refusesBadIds(cases: BadIdCases): Promise<void>;
  /** The same helpers for another signed-in user, with the same snapshot. */
  as(cookie: string): ApiClient;
  /** Creates a user of the role, signs in as them: their helpers, with the same snapshot. */
  withRole(role: UserRole): Promise<ApiClient>;
}

/**
 * The app a client calls: a TestContext, or any built app (`{ app }`) for the tests that build
 * their own (several instances, a capturing logger); `withRole` needs a TestContext's `loginAs`.
 */
export type ApiHost = Pick<TestContext, 'app'> & Partial<Pick<TestContext, 'loginAs'>>;

/** Calls a route with the given Cookie header (or none): the one place tests build an inject(). */
export function callRoute(
  ctx: ApiHost,
  cookie: string | undefined,
  method: Method,
  url: string,
  payload?: unknown,
  options: CallOptions = {},
): Promise<ApiResponse> {
  const headers = { ...options.headers, ...(cookie ? { cookie } : {}) };
  return ctx.app.inject({
    method,
    url,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> | string | Buffer }),
  });
}

/**
 * Checks a response is a refusal with `status` and `message` (any message when omitted), and
 * names `options.field`; returns its body.
 */
export function expectRefused(
  response: ApiResponse,
  status: number,
  message?: string | RegExp,
  options: RefusedOptions = {},
): ApiErrorBody {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json<ApiErrorBody>();
  if (typeof message === 'string') expect(body.error.message).toBe(message);
  else if (message) expect(body.error.message).toMatch(message);
  else expect(body.error.message).toEqual(expect.any(String));
  if (options.field) expect(body.error.fields?.[options.field], `error.fields.${options.field}`).toBeTruthy();
  if (options.code) expect(body.error.code).toBe(options.code);
  return body;
}

/** The table of bad-id requests for a detail route: each malformed id, then the missing one, per method. */
export function badIdCases(
  cases: BadIdCases,
): { method: Method; url: string; payload: unknown; status: 400 | 404; code: ErrorCode; message: string }[] {
  const methods = Object.entries(cases.methods) as [Method, unknown][];
  return [
    ...methods.flatMap(([method, payload]) =>
      (cases.malformedIds ?? MALFORMED_IDS).map((id) => ({
        method,
        url: cases.url(id),
        payload,
        status: 400 as const,
        code: 'VALIDATION_ERROR' as const,
        message: cases.malformed,
      })),
    ),
    ...methods.map(([method, payload]) => ({
      method,
      url: cases.url(MISSING_ID),
      payload,
      status: 404 as const,
      code: 'NOT_FOUND' as const,
      message: cases.missing,
    })),
  ];
}

/** The helpers for a user whose Cookie header you already have. */
export function apiClient(ctx: ApiHost, cookie: string, options: ApiOptions = {}, userId = ''): ApiClient {
  const call = (method: Method, url: string, payload?: unknown, callOptions?: CallOptions) =>
    callRoute(ctx, cookie, method, url, payload, callOptions);
  const refused: ApiClient['refused'] = async (method, url, payload, status, message, refusedOptions) => {
    const before = options.unchanged ? await options.unchanged() : undefined;
    const response = await call(method, url, payload, {
      headers: refusedOptions?.headers,
      remoteAddress: refusedOptions?.remoteAddress,
    });
    const body = expectRefused(response, status, message, refusedOptions);
    if (options.unchanged) expect(await options.unchanged(), `${method} ${url} changed data`).toEqual(before);
    return body;
  };
  return {
    cookie,
    userId,
    call,
    refused,
    async refusesBadIds(cases) {
      for (const c of badIdCases(cases))
        await refused(c.method, c.url, c.payload, c.status, c.message, { code: c.code });
    },
    as: (other) => apiClient(ctx, other, options),
    async withRole(role) {
      if (!ctx.loginAs) throw new Error('withRole needs a TestContext');
      const user = await ctx.loginAs(role);
      return apiClient(ctx, user.cookie, options, user.userId);
    },
  };
}

/**
 * The helpers without a session (no Cookie header): for the sign-in route, public routes and the
 * "signed out gets 401" cases.
 */
export function signedOut(ctx: ApiHost, options: ApiOptions = {}): ApiClient {
  return apiClient(ctx, '', options);
}

/** Creates a user of the role, signs in as them, and returns their helpers. */
export async function signInAs(ctx: TestContext, role: UserRole, options: ApiOptions = {}): Promise<ApiClient> {
  const { cookie, userId } = await ctx.loginAs(role);
  return apiClient(ctx, cookie, options, userId);
}
