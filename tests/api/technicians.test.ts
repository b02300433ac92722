import { count, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTechnicianInput } from '../../src/domain/technicians.js';
import {
  technicianAvailability,
  technicianCertifications,
  technicians,
  technicianSkills,
  technicianTerritories,
  users,
} from '../../src/server/db/schema.js';
import { createAuthRepo } from '../../src/server/modules/auth/index.js';
import { createTechniciansRepo, createTechniciansService } from '../../src/server/modules/technicians/index.js';
import { createUsersRepo } from '../../src/server/modules/users/index.js';
import { fromDatabaseError } from '../../src/server/errors.js';
import { signedOut, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: ApiClient;
let manager: ApiClient;
let plainUser: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'admin', { unchanged: tableCounts });
  manager = await admin.withRole('manager');
  plainUser = await admin.withRole('user');
});
afterAll(() => ctx.close());

let serial = 0;
function technicianPayload(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    firstName: 'Marco',
    lastName: `Tech${serial}`,
    email: `marco.tech${serial}@example.com`,
    phone: '(404) 555-0199',
    employeeId: `EMP-T${serial}`,
    hireDate: '2023-04-03',
    jobTitle: 'Senior HVAC Technician',
    hourlyRate: 42.75,
    emergencyContactName: 'Lena Tech',
    emergencyContactPhone: '(404) 555-0111',
    notes: 'Prefers the north side.',
    skills: [
      { skillName: 'Rooftop units', proficiencyLevel: 'expert', yearsExperience: 9 },
      { skillName: 'Chillers', proficiencyLevel: 'advanced', yearsExperience: 4 },
      { skillName: '', proficiencyLevel: 'beginner', yearsExperience: 0 },
    ],
    certifications: [
      {
        certificationName: 'EPA 608 Universal',
        issuingOrganization: 'EPA',
        certificationNumber: '123',
        issueDate: '2019-01-10',
        expiryDate: '',
      },
      { certificationName: '' },
    ],
    availability: [
      { dayOfWeek: 0, isAvailable: false },
      { dayOfWeek: 1, isAvailable: true, startTime: '07:00', endTime: '15:30' },
      { dayOfWeek: 2, isAvailable: true, startTime: '07:00', endTime: '15:30' },
      { dayOfWeek: 3, isAvailable: false, startTime: '09:00', endTime: '17:00' },
      { dayOfWeek: 4, isAvailable: true, startTime: '08:00', endTime: '12:00' },
      { dayOfWeek: 5, isAvailable: false },
      { dayOfWeek: 6, isAvailable: false },
    ],
    territories: [
      { territoryName: 'North Fulton', state: 'ga', zipCodes: ' 30009, 30075 ,30328,', isPrimary: true },
      { territoryName: 'Named only', state: '', zipCodes: '30303' },
      { territoryName: '', state: 'GA', zipCodes: '' },
    ],
    ...overrides,
  };
}

const create = (as: ApiClient, payload: unknown) => as.call('POST', '/api/technicians', payload);
async function tableCounts() {
  const db = ctx.database.db;
  const n = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]!.n);
  return {
    users: await n(users),
    technicians: await n(technicians),
    skills: await n(technicianSkills),
    certifications: await n(technicianCertifications),
    availability: await n(technicianAvailability),
    territories: await n(technicianTerritories),
  };
}

/** Adds a technician that must be refused with `status`, changing no table; the error. */
const refused = async (as: ApiClient, payload: unknown, status: number) =>
  (await as.refused('POST', '/api/technicians', payload, status)).error;

describe('POST /api/technicians (Add Technician)', () => {
  it('saves the technician, its named skills and certifications, available days and complete territories', async () => {
    const payload = technicianPayload();
    const response = await create(admin, payload);
    expect(response.statusCode, response.body).toBe(201);
    const { id, username } = response.json();
    expect(username).toBe(`marco.tech${serial}`);

    const detail = (await admin.call('GET', `/api/technicians/${id}`)).json();
    expect(detail).toMatchObject({
      firstName: 'Marco',
      email: payload.email,
      status: 'active',
      hasPassword: false,
      employeeId: payload.employeeId,
      hireDate: '2023-04-03',
      jobTitle: 'Senior HVAC Technician',
      hourlyRate: 42.75,
      notes: 'Prefers the north side.',
    });
    expect(detail.skills.map((s: { skillName: string }) => s.skillName).sort()).toEqual(['Chillers', 'Rooftop units']);
    expect(detail.certifications).toEqual([
      {
        certificationName: 'EPA 608 Universal',
        issuingOrganization: 'EPA',
        certificationNumber: '123',
        issueDate: '2019-01-10',
        expiryDate: null,
        status: 'active',
      },
    ]);
    expect(detail.availability).toEqual([
      { dayOfWeek: 1, startTime: '07:00', endTime: '15:30' },
      { dayOfWeek: 2, startTime: '07:00', endTime: '15:30' },
      { dayOfWeek: 4, startTime: '08:00', endTime: '12:00' },
    ]);
    expect(detail.territories).toEqual([
      { territoryName: 'North Fulton', state: 'GA', zipCodes: ['30009', '30075', '30328'], isPrimary: true },
    ]);

    // The user row is a technician who cannot sign in until a password is set.
    const [user] = await ctx.database.db.select().from(users).where(eq(users.id, id));
    expect(user).toMatchObject({ role: 'technician', status: 'active', passwordHash: null });
  });

  it('accepts what the browser sends: the form already parsed by the same schema', async () => {
    const parsed = createTechnicianInput.parse(technicianPayload());
    const response = await create(admin, JSON.parse(JSON.stringify(parsed)));
    expect(response.statusCode, response.body).toBe(201);
    const detail = (await admin.call('GET', `/api/technicians/${response.json().id}`)).json();
    expect(detail.availability.map((d: { dayOfWeek: number }) => d.dayOfWeek)).toEqual([1, 2, 4]);
    expect(detail.skills).toHaveLength(2);
    expect(detail.territories[0].zipCodes).toEqual(['30009', '30075', '30328']);
  });

  it('uses the default week (days 0 to 4, 09:00-17:00) and "HVAC Technician" when they are not given', async () => {
    const { availability: _a, jobTitle: _j, ...payload } = technicianPayload();
    const response = await create(manager, { ...payload, jobTitle: '  ' });
    expect(response.statusCode, response.body).toBe(201);
    const detail = (await admin.call('GET', `/api/technicians/${response.json().id}`)).json();
    expect(detail.jobTitle).toBe('HVAC Technician');
    expect(detail.availability).toEqual(
      [0, 1, 2, 3, 4].map((dayOfWeek) => ({ dayOfWeek, startTime: '09:00', endTime: '17:00' })),
    );
  });

  it('with an initial password the technician can sign in; a taken username gets a number', async () => {
    await ctx.f.user({ username: 'sam', email: 'sam.other@example.com' });
    const response = await create(admin, technicianPayload({ email: 'Sam@example.com', password: 'tech-password-1' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().username).toBe('sam2');
    const login = await signedOut(ctx).call('POST', '/api/auth/login', {
      username: 'sam2',
      password: 'tech-password-1',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('technician');
  });

  it('refuses missing required fields, changing nothing', async () => {
    const error = await refused(admin, {}, 400);
    expect(error.fields).toMatchObject({
      firstName: 'First Name is required',
      lastName: 'Last Name is required',
      email: 'Email is required',
      hireDate: 'Hire Date is required',
    });
    await refused(admin, technicianPayload({ hireDate: '' }), 400);
  });

  it.each([
    [{ hourlyRate: -0.01 }, 'hourlyRate', 'Hourly rate must be at least 0'],
    [{ hourlyRate: 20.001 }, 'hourlyRate', 'Hourly rate must be in steps of 0.01'],
    [
      { territories: [{ territoryName: 'Metro', state: 'GAA', zipCodes: '30303' }] },
      'territories.0.state',
      'State must be at most 2 characters',
    ],
    [
      { territories: [{ territoryName: 'Metro', state: 'GA', zipCodes: '30303-12345678' }] },
      'territories.0.zipCodes.0',
      'Each zip code must be at most 10 characters',
    ],
    [
      { skills: [{ skillName: 'Boilers', proficiencyLevel: 'guru' }] },
      'skills.0.proficiencyLevel',
      'Proficiency must be one of beginner, intermediate, advanced, expert',
    ],
    [
      { skills: [{ skillName: 'Boilers', yearsExperience: -2 }] },
      'skills.0.yearsExperience',
      'Years of experience must be at least 0',
    ],
    [
      { availability: [{ dayOfWeek: 1, isAvailable: true, startTime: '17:00', endTime: '08:00' }] },
      'availability.0.endTime',
      'End time must be after the start time',
    ],
    [
      { availability: [{ dayOfWeek: 9, isAvailable: true, startTime: '08:00', endTime: '17:00' }] },
      'availability.0.dayOfWeek',
      'Day must be 0 (Sunday) to 6 (Saturday)',
    ],
    [{ email: 'nope' }, 'email', 'Enter a valid email address'],
    [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
  ])('refuses %j (400, nothing saved)', async (change, field, message) => {
    const error = await refused(admin, technicianPayload(change), 400);
    expect(error.fields?.[field]).toBe(message);
  });

  it('refuses a duplicate e-mail or employee id with 409, nothing saved', async () => {
    const first = technicianPayload();
    expect((await create(admin, first)).statusCode).toBe(201);
    const email = await refused(admin, technicianPayload({ email: first.email.toUpperCase() }), 409);
    expect(email.message).toBe(`A user with the email "${first.email.toUpperCase()}" already exists`);
    const employee = await refused(admin, technicianPayload({ employeeId: first.employeeId }), 409);
    expect(employee.message).toBe(`Another technician already has employee ID "${first.employeeId}"`);
  });

  it('answers 403 to a user (not admin or manager), nothing saved', async () => {
    const error = await refused(plainUser, technicianPayload(), 403);
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('one transaction: a failed save leaves no partial rows', () => {
  it('a failure in the last insert (territories) rolls back the user, technician, skills, certifications and availability', async () => {
    // The database refuses the territory rows, as a late constraint failure would.
    await ctx.database.db.execute(sql`
      create or replace function test_fail_territory() returns trigger language plpgsql as $$
      begin
        raise exception 'territory refused' using errcode = '23514', constraint = 'technician_territories_state_length';
      end $$`);
    await ctx.database.db.execute(
      sql`create trigger test_fail_territory before insert on technician_territories for each row execute function test_fail_territory()`,
    );
    try {
      const payload = technicianPayload();
      const error = await refused(admin, payload, 400);
      expect(error.code).toBe('VALIDATION_ERROR');
      const left = await ctx.database.db.select().from(users).where(eq(users.email, payload.email));
      expect(left).toEqual([]);
    } finally {
      await ctx.database.db.execute(sql`drop trigger test_fail_territory on technician_territories`);
    }
  });

  it('a duplicate employee id racing past the check (unique index) leaves nothing behind and answers 409', async () => {
    // Calls the service directly, skipping its own duplicate check, the way a concurrent save would slip past it.
    const db = ctx.database.db;
    const technicianRepo = createTechniciansRepo(db);
    const service = createTechniciansService({
      db,
      users: createUsersRepo(db),
      technicians: { ...technicianRepo, employeeIdTaken: async () => false },
      sessions: createAuthRepo(db),
      clock: () => new Date(),
    });
    const first = technicianPayload();
    expect((await create(admin, first)).statusCode).toBe(201);
    const before = await tableCounts();
    const input = createTechnicianInput.parse(technicianPayload({ employeeId: first.employeeId }));
    const failure = await service
      .create(input, { id: 'x', username: 'x', email: 'x', firstName: null, lastName: null, role: 'admin' })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(await tableCounts()).toEqual(before);
    // and through the HTTP error handler the same failure is a 409 with a clear message
    expect(fromDatabaseError(failure)).toMatchObject({
      statusCode: 409,
      message: 'Another technician already has this employee ID',
    });
  });

  it('an update that fails late keeps the technician as it was', async () => {
    const created = await create(admin, technicianPayload());
    const id = created.json().id;
    const before = (await admin.call('GET', `/api/technicians/${id}`)).json();
    await ctx.database.db.execute(sql`
      create or replace function test_fail_territory() returns trigger language plpgsql as $$
      begin
        raise exception 'territory refused' using errcode = '23514';
      end $$`);
    await ctx.database.db.execute(
      sql`create trigger test_fail_territory before insert on technician_territories for each row execute function test_fail_territory()`,
    );
    try {
      const payload = technicianPayload({ firstName: 'Changed', skills: [{ skillName: 'Only one' }] });
      const response = await admin.call('PUT', `/api/technicians/${id}`, { ...payload, status: 'active' });
      expect(response.statusCode).toBe(400);
    } finally {
      await ctx.database.db.execute(sql`drop trigger test_fail_territory on technician_territories`);
    }
    const after = (await admin.call('GET', `/api/technicians/${id}`)).json();
    expect(after).toEqual(before);
  });
});

describe('GET and PUT /api/technicians/:id (Edit Technician)', () => {
  it('saves changes: person, record, replaced lists and status', async () => {
    const id = (await create(admin, technicianPayload())).json().id;
    const payload = technicianPayload({
      firstName: 'Marcus',
      jobTitle: 'Lead Technician',
      hourlyRate: 50,
      status: 'inactive',
      skills: [{ skillName: 'Controls', proficiencyLevel: 'beginner', yearsExperience: 1 }],
      certifications: [],
      availability: [{ dayOfWeek: 6, isAvailable: true, startTime: '10:00', endTime: '14:00' }],
      territories: [{ territoryName: 'Cobb', state: 'GA', zipCodes: '30060' }],
      taxId: '123-45-6789',
      directDeposit: true,
      nextReviewDate: '2026-06-01',
    });
    const response = await manager.call('PUT', `/api/technicians/${id}`, payload);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Marcus',
      status: 'inactive',
      jobTitle: 'Lead Technician',
      hourlyRate: 50,
      taxId: '123-45-6789',
      directDeposit: true,
      nextReviewDate: '2026-06-01',
      skills: [{ skillName: 'Controls', proficiencyLevel: 'beginner', yearsExperience: 1 }],
      certifications: [],
      availability: [{ dayOfWeek: 6, startTime: '10:00', endTime: '14:00' }],
      territories: [{ territoryName: 'Cobb', state: 'GA', zipCodes: ['30060'], isPrimary: false }],
    });
  });

  it("refuses bad input on update (400) and another technician's employee id (409), changing nothing", async () => {
    const a = await create(admin, technicianPayload());
    const b = technicianPayload();
    const bId = (await create(admin, b)).json().id;
    const before = (await admin.call('GET', `/api/technicians/${bId}`)).json();
    const bad = await admin.call('PUT', `/api/technicians/${bId}`, { ...b, status: 'active', hourlyRate: -3 });
    expect(bad.statusCode).toBe(400);
    const noStatus = await admin.call('PUT', `/api/technicians/${bId}`, b);
    expect(noStatus.statusCode).toBe(400);
    const aEmployeeId = (await admin.call('GET', `/api/technicians/${a.json().id}`)).json().employeeId;
    const dup = await admin.call('PUT', `/api/technicians/${bId}`, { ...b, status: 'active', employeeId: aEmployeeId });
    expect(dup.statusCode).toBe(409);
    expect((await admin.call('GET', `/api/technicians/${bId}`)).json()).toEqual(before);
  });

  it('answers 404 for an unknown id or a user who is not a technician, 400 for a malformed id, 403 for a user', async () => {
    await admin.refusesBadIds({
      url: (id) => `/api/technicians/${id}`,
      methods: { GET: undefined, PUT: { ...technicianPayload(), status: 'active' } },
      malformed: 'Invalid technician ID format',
      missing: 'Technician not found',
    });
    const office = await ctx.f.user({ role: 'user' });
    const notTech = await admin.call('PUT', `/api/technicians/${office.id}`, {
      ...technicianPayload(),
      status: 'active',
    });
    expect(notTech.statusCode).toBe(404);
    const { technician } = await ctx.f.technician();
    expect((await plainUser.call('GET', `/api/technicians/${technician.id}`)).statusCode).toBe(403);
  });
});
