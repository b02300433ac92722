import { sql } from 'drizzle-orm';
import { dateInZone, DEFAULT_TIME_ZONE } from '../../src/domain/dates.js';
import {
  DEFAULT_HOME_PERIOD,
  HOME_PERIODS,
  homeDeficienciesQuery,
  homeUnsentInvoicesQuery,
  periodSince,
  type HomePeriod,
} from '../../src/domain/home.js';
import { homeStatsStatement } from '../../src/server/modules/home/home.repo.js';
import type { BenchCase, BenchContext } from '../types.js';

/** Issue 15: every period, "all time" included, with and without the Office and Technician selects. */
const TARGETS = { postgres: 100, pglite: 300 };
/** The smaller office of the large data set (one job in seven), and a technician with about 8,000 jobs. */
const OFFICE = 'Branch Office';
const technicianId = async (ctx: BenchContext) =>
  (await ctx.one<{ id: string }>(sql`select id from users where username = 'bench-tech-7'`)).id;

interface Scope {
  office?: boolean;
  technician?: boolean;
}

function statsCase(period: HomePeriod, scope: Scope): BenchCase {
  const filters = async (ctx: BenchContext) => ({
    office: scope.office ? OFFICE : undefined,
    technicianId: scope.technician ? await technicianId(ctx) : undefined,
  });
  const label = [
    period === DEFAULT_HOME_PERIOD ? `${period}, the default` : period,
    scope.office ? 'one office' : null,
    scope.technician ? 'one technician' : null,
  ]
    .filter(Boolean)
    .join(', ');
  return {
    name: `home counts (${label})`,
    area: 'home',
    request: async (ctx) => {
      const { office, technicianId: tech } = await filters(ctx);
      const query = new URLSearchParams({ period });
      if (office) query.set('office', office);
      if (tech) query.set('technicianId', tech);
      return { method: 'GET', url: `/api/home/stats?${query.toString()}` };
    },
    targetsMs: TARGETS,
    // The statement the request runs (the bench's time zone is the default company zone).
    explain: async (ctx) => {
      const now = new Date();
      const { office, technicianId: tech } = await filters(ctx);
      const since = periodSince(period, now, DEFAULT_TIME_ZONE);
      return [
        homeStatsStatement({ office, technicianId: tech, since, today: dateInZone(now, DEFAULT_TIME_ZONE), now }).query,
      ];
    },
    // home_counts and home_future_counts hold a few thousand rows (days x offices x technicians):
    // reading all of one key's rows is their plan for all time, not a miss.
    noSeqScanOn: ['jobs', 'job_quotes', 'job_invoices', 'job_repairs', 'home_job_facts'],
  };
}

/** The list a card opens, as the card builds its link (src/domain/home.ts). */
function cardListCase(name: string, url: (ctx: BenchContext) => Promise<string>): BenchCase {
  return {
    name,
    area: 'home',
    request: async (ctx) => ({ method: 'GET', url: await url(ctx) }),
    targetsMs: { postgres: 100, pglite: 300 },
  };
}
const homeFilters = async (ctx: BenchContext, period: HomePeriod, scope: Scope) => ({
  period,
  office: scope.office ? OFFICE : undefined,
  technicianId: scope.technician ? await technicianId(ctx) : undefined,
});

export const homeCases: BenchCase[] = [
  ...HOME_PERIODS.flatMap(({ value }) => [
    statsCase(value, {}),
    statsCase(value, { office: true }),
    statsCase(value, { technician: true }),
  ]),
  statsCase('all', { office: true, technician: true }),
  // Total Unsent Invoices opens the draft invoices with the card's selects and period.
  ...(
    [
      ['last-month', {}],
      ['all', {}],
      ['all', { office: true }],
      ['all', { technician: true }],
    ] as const
  ).map(([period, scope]) =>
    cardListCase(
      `home card list: unsent invoices (${[period, 'office' in scope ? 'one office' : null, 'technician' in scope ? 'one technician' : null].filter(Boolean).join(', ')})`,
      async (ctx) => {
        return `/api/invoices?${homeUnsentInvoicesQuery(await homeFilters(ctx, period, scope), new Date(), DEFAULT_TIME_ZONE).toString()}`;
      },
    ),
  ),
  cardListCase(
    'home card list: open deficiencies (all, one technician)',
    async (ctx) =>
      `/api/home/deficiencies?${homeDeficienciesQuery(await homeFilters(ctx, 'all', { technician: true })).toString()}`,
  ),
];
