import { sql } from 'drizzle-orm';
import type { BenchCase } from '../types.js';

/**
 * The agreements' reports on the large data set (40,000 agreements, decisions 053 and 060; the seed
 * records generated jobs as their visits, so the figures differ): the pull-through report's first
 * page by end date, sorted by each figure (through agreement_figures' indexes) with and without a
 * status filter, one company, the renewals in 60 and 90 days, one agreement's card, the visits due
 * this month and Home's two counts. The report has no text search (company is a picked
 * filter), so there is no one- or two-letter case.
 */
export const agreementReportCases: BenchCase[] = [
  {
    name: 'agreement pull-through report, first page',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/report' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreement pull-through report, sorted by profit',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/report?sort=profit&dir=desc' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreement pull-through report, sorted by profit, least first, page 3',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/report?sort=profit&dir=asc&page=3' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreement pull-through report, active, sorted by repair revenue',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/report?status=active&sort=repairRevenue&dir=desc' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreement pull-through report, expired, sorted by repairs approved',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/report?status=expired&sort=repairsApproved&dir=desc' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreement pull-through report, sorted by visits done',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/report?sort=visitsDone&dir=desc' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreement pull-through report, cancelled, sorted by price',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/report?status=cancelled&sort=price&dir=desc' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreement pull-through report, one company, sorted by profit',
    area: 'agreements',
    request: async (ctx) => {
      const row = await ctx.one<{ id: string }>(
        sql`select company_id as id from agreements where name like '% (bench)' limit 1`,
      );
      return { method: 'GET', url: `/api/agreements/report?companyId=${row.id}&sort=profit&dir=desc` };
    },
    targetsMs: { postgres: 50, pglite: 150 },
  },
  {
    name: 'agreement pull-through report, one company',
    area: 'agreements',
    request: async (ctx) => {
      const row = await ctx.one<{ id: string }>(
        sql`select company_id as id from agreements where name like '% (bench)' limit 1`,
      );
      return { method: 'GET', url: `/api/agreements/report?companyId=${row.id}` };
    },
    targetsMs: { postgres: 50, pglite: 150 },
  },
  {
    name: 'agreement renewals, 60 days',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/renewals' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: 'agreement renewals, 90 days, page 3',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/renewals?days=90&page=3' }),
    targetsMs: { postgres: 150, pglite: 400 },
  },
  {
    name: "one agreement's pull-through card",
    area: 'agreements',
    request: async (ctx) => {
      const row = await ctx.one<{ id: string }>(
        sql`select id from agreements where name like '% (bench)' and status = 'active' limit 1`,
      );
      return { method: 'GET', url: `/api/agreements/${row.id}/pull-through` };
    },
    targetsMs: { postgres: 30, pglite: 100 },
  },
  {
    name: 'agreement visits due this month, not scheduled',
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/visits-due' }),
    targetsMs: { postgres: 100, pglite: 250 },
  },
  {
    name: "Home's agreement counts",
    area: 'agreements',
    request: () => ({ method: 'GET', url: '/api/agreements/home-counts' }),
    targetsMs: { postgres: 100, pglite: 250 },
  },
];
