import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { customerFingerprint } from '../support/db-fingerprint.js';
import { createFakeGeocoder } from '../support/fake-geocoder.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
const fake = createFakeGeocoder({ '100 Peachtree St NW': { latitude: 33.7569, longitude: -84.3903 } });

beforeAll(async () => {
  ctx = await createTestContext({ geocoder: fake.geocoder });
  api = await signInAs(ctx, 'user', { unchanged: () => customerFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

const valid = {
  name: 'Acme Cooling Towers',
  address: '100 Peachtree St NW',
  city: 'Atlanta',
  state: 'GA',
  zip: '30303',
  phone: '(404) 555-0100',
};

describe('creating and editing companies', () => {
  it('creates a company with trimmed values, capital state, null phone when empty, and geocoded coordinates', async () => {
    const response = await api.call('POST', '/api/companies', {
      ...valid,
      name: '  Acme Cooling Towers ',
      state: 'ga',
      phone: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      name: 'Acme Cooling Towers',
      state: 'GA',
      phone: null,
      latitude: 33.7569,
      longitude: -84.3903,
    });
    expect(fake.calls.at(-1)).toEqual({ street: '100 Peachtree St NW', city: 'Atlanta', state: 'GA', zip: '30303' });

    const detail = (await api.call('GET', `/api/companies/${created.id}`)).json();
    expect(detail).toMatchObject({
      company: { id: created.id, name: 'Acme Cooling Towers' },
      locationCount: 0,
      locations: [],
    });
  });

  it('saves without coordinates when the geocoder finds nothing', async () => {
    const response = await api.call('POST', '/api/companies', {
      ...valid,
      name: 'Nowhere Mechanical',
      address: '1 Unknown Rd',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ latitude: null, longitude: null });
  });

  it('refuses missing required fields, a state of 3 characters and a zip of 11', async () => {
    const missing = await api.refused(
      'POST',
      '/api/companies',
      { phone: '1' },
      400,
      'Company name is required; Address is required; City is required; State is required; Zip is required',
    );
    expect(missing.error.fields).toEqual({
      name: 'Company name is required',
      address: 'Address is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'Zip is required',
    });
    await api.refused(
      'POST',
      '/api/companies',
      { ...valid, name: 'Three Letter State', state: 'GAA' },
      400,
      'State must be at most 2 characters',
    );
    await api.refused(
      'POST',
      '/api/companies',
      { ...valid, name: 'Long Zip', zip: '30303-12345' },
      400,
      'Zip must be at most 10 characters',
    );
    await api.refused('POST', '/api/companies', { ...valid, name: '   ' }, 400, 'Company name is required');
  });

  it('refuses a duplicate name, whatever its case and surrounding spaces', async () => {
    for (const name of ['Acme Cooling Towers', 'ACME COOLING TOWERS', '  acme cooling towers  ']) {
      const body = await api.refused(
        'POST',
        '/api/companies',
        { ...valid, name },
        409,
        'A company named "Acme Cooling Towers" already exists.',
      );
      expect(body.error.fields).toEqual({ name: 'A company named "Acme Cooling Towers" already exists.' });
    }
    const found = (
      await api.call('GET', `/api/companies/duplicate?name=${encodeURIComponent(' acme COOLING towers ')}`)
    ).json();
    expect(found.duplicate).toMatchObject({ name: 'Acme Cooling Towers' });
  });

  it('lets a company keep its own name, but not take another one', async () => {
    const own = (
      await api.call('POST', '/api/companies', { ...valid, name: 'Beta HVAC Partners', address: '2 Beta Way' })
    ).json();
    const renamed = await api.call('PUT', `/api/companies/${own.id}`, {
      ...valid,
      name: 'beta hvac partners',
      address: '2 Beta Way',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('beta hvac partners');
    expect(
      (await api.call('GET', `/api/companies/duplicate?name=Beta%20HVAC%20Partners&excludeId=${own.id}`)).json()
        .duplicate,
    ).toBeNull();
    await api.refused(
      'PUT',
      `/api/companies/${own.id}`,
      { ...valid, name: ' Acme cooling towers' },
      409,
      'A company named "Acme Cooling Towers" already exists.',
    );
  });

  it('the unique index stops a duplicate that slips past the check (two saves at once)', async () => {
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        api.call('POST', '/api/companies', { ...valid, name: 'Race Condition Refrigeration', address: '9 Race St' }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const list = (await api.call('GET', '/api/companies?company=Race%20Condition')).json();
    expect(list.total).toBe(1);
  });

  it('keeps coordinates when the address does not change and geocodes again when it does', async () => {
    const created = (await api.call('POST', '/api/companies', { ...valid, name: 'Gamma Air' })).json();
    const callsBefore = fake.calls.length;
    const samePlace = (
      await api.call('PUT', `/api/companies/${created.id}`, { ...valid, name: 'Gamma Air Co', phone: '' })
    ).json();
    expect(fake.calls.length).toBe(callsBefore);
    expect(samePlace).toMatchObject({ name: 'Gamma Air Co', phone: null, latitude: 33.7569 });
    const moved = (
      await api.call('PUT', `/api/companies/${created.id}`, {
        ...valid,
        name: 'Gamma Air Co',
        address: '5 Elsewhere Ave',
      })
    ).json();
    expect(fake.calls.length).toBe(callsBefore + 1);
    expect(moved).toMatchObject({ address: '5 Elsewhere Ave', latitude: null, longitude: null });
  });

  it('answers "Invalid company ID format" for an id that is not a v4 uuid and "Company not found" for an unknown one', async () => {
    // As a manager: a role every method of the route allows.
    await (
      await api.withRole('manager')
    ).refusesBadIds({
      url: (id) => `/api/companies/${id}`,
      methods: { GET: undefined, PUT: { ...valid, name: 'Ghost' }, DELETE: undefined },
      malformed: 'Invalid company ID format',
      missing: 'Company not found',
    });
  });
});

describe('the companies list', () => {
  it('filters by company, city, state and zip (case-insensitive contains), orders by name and pages with a total', async () => {
    const names = ['Delta Chill One', 'delta chill two', 'Delta Chill Three'];
    for (const [i, name] of names.entries())
      await ctx.f.company({ name, city: i === 0 ? 'Marietta' : 'Savannah', state: 'GA', zip: `3140${i}` });
    const all = (await api.call('GET', '/api/companies?company=DELTA%20chill')).json();
    expect(all.items.map((c: { name: string }) => c.name)).toEqual([
      'Delta Chill One',
      'Delta Chill Three',
      'delta chill two',
    ]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect((await api.call('GET', '/api/companies?company=delta&city=savANN')).json().total).toBe(2);
    expect(
      (await api.call('GET', '/api/companies?company=delta&zip=31400'))
        .json()
        .items.map((c: { name: string }) => c.name),
    ).toEqual(['Delta Chill One']);
    expect((await api.call('GET', '/api/companies?company=delta&state=g')).json().total).toBe(3);
    expect((await api.call('GET', '/api/companies?company=%25')).json().total).toBe(0);
  });

  it('pages through every company with the unfiltered total from the counters', async () => {
    const first = (await api.call('GET', '/api/companies?pageSize=25')).json();
    const total = first.total;
    const count = await countRows('companies');
    expect(total).toBe(count);
    const seen = new Set<string>();
    for (let page = 1; page <= Math.ceil(total / 25); page++) {
      const body = (await api.call('GET', `/api/companies?page=${page}&pageSize=25`)).json();
      for (const c of body.items) seen.add(c.id);
    }
    expect(seen.size).toBe(total);
  });

  it('accepts page sizes 25, 50 and 100 only', async () => {
    expect((await api.call('GET', '/api/companies?pageSize=100')).statusCode).toBe(200);
    const response = await api.call('GET', '/api/companies?pageSize=30');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Page size must be 25, 50 or 100');
    expect((await api.call('GET', '/api/companies?page=0')).json().error.message).toBe('Page must be 1 or more');
  });

  it('suggests at most 5 names from 2 characters', async () => {
    for (let i = 0; i < 7; i++) await ctx.f.company({ name: `Epsilon Suggest ${i}` });
    const body = (await api.call('GET', '/api/companies/suggestions?name=ep')).json();
    expect(body.items).toHaveLength(5);
    expect(
      (await api.call('GET', '/api/companies/suggestions?name=epsilon%20suggest%203'))
        .json()
        .items.map((c: { name: string }) => c.name),
    ).toEqual(['Epsilon Suggest 3']);
    const short = await api.call('GET', '/api/companies/suggestions?name=e');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Type at least 2 characters');
  });
});

async function countRows(table: 'companies' | 'locations' | 'units'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return Number(row!.n);
}

describe('deleting a company', () => {
  it('deletes the company with its locations and units in one go', async () => {
    const company = await ctx.f.company({ name: 'Zeta Removal Co' });
    const north = await ctx.f.location({ companyId: company.id, name: 'Zeta North' });
    const south = await ctx.f.location({ companyId: company.id, name: 'Zeta South' });
    await ctx.f.unit({ locationId: north.id });
    await ctx.f.unit({ locationId: south.id });
    const detail = (await api.call('GET', `/api/companies/${company.id}`)).json();
    expect(detail.locationCount).toBe(2);
    expect(detail.locations.map((l: { name: string; unitCount: number }) => [l.name, l.unitCount])).toEqual([
      ['Zeta North', 1],
      ['Zeta South', 1],
    ]);
    const units = await countRows('units');
    const dashboardBefore = (await api.call('GET', '/api/customers/dashboard')).json();

    const response = await (await api.withRole('manager')).call('DELETE', `/api/companies/${company.id}`);
    expect(response.statusCode).toBe(204);
    expect((await api.call('GET', `/api/companies/${company.id}`)).statusCode).toBe(404);
    expect((await api.call('GET', `/api/locations/${north.id}`)).statusCode).toBe(404);
    expect(await countRows('units')).toBe(units - 2);
    const dashboardAfter = (await api.call('GET', '/api/customers/dashboard')).json();
    expect(dashboardAfter.totalCompanies).toBe(dashboardBefore.totalCompanies - 1);
    expect(dashboardAfter.totalLocations).toBe(dashboardBefore.totalLocations - 2);
    expect(dashboardAfter.totalUnits).toBe(dashboardBefore.totalUnits - 2);
  });

  it('refuses while jobs hold it, saying how many, and deletes nothing', async () => {
    const company = await ctx.f.company({ name: 'Eta Busy Properties' });
    const location = await ctx.f.location({ companyId: company.id });
    const unit = await ctx.f.unit({ locationId: location.id });
    await ctx.f.job({ locationId: location.id, unitId: unit.id });
    await ctx.f.job({ locationId: location.id, unitId: null });
    await (
      await api.withRole('manager')
    ).refused(
      'DELETE',
      `/api/companies/${company.id}`,
      undefined,
      409,
      'Cannot delete Eta Busy Properties: 2 jobs still refer to its locations or units. Jobs keep the service history, so a company with jobs cannot be deleted.',
    );
  });
});
