import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { isDatabaseEmpty, seedDemo } from '../../src/server/db/seed/demo.js';
import { signedOut } from '../support/api.js';
import { cookieHeader, createTestContext, type TestContext } from '../support/test-app.js';

const NOW = new Date('2026-11-22T15:00:00Z');
/**
 * The fingerprint of the jobs numbered up to 1300 seeded on NOW's day, before the recent work was
 * appended (demo-recent.ts). A change here shifts the data the E2E specs read: make it on purpose.
 */
const PRE_RECENT_JOBS = '89e85fd49f7d4557224a0620287f2748';
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
});
afterAll(() => ctx.close());

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string }>(ctx.database.db, query))[0]!.n);

describe('demo data', () => {
  it('seeds the documented data set into an empty database, and the demo account signs in', async () => {
    expect(await isDatabaseEmpty(ctx.database.db)).toBe(true);
    const summary = await seedDemo(ctx.database.db, NOW);
    expect(summary).toMatchObject({ companies: 40, locations: 120, units: 400 });
    expect(summary.jobs).toBeGreaterThanOrEqual(280);
    expect(summary.prices).toBeGreaterThanOrEqual(140);
    expect(await isDatabaseEmpty(ctx.database.db)).toBe(false);

    expect(
      await count(
        sql`select count(*) as n from units u join locations l on l.id = u.location_id where l.latitude is null`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(distinct status) as n from jobs`)).toBe(4);
    expect(await count(sql`select count(distinct status) as n from job_invoices`)).toBe(4);
    expect(await count(sql`select count(*) as n from users where role = 'technician' and status = 'active'`)).toBe(6);
    expect(await count(sql`select min(extract(year from issued_date)) as n from job_invoices`)).toBe(2023);
    expect(await count(sql`select count(*) as n from job_quotes where status = 'approved'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from job_quotes where status = 'declined'`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from job_quotes where status = 'sent'`)).toBeGreaterThan(0);
    // Company tags (issue 28): each demo tag is on some companies, and some companies have none.
    expect(await count(sql`select count(distinct tag_id) as n from company_tags`)).toBe(5);
    expect(await count(sql`select count(distinct company_id) as n from company_tags`)).toBeGreaterThan(5);
    expect(await count(sql`select count(distinct company_id) as n from company_tags`)).toBeLessThan(40);
    // New jobs continue after the seeded numbers.
    expect(await count(sql`select nextval('job_number_seq') as n`)).toBe(1001 + summary.jobs);

    const anonymous = signedOut(ctx);
    const login = await anonymous.call('POST', '/api/auth/login', { username: 'demo', password: 'hvac-demo' });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('admin');

    // The work of the last weeks: Home's quote and repair counts are not empty for a recent period.
    const demo = anonymous.as(cookieHeader(login));
    for (const period of ['last-week', 'last-month']) {
      const stats = (await demo.call('GET', `/api/home/stats?period=${period}`)).json();
      for (const card of ['followUpJobs', 'openDeficiencies', 'jobsToSchedule', 'submittedQuotes']) {
        expect(stats[card].count, `${card} of ${period}`).toBeGreaterThan(0);
      }
      expect(stats.submittedQuotes.valueCents).toBeGreaterThan(0);
      expect(stats.jobsToSchedule.valueCents).toBeGreaterThan(0);
    }
  }, 60_000);

  it('sends recent quotes as the send path records them, and keeps certifications current', async () => {
    // Quotes awaiting the customer of each type, with a live link sent within the last 30 days.
    const live = await queryRows<{ quote_type: string; n: string }>(
      ctx.database.db,
      sql`select quote_type, count(*) as n from job_quotes
          where status = 'sent' and expires_at > ${NOW.toISOString()}::timestamptz and sent_at > ${NOW.toISOString()}::timestamptz - interval '30 days'
            and sent_at < ${NOW.toISOString()}::timestamptz and expires_at = sent_at + interval '30 days' and length(token) >= 32
          group by 1 order by 1`,
    );
    expect(live.map((r) => r.quote_type)).toEqual(['inspection', 'repair', 'replacement']);
    // The amount the send records (quoteSummary, decision 031): the chosen repair totals plus the
    // job's parts and labor, for every type; the $180.00 fee is never the amount (issue 26).
    expect(
      await count(sql`select count(*) as n from job_quotes q
        where q.sent_at > ${NOW.toISOString()}::timestamptz - interval '30 days'
          and q.amount <> (select sum(r.total_cost) from job_repairs r where r.job_id = q.job_id)
            + (select coalesce(sum(i.total_cost), 0) from job_items i
               where i.job_id = q.job_id and i.type in ('part', 'labor') and upper(btrim(i.code)) <> 'INSP-FEE')`),
    ).toBe(0);
    // Each recent quote's job has completed inspections with priced repairs; approved ones are open.
    expect(
      await count(sql`select count(*) as n from job_quotes q join jobs j on j.id = q.job_id
        where q.sent_at > ${NOW.toISOString()}::timestamptz - interval '30 days'
          and (not exists (select 1 from job_inspections i join job_repairs r on r.inspection_id = i.id where i.job_id = j.id and i.completed and r.total_cost > 0)
               or (q.status = 'approved' and j.status in ('completed', 'cancelled')))`),
    ).toBe(0);

    // No technician's certification has expired; one or two expire within the month.
    expect(
      await count(
        sql`select count(*) as n from technician_certifications where status = 'expired' or expiry_date < '2026-11-22'`,
      ),
    ).toBe(0);
    const soon = await count(
      sql`select count(*) as n from technician_certifications where expiry_date < date '2026-11-22' + 30`,
    );
    expect(soon).toBeGreaterThanOrEqual(1);
    expect(soon).toBeLessThanOrEqual(2);
  });

  it('keeps the older jobs the E2E specs read: the recent work is appended from its own random stream', async () => {
    // The jobs before the recent work, as they were seeded before it existed (same pinned day).
    const [row] = await queryRows<{ f: string }>(
      ctx.database.db,
      sql`select md5(string_agg(id::text || name || number::text || status || coalesce(extract(epoch from schedule_start)::text, '')
                               || extract(epoch from created_at)::text || office, ',' order by number)) as f
          from jobs where number <= 1300`,
    );
    expect(row!.f).toBe(PRE_RECENT_JOBS);
  });

  it('is deterministic: the same day gives the same data', async () => {
    const other = await createTestContext({ now: () => NOW });
    try {
      await seedDemo(other.database.db, NOW);
      const fingerprint = (db: typeof ctx.database.db) =>
        queryRows<{ f: string }>(
          db,
          sql`select md5((select string_agg(id::text || name || number::text || status, ',' order by number) from jobs)
                         || (select string_agg(quote_number || token || status || amount::text || extract(epoch from sent_at)::text, ',' order by quote_number) from job_quotes)
                         || (select string_agg(certification_name || expiry_date::text, ',' order by certification_name, expiry_date) from technician_certifications)) as f`,
        );
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
        queryRows<{ f: string }>(
          db,
          sql`select md5((select string_agg(invoice_number || status || coalesce(paid_date::text, ''), ',' order by invoice_number) from job_invoices)
                         || (select string_agg(quote_number || status || extract(epoch from sent_at)::text || extract(epoch from expires_at)::text, ',' order by quote_number) from job_quotes)) as f`,
        );
      expect((await fingerprint(evening.database.db))[0]!.f).toBe((await fingerprint(morning.database.db))[0]!.f);
    } finally {
      await morning.close();
      await evening.close();
    }
  }, 60_000);
});
