/**
 * The benchmark-sized data set: 100,000 companies, 300,000 locations, 1,000,000 units,
 * 500,000 jobs with about 1,000,000 priced items and 500,000 invoices (plus 50 technicians and their job
 * assignments), generated
 * inside the database with generate_series so it takes minutes, not hours. Deterministic: every
 * value derives from the row number. Added on top of the demo data, so the demo account works.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client.js';

export const LARGE_SCALE = {
  companies: 100_000,
  locationsPerCompany: 3,
  units: 1_000_000,
  jobs: 500_000,
  invoices: 500_000,
  technicians: 50,
} as const;

const words = (list: string[]) => sql.raw(`array[${list.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`);
const PREFIXES = words([
  'Peachtree',
  'Summit',
  'Magnolia',
  'Riverside',
  'Blue Ridge',
  'Chattahoochee',
  'Southern',
  'Midtown',
  'Buckhead',
  'Piedmont',
  'Oakwood',
  'Lakeside',
  'Heritage',
  'Pinnacle',
  'Cornerstone',
  'Northpoint',
]);
const KINDS = words([
  'Property Management',
  'Medical Center',
  'Office Park',
  'Retail Group',
  'School District',
  'Hospitality Group',
  'Logistics',
  'Senior Living',
  'Data Center',
  'Restaurant Group',
  'Storage',
  'Apartments',
]);
const CITIES = words([
  'Atlanta',
  'Marietta',
  'Decatur',
  'Sandy Springs',
  'Roswell',
  'Alpharetta',
  'Smyrna',
  'Kennesaw',
  'Duluth',
  'Lawrenceville',
  'Norcross',
  'Chattanooga',
  'Birmingham',
  'Greenville',
  'Macon',
  'Savannah',
]);
const STATES = words(['GA', 'GA', 'GA', 'GA', 'GA', 'GA', 'GA', 'GA', 'GA', 'GA', 'GA', 'TN', 'AL', 'SC', 'GA', 'GA']);
const STREETS = words([
  'Peachtree St NE',
  'Piedmont Ave',
  'Spring St NW',
  'Northside Dr',
  'Roswell Rd',
  'Powers Ferry Rd',
  'Cobb Pkwy',
  'Windy Hill Rd',
  'Holcomb Bridge Rd',
  'Buford Hwy',
  'Ponce de Leon Ave',
  'Howell Mill Rd',
]);
const BUILDINGS = words([
  'Main Campus',
  'North Building',
  'South Building',
  'Warehouse',
  'Clinic',
  'Store',
  'Tower',
  'Plaza',
  'Annex',
  'Distribution Center',
]);
const FIRST_NAMES = words([
  'James',
  'Maria',
  'Robert',
  'Aisha',
  'Michael',
  'Linda',
  'David',
  'Keisha',
  'John',
  'Elena',
  'Carlos',
  'Grace',
  'Andre',
  'Emily',
  'Tyrone',
  'Sofia',
  'William',
  'Mei',
  'Daniel',
  'Olivia',
  'Marcus',
  'Priya',
  'Thomas',
  'Zoe',
]);
const LAST_NAMES = words([
  'Johnson',
  'Garcia',
  'Williams',
  'Brown',
  'Jones',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Walker',
  'Harris',
  'Moore',
  'Jackson',
  'White',
  'Lopez',
  'Clark',
  'Lewis',
  'Young',
  'King',
  'Wright',
  'Scott',
  'Green',
  'Baker',
  'Nguyen',
]);
const UNIT_PREFIXES = words(['RTU', 'AHU', 'CU', 'HP', 'FCU', 'MAU', 'CH', 'SPLIT']);

/**
 * One part of the large data set: `present` tells whether an existing database already holds it,
 * so a part added later (job items, inspections, quotes...) is generated on top of a data set made
 * before it existed, without generating the rest again. Parts run in order; a part may rely on the
 * ones before it.
 */
export interface LargeSeedPart {
  name: string;
  present(db: Database): Promise<boolean>;
  generate(db: Database, step: (label: string, query: SQL) => Promise<void>): Promise<void>;
}

const exists = async (db: Database, query: SQL): Promise<boolean> => {
  const result = (await db.execute(sql`select exists(${query}) as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  return Boolean(result.rows[0]?.present);
};
const GENERATED_JOB = sql.raw(`'Generated for benchmarks'`);

/** The parts of the large data set, in order. An area adds its part at the end. */
export const LARGE_SEED_PARTS: LargeSeedPart[] = [
  {
    name: 'companies, locations and units',
    present: (db) => exists(db, sql`select 1 from customer_counts where units >= ${LARGE_SCALE.units}`),
    generate: async (db, step) => {
      await step(
        `${LARGE_SCALE.companies.toLocaleString('en-US')} companies`,
        sql`insert into companies (name, address, city, state, zip, phone, latitude, longitude, created_at, updated_at)
            select (${PREFIXES})[1 + g % 16] || ' ' || (${KINDS})[1 + (g / 16) % 12] || ' ' || g,
                   (100 + g % 9000) || ' ' || (${STREETS})[1 + g % 12],
                   (${CITIES})[1 + g % 16], (${STATES})[1 + g % 16], lpad((30000 + g % 900)::text, 5, '0'),
                   '(404) 555-' || lpad((g % 10000)::text, 4, '0'),
                   33.75 + ((g % 1000) - 500) / 2500.0, -84.39 + ((g / 1000 % 1000) - 500) / 2500.0,
                   now() - (g % 1500) * interval '1 day', now()
            from generate_series(1, ${LARGE_SCALE.companies}) g`,
      );
      await step(
        `${(LARGE_SCALE.companies * LARGE_SCALE.locationsPerCompany).toLocaleString('en-US')} locations`,
        sql`insert into locations (company_id, name, building_name, address, city, state, zip, latitude, longitude, created_at, updated_at)
            select c.id, c.city || ' ' || (${BUILDINGS})[1 + (n + length(c.name)) % 10] || ' ' || n,
                   'Building ' || chr(64 + n), (200 + n * 7) || ' ' || (${STREETS})[1 + (n * 5 + length(c.name)) % 12],
                   c.city, c.state, c.zip, c.latitude + n / 500.0, c.longitude - n / 500.0, c.created_at, now()
            from companies c cross join generate_series(1, ${LARGE_SCALE.locationsPerCompany}) n
            where c.name ~ ' [0-9]+$'`,
      );
      await db.execute(sql`drop table if exists seed_locations`);
      await step(
        'location index',
        sql`create unlogged table seed_locations as select id, row_number() over (order by id) as rn from locations`,
      );
      await db.execute(sql`create index on seed_locations (rn)`);
      const locationCount = sql`(select count(*) from seed_locations)`;
      await step(
        `${LARGE_SCALE.units.toLocaleString('en-US')} units`,
        sql`insert into units (location_id, unit_number, status, primary_contact_type, primary_contact_email, primary_contact_phone,
                               billing_entity, billing_email, billing_city, billing_state, billing_zip, office, taxable, created_at, updated_at)
            select l.id, (${UNIT_PREFIXES})[1 + g % 8] || '-' || (1 + g / 300000),
                   case when g % 9 = 0 then 'inactive' else 'active' end,
                   (array['Management','Owner','Business Owner','Tenant'])[1 + g % 4],
                   'facilities' || (g % 5000) || '@example.com', '(770) 555-' || lpad((g % 10000)::text, 4, '0'),
                   case when g % 3 = 0 then 'Holdings ' || (g % 977) end, case when g % 3 = 0 then 'ap' || (g % 977) || '@example.com' end,
                   (${CITIES})[1 + g % 16], (${STATES})[1 + g % 16], lpad((30000 + g % 900)::text, 5, '0'),
                   'Main Office', g % 5 <> 0, now() - (g % 1500) * interval '1 day', now()
            from generate_series(0, ${LARGE_SCALE.units - 1}) g
            join seed_locations l on l.rn = (g % ${locationCount}) + 1`,
      );
      await db.execute(sql`drop table if exists seed_locations`);
    },
  },
  {
    name: 'technicians',
    present: (db) => exists(db, sql`select 1 from users where username = 'bench-tech-1'`),
    generate: async (_db, step) => {
      await step(
        `${LARGE_SCALE.technicians} technicians`,
        sql`with u as (
              insert into users (username, email, first_name, last_name, role, status)
              select 'bench-tech-' || g, 'bench-tech-' || g || '@example.com', 'Tech', 'Number ' || g, 'technician', 'active'
              from generate_series(1, ${LARGE_SCALE.technicians}) g
              returning id, username)
            insert into technicians (id, hire_date, job_title, office)
            select id, date '2020-01-01', 'HVAC Technician', 'Main Office' from u`,
      );
    },
  },
  {
    name: 'jobs',
    present: (db) => exists(db, sql`select 1 from jobs where description = ${GENERATED_JOB}`),
    generate: async (db, step) => {
      await db.execute(sql`drop table if exists seed_units`);
      await step(
        'unit index',
        sql`create unlogged table seed_units as select id, location_id, row_number() over (order by id) as rn from units`,
      );
      await db.execute(sql`create index on seed_units (rn)`);
      const start = await db.execute(sql`select coalesce(max(number), 1000) + 1 as n from jobs`);
      const firstNumber = Number((start as unknown as { rows: { n: number }[] }).rows[0]!.n);
      await step(
        `${LARGE_SCALE.jobs.toLocaleString('en-US')} jobs`,
        sql`insert into jobs (number, name, type, status, location_id, unit_id, contact_name, contact_email, contact_type, service_line,
                              description, time_period_start, time_period_due, schedule_start, schedule_duration, office,
                              created_at, updated_at)
            select ${firstNumber} + g,
                   (array['Quarterly PM','No cooling','No heat','Annual inspection','Belt and filter change','Refrigerant leak'])[1 + g % 6] || ' - job ' || g,
                   (array['PM','SC','INSP','INST','REP'])[1 + g % 5],
                   s.status, u.location_id, u.id, 'Facilities Desk', 'facilities@example.com', 'primary',
                   (array['HVACGEN','HVACGEN','HVACGEN','REFR','CTRL','INSP'])[1 + g % 6],
                   'Generated for benchmarks', d.start_date, d.start_date + (g % 14),
                   case when s.status in ('scheduled','completed') then d.start_date + time '07:00' + (g % 9) * interval '1 hour' end,
                   60 + (g % 4) * 30, case when g % 7 = 0 then 'Branch Office' else 'Main Office' end,
                   least(d.start_date - (g % 20) * interval '1 day', now() - (1 + g % 120) * interval '1 day'), now()
            from generate_series(0, ${LARGE_SCALE.jobs - 1}) g
            join seed_units u on u.rn = (g * 2 % ${LARGE_SCALE.units}) + 1
            cross join lateral (select date '2023-01-02' + (g % 1800) as start_date) d
            cross join lateral (select case
                when d.start_date > current_date then (array['scheduled','unscheduled'])[1 + g % 2]
                else (array['completed','completed','completed','completed','scheduled','unscheduled','cancelled'])[1 + g % 7] end as status) s`,
      );
      await db.execute(sql`select setval('job_number_seq', (select max(number) from jobs))`);
      await db.execute(sql`drop table if exists seed_units`);
    },
  },
  {
    name: 'job technicians',
    present: (db) =>
      exists(
        db,
        sql`select 1 from job_technicians jt join users u on u.id = jt.technician_id where u.username = 'bench-tech-1'`,
      ),
    generate: async (_db, step) => {
      await step(
        'job technicians',
        sql`insert into job_technicians (job_id, technician_id, is_primary)
            select j.id, t.id, true
            from jobs j
            join (select id, row_number() over (order by id) - 1 as rn from technicians where id in (select id from users where username like 'bench-tech-%')) t
              on t.rn = j.number % ${LARGE_SCALE.technicians}
            where j.description = 'Generated for benchmarks' and j.status <> 'unscheduled'`,
      );
    },
  },
  {
    // a fifth of the jobs sent a quote; half of those were answered (decision 018: job_quotes holds the state)
    name: 'quotes',
    present: (db) =>
      exists(db, sql`select 1 from job_quotes q join jobs j on j.id = q.job_id where j.description = ${GENERATED_JOB}`),
    generate: async (_db, step) => {
      await step(
        'quotes',
        sql`insert into job_quotes (job_id, quote_number, quote_type, status, amount, token, expires_at, email, sent_at, decided_at, created_at, updated_at)
            select j.id, 'QT-' || j.number || '-' || lpad((j.number % 10000)::text, 4, '0'), 'repair',
                   case when j.number % 10 <> 0 then 'sent' when j.number % 20 = 0 then 'approved' else 'declined' end,
                   (500 + (j.number % 3000))::numeric(12,2),
                   md5(j.id::text || 'quote') || substr(md5(j.number::text), 1, 8),
                   j.created_at + interval '31 days', 'facilities@example.com', j.created_at + interval '1 day',
                   case when j.number % 10 = 0 then j.created_at + interval '3 days' end,
                   j.created_at + interval '1 day', now()
            from jobs j
            where j.description = 'Generated for benchmarks' and j.number % 5 = 0`,
      );
    },
  },
  {
    name: 'invoices',
    present: (db) =>
      exists(
        db,
        sql`select 1 from job_invoices i join jobs j on j.id = i.job_id where j.description = ${GENERATED_JOB}`,
      ),
    generate: async (_db, step) => {
      await step(
        `${LARGE_SCALE.invoices.toLocaleString('en-US')} invoices`,
        // Two invoices in three are taxed at GA-7 (7%): amount = subtotal + tax (issue 27).
        sql`insert into job_invoices (job_id, invoice_number, invoice_type, amount, subtotal, tax, tax_group_code, tax_group_name, tax_rate, status, issued_date, due_date, paid_date, void_reason, voided_date, created_at, updated_at)
            select j.id, 'JOB-' || j.number || '-INV-' || lpad((j.number % 10000)::text, 4, '0'), 'standard',
                   a.amount,
                   case when j.number % 3 = 0 then a.amount else round(a.amount / 1.07, 2) end,
                   case when j.number % 3 = 0 then 0 else a.amount - round(a.amount / 1.07, 2) end,
                   case when j.number % 3 <> 0 then 'GA-7' end,
                   case when j.number % 3 <> 0 then 'Georgia Sales Tax' end,
                   case when j.number % 3 <> 0 then 7.000 end,
                   s.status,
                   case when s.status <> 'draft' then j.time_period_start + 2 end,
                   case when s.status <> 'draft' then j.time_period_start + 32 end,
                   case when s.status = 'paid' then least(j.time_period_start + 20, current_date) end,
                   case when s.status = 'void' then 'Issued in error (benchmark data)' end,
                   case when s.status = 'void' then least(j.time_period_start + 5, current_date) end,
                   least(j.time_period_start + interval '2 days', now() - interval '1 hour'), now()
            from jobs j
            cross join lateral (select (150 + (j.number % 4000))::numeric(12,2) + 0.5 * (j.number % 2) as amount) a
            cross join lateral (select case
                when j.time_period_start > current_date - 2 then 'draft'
                else (array['paid','paid','paid','paid','paid','issued','issued','draft','void'])[1 + j.number % 9] end as status) s
            where j.description = 'Generated for benchmarks'`,
      );
      // A paid invoice was paid by one payment of its amount on its paid date (decision 036).
      await step(
        'payments of the paid invoices',
        sql`insert into job_invoice_payments (invoice_id, payment_date, amount, method, created_at)
            select i.id, i.paid_date, i.amount, (array['check','card','ach','cash','other'])[1 + j.number % 5], i.created_at
            from job_invoices i join jobs j on j.id = i.job_id
            where j.description = 'Generated for benchmarks' and i.status = 'paid' and i.amount > 0`,
      );
      await step(
        'amount paid of the paid invoices',
        sql`update job_invoices i set amount_paid = i.amount from jobs j
            where j.id = i.job_id and j.description = 'Generated for benchmarks' and i.status = 'paid' and i.amount > 0`,
      );
    },
  },
  {
    // One to three priced items per generated job (about 1,000,000 rows): part, labor, item.
    name: 'job items',
    present: (db) => exists(db, sql`select 1 from job_items where code = 'BENCH-1'`),
    generate: async (_db, step) => {
      await step(
        'job items',
        sql`insert into job_items (job_id, code, name, service_line, quantity, unit_cost, total_cost, type, created_at, updated_at)
            select j.id, 'BENCH-' || n, (array['Condenser fan motor','Service labor hour','Filter set'])[n], j.service_line,
                   q.quantity, q.unit_cost, q.unit_cost * q.quantity, (array['part','labor','item'])[n], j.created_at, j.created_at
            from jobs j
            cross join generate_series(1, 1 + j.number % 3) n
            cross join lateral (select 1 + (j.number + n) % 3 as quantity, (25 + (j.number * n) % 400)::numeric(12,2) as unit_cost) q
            where j.description = ${GENERATED_JOB}`,
      );
    },
  },
  {
    // The dispatch board's Map Filters: a service territory per technician (five regions of 180 zips
    // each, matching the generated locations' zips 30000-30899), tags on a fifth of the jobs and the
    // subcontracted flag on one in 25.
    name: 'dispatch territories and labels',
    // The tags are written last: with them the part is complete (jobs_tags_key_gin finds them).
    present: (db) =>
      exists(db, sql`select 1 from jobs where jobs_tags_key(tags) && array['vip'] and description = ${GENERATED_JOB}`),
    generate: async (db, step) => {
      await step(
        'technician territories',
        sql`insert into technician_territories (technician_id, territory_name, state, zip_codes)
            select u.id, (array['North','South','East','West','Central'])[1 + r.n % 5], 'GA',
                   array(select lpad((30000 + (r.n % 5) * 180 + z)::text, 5, '0') from generate_series(0, 179) z)
            from users u cross join lateral (select substring(u.username from 'bench-tech-([0-9]+)$')::int as n) r
            where u.username like 'bench-tech-%' and not exists (select 1 from technician_territories t where t.technician_id = u.id)`,
      );
      // 100,000 rows in one statement: the statement-level counter triggers on jobs (which compare
      // the old and new rows) are skipped for it (replica mode, this transaction only); tags and the
      // flag are in no counter.
      const started = Date.now();
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`update jobs set tags = case when number % 10 = 0 then array['VIP'] when number % 10 = 5 then array['Rooftop', 'After hours'] else tags end,
                              subcontracted = (number % 25 = 0)
              where description = ${GENERATED_JOB} and (number % 5 = 0)`,
        );
      });
      await step(`job tags and subcontracted jobs (${((Date.now() - started) / 1000).toFixed(1)}s)`, sql`select 1`);
    },
  },
  {
    // Contacts (decision 038): two per location (a primary site contact and a billing contact),
    // 600,000 in all, with names from 24 first and 24 last names so short fragments match many.
    name: 'contacts',
    present: (db) => exists(db, sql`select 1 from contacts where email like 'bench-%'`),
    generate: async (db, step) => {
      await step(
        `${(LARGE_SCALE.companies * LARGE_SCALE.locationsPerCompany * 2).toLocaleString('en-US')} contacts`,
        sql`insert into contacts (company_id, location_id, name, title, email, office_phone, roles, is_primary, created_at, updated_at)
            select l.company_id, l.id, p.first || ' ' || p.last, (array['Facilities Manager','Accounts Payable'])[n],
                   'bench-' || lower(p.first) || '.' || lower(p.last) || '.' || l.zip || n || '@example.com',
                   '(770) 555-' || lpad((abs(p.h) % 10000)::text, 4, '0'),
                   case when n = 1 then array['site_contact'] else array['billing'] end, n = 1, now(), now()
            from locations l cross join generate_series(1, 2) n
            cross join lateral (select hashtext(l.id::text || n) as h) x
            cross join lateral (select (${FIRST_NAMES})[1 + abs(x.h) % 24] as first,
                                       (${LAST_NAMES})[1 + (abs(x.h) / 24) % 24] as last, x.h) p
            -- the demo's locations (a bench database is also demo-seeded) have their own contacts
            where not exists (select 1 from contacts c where c.location_id = l.id)`,
      );
    },
  },
  {
    // Service agreements (issue 29, decision 043): 40,000, one per company, each covering every
    // unit of its company's locations (about 400,000 units), quarterly; most active, the rest
    // draft, expired or cancelled; terms ending across the next and last twelve months.
    name: 'agreements',
    present: (db) => exists(db, sql`select 1 from agreements where name like '% (bench)'`),
    generate: async (db, step) => {
      await step(
        '40,000 agreements',
        sql`insert into agreements (name, company_id, status, start_date, end_date, frequency, day_kind, day_of_month,
                                    window_days, job_type, service_line, visit_duration, checklist, price, billing_plan,
                                    not_to_exceed, auto_renew, escalator_percent, plan_from, next_visit_on, created_at, updated_at)
            select c.name || ' PM (bench)', c.id,
                   (array['active','active','active','active','active','active','draft','expired','cancelled','active'])[1 + c.n % 10],
                   s.start, (s.start + interval '1 year' - interval '1 day')::date, 'quarterly', 'dayOfMonth', 1 + c.n % 28,
                   14, 'PM', 'HVACGEN', 120, array['Replace filters','Check belts'], 1200 + (c.n % 50) * 100,
                   (array['per_visit','monthly','quarterly','annually'])[1 + c.n % 4], 500, c.n % 3 = 0, 3,
                   current_date,
                   case when (array['active','active','active','active','active','active','draft','expired','cancelled','active'])[1 + c.n % 10] = 'active'
                        then (select min(v) from generate_series(0, 4) k
                              cross join lateral (select (s.start + make_interval(months => k * 3) + make_interval(days => (c.n % 28)::int))::date as v) x
                              where v >= current_date) end,
                   now(), now()
            from (select id, name, row_number() over (order by id) as n from companies
                  where exists (select 1 from locations l where l.company_id = companies.id) limit 40000) c
            cross join lateral (select (date_trunc('month', current_date) - make_interval(months => (c.n % 12)::int))::date as start) s`,
      );
      await step(
        'their covered units',
        sql`insert into agreement_units (agreement_id, unit_id, location_id)
            select a.id, u.id, u.location_id
            from agreements a join locations l on l.company_id = a.company_id join units u on u.location_id = l.id
            where a.name like '% (bench)'`,
      );
    },
  },
  {
    // The agreements' pull-through (decisions 053 and 060): the report's figures come from visit
    // jobs and the work on them. Up to four generated jobs at each bench agreement's locations (not
    // the drafts; one per month and location, the visit's key) are recorded as its visits, with the
    // quotes, invoices, parts and hours they carry: about 36,000 agreements with figures that differ.
    name: 'agreement visits',
    present: (db) =>
      exists(
        db,
        sql`select 1 from agreement_visits v join jobs j on j.id = v.job_id where j.description = ${GENERATED_JOB}`,
      ),
    generate: async (_db, step) => {
      await step(
        'agreement visits of generated jobs',
        sql`insert into agreement_visits (agreement_id, location_id, visit_date, period, window_end, job_id)
            select x.agreement_id, x.location_id, x.visit_date, date_trunc('month', x.visit_date)::date, x.visit_date + 14, x.job_id
            from (select a.id as agreement_id, j.location_id, j.time_period_start as visit_date, j.id as job_id,
                         row_number() over (partition by a.id, date_trunc('month', j.time_period_start), j.location_id
                                            order by j.number) as same_key,
                         row_number() over (partition by a.id order by j.number) as k
                  from agreements a
                  join locations l on l.company_id = a.company_id
                  join jobs j on j.location_id = l.id
                  where a.name like '% (bench)' and a.status <> 'draft' and j.description = ${GENERATED_JOB}
                    and not exists (select 1 from agreement_visits v where v.job_id = j.id)) x
            where x.same_key = 1 and x.k <= 4`,
      );
    },
  },
];

/**
 * The Home counters' triggers (migration home-counters, decision 022), the scorecard totals'
 * (decision 056) and the agreement figures' (decision 060), one set per counted table.
 * Keeping the counters while 500,000 jobs and their records are inserted part by part would
 * recompute every job's facts four times (minutes); the seed turns them off and rebuilds the
 * counters once, set-based, at the end.
 */
const HOME_COUNTED_TABLES = ['jobs', 'job_technicians', 'job_quotes', 'job_invoices', 'job_repairs'] as const;
/** The Tech Scorecard's totals (migration scorecard-day-totals, decision 056): the same, once at the end. */
const SCORECARD_COUNTED_TABLES = ['jobs', 'job_technicians', 'job_quotes', 'job_invoices'] as const;
/** The agreements' kept figures (migration agreement-figures, decision 060): the same; their triggers' operations. */
const FIGURES_TRIGGERS: Record<string, readonly string[]> = {
  agreements: ['insert', 'update'],
  agreement_visits: ['insert', 'update', 'delete', 'truncate'],
  jobs: ['update', 'truncate'],
  job_quotes: ['insert', 'update', 'delete', 'truncate'],
  job_invoices: ['insert', 'update', 'delete', 'truncate'],
  job_items: ['insert', 'update', 'delete', 'truncate'],
  job_repairs: ['insert', 'update', 'delete', 'truncate'],
  field_time_events: ['insert', 'update', 'delete', 'truncate'],
};
async function setHomeTriggers(db: Database, enabled: boolean) {
  const action = enabled ? 'enable' : 'disable';
  const sets = [
    ...HOME_COUNTED_TABLES.map((table) => ({ table, kind: 'home' })),
    ...SCORECARD_COUNTED_TABLES.map((table) => ({ table, kind: 'scorecard' })),
  ];
  for (const { table, kind } of sets) {
    const clauses = ['insert', 'update', 'delete', 'truncate']
      .map((op) => `${action} trigger ${table}_${kind}_${op}`)
      .join(', ');
    await db.execute(sql.raw(`alter table ${table} ${clauses}`));
  }
  for (const [table, ops] of Object.entries(FIGURES_TRIGGERS)) {
    const clauses = ops.map((op) => `${action} trigger ${table}_figures_${op}`).join(', ');
    await db.execute(sql.raw(`alter table ${table} ${clauses}`));
  }
}
const homeTriggersOff = (db: Database) =>
  exists(db, sql`select 1 from pg_trigger where tgname = 'jobs_home_insert' and tgenabled = 'D'`);

/**
 * Generates every part of the large data set the database does not hold yet, then vacuums and
 * analyzes: the generators update rows they inserted (amounts paid, counters), and a database in
 * use has had autovacuum pass, so the benchmark measures index-only scans as they run there.
 */
export async function seedLarge(db: Database, log: (message: string) => void = () => {}): Promise<void> {
  const step = async (label: string, query: SQL) => {
    const started = Date.now();
    await db.execute(query);
    log(`${label} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
  };
  const missing: LargeSeedPart[] = [];
  for (const part of LARGE_SEED_PARTS) if (!(await part.present(db))) missing.push(part);
  // Off also when an earlier run stopped before turning them on again: then they are rebuilt below.
  const rebuildHome = missing.length > 0 || (await homeTriggersOff(db));
  if (missing.length) await setHomeTriggers(db, false);
  try {
    for (const part of missing) {
      log(`generating ${part.name}...`);
      await part.generate(db, step);
    }
  } finally {
    if (rebuildHome) {
      await setHomeTriggers(db, true);
      await step('home counters', sql`select home_counts_rebuild()`);
      await step('scorecard totals', sql`select scorecard_totals_rebuild()`);
      await step('agreement figures', sql`select agreement_figures_rebuild()`);
    }
  }
  if (missing.length) await step('vacuum and analyze', sql`vacuum analyze`);
}
