import { desc, eq, sql } from 'drizzle-orm';
import { RECENT_COMPANIES_LIMIT, type CustomerDashboard } from '../../../domain/customers.js';
import type { Executor } from '../../db/client.js';
import { companies, customerCounts } from '../../db/schema.js';

export function createCustomerDashboardRepo(db: Executor) {
  return {
    /** The five cards from the maintained counters (exact, one row) and the 5 newest companies. */
    async dashboard(): Promise<CustomerDashboard> {
      const [counts, recentCompanies] = await Promise.all([
        db
          .select({
            companies: customerCounts.companies,
            locations: customerCounts.locations,
            units: customerCounts.units,
            activeUnits: customerCounts.activeUnits,
          })
          .from(customerCounts)
          .where(eq(customerCounts.id, 1)),
        db
          .select({ id: companies.id, name: companies.name, city: companies.city, state: companies.state })
          .from(companies)
          .orderBy(sql`${companies.createdAt} desc nulls last`, desc(companies.id))
          .limit(RECENT_COMPANIES_LIMIT),
      ]);
      const row = counts[0];
      const totalUnits = row?.units ?? 0;
      const activeUnits = row?.activeUnits ?? 0;
      return {
        totalCompanies: row?.companies ?? 0,
        totalLocations: row?.locations ?? 0,
        totalUnits,
        activeUnits,
        inactiveUnits: totalUnits - activeUnits,
        recentCompanies,
      };
    },
  };
}
export type CustomerDashboardRepo = ReturnType<typeof createCustomerDashboardRepo>;
