import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../src/domain/money.js';
import { unitJobStatistics } from '../../src/domain/units.js';
import { customerFingerprint } from '../support/db-fingerprint.js';
import { MALFORMED_IDS, MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
let locationId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  api = await signInAs(ctx, 'user', { unchanged: () => customerFingerprint(ctx.database.db) });
  const company = await ctx.f.company({ name: 'Mu Medical Center' });
  locationId = (await ctx.f.location({ companyId: company.id, name: 'Mu North Clinic' })).id;
});
afterAll(() => ctx.close());

describe('adding and editing units', () => {
  it('adds a unit with the defaults: active, taxable, Main Office, empty values as null', async () => {
    const response = await api.call('POST', '/api/units', {
      locationId,
      unitNumber: ' RTU-101 ',
      primaryContactType: 'Management',
      primaryContactEmail: '',
      billingEntity: '  ',
      billingState: 'ga',
      office: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      unitNumber: 'RTU-101',
      status: 'active',
      primaryContactType: 'Management',
      primaryContactEmail: null,
      billingEntity: null,
      billingState: 'GA',
      office: 'Main Office',
      taxable: true,
      location: { id: locationId, name: 'Mu North Clinic' },
      company: { name: 'Mu Medical Center' },
    });
  });

  it('refuses bad input with the message and changes nothing', async () => {
    const base = { locationId, unitNumber: 'RTU-X' };
    await api.refused('POST', '/api/units', { locationId }, 400, 'Unit number is required');
    await api.refused('POST', '/api/units', { ...base, unitNumber: '   ' }, 400, 'Unit number is required');
    await api.refused('POST', '/api/units', { unitNumber: 'RTU-X' }, 400, 'Please select a location first');
    await api.refused('POST', '/api/units', { ...base, locationId: MISSING_ID }, 400, 'Location not found');
    await api.refused('POST', '/api/units', { ...base, status: 'broken' }, 400, 'Status must be active or inactive');
    await api.refused(
      'POST',
      '/api/units',
      { ...base, primaryContactType: 'Landlord' },
      400,
      'Primary contact type must be Management, Owner, Business Owner or Tenant',
    );
    await api.refused(
      'POST',
      '/api/units',
      { ...base, primaryContactEmail: 'someone@' },
      400,
      'Primary contact email must be a valid email address',
    );
    await api.refused(
      'POST',
      '/api/units',
      { ...base, billingEmail: 'not an email' },
      400,
      'Billing email must be a valid email address',
    );
    await api.refused(
      'POST',
      '/api/units',
      { ...base, billingState: 'GAA' },
      400,
      'Billing state must be at most 2 characters',
    );
    await api.refused(
      'POST',
      '/api/units',
      { ...base, billingZip: '12345678901' },
      400,
      'Billing zip must be at most 10 characters',
    );
    await api.refused('POST', '/api/units', { ...base, taxable: 'maybe' }, 400, 'Taxable must be yes or no');
  });

  it('edits a unit; its location stays', async () => {
    const created = (await api.call('POST', '/api/units', { locationId, unitNumber: 'AHU-7', taxable: true })).json();
    const edited = await api.call('PUT', `/api/units/${created.id}`, {
      unitNumber: 'AHU-7B',
      status: 'inactive',
      primaryContactType: 'Tenant',
      primaryContactEmail: 'pat@example.com',
      taxable: false,
      office: 'Branch Office',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      unitNumber: 'AHU-7B',
      status: 'inactive',
      primaryContactType: 'Tenant',
      taxable: false,
      office: 'Branch Office',
      location: { id: locationId },
    });
    await api.refused(
      'PUT',
      `/api/units/${created.id}`,
      { unitNumber: 'AHU-7B', billingEmail: 'x' },
      400,
      'Billing email must be a valid email address',
    );
  });

  it('answers "Invalid unit ID format" and "Unit not found"', async () => {
    const ids = {
      malformed: 'Invalid unit ID format',
      missing: 'Unit not found',
      malformedIds: ['AHU-7', 'FREE-1', ...MALFORMED_IDS],
    };
    // As a manager: a role every method of the route allows.
    const manager = await api.withRole('manager');
    await manager.refusesBadIds({
      url: (id) => `/api/units/${id}`,
      methods: { GET: undefined, PUT: { unitNumber: 'X' }, DELETE: undefined },
      ...ids,
    });
    await manager.refusesBadIds({ url: (id) => `/api/units/${id}/jobs`, methods: { GET: undefined }, ...ids });
  });
});

describe('the units list', () => {
  beforeAll(async () => {
    const peach = await ctx.f.company({ name: 'Peachtree Towers LLC' });
    const summit = await ctx.f.company({ name: 'Summit Storage Inc.' });
    const midtown = await ctx.f.location({ companyId: peach.id, name: 'Midtown Plaza' });
    const airport = await ctx.f.location({ companyId: summit.id, name: 'Airport Depot' });
    await ctx.f.unit({ locationId: midtown.id, unitNumber: 'NU-RTU-1', status: 'active' });
    await ctx.f.unit({ locationId: midtown.id, unitNumber: 'NU-RTU-2', status: 'inactive' });
    await ctx.f.unit({ locationId: midtown.id, unitNumber: 'NU-AHU-1', status: 'active' });
    await ctx.f.unit({ locationId: airport.id, unitNumber: 'NU-RTU-3', status: 'active' });
  });
  const numbers = (query: string) =>
    api.call('GET', `/api/units?${query}`).then((r) => r.json().items.map((u: { unitNumber: string }) => u.unitNumber));

  it('free text: every word must match the unit number, the location or the company', async () => {
    expect(await numbers('q=nu-rtu')).toEqual(['NU-RTU-1', 'NU-RTU-2', 'NU-RTU-3']);
    expect(await numbers('q=nu-rtu%20peachtree')).toEqual(['NU-RTU-1', 'NU-RTU-2']);
    expect(await numbers('q=MIDTOWN%20ahu')).toEqual(['NU-AHU-1']);
    expect(await numbers('q=nu-%20storage%20depot')).toEqual(['NU-RTU-3']);
    expect(await numbers('q=nu-rtu%20nowhere')).toEqual([]);
  });

  it('filters by unit number, location, company and status, and totals the matches', async () => {
    expect(await numbers('unitNumber=nu-rtu&status=active')).toEqual(['NU-RTU-1', 'NU-RTU-3']);
    expect(await numbers('location=midtown&status=inactive')).toEqual(['NU-RTU-2']);
    expect(await numbers('company=summit&unitNumber=nu-')).toEqual(['NU-RTU-3']);
    const body = (await api.call('GET', '/api/units?q=nu-&pageSize=25')).json();
    expect(body.total).toBe(4);
    expect(body.items[0]).toMatchObject({
      unitNumber: 'NU-AHU-1',
      locationName: 'Midtown Plaza',
      companyName: 'Peachtree Towers LLC',
      status: 'active',
    });
    expect((await api.call('GET', '/api/units?status=gone')).json().error.message).toBe(
      'Status must be active or inactive',
    );
  });

  it('totals from the counters when unfiltered or filtered by status only', async () => {
    const all = (await api.call('GET', '/api/units')).json().total;
    const active = (await api.call('GET', '/api/units?status=active')).json().total;
    const inactive = (await api.call('GET', '/api/units?status=inactive')).json().total;
    const dashboard = (await api.call('GET', '/api/customers/dashboard')).json();
    expect(active + inactive).toBe(all);
    expect(dashboard).toMatchObject({ totalUnits: all, activeUnits: active, inactiveUnits: inactive });
  });

  it('follows renames of the location and the company', async () => {
    const company = await ctx.f.company({ name: 'Omicron Old' });
    const location = await ctx.f.location({ companyId: company.id, name: 'Omicron Site' });
    await ctx.f.unit({ locationId: location.id, unitNumber: 'OMI-1' });
    const current = (await api.call('GET', `/api/locations/${location.id}`)).json();
    await api.call('PUT', `/api/locations/${location.id}`, { ...current, name: 'Omicron Renamed Site' });
    expect(await numbers('q=omi-1%20renamed')).toEqual(['OMI-1']);
    const comp = (await api.call('GET', `/api/companies/${company.id}`)).json().company;
    await api.call('PUT', `/api/companies/${company.id}`, { ...comp, name: 'Omicron Brandnew' });
    expect(await numbers('q=brandnew%20omi')).toEqual(['OMI-1']);
    expect(await numbers('q=omicron%20old')).toEqual([]);
  });
});

describe('a unit with jobs', () => {
  it('lists the jobs newest first with their cost and the Job Statistics', async () => {
    const unit = await ctx.f.unit({ locationId, unitNumber: 'JOB-UNIT-1' });
    const older = await ctx.f.job({
      locationId,
      unitId: unit.id,
      status: 'completed',
      name: 'Older job',
      createdAt: new Date('2026-01-01T12:00:00Z'),
    });
    const newer = await ctx.f.job({
      locationId,
      unitId: unit.id,
      status: 'scheduled',
      scheduleStart: new Date('2026-02-01T14:00:00Z'),
      name: 'Newer job',
      isTraining: true,
      createdAt: new Date('2026-02-01T12:00:00Z'),
    });
    await ctx.f.job({
      locationId,
      unitId: unit.id,
      status: 'unscheduled',
      name: 'Middle job',
      createdAt: new Date('2026-01-15T12:00:00Z'),
    });
    await ctx.f.jobItem(older.id, { unitCost: '100.25', quantity: 2 });
    await ctx.f.jobItem(older.id, { unitCost: '10.00', quantity: 1 });
    await ctx.f.jobItem(newer.id, { unitCost: '55.50', quantity: 1 });

    const body = (await api.call('GET', `/api/units/${unit.id}/jobs`)).json();
    expect(body.items.map((j: { name: string }) => j.name)).toEqual(['Newer job', 'Middle job', 'Older job']);
    expect(body.items[0]).toMatchObject({
      status: 'scheduled',
      isTraining: true,
      totalCostCents: 5550,
      scheduleStart: '2026-02-01T14:00:00.000Z',
      type: 'PM',
    });
    expect(body.items[2].totalCostCents).toBe(21050);
    expect(body.statistics).toEqual(
      unitJobStatistics(body.items.map((j: { status: 'completed'; totalCostCents: number }) => j)),
    );
    expect(body.statistics).toEqual({
      total: 3,
      completed: 1,
      scheduled: 1,
      unscheduled: 1,
      totalCostCents: toCents('266.00'),
    });

    await (
      await api.withRole('manager')
    ).refused(
      'DELETE',
      `/api/units/${unit.id}`,
      undefined,
      409,
      'Cannot delete unit JOB-UNIT-1: 3 jobs still refer to this unit. Jobs keep the service history, so a unit with jobs cannot be deleted.',
    );
  });

  it('deletes a unit no job holds', async () => {
    const unit = await ctx.f.unit({ locationId, unitNumber: 'FREE-1' });
    expect((await (await api.withRole('manager')).call('DELETE', `/api/units/${unit.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', `/api/units/${unit.id}`)).statusCode).toBe(404);
    await (await api.withRole('manager')).refused('DELETE', `/api/units/${unit.id}`, undefined, 404, 'Unit not found');
  });
});
