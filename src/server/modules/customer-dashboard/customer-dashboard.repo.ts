import { sql } from 'drizzle-orm';
import { RECENT_COMPANIES_LIMIT, type CustomerDashboard } from '../../../domain/customers.js';
import { queryRows, type Executor } from '../../db/client.js';
import { toCount } from '../../db/sql.js';

export function createCustomerDashboardRepo(db: Executor) {
  return {
    /** The five cards from the maintained counters (exact, one row) and the 5 newest companies. */
    async dashboard(): Promise<CustomerDashboard> {
      const [counts, recent] = await Promise.all([
        queryRows<{ companies: string; locations: string; units: string; active_units: string }>(
          db,
          sql`select companies, locations, units, active_units from customer_counts where id = 1`,
        ),
        queryRows<CustomerDashboard['recentCompanies'][number]>(
          db,
          sql`select id, name, city, state from companies order by created_at desc nulls last, id desc limit ${RECENT_COMPANIES_LIMIT}`,
        ),
      ]);
      const row = counts[0];
      const totalUnits = toCount(row?.units);
      const activeUnits = toCount(row?.active_units);
      return {
        totalCompanies: toCount(row?.companies),
        totalLocations: toCount(row?.locations),
        totalUnits,
        activeUnits,
        inactiveUnits: totalUnits - activeUnits,
        recentCompanies: recent,
      };
    },
  };
}
export type CustomerDashboardRepo = ReturnType<typeof createCustomerDashboardRepo>;
