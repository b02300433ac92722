import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerFingerprint } from '../support/db-fingerprint.js';
import { createFakeGeocoder } from '../support/fake-geocoder.js';
import { MALFORMED_IDS, MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
let companyId: string;
const fake = createFakeGeocoder({ '200 Spring St NW': { latitude: 33.77, longitude: -84.39 } });

beforeAll(async () => {
  ctx = await createTestContext({ geocoder: fake.geocoder });
  api = await signInAs(ctx, 'user', { unchanged: () => customerFingerprint(ctx.database.db) });
  companyId = (await ctx.f.company({ name: 'Iota Facilities Group' })).id;
});
afterAll(() => ctx.close());

const valid = () => ({
  companyId,
  name: 'Iota HQ',
  buildingName: 'Tower A',
  address: '200 Spring St NW',
  city: 'Atlanta',
  state: 'ga',
  zip: '30303',
});

describe('locations', () => {
  it('creates a location for a company, geocoded, with the company name', async () => {
    const response = await api.call('POST', '/api/locations', valid());
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      companyId,
      companyName: 'Iota Facilities Group',
      name: 'Iota HQ',
      buildingName: 'Tower A',
      state: 'GA',
      latitude: 33.77,
      longitude: -84.39,
      unitCount: 0,
    });
    const detail = (await api.call('GET', `/api/companies/${companyId}`)).json();
    expect(detail.locationCount).toBe(1);
  });

  it('requires a company picked first and every field', async () => {
    const body = await api.refused(
      'POST',
      '/api/locations',
      {},
      400,
      [
        'Please select a company first',
        'Location name is required',
        'Building name is required',
        'Address is required',
        'City is required',
        'State is required',
        'Zip is required',
      ].join('; '),
    );
    expect(body.error.fields?.companyId).toBe('Please select a company first');
    await api.refused(
      'POST',
      '/api/locations',
      { ...valid(), companyId: 'acme' },
      400,
      'Please select a company first',
    );
    await api.refused('POST', '/api/locations', { ...valid(), companyId: MISSING_ID }, 400, 'Company not found');
    await api.refused(
      'POST',
      '/api/locations',
      { ...valid(), state: 'GAA' },
      400,
      'State must be at most 2 characters',
    );
    await api.refused(
      'POST',
      '/api/locations',
      { ...valid(), zip: '12345678901' },
      400,
      'Zip must be at most 10 characters',
    );
  });

  it('edits a location, keeping coordinates while the address stays', async () => {
    const created = (await api.call('POST', '/api/locations', { ...valid(), name: 'Iota Annex' })).json();
    const edited = await api.call('PUT', `/api/locations/${created.id}`, {
      ...valid(),
      name: 'Iota Annex West',
      buildingName: 'Tower B',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Iota Annex West', buildingName: 'Tower B', latitude: 33.77 });
    await api.refused(
      'PUT',
      `/api/locations/${created.id}`,
      { ...valid(), name: '' },
      400,
      'Location name is required',
    );
    // As a manager: a role every method of the route allows.
    await (
      await api.withRole('manager')
    ).refusesBadIds({
      url: (id) => `/api/locations/${id}`,
      methods: { GET: undefined, PUT: valid(), DELETE: undefined },
      malformed: 'Invalid location ID format',
      missing: 'Location not found',
      malformedIds: ['x', ...MALFORMED_IDS],
    });
  });

  it('lists with search and filters, ordered by name', async () => {
    const other = await ctx.f.company({ name: 'Kappa Storage Partners' });
    await ctx.f.location({
      companyId: other.id,
      name: 'Kappa Depot East',
      buildingName: 'Dock 1',
      city: 'Savannah',
      state: 'GA',
      zip: '31401',
    });
    await ctx.f.location({
      companyId: other.id,
      name: 'Kappa Depot West',
      buildingName: 'Dock 2',
      city: 'Macon',
      state: 'GA',
      zip: '31201',
    });
    const names = (query: string) =>
      api.call('GET', `/api/locations?${query}`).then((r) => r.json().items.map((l: { name: string }) => l.name));
    expect(await names('q=kappa%20depot')).toEqual(['Kappa Depot East', 'Kappa Depot West']);
    expect(await names('q=storage%20east')).toEqual(['Kappa Depot East']);
    expect(await names('name=depot%20w')).toEqual(['Kappa Depot West']);
    expect(await names('buildingName=DOCK%201')).toEqual(['Kappa Depot East']);
    expect(await names('city=macon')).toEqual(['Kappa Depot West']);
    expect(await names('q=kappa&zip=314')).toEqual(['Kappa Depot East']);
    expect(await names(`companyId=${other.id}`)).toEqual(['Kappa Depot East', 'Kappa Depot West']);
    const page = (await api.call('GET', '/api/locations?q=kappa&pageSize=50')).json();
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 50 });
    expect(page.items[0]).toMatchObject({ companyName: 'Kappa Storage Partners', unitCount: 0 });
    expect((await api.call('GET', '/api/locations?companyId=nope')).json().error.message).toBe(
      'Invalid company ID format',
    );
  });

  it('finds locations by the new company name after the company is renamed', async () => {
    const company = await ctx.f.company({ name: 'Lambda Old Name' });
    await ctx.f.location({ companyId: company.id, name: 'Lambda Plant' });
    const current = (await api.call('GET', `/api/companies/${company.id}`)).json().company;
    const renamed = await api.call('PUT', `/api/companies/${company.id}`, {
      ...current,
      name: 'Lambda Newname Industries',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(
      (await api.call('GET', '/api/locations?q=newname')).json().items.map((l: { name: string }) => l.name),
    ).toEqual(['Lambda Plant']);
    expect((await api.call('GET', '/api/locations?q=lambda%20old')).json().total).toBe(0);
  });

  it('deletes a location with its units; refuses while jobs hold it', async () => {
    const free = await ctx.f.location({ companyId, name: 'Iota Free Site' });
    await ctx.f.unit({ locationId: free.id });
    await ctx.f.unit({ locationId: free.id });
    expect((await api.call('GET', `/api/locations/${free.id}`)).json().unitCount).toBe(2);
    expect((await (await api.withRole('manager')).call('DELETE', `/api/locations/${free.id}`)).statusCode).toBe(204);
    expect((await api.call('GET', `/api/units?locationId=${free.id}`)).json().total).toBe(0);

    const busy = await ctx.f.location({ companyId, name: 'Iota Busy Site' });
    const unit = await ctx.f.unit({ locationId: busy.id });
    await ctx.f.job({ locationId: busy.id, unitId: unit.id });
    await (
      await api.withRole('manager')
    ).refused(
      'DELETE',
      `/api/locations/${busy.id}`,
      undefined,
      409,
      'Cannot delete Iota Busy Site: 1 job still refers to this location or its units. Jobs keep the service history, so a location with jobs cannot be deleted.',
    );
  });
});
