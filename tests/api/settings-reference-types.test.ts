import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTypes, serviceLines } from '../../src/server/db/schema.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: string;
let manager: string;
let plainUser: string;
let technician: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.loginAs('admin')).cookie;
  manager = (await ctx.loginAs('manager')).cookie;
  plainUser = (await ctx.loginAs('user')).cookie;
  technician = (await ctx.loginAs('technician')).cookie;
});
afterAll(() => ctx.close());

const KINDS = [
  { kind: 'service-types', table: serviceLines, one: 'service type', existing: 'HVACGEN' },
  { kind: 'job-types', table: jobTypes, one: 'job type', existing: 'PM' },
] as const;

describe.each(KINDS)('/api/settings/$kind', ({ kind, table, one, existing }) => {
  const url = `/api/settings/${kind}`;
  const rows = async () => Number((await ctx.database.db.select({ n: count() }).from(table))[0]!.n);
  const post = (cookie: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

  async function refused(cookie: string, payload: unknown, status: number) {
    const before = await rows();
    const response = await post(cookie, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(await rows()).toBe(before);
    return response.json().error as { code: string; message: string; fields?: Record<string, string> };
  }

  it('lists every type ordered by name, for every signed-in user', async () => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: technician } });
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
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `${url}/${created.id}`,
      headers: { cookie: admin },
      payload: { isActive: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ code: 'SEAS', isActive: false });
    const active = (
      await ctx.app.inject({ method: 'GET', url: `${url}?active=true`, headers: { cookie: admin } })
    ).json();
    expect(active.map((t: { code: string }) => t.code)).not.toContain('SEAS');
    const inactive = (
      await ctx.app.inject({ method: 'GET', url: `${url}?active=false`, headers: { cookie: admin } })
    ).json();
    expect(inactive.map((t: { code: string }) => t.code)).toEqual(['SEAS']);
    const on = await ctx.app.inject({
      method: 'PATCH',
      url: `${url}/${created.id}`,
      headers: { cookie: manager },
      payload: { isActive: true, name: 'Seasonal Work' },
    });
    expect(on.json()).toMatchObject({ name: 'Seasonal Work', isActive: true, code: 'SEAS' });
  });

  it('refuses a switch by a user (403), an empty change (400), an unknown id (404) and a malformed id (400)', async () => {
    const created = (await post(admin, { name: 'Locked', code: 'LOCK' })).json();
    const forbidden = await ctx.app.inject({
      method: 'PATCH',
      url: `${url}/${created.id}`,
      headers: { cookie: plainUser },
      payload: { isActive: false },
    });
    expect(forbidden.statusCode).toBe(403);
    const empty = await ctx.app.inject({
      method: 'PATCH',
      url: `${url}/${created.id}`,
      headers: { cookie: admin },
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: `${url}/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b`,
      headers: { cookie: admin },
      payload: { isActive: false },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'PATCH',
      url: `${url}/abc`,
      headers: { cookie: admin },
      payload: { isActive: false },
    });
    expect(malformed.statusCode).toBe(400);
    const still = (await ctx.app.inject({ method: 'GET', url, headers: { cookie: admin } }))
      .json()
      .find((t: { id: string }) => t.id === created.id);
    expect(still.isActive).toBe(true);
  });
});
