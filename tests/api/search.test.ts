import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let cookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  cookie = (await ctx.loginAs('user')).cookie;
});
afterAll(() => ctx.close());

const search = (q: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie } });

describe('header search', () => {
  it('finds companies, locations, units, jobs and invoices', async () => {
    const company = await ctx.f.company({ name: 'Zephyr Cold Storage' });
    const location = await ctx.f.location({ companyId: company.id, name: 'Zephyr North Dock' });
    const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'ZEPH-RTU-9' });
    const job = await ctx.f.job({ locationId: location.id, unitId: unit.id, name: 'Zephyr compressor swap' });
    const invoice = await ctx.f.invoice(job, { invoiceNumber: `JOB-${job.number}-INV-ZEPH` });

    const body = (await search('zeph')).json();
    expect(body.companies.map((h: { id: string }) => h.id)).toEqual([company.id]);
    expect(body.locations.map((h: { id: string }) => h.id)).toEqual([location.id]);
    expect(body.units.map((h: { id: string }) => h.id)).toEqual([unit.id]);
    expect(body.jobs.map((h: { id: string }) => h.id)).toEqual([job.id]);
    expect(body.invoices.map((h: { id: string }) => h.id)).toEqual([invoice.id]);

    const byNumber = (await search(String(job.number))).json();
    expect(byNumber.jobs.map((h: { id: string }) => h.id)).toContain(job.id);
  });

  it('treats % and _ as plain characters', async () => {
    const body = (await search('%%')).json();
    expect(body.companies).toEqual([]);
  });

  it('needs at least 2 characters', async () => {
    const response = await search('z');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Type at least 2 characters');
  });
});
