import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/domain/auth.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { customerFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

/**
 * Who may do what with customers (companies, locations, units): admin and manager everything;
 * office staff (role user) create and edit but do not delete; technicians read only. A refused
 * role gets 403 before its body is validated, and nothing changes.
 */
let ctx: TestContext;
const as = {} as Record<UserRole, ApiClient>;
beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ['admin', 'manager', 'user', 'technician'] as const) {
    as[role] = await signInAs(ctx, role, { unchanged: () => customerFingerprint(ctx.database.db) });
  }
});
afterAll(() => ctx.close());

const company = {
  name: 'Role Test Co',
  address: '1 Main St',
  city: 'Atlanta',
  state: 'GA',
  zip: '30303',
  phone: '(404) 555-0100',
};

async function fixtures() {
  const c = await ctx.f.company({ name: `Roles ${Math.random().toString(36).slice(2, 8)}` });
  const l = await ctx.f.location({ companyId: c.id });
  const u = await ctx.f.unit({ locationId: l.id });
  return { company: c.id, location: l.id, unit: u.id };
}

describe('deleting customers', () => {
  const table: [UserRole, 204 | 403][] = [
    ['admin', 204],
    ['manager', 204],
    ['user', 403],
    ['technician', 403],
  ];
  for (const [role, status] of table) {
    it(`${role}: ${status} for a unit, a location and a company`, async () => {
      const ids = await fixtures();
      for (const url of [`/api/units/${ids.unit}`, `/api/locations/${ids.location}`, `/api/companies/${ids.company}`]) {
        if (status === 403)
          await as[role].refused('DELETE', url, undefined, 403, 'You do not have permission to do this', {
            code: 'FORBIDDEN',
          });
        else expect((await as[role].call('DELETE', url)).statusCode, `${role} DELETE ${url}`).toBe(204);
      }
    });
  }
});

describe('creating and editing customers', () => {
  it('office staff (user) create and edit', async () => {
    const created = await as.user.call('POST', '/api/companies', company);
    expect(created.statusCode, created.body).toBe(201);
    const edited = await as.user.call('PUT', `/api/companies/${created.json().id}`, {
      ...company,
      name: 'Role Test Co Renamed',
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('technicians read but get 403 on create and edit, before their body is validated', async () => {
    const ids = await fixtures();
    expect((await as.technician.call('GET', `/api/companies/${ids.company}`)).statusCode).toBe(200);
    expect((await as.technician.call('GET', '/api/units')).statusCode).toBe(200);
    // An empty body would answer 400 with field messages to a role that may write.
    for (const [method, url] of [
      ['POST', '/api/companies'],
      ['PUT', `/api/companies/${ids.company}`],
      ['POST', '/api/locations'],
      ['PUT', `/api/locations/${ids.location}`],
      ['POST', '/api/units'],
      ['PUT', `/api/units/${ids.unit}`],
    ] as const) {
      const body = await as.technician.refused(method, url, {}, 403, undefined, { code: 'FORBIDDEN' });
      expect(body.error.fields, `${method} ${url}`).toBeUndefined();
    }
  });

  it('a refused role gets 403 even for a malformed id or a malformed body', async () => {
    await as.user.refused('DELETE', '/api/companies/not-an-id', undefined, 403);
    await as.technician.refused('POST', '/api/units', '{not json', 403, undefined, {
      headers: { 'content-type': 'application/json' },
    });
  });
});
