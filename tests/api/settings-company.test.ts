import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: ApiClient;
let manager: ApiClient;
let plainUser: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signInAs(ctx, 'admin', { unchanged: () => tableFingerprint(ctx.database.db, ['settings']) });
  manager = await admin.withRole('manager');
  plainUser = await admin.withRole('user');
});
afterAll(() => ctx.close());

const company = {
  name: 'Peachtree Comfort Systems',
  physical_address: { street: '100 Main St', city: 'Atlanta', state: 'ga', zip: '30303' },
  mailing_address: { street: 'PO Box 12', city: 'Atlanta', state: 'GA', zip: '30301' },
  phone: '(404) 555-0100',
  time_zone: 'America/Chicago',
};
const get = (api: ApiClient) => api.call('GET', '/api/settings/company');
const put = (api: ApiClient, payload: unknown) => api.call('PUT', '/api/settings/company', payload);

describe('PUT /api/settings/company', () => {
  it('lets an admin change the company information; the management title follows', async () => {
    const response = await put(admin, company);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Peachtree Comfort Systems',
      managementTitle: 'Peachtree Comfort Systems Management',
      time_zone: 'America/Chicago',
    });
    expect((await get(plainUser)).json()).toMatchObject({ name: 'Peachtree Comfort Systems', phone: '(404) 555-0100' });
  });

  it('lets a manager change it too', async () => {
    expect((await put(manager, { ...company, phone: '(404) 555-0101' })).statusCode).toBe(200);
  });

  it('refuses bad input, changing nothing', async () => {
    const before = (await get(admin)).json();
    for (const [payload, field] of [
      [{ ...company, name: ' ' }, 'name'],
      [{ ...company, physical_address: { ...company.physical_address, state: 'GAA' } }, 'physical_address.state'],
      [{ ...company, mailing_address: { ...company.mailing_address, zip: '12345678901' } }, 'mailing_address.zip'],
      [{ ...company, time_zone: 'Mars/Olympus' }, 'time_zone'],
    ] as const) {
      const body = await admin.refused('PUT', '/api/settings/company', payload, 400);
      expect(body.error.fields).toHaveProperty(field);
    }
    expect((await get(admin)).json()).toEqual(before);
  });

  it('answers 403 to a user, changing nothing', async () => {
    const before = (await get(admin)).json();
    await plainUser.refused('PUT', '/api/settings/company', { ...company, name: 'Hijacked' }, 403);
    expect((await get(admin)).json()).toEqual(before);
  });
});
