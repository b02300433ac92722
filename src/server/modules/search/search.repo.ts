import { sql } from 'drizzle-orm';
import { likeContains, SEARCH_LIMIT_PER_KIND, type SearchHit, type SearchResults } from '../../../domain/search.js';
import { queryRows, type Executor } from '../../db/client.js';

export function createSearchRepo(db: Executor) {
  const limit = SEARCH_LIMIT_PER_KIND;
  return {
    /** Five hits per kind; every "contains" uses a trigram index. */
    async search(text: string): Promise<SearchResults> {
      const like = likeContains(text);
      const jobNumber = /^#?\d{1,9}$/.test(text) ? Number(text.replace('#', '')) : null;
      const [companies, locations, units, jobs, invoices] = await Promise.all([
        queryRows<SearchHit>(
          db,
          sql`select id, name as title, concat_ws(', ', city, state) as subtitle
              from companies where name ilike ${like} order by name limit ${limit}`,
        ),
        queryRows<SearchHit>(
          db,
          sql`select l.id, l.name as title, concat_ws(' · ', c.name, concat_ws(', ', l.city, l.state)) as subtitle
              from locations l join companies c on c.id = l.company_id
              where l.name ilike ${like} or l.building_name ilike ${like} order by l.name limit ${limit}`,
        ),
        queryRows<SearchHit>(
          db,
          sql`select u.id, concat('Unit ', u.unit_number) as title, concat_ws(' · ', l.name, c.name) as subtitle
              from units u join locations l on l.id = u.location_id join companies c on c.id = l.company_id
              where u.unit_number ilike ${like} order by u.unit_number limit ${limit}`,
        ),
        queryRows<SearchHit>(
          db,
          sql`select j.id, concat('Job #', j.number, ': ', j.name) as title, j.status as subtitle
              from jobs j
              where j.name ilike ${like} ${jobNumber !== null ? sql`or j.number = ${jobNumber}` : sql``}
              order by j.number desc limit ${limit}`,
        ),
        queryRows<SearchHit>(
          db,
          sql`select i.id, i.invoice_number as title, concat(i.status, ' · Job #', j.number) as subtitle
              from job_invoices i join jobs j on j.id = i.job_id
              where i.invoice_number ilike ${like} order by i.created_at desc limit ${limit}`,
        ),
      ]);
      return { companies, locations, units, jobs, invoices };
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
