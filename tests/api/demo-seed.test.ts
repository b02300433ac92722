import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { isDatabaseEmpty, seedDemo } from '../../src/server/db/seed/demo.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const NOW = new Date('2026-11-22T15:00:00Z');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
});
afterAll(() => ctx.close());

const count = async (query: ReturnType<typeof sql>) => Number((await queryRows<{ n: string }>(ctx.database.db, query))[0]!.n);

describe('demo data', () => {
  it('seeds the documented data set into an empty database, and the demo account signs in', async () => {
    expect(await isDatabaseEmpty(ctx.database.db)).toBe(true);
    const summary = await seedDemo(ctx.database.db, NOW);
    expect(summary).toMatchObject({ companies: 40, locations: 120, units: 400 });
    expect(summary.jobs).toBeGreaterThanOrEqual(280);
    expect(summary.prices).toBeGreaterThanOrEqual(140);
    expect(await isDatabaseEmpty(ctx.database.db)).toBe(false);

    expect(await count(sql`select count(*) as n from units u join locations l on l.id = u.location_id where l.latitude is null`)).toBe(0);
    expect(await count(sql`select count(distinct status) as n from jobs`)).toBe(4);
    expect(await count(sql`select count(distinct status) as n from job_invoices`)).toBe(4);
    expect(await count(sql`select count(*) as n from users where role = 'technician' and status = 'active'`)).toBe(6);
    expect(await count(sql`select min(extract(year from issued_date)) as n from job_invoices`)).toBe(2023);
    expect(await count(sql`select count(*) as n from job_quotes where status = 'approved'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from job_quotes where status = 'declined'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from job_quotes where status = 'sent'`)).toBeGreaterThan(0);
    // New jobs continue after the seeded numbers.
    expect(await count(sql`select nextval('job_number_seq') as n`)).toBe(1001 + summary.jobs);

    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'demo', password: 'hvac-demo' } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');
  }, 60_000);

  it('is deterministic: the same day gives the same data', async () => {
    const other = await createTestContext({ now: () => NOW });
    try {
      await seedDemo(other.database.db, NOW);
      const fingerprint = (db: typeof ctx.database.db) =>
        queryRows<{ f: string }>(db, sql`select md5(string_agg(id::text || name || number::text || status, ',' order by number)) as f from jobs`);
      expect((await fingerprint(other.database.db))[0]!.f).toBe((await fingerprint(ctx.database.db))[0]!.f);
    } finally {
      await other.close();
    }
  }, 60_000);
});

describe('demo data over one day', () => {
  it('is the same whether seeded in the morning or the evening', async () => {
    const morning = await createTestContext();
    const evening = await createTestContext();
    try {
      await seedDemo(morning.database.db, new Date('2026-11-22T13:05:00Z'));
      await seedDemo(evening.database.db, new Date('2026-11-23T03:55:00Z'));
      const fingerprint = (db: typeof ctx.database.db) =>
        queryRows<{ f: string }>(db, sql`select md5(string_agg(invoice_number || status || coalesce(paid_date::text, ''), ',' order by invoice_number)) as f from job_invoices`);
      expect((await fingerprint(evening.database.db))[0]!.f).toBe((await fingerprint(morning.database.db))[0]!.f);
    } finally {
      await morning.close();
      await evening.close();
    }
  }, 60_000);
});
