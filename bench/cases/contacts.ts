import { sql } from 'drizzle-orm';
import type { BenchCase } from '../types.js';

/**
 * /contacts on the large data set (600,000 contacts, two per location; decision 038): the short
 * fragments people type first, a name, a phone, and the role and company filters. The targets are
 * the figures measured at 600,000 contacts on PostgreSQL 15 (decision 038) with room for a busy
 * machine; a rare first letter ("z") gathers and sorts its matches.
 */
export const contactCases: BenchCase[] = [
  ...['a', 'jo', 'z', 'maria gar', '770'].map((q): BenchCase => ({
    name: `contacts search "${q}"`,
    area: 'contacts',
    request: () => ({ method: 'GET', url: `/api/contacts?q=${encodeURIComponent(q)}` }),
    targetsMs: { postgres: 300, pglite: 600 },
  })),
  {
    name: 'contacts, billing role',
    area: 'contacts',
    request: () => ({ method: 'GET', url: '/api/contacts?role=billing' }),
    targetsMs: { postgres: 100, pglite: 250 },
  },
  {
    name: 'contacts of one company',
    area: 'contacts',
    request: async (ctx) => {
      const row = await ctx.one<{ id: string }>(
        sql`select company_id as id from contacts where email like 'bench-%' limit 1`,
      );
      return { method: 'GET', url: `/api/contacts?companyId=${row.id}` };
    },
    targetsMs: { postgres: 30, pglite: 100 },
  },
];
