import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_ROLES, contactListQuery } from '../../src/domain/contacts.js';
import { CONTACT_ROLE_VALUES } from '../../src/server/db/schema.js';
import { contactListStatements } from '../../src/server/modules/contacts/contacts.repo.js';
import { MALFORMED_IDS, MISSING_ID, signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { jobCreateBody } from '../support/job-body.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
let companyId: string;
let otherCompanyId: string;
let locationId: string;
let otherLocationId: string;

const contactsFingerprint = () => tableFingerprint(ctx.database.db, ['contacts', 'jobs', 'companies', 'locations']);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => new Date('2026-11-22T15:00:00Z') });
  api = await signInAs(ctx, 'user', { unchanged: contactsFingerprint });
  const company = await ctx.f.company({ name: 'Kappa Properties' });
  companyId = company.id;
  locationId = (await ctx.f.location({ companyId, name: 'Kappa Tower' })).id;
  otherLocationId = (await ctx.f.location({ companyId, name: 'Kappa Annex' })).id;
  otherCompanyId = (await ctx.f.company({ name: 'Lambda Holdings' })).id;
});
afterAll(() => ctx.close());

const valid = (overrides: Record<string, unknown> = {}) => ({
  companyId,
  locationId,
  name: 'Dana Reyes',
  title: 'Facilities Manager',
  email: 'dana@kappa.example',
  officePhone: '(404) 555-0111',
  mobilePhone: '',
  roles: ['site_contact', 'billing'],
  isPrimary: false,
  notes: '',
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}) {
  const response = await api.call('POST', '/api/contacts', valid(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; name: string };
}

describe('contacts: create, read, edit, delete', () => {
  it('the database knows the same roles as the domain', () => {
    expect([...CONTACT_ROLE_VALUES]).toEqual([...CONTACT_ROLES]);
  });

  it('creates a contact of a location with its company and location names; empty values are null', async () => {
    const response = await api.call('POST', '/api/contacts', valid({ roles: ['billing', 'site_contact', 'billing'] }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      companyId,
      companyName: 'Kappa Properties',
      locationId,
      locationName: 'Kappa Tower',
      name: 'Dana Reyes',
      mobilePhone: null,
      notes: null,
      // once each, in the form's order
      roles: ['site_contact', 'billing'],
      isPrimary: false,
    });
    expect((await api.call('GET', `/api/contacts/${created.id}`)).json()).toEqual(created);
  });

  it('edits a contact (a company-wide contact has no location) and deletes one no job names', async () => {
    const { id } = await create({ name: 'Eli Park' });
    const edited = await api.call(
      'PUT',
      `/api/contacts/${id}`,
      valid({ name: 'Eli Park', locationId: null, roles: ['owner'] }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ locationId: null, locationName: null, roles: ['owner'] });
    const manager = await api.withRole('manager');
    expect((await manager.call('DELETE', `/api/contacts/${id}`)).statusCode).toBe(204);
    expect((await api.call('GET', `/api/contacts/${id}`)).statusCode).toBe(404);
  });

  it('validates with messages a person can act on, and a refused request changes nothing', async () => {
    const body = await api.refused('POST', '/api/contacts', { roles: ['janitor'], email: 'nope' }, 400);
    expect(body.error.fields).toMatchObject({
      companyId: 'Please select a company',
      name: 'Name is required',
      email: 'Email must be a valid email address',
      roles: expect.stringContaining('Role must be Site Contact, Billing, Management, Owner or Tenant'),
    });
    await api.refused(
      'POST',
      '/api/contacts',
      valid({ locationId: null, isPrimary: true }),
      400,
      'A primary contact needs a location: choose the location it is the primary contact of',
      { field: 'isPrimary' },
    );
    await api.refused(
      'POST',
      '/api/contacts',
      valid({ companyId: otherCompanyId }),
      400,
      'The location is not one of the company’s locations',
      { field: 'locationId' },
    );
    await api.refused(
      'POST',
      '/api/contacts',
      valid({ companyId: MISSING_ID, locationId: null }),
      400,
      'Company not found',
      {
        field: 'companyId',
      },
    );
    await api.refused(
      'POST',
      '/api/contacts',
      valid({ name: 'x'.repeat(201) }),
      400,
      'Name must be at most 200 characters',
    );
  });

  it('refuses malformed and unknown ids', async () => {
    const manager = await api.withRole('manager');
    await manager.refusesBadIds({
      url: (id) => `/api/contacts/${id}`,
      methods: { GET: undefined, PUT: valid(), DELETE: undefined },
      malformed: 'Invalid contact ID format',
      missing: 'Contact not found',
      malformedIds: MALFORMED_IDS,
    });
  });
});

describe('primary per location', () => {
  it('allows one primary per location, naming the one there is', async () => {
    const location = (await ctx.f.location({ companyId, name: 'Primary Plaza' })).id;
    const first = await create({ locationId: location, name: 'Primo One', isPrimary: true });
    const second = await create({ locationId: location, name: 'Primo Two' });
    await api.refused(
      'POST',
      '/api/contacts',
      valid({ locationId: location, name: 'Primo Three', isPrimary: true }),
      400,
      'This location already has a primary contact (Primo One). Clear that contact’s Primary first.',
      { field: 'isPrimary' },
    );
    await api.refused(
      'PUT',
      `/api/contacts/${second.id}`,
      valid({ locationId: location, name: 'Primo Two', isPrimary: true }),
      400,
      /already has a primary contact \(Primo One\)/,
    );
    // Saving the primary itself again is not a conflict; another location has its own primary.
    expect(
      (
        await api.call(
          'PUT',
          `/api/contacts/${first.id}`,
          valid({ locationId: location, name: 'Primo One', isPrimary: true }),
        )
      ).statusCode,
    ).toBe(200);
    await create({ locationId: otherLocationId, name: 'Annex Primary', isPrimary: true });
  });

  it('the database holds the rule too (a partial unique index)', async () => {
    const location = (await ctx.f.location({ companyId, name: 'Index Plaza' })).id;
    await create({ locationId: location, name: 'Index One', isPrimary: true });
    await expect(
      ctx.database.db.execute(
        `insert into contacts (company_id, location_id, name, is_primary) values ('${companyId}', '${location}', 'Sneaky', true)`,
      ),
    ).rejects.toThrow();
  });
});

describe('permissions', () => {
  it('technicians read; office users create and edit but may not delete; admin and manager delete', async () => {
    const { id } = await create({ name: 'Perm Person' });
    const tech = await api.withRole('technician');
    expect((await tech.call('GET', '/api/contacts')).statusCode).toBe(200);
    expect((await tech.call('GET', `/api/contacts/${id}`)).statusCode).toBe(200);
    await tech.refused('POST', '/api/contacts', valid(), 403);
    await tech.refused('PUT', `/api/contacts/${id}`, valid(), 403);
    await api.refused('DELETE', `/api/contacts/${id}`, undefined, 403);
    const admin = await api.withRole('admin');
    expect((await admin.call('DELETE', `/api/contacts/${id}`)).statusCode).toBe(204);
  });
});

describe('delete refused while a job names the contact', () => {
  it('names the jobs and their quotes, and changes nothing', async () => {
    const { id } = await create({ name: 'Held Contact' });
    const a = await ctx.f.job({ locationId, unitId: null, contactId: id });
    const b = await ctx.f.job({ locationId, unitId: null, contactId: id });
    await ctx.f.quote(b);
    const manager = await api.withRole('manager');
    const [low, high] = [a.number, b.number].sort((x, y) => x - y);
    await manager.refused(
      'DELETE',
      `/api/contacts/${id}`,
      undefined,
      409,
      `This contact is the primary contact of 2 jobs (Job #${low}, Job #${high}) and is on their 1 quote and cannot be deleted`,
    );
  });
});

describe('the job form picks a contact', () => {
  it('stores the picked contact on the job and refuses one of another location', async () => {
    const { id } = await create({ name: 'Picked Person' });
    const body = await jobCreateBody(ctx.f);
    // jobCreateBody makes its own unit and location; pick on our location instead.
    const job = await api.call('POST', '/api/jobs', { ...body, unitId: null, locationId, contactId: id });
    expect(job.statusCode, job.body).toBe(201);
    expect((await api.call('GET', `/api/jobs/${job.json().id}`)).json().contactId).toBe(id);
    await api.refused(
      'POST',
      '/api/jobs',
      { ...body, unitId: null, locationId: otherLocationId, contactId: id },
      400,
      'The contact is not one of the location’s contacts',
      { field: 'contactId' },
    );
  });

  it('a company-wide contact may be picked at any of the company’s locations', async () => {
    const { id } = await create({ name: 'Company Wide', locationId: null });
    const body = await jobCreateBody(ctx.f);
    const job = await api.call('POST', '/api/jobs', {
      ...body,
      unitId: null,
      locationId: otherLocationId,
      contactId: id,
    });
    expect(job.statusCode, job.body).toBe(201);
  });

  it('"Save as a contact" makes the typed contact a contact of the location, on create and on edit', async () => {
    const body = await jobCreateBody(ctx.f);
    const location = (await ctx.f.location({ companyId, name: 'Save Site' })).id;
    const job = await api.call('POST', '/api/jobs', {
      ...body,
      unitId: null,
      locationId: location,
      contactName: 'Typed Tina',
      contactEmail: 'tina@example.com',
      contactPhone: '4045550199',
      saveContact: true,
    });
    expect(job.statusCode, job.body).toBe(201);
    const options = (await api.call('GET', `/api/contacts/options?locationId=${location}`)).json().items;
    const tina = options.find((c: { name: string }) => c.name === 'Typed Tina');
    expect(tina).toMatchObject({
      email: 'tina@example.com',
      officePhone: '4045550199',
      roles: ['site_contact'],
      locationId: location,
    });
    const detail = (await api.call('GET', `/api/jobs/${job.json().id}`)).json();
    expect(detail.contactId).toBe(tina.id);

    await api.refused(
      'POST',
      '/api/jobs',
      { ...body, contactName: '', saveContact: true },
      400,
      'Enter the contact’s name to save it as a contact',
      { field: 'contactName' },
    );
  });
});

describe('list: search, filters, paging in SQL, export', () => {
  let listCompany: string;
  beforeAll(async () => {
    listCompany = (await ctx.f.company({ name: 'Omicron Realty' })).id;
    const site = (await ctx.f.location({ companyId: listCompany, name: 'Omicron Mall' })).id;
    const post = (body: Record<string, unknown>) =>
      api.call('POST', '/api/contacts', { companyId: listCompany, ...body });
    await post({
      locationId: site,
      name: 'Zed Alpha',
      email: 'zed@omicron.example',
      officePhone: '(678) 555-0199',
      roles: ['billing'],
    });
    await post({ locationId: site, name: 'Yara Beta', roles: ['tenant'], mobilePhone: '770-555-0123' });
    await post({ name: 'Xavi Gamma', title: 'Controller', roles: ['owner', 'billing'] });
  });

  const names = async (query: string) =>
    ((await api.call('GET', `/api/contacts?${query}`)).json().items as { name: string }[]).map((c) => c.name);

  it('searches name, e-mail, phone (as typed or digits), company and location; every word must match', async () => {
    expect(await names('q=zed')).toEqual(['Zed Alpha']);
    expect(await names('q=omicron.example')).toEqual(['Zed Alpha']);
    expect(await names('q=6785550199')).toEqual(['Zed Alpha']);
    expect(await names('q=770-555')).toEqual(['Yara Beta']);
    expect(await names('q=omicron%20mall')).toEqual(['Yara Beta', 'Zed Alpha']);
    expect(await names('q=omicron%20controller')).toEqual(['Xavi Gamma']);
    // one and two letters: a word start
    expect(await names(`companyId=${listCompany}&q=y`)).toEqual(['Yara Beta']);
  });

  it('filters by company, location and role, by name', async () => {
    expect(await names(`companyId=${listCompany}`)).toEqual(['Xavi Gamma', 'Yara Beta', 'Zed Alpha']);
    expect(await names(`companyId=${listCompany}&role=billing`)).toEqual(['Xavi Gamma', 'Zed Alpha']);
    await api.refused('GET', '/api/contacts?role=janitor', undefined, 400, /Role must be/);
  });

  it('follows a company or location rename (the search text is kept by triggers)', async () => {
    await ctx.database.db.execute(`update companies set name = 'Pi Realty' where id = '${listCompany}'`);
    expect(await names('q=pi%20realty')).toEqual(['Xavi Gamma', 'Yara Beta', 'Zed Alpha']);
    // Xavi has no location: "omicron" was only the company's old name.
    expect(await names('q=omicron')).toEqual(['Yara Beta', 'Zed Alpha']);
    await ctx.database.db.execute(`update locations set name = 'Rho Mall' where name = 'Omicron Mall'`);
    expect(await names('q=rho')).toEqual(['Yara Beta', 'Zed Alpha']);
    expect(await names('q=omicron')).toEqual(['Zed Alpha']); // by its e-mail
  });

  it('pages with a total, and reads through the planner (an index walk for the unfiltered list)', async () => {
    const page = (await api.call('GET', `/api/contacts?companyId=${listCompany}&pageSize=25&page=1`)).json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    // A short fragment walks the name index (the first matches in order), never counts everything first.
    const plan = contactListStatements(contactListQuery.parse({ q: 'a' }));
    expect(plan.kind).toBe('capped');
  });

  it('options for a location: its contacts and the company-wide ones, primary first', async () => {
    const items = (await api.call('GET', `/api/contacts/options?locationId=${locationId}`)).json().items as {
      locationId: string | null;
    }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((c) => c.locationId === locationId || c.locationId === null)).toBe(true);
    await api.refused('GET', '/api/contacts/options?locationId=nope', undefined, 400, 'Invalid location ID format');
  });

  it('options carry the unit contact fields, read-only, for units that have some', async () => {
    const site = (await ctx.f.location({ companyId, name: 'Unit Fields Site' })).id;
    await ctx.f.unit({
      locationId: site,
      unitNumber: 'UF-1',
      primaryContactType: 'Tenant',
      primaryContactEmail: 'tenant@example.com',
      primaryContactPhone: null,
      billingEntity: 'UF Holdings',
      billingEmail: 'ap@uf.example.com',
    });
    await ctx.f.unit({
      locationId: site,
      unitNumber: 'UF-2',
      primaryContactType: null,
      primaryContactEmail: null,
      primaryContactPhone: null,
      billingEntity: null,
      billingEmail: null,
    });
    const answer = (await api.call('GET', `/api/contacts/options?locationId=${site}`)).json();
    expect(answer.unitContacts).toEqual([
      expect.objectContaining({
        unitNumber: 'UF-1',
        primaryContactEmail: 'tenant@example.com',
        billingEmail: 'ap@uf.example.com',
      }),
    ]);
  });

  it('exports the filtered list as .xlsx', async () => {
    const response = await api.call('GET', `/api/contacts/export?companyId=${listCompany}&role=billing`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="contacts-2026-11-22.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual([
      'Name',
      'Title',
      'Company',
      'Location',
      'Roles',
      'Primary',
      'Email',
      'Office Phone',
      'Mobile Phone',
      'Notes',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Xavi Gamma', 'Zed Alpha']);
    expect(rows[1]![4]).toBe('Billing, Owner');
  });

  it('answers one- and two-letter searches from 5,000 contacts in time', async () => {
    await ctx.database.db.execute(
      `insert into contacts (company_id, name, email, roles)
       select '${companyId}', 'Bulk ' || chr(97 + g % 26) || chr(97 + (g / 26) % 26) || ' ' || g, 'bulk' || g || '@example.com', '{tenant}'
       from generate_series(1, 5000) g`,
    );
    for (const q of ['a', 'bu', 'z', 'ex']) {
      const started = performance.now();
      const page = await api.call('GET', `/api/contacts?q=${q}`);
      expect(page.statusCode).toBe(200);
      expect(page.json().items.length).toBeGreaterThan(0);
      expect(performance.now() - started, `q=${q}`).toBeLessThan(1500);
    }
  });
});
