import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, technicianAvailability, technicians, users } from '../../src/server/db/schema.js';
import { MISSING_ID, signedOut, signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { cookieHeader, createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: ApiClient;
let manager: ApiClient;
let plainUser: ApiClient;
let technician: ApiClient;
let anonymous: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  // a refusal leaves the users and technicians as they were
  const unchanged = () =>
    tableFingerprint(ctx.database.db, ['users', 'technicians', 'technician_skills', 'technician_availability']);
  admin = await signInAs(ctx, 'admin', { unchanged });
  manager = await admin.withRole('manager');
  plainUser = await admin.withRole('user');
  technician = await admin.withRole('technician');
  anonymous = signedOut(ctx, { unchanged });
});
afterAll(() => ctx.close());

const post = (api: ApiClient, payload: unknown) => api.call('POST', '/api/users', payload);
const userCount = async () => Number((await ctx.database.db.select({ n: count() }).from(users))[0]!.n);
const technicianCount = async () => Number((await ctx.database.db.select({ n: count() }).from(technicians))[0]!.n);

let serial = 0;
const newUser = (overrides: Record<string, unknown> = {}) => {
  serial++;
  return {
    username: `person${serial}`,
    email: `person${serial}@example.com`,
    role: 'user',
    password: 'initial-pass-1',
    ...overrides,
  };
};

/** Sends a bad request and checks it is refused with `status` and changes nothing. */
async function refused(api: ApiClient, payload: unknown, status: number) {
  const [usersBefore, techsBefore] = [await userCount(), await technicianCount()];
  const { error } = await api.refused('POST', '/api/users', payload, status);
  expect(await userCount()).toBe(usersBefore);
  expect(await technicianCount()).toBe(techsBefore);
  return error;
}

describe('GET /api/users/options (pickers)', () => {
  it('gives every signed-in role the active users by name, with only id and name', async () => {
    const response = await technician.call('GET', '/api/users/options');
    expect(response.statusCode).toBe(200);
    const items = response.json().items as Record<string, unknown>[];
    expect(items.length).toBeGreaterThanOrEqual(4);
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
    const names = items.map((i) => String(i.name).toLowerCase());
    expect(names).toEqual([...names].sort());
    const filtered = (await technician.call('GET', '/api/users/options?q=manager')).json();
    expect(filtered.items.length).toBeGreaterThanOrEqual(1);
    await anonymous.refused('GET', '/api/users/options', undefined, 401);
  });
});

describe('GET /api/users', () => {
  it('is for admin and manager only: other roles get 403', async () => {
    for (const [role, api] of [
      ['user', plainUser],
      ['technician', technician],
    ] as const) {
      const response = await api.call('GET', '/api/users');
      expect(response.statusCode, role).toBe(403);
    }
  });

  it('lists users ordered by username for admin and manager, with a total', async () => {
    expect((await manager.call('GET', '/api/users')).statusCode).toBe(200);
    const response = await admin.call('GET', '/api/users');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBeGreaterThanOrEqual(4);
    const names = body.items.map((u: { username: string }) => u.username);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(body.items[0]).toHaveProperty('hasPassword', true);
    expect(body.items[0]).not.toHaveProperty('passwordHash');
  });

  it('filters by text and pages', async () => {
    const filtered = (await admin.call('GET', '/api/users?q=manager')).json();
    expect(filtered.items.map((u: { role: string }) => u.role)).toEqual(['manager']);
    const paged = (await admin.call('GET', '/api/users?pageSize=2&page=2')).json();
    expect(paged.items).toHaveLength(2);
    expect(paged.page).toBe(2);
  });
});

describe('POST /api/users (Settings > Add User)', () => {
  it.each(['user', 'manager', 'admin'])('adds a %s who can then sign in with the initial password', async (role) => {
    const payload = newUser({ role, firstName: 'New', lastName: 'Person', phone: '(404) 555-0100' });
    const response = await post(admin, payload);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      username: payload.username,
      role,
      status: 'active',
      hasPassword: true,
      firstName: 'New',
    });
    const login = await anonymous.call('POST', '/api/auth/login', {
      username: payload.username,
      password: payload.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe(role);
    // the password is stored as an argon2id hash
    const [row] = await ctx.database.db
      .select()
      .from(users)
      .where(eq(users.username, payload.username as string));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('adds a technician with the technician record and the default availability', async () => {
    const payload = newUser({
      role: 'technician',
      firstName: 'Tina',
      lastName: 'Tech',
      technician: {
        hireDate: '2024-05-01',
        jobTitle: '',
        hourlyRate: 38.5,
        employeeId: 'EMP-7001',
        emergencyContactName: 'Sam Tech',
        shirtSize: 'L',
        vehicleYear: 2022,
      },
    });
    const response = await post(manager, payload);
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id;
    const detail = await admin.call('GET', `/api/technicians/${id}`);
    expect(detail.json()).toMatchObject({
      hireDate: '2024-05-01',
      jobTitle: 'HVAC Technician',
      hourlyRate: 38.5,
      employeeId: 'EMP-7001',
      emergencyContactName: 'Sam Tech',
      shirtSize: 'L',
      vehicleYear: 2022,
      availability: [0, 1, 2, 3, 4].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '17:00' })),
    });
    expect(
      (await post(admin, { ...newUser(), role: 'technician', technician: { hireDate: '2024-01-01' } })).statusCode,
    ).toBe(201);
  });

  it('defaults the status to active and stores empty optional values as null', async () => {
    const response = await post(admin, newUser({ firstName: '', lastName: ' ', phone: '' }));
    expect(response.json()).toMatchObject({ status: 'active', firstName: null, lastName: null, phone: null });
  });

  it('refuses missing required fields, changing nothing', async () => {
    const error = await refused(admin, { role: 'user' }, 400);
    expect(error.fields).toEqual({
      username: 'Username is required',
      email: 'Email is required',
      password: 'Initial password is required',
    });
    const noRole = await refused(admin, { username: 'x1', email: 'x1@example.com', password: 'long-enough' }, 400);
    expect(noRole.fields).toEqual({ role: 'Role must be one of user, technician, manager, admin' });
  });

  it('refuses a role outside the list', async () => {
    const error = await refused(admin, newUser({ role: 'owner' }), 400);
    expect(error.message).toBe('Role must be one of user, technician, manager, admin');
  });

  it('refuses a short password and a bad e-mail', async () => {
    expect((await refused(admin, newUser({ password: 'short' }), 400)).fields).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect((await refused(admin, newUser({ email: 'not-an-email' }), 400)).fields).toEqual({
      email: 'Enter a valid email address',
    });
  });

  it('for a technician requires Hire Date and refuses a negative or sub-cent hourly rate', async () => {
    expect((await refused(admin, newUser({ role: 'technician' }), 400)).fields).toEqual({
      technician: expect.any(String),
    });
    expect(
      (await refused(admin, newUser({ role: 'technician', technician: { jobTitle: 'Lead' } }), 400)).fields,
    ).toEqual({
      'technician.hireDate': 'Hire Date is required',
    });
    expect(
      (
        await refused(
          admin,
          newUser({ role: 'technician', technician: { hireDate: '2024-01-01', hourlyRate: -1 } }),
          400,
        )
      ).fields,
    ).toEqual({
      'technician.hourlyRate': 'Hourly rate must be at least 0',
    });
    expect(
      (
        await refused(
          admin,
          newUser({ role: 'technician', technician: { hireDate: '2024-01-01', hourlyRate: 10.005 } }),
          400,
        )
      ).fields,
    ).toEqual({
      'technician.hourlyRate': 'Hourly rate must be in steps of 0.01',
    });
    expect(
      (await refused(admin, newUser({ role: 'technician', technician: { hireDate: '2024-13-01' } }), 400)).fields,
    ).toEqual({
      'technician.hireDate': 'Hire Date must be a valid date',
    });
  });

  it('refuses a duplicate username or e-mail (case-insensitively) with 409', async () => {
    const first = newUser();
    expect((await post(admin, first)).statusCode).toBe(201);
    const sameName = await refused(admin, newUser({ username: (first.username as string).toUpperCase() }), 409);
    expect(sameName.message).toBe(
      `A user with the username "${(first.username as string).toUpperCase()}" already exists`,
    );
    expect(sameName.fields).toHaveProperty('username');
    const sameEmail = await refused(admin, newUser({ email: (first.email as string).toUpperCase() }), 409);
    expect(sameEmail.fields).toHaveProperty('email');
  });

  it('refuses a duplicate employee id with 409', async () => {
    await ctx.f.technician({ technician: { employeeId: 'EMP-DUP' } });
    const error = await refused(
      admin,
      newUser({ role: 'technician', technician: { hireDate: '2024-01-01', employeeId: 'EMP-DUP' } }),
      409,
    );
    expect(error.message).toBe('Another technician already has employee ID "EMP-DUP"');
  });

  it('answers 409 (not 500) when the database refuses a duplicate that slipped past the check', async () => {
    // Simulates two people adding the same username at once: the row appears between check and insert.
    await ctx.database.db.execute(sql`
      create or replace function test_race_user() returns trigger language plpgsql as $$
      begin
        if new.username = 'race-user' then
          insert into users (username, email) values ('RACE-USER', 'race-other@example.com');
        end if;
        return new;
      end $$`);
    await ctx.database.db.execute(
      sql`create trigger test_race_user before insert on users for each row execute function test_race_user()`,
    );
    try {
      const response = await post(admin, newUser({ username: 'race-user' }));
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'CONFLICT',
        message: 'A user with this username already exists',
      });
    } finally {
      await ctx.database.db.execute(sql`drop trigger test_race_user on users`);
    }
  });

  it('answers 403 to a user or technician adding a user, changing nothing', async () => {
    for (const api of [plainUser, technician]) {
      const error = await refused(api, newUser(), 403);
      expect(error.code).toBe('FORBIDDEN');
    }
  });

  it('lets only an admin add an admin', async () => {
    const error = await refused(manager, newUser({ role: 'admin' }), 403);
    expect(error.message).toBe('Only an admin can add or change an admin account');
  });

  it('answers 401 without a session', async () => {
    await anonymous.refused('POST', '/api/users', newUser(), 401);
  });
});

describe('PATCH /api/users/:id and PUT /api/users/:id/password', () => {
  it('edits e-mail, name, role and status; setting inactive ends their sessions and sign-in', async () => {
    const person = await ctx.f.user({ username: 'edit-me', email: 'edit-me@example.com', password: TEST_PASSWORD });
    const theirCookie = await ctx.login('edit-me');
    const response = await admin.call('PATCH', `/api/users/${person.id}`, {
      email: 'edited@example.com',
      firstName: 'Ed',
      lastName: 'Ited',
      phone: '',
      role: 'manager',
      status: 'inactive',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      email: 'edited@example.com',
      role: 'manager',
      status: 'inactive',
      phone: null,
    });
    expect((await anonymous.as(theirCookie).call('GET', '/api/auth/session')).statusCode).toBe(401);
    const login = await anonymous.call('POST', '/api/auth/login', { username: 'edit-me', password: TEST_PASSWORD });
    expect(login.statusCode).toBe(401);
  });

  it('refuses changing your own role or status, a technician role change, a duplicate e-mail, an unknown or malformed id', async () => {
    const me = (await admin.call('GET', '/api/auth/session')).json().user;
    await admin.refused(
      'PATCH',
      `/api/users/${me.id}`,
      { email: me.email, role: 'user', status: 'active' },
      400,
      'You cannot change your own role or status',
    );

    const { user: tech } = await ctx.f.technician();
    await admin.refused('PATCH', `/api/users/${tech.id}`, { email: tech.email, role: 'user', status: 'active' }, 400);

    const other = await ctx.f.user();
    await admin.refused(
      'PATCH',
      `/api/users/${other.id}`,
      { email: me.email.toUpperCase(), role: 'user', status: 'active' },
      409,
    );
    const [unchanged] = await ctx.database.db.select().from(users).where(eq(users.id, other.id));
    expect(unchanged!.email).toBe(other.email);

    const change = { email: 'x@example.com', role: 'user', status: 'active' };
    await admin.refused('PATCH', `/api/users/${MISSING_ID}`, change, 404);
    await admin.refused('PATCH', '/api/users/12', change, 400, 'Invalid user ID format');
  });

  it('a manager cannot edit an admin; a user cannot edit anyone', async () => {
    const anAdmin = await ctx.f.user({ role: 'admin' });
    const payload = { email: anAdmin.email, role: 'admin', status: 'inactive' };
    await manager.refused('PATCH', `/api/users/${anAdmin.id}`, payload, 403);
    await plainUser.refused('PATCH', `/api/users/${anAdmin.id}`, payload, 403);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, anAdmin.id));
    expect(row!.status).toBe('active');
  });

  it("sets a technician's first password so they can sign in, and ends their sessions on a reset", async () => {
    const { user: tech } = await ctx.f.technician({
      user: { username: 'nopass-tech', email: 'nopass-tech@example.com' },
    });
    expect(tech.passwordHash).toBeNull();
    const set = await manager.call('PUT', `/api/users/${tech.id}/password`, { password: 'first-password' });
    expect(set.statusCode).toBe(204);
    const login = await anonymous.call('POST', '/api/auth/login', {
      username: 'nopass-tech',
      password: 'first-password',
    });
    expect(login.statusCode).toBe(200);
    const reset = await admin.call('PUT', `/api/users/${tech.id}/password`, { password: 'second-password' });
    expect(reset.statusCode).toBe(204);
    expect((await anonymous.as(cookieHeader(login)).call('GET', '/api/auth/session')).statusCode).toBe(401);
    const left = await ctx.database.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, tech.id));
    expect(Number(left[0]!.n)).toBe(0);
  });

  it('refuses a short password, your own password (My Account is for that) and a non-admin', async () => {
    const target = await ctx.f.user();
    await admin.refused('PUT', `/api/users/${target.id}/password`, { password: 'short' }, 400);
    const me = (await admin.call('GET', '/api/auth/session')).json().user;
    await admin.refused('PUT', `/api/users/${me.id}/password`, { password: 'whatever-123' }, 400);
    await technician.refused('PUT', `/api/users/${target.id}/password`, { password: 'whatever-123' }, 403);
  });
});

describe('technician availability rows', () => {
  it('the default week of a technician added in Settings is stored as 5 available rows', async () => {
    const response = await post(admin, newUser({ role: 'technician', technician: { hireDate: '2024-02-02' } }));
    const rows = await ctx.database.db
      .select()
      .from(technicianAvailability)
      .where(eq(technicianAvailability.technicianId, response.json().id));
    expect(rows.map((r) => r.dayOfWeek).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(rows.every((r) => r.isAvailable)).toBe(true);
  });
});
