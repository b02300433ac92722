import { sql } from 'drizzle-orm';
import { likeContains, SEARCH_LIMIT_PER_KIND, type SearchResults } from '../../../domain/search.js';
import type { Executor } from '../../db/client.js';
import { companies, jobInvoices, jobs, locations, units } from '../../db/schema.js';
import { from, selectRows, selection, tableAlias } from '../../db/sql.js';

const c = tableAlias(companies, 'c');
const l = tableAlias(locations, 'l');
const u = tableAlias(units, 'u');
const j = tableAlias(jobs, 'j');
const i = tableAlias(jobInvoices, 'i');

/** One hit of each kind: its id, the line shown first and the line under it. */
const COMPANY_HIT = selection({ id: c.id, title: c.name, subtitle: sql<string>`concat_ws(', ', ${c.city}, ${c.state})` });
const LOCATION_HIT = selection({ id: l.id, title: l.name, subtitle: sql<string>`concat_ws(' · ', ${c.name}, concat_ws(', ', ${l.city}, ${l.state}))` });
const UNIT_HIT = selection({ id: u.id, title: sql<string>`concat('Unit ', ${u.unitNumber})`, subtitle: sql<string>`concat_ws(' · ', ${l.name}, ${c.name})` });
const JOB_HIT = selection({ id: j.id, title: sql<string>`concat('Job #', ${j.number}, ': ', ${j.name})`, subtitle: j.status });
const INVOICE_HIT = selection({ id: i.id, title: i.invoiceNumber, subtitle: sql<string>`concat(${i.status}, ' · Job #', ${j.number})` });

export function createSearchRepo(db: Executor) {
  const limit = SEARCH_LIMIT_PER_KIND;
  return {
    /** Five hits per kind; every "contains" uses a trigram index. */
    async search(text: string): Promise<SearchResults> {
      const like = likeContains(text);
      const jobNumber = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
      const [companyHits, locationHits, unitHits, jobHits, invoiceHits] = await Promise.all([
        selectRows(db, COMPANY_HIT, sql`select ${COMPANY_HIT} from ${from(c)} where ${c.name} ilike ${like} order by ${c.name} limit ${limit}`),
        selectRows(
          db,
          LOCATION_HIT,
          sql`select ${LOCATION_HIT}
              from ${from(l)} join ${from(c)} on ${c.id} = ${l.companyId}
              where ${l.name} ilike ${like} or ${l.buildingName} ilike ${like} order by ${l.name} limit ${limit}`,
        ),
        selectRows(
          db,
          UNIT_HIT,
          sql`select ${UNIT_HIT}
              from ${from(u)} join ${from(l)} on ${l.id} = ${u.locationId} join ${from(c)} on ${c.id} = ${l.companyId}
              where ${u.unitNumber} ilike ${like} order by ${u.unitNumber} limit ${limit}`,
        ),
        selectRows(
          db,
          JOB_HIT,
          sql`select ${JOB_HIT}
              from ${from(j)}
              where ${j.name} ilike ${like} ${jobNumber !== null ? sql`or ${j.number} = ${jobNumber}` : sql``}
              order by ${j.number} desc limit ${limit}`,
        ),
        selectRows(
          db,
          INVOICE_HIT,
          sql`select ${INVOICE_HIT}
              from ${from(i)} join ${from(j)} on ${j.id} = ${i.jobId}
              where ${i.invoiceNumber} ilike ${like} order by ${i.createdAt} desc limit ${limit}`,
        ),
      ]);
      return { companies: companyHits, locations: locationHits, units: unitHits, jobs: jobHits, invoices: invoiceHits };
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
