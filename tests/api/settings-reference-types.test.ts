import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTypes, serviceLines } from '../../src/server/db/schema.js';
import { MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: ApiClient;
let manager: ApiClient;
let plainUser: ApiClient;
let technician: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  // every refusal below leaves both type tables as they were
  admin = await signInAs(ctx, 'admin', {
    unchanged: () => tableFingerprint(ctx.database.db, ['service_lines', 'job_types']),
  });
  manager = await admin.withRole('manager');
  plainUser = await admin.withRole('user');
  technician = await admin.withRole('technician');
});
afterAll(() => ctx.close());

const KINDS = [
  { kind: 'service-types', table: serviceLines, one: 'service type', existing: 'HVACGEN' },
  { kind: 'job-types', table: jobTypes, one: 'job type', existing: 'PM' },
] as const;

describe.each(KINDS)('/api/settings/$kind', ({ kind, table, one, existing }) => {
  const url = `/api/settings/${kind}`;
  const rows = async () => Number((await ctx.database.db.select({ n: count() }).from(table))[0]!.n);
  const post = (api: ApiClient, payload: unknown) => api.call('POST', url, payload);

  async function refused(api: ApiClient, payload: unknown, status: number) {
    const before = await rows();
    const { error } = await api.refused('POST', url, payload, status);
    expect(await rows()).toBe(before);
    return error;
  }

  it('lists every type ordered by name, for every signed-in user', async () => {
    const response = await technician.call('GET', url);
    expect(response.statusCode).toBe(200);
    const names = response.json().map((t: { name: string }) => t.name);
    expect(names.length).toBeGreaterThan(3);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(response.json()[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      code: expect.any(String),
      description: expect.anything(),
      isActive: true,
    });
  });

  it('adds a type with name, code (stored in capitals) and an optional description', async () => {
    const response = await post(admin, { name: 'Rooftop Work', code: 'roof-1', description: '' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Rooftop Work', code: 'ROOF-1', description: null, isActive: true });
    expect((await post(manager, { name: 'Managers may add', code: 'MGR' })).statusCode).toBe(201);
  });

  it('refuses a missing name or code, changing nothing', async () => {
    const error = await refused(admin, { description: 'only this' }, 400);
    expect(error.fields).toEqual({ name: 'Name is required', code: 'Code is required' });
    await refused(admin, { name: 'Spaces', code: 'A B' }, 400);
  });

  it(`refuses a duplicate code regardless of case with 409 "A ${one} with the code ... already exists"`, async () => {
    const error = await refused(admin, { name: 'Duplicate', code: existing.toLowerCase() }, 409);
    expect(error.message).toBe(`A ${one} with the code "${existing}" already exists`);
    expect(error.fields).toEqual({ code: error.message });
  });

  it('answers 409 (not 500) when a duplicate slips past the check', async () => {
    // Two people adding the same code at once: the other row lands between the check and the insert.
    const tableName = kind === 'service-types' ? 'service_lines' : 'job_types';
    await ctx.database.db.execute(
      sql.raw(`create or replace function test_race_code() returns trigger language plpgsql as $$
        begin
          if new.code = 'RACE' then insert into ${tableName} (name, code) values ('Other', 'race'); end if;
          return new;
        end $$`),
    );
    await ctx.database.db.execute(
      sql.raw(
        `create trigger test_race_code before insert on ${tableName} for each row execute function test_race_code()`,
      ),
    );
    try {
      const response = await post(admin, { name: 'Race', code: 'RACE' });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(`A ${one} with this code already exists`);
    } finally {
      await ctx.database.db.execute(sql.raw(`drop trigger test_race_code on ${tableName}`));
    }
  });

  it('answers 403 to a user or a technician, changing nothing', async () => {
    await refused(plainUser, { name: 'Nope', code: 'NOPE' }, 403);
    await refused(technician, { name: 'Nope', code: 'NOPE' }, 403);
  });

  it('switches a type inactive and active again; the active filter follows', async () => {
    const created = (await post(admin, { name: 'Seasonal', code: 'SEAS' })).json();
    const off = await admin.call('PATCH', `${url}/${created.id}`, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ code: 'SEAS', isActive: false });
    const active = (await admin.call('GET', `${url}?active=true`)).json();
    expect(active.map((t: { code: string }) => t.code)).not.toContain('SEAS');
    const inactive = (await admin.call('GET', `${url}?active=false`)).json();
    expect(inactive.map((t: { code: string }) => t.code)).toEqual(['SEAS']);
    const on = await manager.call('PATCH', `${url}/${created.id}`, { isActive: true, name: 'Seasonal Work' });
    expect(on.json()).toMatchObject({ name: 'Seasonal Work', isActive: true, code: 'SEAS' });
  });

  it('refuses a switch by a user (403), an empty change (400), an unknown id (404) and a malformed id (400)', async () => {
    const created = (await post(admin, { name: 'Locked', code: 'LOCK' })).json();
    await plainUser.refused('PATCH', `${url}/${created.id}`, { isActive: false }, 403);
    await admin.refused('PATCH', `${url}/${created.id}`, {}, 400);
    await admin.refused('PATCH', `${url}/${MISSING_ID}`, { isActive: false }, 404);
    await admin.refused('PATCH', `${url}/abc`, { isActive: false }, 400);
    const still = (await admin.call('GET', url)).json().find((t: { id: string }) => t.id === created.id);
    expect(still.isActive).toBe(true);
  });
});
