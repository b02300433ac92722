import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: string;
let manager: string;
let plainUser: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await ctx.loginAs('admin')).cookie;
  manager = (await ctx.loginAs('manager')).cookie;
  plainUser = (await ctx.loginAs('user')).cookie;
});
afterAll(() => ctx.close());

const company = {
  name: 'Peachtree Comfort Systems',
  physical_address: { street: '100 Main St', city: 'Atlanta', state: 'ga', zip: '30303' },
  mailing_address: { street: 'PO Box 12', city: 'Atlanta', state: 'GA', zip: '30301' },
  phone: '(404) 555-0100',
  time_zone: 'America/Chicago',
};
const get = (cookie: string) => ctx.app.inject({ method: 'GET', url: '/api/settings/company', headers: { cookie } });
const put = (cookie: string, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/settings/company', headers: { cookie }, payload: payload as object });

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
      const response = await put(admin, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty(field);
    }
    expect((await get(admin)).json()).toEqual(before);
  });

  it('answers 403 to a user, changing nothing', async () => {
    const before = (await get(admin)).json();
    const response = await put(plainUser, { ...company, name: 'Hijacked' });
    expect(response.statusCode).toBe(403);
    expect((await get(admin)).json()).toEqual(before);
  });
});
