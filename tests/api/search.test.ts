import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAs, type ApiClient } from '../support/api.js';
import { customerFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let api: ApiClient;
beforeAll(async () => {
  ctx = await createTestContext();
  api = await signInAs(ctx, 'user', { unchanged: () => customerFingerprint(ctx.database.db) });
});
afterAll(() => ctx.close());

const searchUrl = (q: string) => `/api/search?q=${encodeURIComponent(q)}`;
const search = (q: string) => api.call('GET', searchUrl(q));

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
    await api.refused('GET', searchUrl('z'), undefined, 400, 'Type at least 2 characters');
  });
});
