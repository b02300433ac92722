import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { tableOwners } from '../../eslint.config.js';

/** The `local/table-owners` rule of eslint.config.js: a table is written only inside its owner. */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const options = [
  {
    owners: {
      jobs: 'modules/jobs',
      job_items: 'modules/jobs',
      job_quotes: 'modules/quotes',
      outbox: 'outbox',
      job_counts: 'db',
    },
    tables: { jobs: 'jobs', jobItems: 'job_items', jobQuotes: 'job_quotes', outbox: 'outbox', jobCounts: 'job_counts' },
  },
];
const SCHEMA = "import { jobs, jobItems, jobQuotes, outbox, jobCounts } from '../../db/schema.js';";
const foreign = (reason: RegExp) => [{ message: reason }];
const quotesRepo = at('src/server/modules/quotes/quotes.repo.ts');

tester.run('local/table-owners', tableOwners, {
  valid: [
    // the owner writes its tables
    {
      filename: at('src/server/modules/jobs/jobs.repo.ts'),
      options,
      code: `${SCHEMA} await exec.update(jobs).set({ name }); await exec.insert(jobItems).values(v); await exec.delete(jobItems);`,
    },
    {
      filename: at('src/server/modules/jobs/job-decisions.repo.ts'),
      options,
      code: `${SCHEMA} await exec.insert(jobItems).values(v);`,
    },
    {
      filename: quotesRepo,
      options,
      code: `${SCHEMA} await exec.update(jobQuotes).set({ status }); await exec.delete(jobQuotes);`,
    },
    // an adapter owns its table
    {
      filename: at('src/server/outbox/worker.ts'),
      options,
      code: `${SCHEMA} await db.update(outbox).set(v); const q = sql\`update outbox o set status = 'sending'\`;`,
    },
    // reading another module's table is fine
    {
      filename: quotesRepo,
      options,
      code: `${SCHEMA} const j = tableAlias(jobs, 'j'); await exec.select().from(jobs).for('update'); const q = sql\`select \${j.id} from \${from(j)} for update\`;`,
    },
    // not a table: a route's delete, a map's delete, a hash's update
    {
      filename: at('src/server/modules/quotes/quotes.routes.ts'),
      options,
      code: "r.delete('/api/quotes/:id', {}); cache.delete(key); hash.update(token);",
    },
    // exempt: the db folder (seeds, migrations, reference data), unit tests in src, and everything outside src/server
    {
      filename: at('src/server/db/seed/demo.ts'),
      options,
      code: `${SCHEMA} await db.insert(jobs).values(v); await db.insert(jobQuotes).values(q);`,
    },
    {
      filename: at('src/server/db/reference-data.ts'),
      options,
      code: `${SCHEMA} await db.insert(jobCounts).values(v);`,
    },
    {
      filename: at('src/server/modules/quotes/quotes.test.ts'),
      options,
      code: `${SCHEMA} await db.insert(jobs).values(v);`,
    },
    {
      filename: at('tests/api/jobs.test.ts'),
      options,
      code: `${SCHEMA} await db.delete(jobQuotes); await db.update(jobs).set(v);`,
    },
    { filename: at('tests/factories/index.ts'), options, code: `${SCHEMA} await db.insert(jobItems).values(v);` },
  ],
  invalid: [
    // drizzle writes from a module that does not own the table
    {
      filename: quotesRepo,
      options,
      code: `${SCHEMA} await exec.update(jobs).set({ contactEmail });`,
      errors: foreign(/update "jobs" here: the table belongs to src\/server\/modules\/jobs/),
    },
    {
      filename: quotesRepo,
      options,
      code: `${SCHEMA} await exec.insert(jobItems).values(fee);`,
      errors: foreign(/insert "job_items" here/),
    },
    {
      filename: at('src/server/modules/jobs/jobs.repo.ts'),
      options,
      code: `${SCHEMA} await exec.delete(jobQuotes).where(w);`,
      errors: foreign(/delete "job_quotes" here: the table belongs to src\/server\/modules\/quotes/),
    },
    // a service is held to the same rule as a repo, and the import may be renamed or a namespace
    {
      filename: at('src/server/modules/quotes/quotes.service.ts'),
      options,
      code: "import { jobItems as items } from '../../db/schema.js'; await tx.insert(items).values(v);",
      errors: foreign(/insert "job_items"/),
    },
    {
      filename: at('src/server/modules/quotes/quotes.service.ts'),
      options,
      code: "import * as schema from '../../db/schema.js'; await tx.update(schema.jobs).set(v);",
      errors: foreign(/update "jobs"/),
    },
    // an alias of a foreign table
    {
      filename: quotesRepo,
      options,
      code: `${SCHEMA} const j = tableAlias(jobs, 'j'); await exec.update(j).set(v);`,
      errors: foreign(/update "jobs"/),
    },
    // raw SQL through \${table}, \${from(alias)} or the table's name
    {
      filename: quotesRepo,
      options,
      code: `${SCHEMA} const q = sql\`update \${jobs} set contact_email = \${email}\`;`,
      errors: foreign(/update "jobs"/),
    },
    {
      filename: quotesRepo,
      options,
      code: `${SCHEMA} const i = tableAlias(jobItems, 'i'); const q = sql\`insert into \${from(i)} (code) values ('INSP-FEE')\`;`,
      errors: foreign(/insert into "job_items"/),
    },
    {
      filename: at('src/server/modules/jobs/jobs.repo.ts'),
      options,
      code: `${SCHEMA} const q = sql\`DELETE FROM \${jobQuotes} where true\`;`,
      errors: foreign(/delete from "job_quotes"/),
    },
    {
      filename: at('src/server/modules/outbox/outbox.repo.ts'),
      options,
      code: "const q = sql`update outbox set status = 'pending'`;",
      errors: foreign(/update "outbox" here: the table belongs to src\/server\/outbox/),
    },
    // a table kept by triggers is written by no code
    {
      filename: at('src/server/modules/jobs/jobs.repo.ts'),
      options,
      code: `${SCHEMA} await exec.update(jobCounts).set(v);`,
      errors: foreign(/"job_counts" here: the table is kept by triggers/),
    },
  ],
});
