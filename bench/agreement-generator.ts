/**
 * The visit generator on the large data set (issue 29 "Scale and speed", decision 053): one run
 * that makes a month of visits (Settings > Company, 30 days ahead) for the 40,000 bench agreements
 * (about 400,000 covered units, quarterly), on PostgreSQL, against a COPY of the bench database:
 *
 *   createdb -h 127.0.0.1 -U postgres -T hvac_bench_large hvac_agreports_bench
 *   node --import tsx bench/agreement-generator.ts postgres://postgres@127.0.0.1:5432/hvac_agreports_bench
 *
 * The run writes jobs, so it refuses the shared bench database itself; the run is idempotent, so a
 * second run on the same copy times the "nothing to do" pass. Target: under 60 s. The first run
 * also bills every advance period begun (decision 058: drafts per batch of 500 agreements).
 * Not part of `npm run bench` (it changes the database).
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { openDatabase, queryRows } from '../src/server/db/client.js';
import { migrateDatabase } from '../src/server/db/migrate.js';
import { testConfig } from '../tests/support/test-config.js';

const TARGET_MS = 60_000;
const url = process.argv[2] ?? process.env.BENCH_GENERATOR_DATABASE_URL;
if (!url || new URL(url).pathname === '/hvac_bench_large') {
  console.error('Usage: bench/agreement-generator.ts <url of a COPY of the bench database> (never hvac_bench_large)');
  process.exit(2);
}

const database = await openDatabase({ url });
await migrateDatabase(database);
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: string | number }>(database.db, query))[0]!.n);
const app = await buildApp({
  config: testConfig({ demo: true }),
  database,
  webDir: null,
  agreementGenerator: 'off',
});
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/auth/login',
  payload: { username: 'demo', password: 'hvac-demo' },
});
const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

const agreements = await count(sql`select count(*) as n from agreements where name like '% (bench)'`);
const covered = await count(sql`select count(*) as n from agreement_units`);
const due = await count(
  sql`select count(*) as n from agreements where status = 'active' and next_visit_on <= current_date + 30`,
);
const visitsBefore = await count(sql`select count(*) as n from agreement_visits`);
const invoicesBefore = await count(sql`select count(*) as n from job_invoices where agreement_id is not null`);
console.log(`${agreements} bench agreements, ${covered} covered units; ${due} active with a visit due in 30 days`);

for (const pass of ['first run', 'second run (nothing to do)']) {
  const started = Date.now();
  const response = await app.inject({ method: 'POST', url: '/api/agreements/generate-visits', headers: { cookie } });
  const ms = Date.now() - started;
  const run = response.json() as {
    visitsCreated: number;
    agreementsRenewed: number;
    invoicesCreated: number;
    error: string | null;
  };
  console.log(
    `${pass}: HTTP ${response.statusCode}, ${run.visitsCreated} visits made, ${run.invoicesCreated} invoices, ` +
      `${run.agreementsRenewed} renewed, ` +
      `${(ms / 1000).toFixed(1)} s (target < ${TARGET_MS / 1000} s)${ms > TARGET_MS ? ' MISSED' : ''}${run.error ? ` error: ${run.error}` : ''}`,
  );
}
console.log(
  `agreement invoices in the database: ${invoicesBefore} before, ` +
    `${await count(sql`select count(*) as n from job_invoices where agreement_id is not null`)} after`,
);
console.log(
  `visits in the database: ${visitsBefore} before, ${await count(sql`select count(*) as n from agreement_visits`)} after`,
);
await app.close();
await database.close();
