import { sql } from 'drizzle-orm';
import { addDays, dateInZone, DEFAULT_TIME_ZONE, zonedDateTimeToInstant } from '../../src/domain/dates.js';
import {
  DEFAULT_REPLACEMENT_AGE_YEARS,
  opportunityFilters,
  OPPORTUNITY_PAGE_SIZE,
} from '../../src/domain/opportunities.js';
import { scorecardRange } from '../../src/domain/tech-scorecard.js';
import { opportunityStatements } from '../../src/server/modules/opportunities/index.js';
import { scorecardStatement } from '../../src/server/modules/tech-scorecard/index.js';
import type { BenchCase, BenchContext } from '../types.js';

/**
 * Issue 28 (decision 039): the Tech Scorecard (target: under 200 ms p95 on PostgreSQL) for each
 * period the screen offers, every technician and one; and Service Opportunities' first page with
 * the filters a person picks (reported: its target is the lead's to set after a first run).
 */
const SCORECARD_TARGETS = { postgres: 200, pglite: 600 };
const technicianId = async (ctx: BenchContext) =>
  (await ctx.one<{ id: string }>(sql`select id from users where username = 'bench-tech-7'`)).id;
const companyId = async (ctx: BenchContext) =>
  (await ctx.one<{ id: string }>(sql`select id from companies order by name limit 1`)).id;

type Period = 'this_month' | 'last_month' | 'this_quarter' | 'this_year';

function scorecardCase(period: Period, one: boolean): BenchCase {
  return {
    name: `tech scorecard (${period.replace('_', ' ')}${one ? ', one technician' : ''})`,
    area: 'scorecard',
    // The bench signs in as the office, which sees every technician; one technician's own row is the
    // statement a technician's request runs, measured through its EXPLAIN below.
    request: () => ({ method: 'GET', url: `/api/tech-scorecard?period=${period}` }),
    targetsMs: SCORECARD_TARGETS,
    explain: async (ctx) => {
      const today = dateInZone(new Date(), DEFAULT_TIME_ZONE);
      const { from, to } = scorecardRange(period, today);
      return [
        scorecardStatement({
          technicianId: one ? await technicianId(ctx) : null,
          fromDate: from,
          toDate: to,
          fromInstant: zonedDateTimeToInstant(from, '00:00', DEFAULT_TIME_ZONE),
          toInstant: zonedDateTimeToInstant(addDays(to, 1), '00:00', DEFAULT_TIME_ZONE),
          today,
        }),
      ];
    },
    // the totals kept by the database (decision 056): the source tables are not read at all
    noSeqScanOn: ['jobs', 'job_quotes', 'job_invoices', 'scorecard_job_facts'],
  };
}

function opportunitiesCase(label: string, query: (ctx: BenchContext) => Promise<Record<string, string>>): BenchCase {
  return {
    name: `service opportunities (${label})`,
    area: 'opportunities',
    request: async (ctx) => ({
      method: 'GET',
      url: `/api/opportunities?${new URLSearchParams(await query(ctx)).toString()}`,
    }),
    explain: async (ctx) => {
      const now = new Date();
      const statements = opportunityStatements(
        {
          filters: opportunityFilters.parse(await query(ctx)),
          now,
          today: dateInZone(now, DEFAULT_TIME_ZONE),
          timeZone: DEFAULT_TIME_ZONE,
          replacementAgeYears: DEFAULT_REPLACEMENT_AGE_YEARS,
        },
        OPPORTUNITY_PAGE_SIZE,
        0,
      );
      return [statements.totals, statements.page];
    },
  };
}

export const opportunityCases: BenchCase[] = [
  scorecardCase('this_month', false),
  scorecardCase('last_month', false),
  scorecardCase('this_quarter', false),
  scorecardCase('this_year', false),
  scorecardCase('this_year', true),
  opportunitiesCase('every kind, oldest first', async () => ({})),
  opportunitiesCase('quotes awaiting the customer', async () => ({ kind: 'awaiting_customer' })),
  opportunitiesCase('replacement candidates', async () => ({ kind: 'replacement' })),
  opportunitiesCase('one company', async (ctx) => ({ companyId: await companyId(ctx) })),
  opportunitiesCase('one technician, by value', async (ctx) => ({
    technicianId: await technicianId(ctx),
    sort: 'value',
  })),
  opportunitiesCase('up to 30 days old', async () => ({ age: '30' })),
];
