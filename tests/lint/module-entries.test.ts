import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { moduleEntries } from '../../eslint.config.js';

/** The `local/module-entries` rule of eslint.config.js: other code reaches a server module only through its entry. */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const deep = (area: string) => [{ message: new RegExp(`import module "${area}" through its entry`) }];

tester.run('local/module-entries', moduleEntries, {
  valid: [
    // app.ts, another module, a plugin and the seed use the entry
    {
      filename: at('src/server/app.ts'),
      code: "import { createJobsRepo, jobsRoutes } from './modules/jobs/index.js';",
    },
    {
      filename: at('src/server/modules/quotes/quotes.service.ts'),
      code: "import { createInvoice } from '../invoices/index.js'; import type { SettingsRepo } from '../settings/index.js';",
    },
    {
      filename: at('src/server/plugins/auth.ts'),
      code: "import type { AuthService } from '../modules/auth/index.js';",
    },
    { filename: at('src/server/db/seed/demo.ts'), code: "import { hashPassword } from '../../modules/auth/index.js';" },
    // a module's own files import each other
    {
      filename: at('src/server/modules/quotes/quotes.service.ts'),
      code: "import type { QuotesRepo } from './quotes.repo.js'; import { readQuoteJob } from './quote-document.repo.js';",
    },
    {
      filename: at('src/server/modules/jobs/index.ts'),
      code: "export { createJobsRepo } from './jobs.repo.js'; export * from './dispatch.repo.js';",
    },
    // what is not a module
    {
      filename: at('src/server/modules/quotes/quotes.service.ts'),
      code: "import { enqueueEmail } from '../../outbox/outbox.js'; import { jobs } from '../../db/schema.js';",
    },
    // tests and the bench may reach inside when they must
    {
      filename: at('tests/api/search-as-you-type.test.ts'),
      code: "import { headerSearchStatements } from '../../src/server/modules/search/search.repo.js';",
    },
    {
      filename: at('bench/cases/jobs.ts'),
      code: "import { jobListStatements } from '../../src/server/modules/jobs/jobs.repo.js';",
    },
  ],
  invalid: [
    {
      filename: at('src/server/app.ts'),
      code: "import { createJobsRepo } from './modules/jobs/jobs.repo.js';",
      errors: deep('jobs'),
    },
    {
      filename: at('src/server/modules/search/search.repo.ts'),
      code: "import { searchable } from '../invoices/invoices.repo.js';",
      errors: deep('invoices'),
    },
    {
      filename: at('src/server/modules/outbox/outbox.routes.ts'),
      code: "import { contentDisposition } from '../quote-templates/quote-templates.routes.js';",
      errors: deep('quote-templates'),
    },
    {
      filename: at('src/server/pdf/quote-pdf.ts'),
      code: "import type { QuoteRow } from '../modules/quotes/quotes.repo.js';",
      errors: deep('quotes'),
    },
    {
      filename: at('src/server/db/seed/demo.ts'),
      code: "import { hashPassword } from '../../modules/auth/passwords.js';",
      errors: deep('auth'),
    },
    {
      filename: at('src/server/app.ts'),
      code: "export { jobsRoutes } from './modules/jobs/jobs.routes.js';",
      errors: deep('jobs'),
    },
    {
      filename: at('src/server/app.ts'),
      code: "const m = () => import('./modules/jobs/jobs.service.js');",
      errors: deep('jobs'),
    },
    // a folder inside a module is inside too
    {
      filename: at('src/server/app.ts'),
      code: "import { x } from './modules/jobs/lists/index.js';",
      errors: deep('jobs'),
    },
  ],
});
