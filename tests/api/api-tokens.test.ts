import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_TOKEN_MESSAGES,
  API_TOKEN_PATTERN,
  type ApiToken,
  type CreatedApiToken,
} from '../../src/domain/api-tokens.js';
import { apiTokens } from '../../src/server/db/schema.js';
import { hashApiToken } from '../../src/server/modules/api-tokens/index.js';
import { signedOut, signInAs, expectRefused, type ApiClient, type CallOptions, type Method } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

// API tokens (issue 31 item 1, decision 047): made by an admin, shown once, used as
// `Authorization: Bearer`, held to the route's roles and input checks, refused when expired or
// revoked. The two-server revoke and the log are in api-tokens-servers.test.ts.
let now = new Date('2026-11-29T12:00:00.000Z');
let ctx: TestContext;
let admin: ApiClient;
let anonymous: ApiClient;

const company = {
  name: 'Token Cooling Co',
  address: '100 Peachtree St NW',
  city: 'Atlanta',
  state: 'GA',
  zip: '30303',
  phone: '(404) 555-0100',
};

beforeAll(async () => {
  ctx = await createTestContext({ now: () => now });
  admin = await signInAs(ctx, 'admin', { unchanged: () => tableFingerprint(ctx.database.db, ['api_tokens']) });
  anonymous = signedOut(ctx);
});
afterAll(() => ctx.close());

const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

async function createToken(
  role: 'read-only' | 'office' | 'admin',
  expiresInDays: 30 | 90 | 365 | null = 90,
  name = `${role} token`,
): Promise<CreatedApiToken> {
  const response = await admin.call('POST', '/api/api-tokens', { name, role, expiresInDays });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreatedApiToken>();
}

/** A call with the token alone: no cookie. */
const withToken = (token: string, method: Method, url: string, payload?: unknown, options: CallOptions = {}) =>
  anonymous.call(method, url, payload, {
    ...options,
    headers: { ...options.headers, authorization: `Bearer ${token}` },
  });

const listed = async (id: string): Promise<ApiToken> =>
  (await admin.call('GET', '/api/api-tokens')).json<{ items: ApiToken[] }>().items.find((t) => t.id === id)!;

describe('creating a token', () => {
  it('lets an admin create one: shown once, with its hint, expiry and creator in the list', async () => {
    const response = await admin.call('POST', '/api/api-tokens', {
      name: '  Accounting sync ',
      role: 'read-only',
      expiresInDays: 30,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { apiToken, token } = response.json<CreatedApiToken>();
    expect(token).toMatch(API_TOKEN_PATTERN);
    expect(apiToken).toMatchObject({
      name: 'Accounting sync',
      role: 'read-only',
      hint: token.slice(-4),
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      lastUsedAt: null,
      revokedAt: null,
      state: 'active',
    });
    expect(apiToken.createdBy).toEqual(expect.any(String));

    const list = await admin.call('GET', '/api/api-tokens');
    expect(list.statusCode).toBe(200);
    expect(list.json().items[0]).toEqual(apiToken);
    // Never again: not in the list, not in the database.
    expect(list.body).not.toContain(token);
    const stored = await ctx.database.db.select().from(apiTokens);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored.map((row) => row.tokenHash)).toContain(hashApiToken(token));
  });

  it('makes tokens that never expire', async () => {
    const { apiToken } = await createToken('office', null);
    expect(apiToken.expiresAt).toBeNull();
  });

  it('refuses everyone but an admin (403), and a stranger (401), creating nothing', async () => {
    const body = { name: 'Sneaky', role: 'admin', expiresInDays: null };
    for (const role of ['manager', 'user', 'technician'] as const) {
      const other = await admin.withRole(role);
      await other.refused('POST', '/api/api-tokens', body, 403);
      await other.refused('GET', '/api/api-tokens', undefined, 403);
      await other.refused('PUT', '/api/settings/api-access', { publicOpenApi: true }, 403);
    }
    await signedOut(ctx, { unchanged: () => tableFingerprint(ctx.database.db, ['api_tokens']) }).refused(
      'POST',
      '/api/api-tokens',
      body,
      401,
    );
  });

  it('refuses bad input with 400 and the field, creating nothing', async () => {
    const valid = { name: 'Zapier', role: 'office', expiresInDays: 90 };
    const cases: [unknown, string, string][] = [
      [{ ...valid, name: '   ' }, 'name', API_TOKEN_MESSAGES.nameRequired],
      [{ ...valid, name: 'x'.repeat(101) }, 'name', API_TOKEN_MESSAGES.nameTooLong],
      [{ role: 'office', expiresInDays: 90 }, 'name', API_TOKEN_MESSAGES.nameRequired],
      [{ ...valid, role: 'superuser' }, 'role', API_TOKEN_MESSAGES.role],
      [{ ...valid, role: 'manager' }, 'role', API_TOKEN_MESSAGES.role],
      [{ ...valid, expiresInDays: 7 }, 'expiresInDays', API_TOKEN_MESSAGES.expiry],
      [{ ...valid, expiresInDays: '30' }, 'expiresInDays', API_TOKEN_MESSAGES.expiry],
      [{ name: 'Zapier', role: 'office' }, 'expiresInDays', API_TOKEN_MESSAGES.expiry],
    ];
    for (const [payload, field, message] of cases) {
      const body = await admin.refused('POST', '/api/api-tokens', payload, 400, undefined, { field });
      expect(body.error.fields?.[field]).toBe(message);
    }
    await admin.refused('POST', '/api/api-tokens', '[1,2]', 400, undefined, {
      headers: { 'content-type': 'application/json' },
    });
    await admin.refusesBadIds({
      url: (id) => `/api/api-tokens/${id}/revoke`,
      methods: { POST: undefined },
      malformed: API_TOKEN_MESSAGES.invalidId,
      missing: API_TOKEN_MESSAGES.notFound,
    });
  });
});

describe('calling the API with a token', () => {
  it('reads with a read-only token, and never gets a session cookie', async () => {
    const { token } = await createToken('read-only');
    const response = await withToken(token, 'GET', '/api/companies?page=1&pageSize=25');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.json()).toMatchObject({ items: expect.any(Array), page: 1 });
    // the scheme is case-insensitive (RFC 7235)
    expect(
      (await anonymous.call('GET', '/api/tags', undefined, { headers: { authorization: `bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a write with a read-only token (403), and a route office staff may not read', async () => {
    const { token } = await createToken('read-only');
    expectRefused(await withToken(token, 'POST', '/api/companies', company), 403, API_TOKEN_MESSAGES.readOnly);
    expectRefused(await withToken(token, 'GET', '/api/settings/tax-groups'), 403);
  });

  it('lets an office token do what office staff may, and refuses admin routes', async () => {
    const { token } = await createToken('office');
    const created = await withToken(token, 'POST', '/api/companies', company);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    expectRefused(await withToken(token, 'DELETE', `/api/companies/${id}`), 403);
    expectRefused(await withToken(token, 'GET', '/api/settings/tax-groups'), 403);
    expectRefused(await withToken(token, 'PUT', '/api/settings/opportunities', { replacementAgeYears: 12 }), 403);
  });

  it('lets an admin token call admin routes', async () => {
    const { token } = await createToken('admin');
    expect((await withToken(token, 'GET', '/api/settings/tax-groups')).statusCode).toBe(200);
    const created = await withToken(token, 'POST', '/api/companies', { ...company, name: 'Admin Token Co' });
    expect(created.statusCode).toBe(201);
    const removed = await withToken(token, 'DELETE', `/api/companies/${created.json<{ id: string }>().id}`);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
  });

  it('checks input as for the screens: a bad body is a 400 with its fields', async () => {
    const { token } = await createToken('office');
    const response = await withToken(token, 'POST', '/api/companies', { ...company, state: 'GAA' });
    expectRefused(response, 400, undefined, { field: 'state' });
  });

  it('needs no CSRF headers, and a cross-site origin does not matter to a token', async () => {
    const { token } = await createToken('office');
    const crossSite: Record<string, string>[] = [
      {},
      { origin: 'https://attacker.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await withToken(
        token,
        'POST',
        '/api/companies',
        { ...company, name: `Cross ${Object.keys(headers).join('') || 'none'}` },
        { headers },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
  });

  it('ignores the cookie of a request that carries a token: the token decides', async () => {
    const { token } = await createToken('read-only');
    const response = await admin.call(
      'POST',
      '/api/companies',
      { ...company, name: 'Both Co' },
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expectRefused(response, 403, API_TOKEN_MESSAGES.readOnly);
  });

  it("refuses a person's own routes and the tokens' routes to a token (403)", async () => {
    const { token } = await createToken('admin');
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['GET', '/api/auth/session'],
      ['POST', '/api/auth/logout'],
      ['GET', '/api/api-tokens'],
      ['POST', '/api/api-tokens'],
      ['GET', '/api/settings/api-access'],
    ] as const) {
      expectRefused(
        await withToken(token, method, url, method === 'POST' ? {} : undefined),
        403,
        API_TOKEN_MESSAGES.sessionOnly,
      );
    }
    // the browser's session check ignores a token: no user
    const current = await withToken(token, 'GET', '/api/auth/current');
    expect(current.json()).toEqual({ user: null });
  });

  it('refuses an unknown or malformed token with 401, a reason and a Bearer challenge', async () => {
    for (const [header, message] of [
      [`Bearer hvac_${'A'.repeat(43)}`, API_TOKEN_MESSAGES.unknown],
      ['Bearer not-a-token', API_TOKEN_MESSAGES.unknown],
      ['Bearer', API_TOKEN_MESSAGES.malformedHeader],
      ['Basic ZGVtbzpodmFjLWRlbW8=', API_TOKEN_MESSAGES.malformedHeader],
      ['', API_TOKEN_MESSAGES.malformedHeader],
    ] as const) {
      const response = await anonymous.call('GET', '/api/companies', undefined, { headers: { authorization: header } });
      expectRefused(response, 401, message, { code: 'UNAUTHENTICATED' });
      expect(response.headers['www-authenticate']).toContain('Bearer');
    }
  });

  it('records the last use at most once a minute', async () => {
    const { apiToken, token } = await createToken('read-only');
    expect((await withToken(token, 'GET', '/api/tags')).statusCode).toBe(200);
    const first = now.toISOString();
    expect((await listed(apiToken.id)).lastUsedAt).toBe(first);
    advance(30_000);
    expect((await withToken(token, 'GET', '/api/tags')).statusCode).toBe(200);
    expect((await listed(apiToken.id)).lastUsedAt).toBe(first);
    advance(31_000);
    expect((await withToken(token, 'GET', '/api/tags')).statusCode).toBe(200);
    expect((await listed(apiToken.id)).lastUsedAt).toBe(now.toISOString());
  });
});

describe('expiry and revocation', () => {
  it('refuses an expired token with 401 and says when it expired', async () => {
    const { apiToken, token } = await createToken('office', 30);
    expect((await withToken(token, 'GET', '/api/tags')).statusCode).toBe(200);
    advance(30 * 86_400_000 - 1_000);
    expect((await withToken(token, 'GET', '/api/tags')).statusCode).toBe(200);
    advance(1_000);
    const response = await withToken(token, 'GET', '/api/tags');
    expectRefused(response, 401, `This API token expired on ${apiToken.expiresAt}; ask an admin for a new token`);
    // 30 days on, the admin's own session has long ended: sign in again to read the list.
    admin = await admin.withRole('admin');
    expect((await listed(apiToken.id)).state).toBe('expired');
  });

  it('refuses a revoked token at once, and revoking again changes nothing', async () => {
    const { apiToken, token } = await createToken('office');
    expect((await withToken(token, 'GET', '/api/tags')).statusCode).toBe(200);
    const revoked = await admin.call('POST', `/api/api-tokens/${apiToken.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json()).toMatchObject({ id: apiToken.id, state: 'revoked', revokedAt: now.toISOString() });
    expectRefused(await withToken(token, 'GET', '/api/tags'), 401, API_TOKEN_MESSAGES.revoked);
    advance(1_000);
    const again = await admin.call('POST', `/api/api-tokens/${apiToken.id}/revoke`);
    expect(again.json<ApiToken>().revokedAt).toBe(revoked.json<ApiToken>().revokedAt);
  });

  it('stops a token when its creator is deactivated', async () => {
    const leaving = await ctx.f.user({
      username: 'leaving-admin',
      email: 'leaving@example.com',
      role: 'admin',
      password: TEST_PASSWORD,
    });
    const other = admin.as(await ctx.login('leaving-admin'));
    const made = await other.call('POST', '/api/api-tokens', { name: 'Leaving', role: 'office', expiresInDays: null });
    const { token } = made.json<CreatedApiToken>();
    expect((await withToken(token, 'GET', '/api/tags')).statusCode).toBe(200);
    const deactivated = await admin.call('PATCH', `/api/users/${leaving.id}`, {
      email: 'leaving@example.com',
      role: 'admin',
      status: 'inactive',
    });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expectRefused(await withToken(token, 'GET', '/api/tags'), 401, API_TOKEN_MESSAGES.creatorInactive);
  });
});

describe('the OpenAPI document', () => {
  it('is a 404 to a stranger until an admin makes it public; signed-in users and tokens always get it', async () => {
    expect((await admin.call('GET', '/api/settings/api-access')).json()).toEqual({ publicOpenApi: false });
    const stranger = await anonymous.call('GET', '/api/openapi.json');
    expectRefused(stranger, 404, 'No API route GET /api/openapi.json');
    expect((await admin.call('GET', '/api/openapi.json')).statusCode).toBe(200);
    const { token } = await createToken('read-only');
    expect((await withToken(token, 'GET', '/api/openapi.json')).statusCode).toBe(200);

    await admin.refused('PUT', '/api/settings/api-access', { publicOpenApi: 'yes' }, 400, undefined, {
      field: 'publicOpenApi',
    });
    const on = await admin.call('PUT', '/api/settings/api-access', { publicOpenApi: true });
    expect(on.json()).toEqual({ publicOpenApi: true });
    const open = await anonymous.call('GET', '/api/openapi.json');
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toContain('application/json');

    await admin.call('PUT', '/api/settings/api-access', { publicOpenApi: false });
    expect((await anonymous.call('GET', '/api/openapi.json')).statusCode).toBe(404);
  });

  it('describes the bearer scheme and which routes accept it', async () => {
    const doc = (await admin.call('GET', '/api/openapi.json')).json<{
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    }>();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const schemes = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.security ?? []).flatMap((s) => Object.keys(s)).sort();
    expect(schemes('/api/companies', 'get')).toEqual(['bearer', 'session']);
    expect(schemes('/api/companies', 'post')).toEqual(['bearer', 'session']);
    expect(schemes('/api/account', 'get')).toEqual(['session']);
    expect(schemes('/api/api-tokens', 'post')).toEqual(['session']);
    expect(doc.paths['/api/health']?.get?.security).toEqual([]);
  });
});
