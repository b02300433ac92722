import { sql } from 'drizzle-orm';
import type { BenchCase } from '../types.js';

/**
 * /agreements on the large data set (40,000 agreements; decision 043): the first page (by end
 * date), the status filter, "ending before" (the renewals people look for), one company. The
 * targets are the other lists' (decision 027) until measured.
 */
export const agreementCases: BenchCase[] = [
  {
    name: 'agreements, first page',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements' }),
    targetsMs: { postgres: 100, pglite: 250 },
  },
  {
    name: 'agreements, active',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements?status=active' }),
    targetsMs: { postgres: 100, pglite: 250 },
  },
  {
    name: 'agreements, cancelled (a rare status)',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements?status=cancelled&page=3' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreements ending in the next 60 days',
    area: 'agreements',
    request: async (ctx) => {
      const row = await ctx.one<{ d: string }>(sql`select (current_date + 60)::text as d`);
      return { method: 'GET', url: `/api/agreements?status=active&endingBefore=${row.d}` };
    },
    targetsMs: { postgres: 100, pglite: 250 },
  },
  {
    name: 'agreements of one company',
    area: 'agreements',
    request: async (ctx) => {
      const row = await ctx.one<{ id: string }>(
        sql`select company_id as id from agreements where name like '% (bench)' limit 1`,
      );
      return { method: 'GET', url: `/api/agreements?companyId=${row.id}` };
    },
    targetsMs: { postgres: 30, pglite: 100 },
  },
  // Decision 052: the deferred revenue report sums the advance invoices and their parts per day in
  // SQL; the large data set has no agreement invoices until its generator runs, so this measures
  // the plan's cost on whatever billing exists (targets as the financial report's until measured).
  {
    name: 'deferred revenue, last 12 months',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/deferred-revenue' }),
    targetsMs: { postgres: 200, pglite: 500 },
  },
  {
    name: "deferred revenue today (Home's card)",
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/deferred-revenue/summary' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
];
