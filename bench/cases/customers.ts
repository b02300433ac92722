import { sql } from 'drizzle-orm';
import { companyListQuery } from '../../src/domain/companies.js';
import { unitListQuery } from '../../src/domain/units.js';
import { locationListQuery } from '../../src/domain/locations.js';
import { companyListStatements } from '../../src/server/modules/companies/companies.repo.js';
import { locationListStatements } from '../../src/server/modules/locations/locations.repo.js';
import { unitListStatements } from '../../src/server/modules/units/units.repo.js';
import { walkRowsFor } from '../../src/server/lists/index.js';
import type { BenchCase, BenchContext } from '../types.js';

/** The SQL a filtered list runs first (src/server/lists/planner.ts selectPage: the capped gathering, then the bounded walk), for EXPLAIN. */
function firstStatements(
  plan:
    | ReturnType<typeof companyListStatements>
    | ReturnType<typeof unitListStatements>
    | ReturnType<typeof locationListStatements>,
) {
  if (plan.kind === 'filtered')
    return [plan.plan.gathered(plan.plan.countLimit), plan.plan.walk(walkRowsFor(plan.plan.offset + plan.plan.limit))];
  return 'count' in plan && plan.count ? [plan.page, plan.count] : [plan.page];
}

/** A company of the large data set with its three locations (the seed numbers its companies). */
const largeCompany = (ctx: BenchContext) =>
  ctx.one<{ id: string }>(sql`select id from companies where name like '% 4242' order by name limit 1`);

export const customerCases: BenchCase[] = [
  {
    name: 'companies list, company contains "summit" (6,000 matches sorting together)',
    area: 'customers',
    request: () => ({ method: 'GET', url: '/api/companies?company=summit' }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: () => firstStatements(companyListStatements(companyListQuery.parse({ company: 'summit' }))),
    noSeqScanOn: ['companies'],
  },
  {
    name: 'companies list, company + city contains, page 3 of 50',
    area: 'customers',
    request: () => ({ method: 'GET', url: '/api/companies?company=medical&city=roswell&page=3&pageSize=50' }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: () =>
      firstStatements(
        companyListStatements(
          companyListQuery.parse({ company: 'medical', city: 'roswell', page: '3', pageSize: '50' }),
        ),
      ),
    noSeqScanOn: ['companies'],
  },
  {
    name: 'units free-text search "rtu peachtree" (every word must match)',
    area: 'customers',
    request: () => ({ method: 'GET', url: '/api/units?q=rtu%20peachtree' }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: () => firstStatements(unitListStatements(unitListQuery.parse({ q: 'rtu peachtree' }))),
    noSeqScanOn: ['units'],
  },
  {
    name: 'units free-text search "split-2 magnolia 4242" (one company\'s unit)',
    area: 'customers',
    request: () => ({ method: 'GET', url: '/api/units?q=split-2%20magnolia%204242' }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: () => firstStatements(unitListStatements(unitListQuery.parse({ q: 'split-2 magnolia 4242' }))),
    noSeqScanOn: ['units'],
  },
  {
    name: 'units list, active only (counters for the total)',
    area: 'customers',
    request: () => ({ method: 'GET', url: '/api/units?status=active&page=20' }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: () => firstStatements(unitListStatements(unitListQuery.parse({ status: 'active', page: '20' }))),
    noSeqScanOn: ['units'],
  },
  {
    name: 'company detail with its locations',
    area: 'customers',
    request: async (ctx) => ({ method: 'GET', url: `/api/companies/${(await largeCompany(ctx)).id}` }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: async (ctx) => {
      const { id } = await largeCompany(ctx);
      return [
        sql`select * from companies c where c.id = ${id}::uuid`,
        sql`select l.id, (select count(*) from units u where u.location_id = l.id) from locations l where l.company_id = ${id}::uuid order by l.name, l.id limit 100`,
      ];
    },
    noSeqScanOn: ['companies', 'locations', 'units'],
  },
  {
    name: '/dashboard counts and recent companies',
    area: 'customers',
    request: () => ({ method: 'GET', url: '/api/customers/dashboard' }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: () => [
      sql`select companies, locations, units, active_units from customer_counts where id = 1`,
      sql`select id, name, city, state from companies order by created_at desc nulls last, id desc limit 5`,
    ],
    noSeqScanOn: ['companies'],
  },
  {
    name: 'locations search "decatur clinic"',
    area: 'customers',
    request: () => ({ method: 'GET', url: '/api/locations?q=decatur%20clinic' }),
    targetsMs: { postgres: 50, pglite: 150 },
    explain: () => firstStatements(locationListStatements(locationListQuery.parse({ q: 'decatur clinic' }))),
    noSeqScanOn: ['locations'],
  },
  {
    name: 'company name suggestions "summ"',
    area: 'customers',
    request: () => ({ method: 'GET', url: '/api/companies/suggestions?name=summ' }),
    targetsMs: { postgres: 50, pglite: 150 },
  },
];
