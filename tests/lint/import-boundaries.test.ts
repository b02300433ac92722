import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { boundaries } from '../../eslint.config.js';

/**
 * The `local/boundaries` rule of eslint.config.js, file by file: each import rule of
 * docs/architecture.md with a crossing it reports and a neighbour it allows.
 */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const crossing = (reason: RegExp) => [{ message: reason }];

tester.run('local/boundaries', boundaries, {
  valid: [
    // domain: zod and itself
    { filename: at('src/domain/units.ts'), code: "import { z } from 'zod'; import { ids } from './ids.js';" },
    // server and web use domain
    {
      filename: at('src/server/modules/units/units.service.ts'),
      code: "import { unitInput } from '../../../domain/units.js';",
    },
    {
      filename: at('src/web/features/customers/units-page.tsx'),
      code: "import { unitInput } from '../../../domain/units';",
    },
    // a feature uses ui, lib and itself
    {
      filename: at('src/web/features/customers/units-page.tsx'),
      code: "import { Button } from '../../ui/button'; import { api } from '../../lib/api-client'; import { StatusBadge } from './components/status-badge';",
    },
    // ui and lib use each other and domain
    {
      filename: at('src/web/ui/search-picker.tsx'),
      code: "import { useDebounced } from '../lib/use-debounced'; import { cn } from './cn';",
    },
    { filename: at('src/web/lib/format.ts'), code: "import { formatCents } from '../../domain/money';" },
    // app composes features
    { filename: at('src/web/app/router.tsx'), code: "const page = () => import('../features/customers/units-page');" },
    // a route file uses its service, the errors and domain; a service and a repo use the database
    {
      filename: at('src/server/modules/units/units.routes.ts'),
      code: "import type { UnitsService } from './units.service.js'; import { badRequest } from '../../errors.js';",
    },
    {
      filename: at('src/server/modules/units/units.repo.ts'),
      code: "import { units } from '../../db/schema.js'; import type { Executor } from '../../db/client.js';",
    },
    {
      filename: at('src/server/modules/health/health.service.ts'),
      code: "import { pingDatabase } from '../../db/client.js';",
    },
    // tests may import src, factories and support
    {
      filename: at('tests/api/units.test.ts'),
      code: "import { units } from '../../src/server/db/schema.js'; import { createFactories } from '../factories/index.js';",
    },
    // the seed builders live under src and the test factories use them
    {
      filename: at('tests/factories/index.ts'),
      code: "export * from '../../src/server/db/seed/builders/builders.js';",
    },
  ],
  invalid: [
    {
      filename: at('src/domain/units.ts'),
      code: "import { FastifyInstance } from 'fastify';",
      errors: crossing(/src\/domain is pure/),
    },
    {
      filename: at('src/domain/units.ts'),
      code: "import { units } from '../server/db/schema.js';",
      errors: crossing(/src\/domain may not import from outside/),
    },
    {
      filename: at('src/server/modules/units/units.service.ts'),
      code: "import { api } from '../../../web/lib/api-client';",
      errors: crossing(/src\/server may not import from src\/web/),
    },
    {
      filename: at('src/web/lib/format.ts'),
      code: "import { config } from '../../server/config.js';",
      errors: crossing(/src\/web may not import from src\/server/),
    },
    {
      filename: at('src/web/features/customers/units-page.tsx'),
      code: "import { PriceBookPage } from '../price-book/price-book-page';",
      errors: crossing(/feature "customers" may not import feature "price-book"/),
    },
    // ui and lib never import a feature
    {
      filename: at('src/web/ui/data-table.tsx'),
      code: "import { StatusBadge } from '../features/customers/components/status-badge';",
      errors: crossing(/src\/web\/ui and src\/web\/lib .* feature "customers"/),
    },
    {
      filename: at('src/web/lib/session.ts'),
      code: "export { useLogin } from '../features/auth/api/auth-queries';",
      errors: crossing(/may not import feature "auth"/),
    },
    {
      filename: at('src/web/ui/lazy.tsx'),
      code: "const page = () => import('../features/home/home-page');",
      errors: crossing(/may not import feature "home"/),
    },
    // route files never import the database
    {
      filename: at('src/server/modules/units/units.routes.ts'),
      code: "import { units } from '../../db/schema.js';",
      errors: crossing(/route file may not import the database/),
    },
    {
      filename: at('src/server/modules/health/health.routes.ts'),
      code: "import { pingDatabase, type DatabaseHandle } from '../../db/client.js';",
      errors: crossing(/route file may not import the database/),
    },
    {
      filename: at('src/server/modules/units/units.routes.ts'),
      code: "import type { Executor } from '../../db/client.js';",
      errors: crossing(/route file may not import the database/),
    },
    // nothing under src imports tests
    {
      filename: at('src/server/db/seed/demo.ts'),
      code: "import { createFactories } from '../../../../tests/factories/index.js';",
      errors: crossing(/src may not import from tests\//),
    },
    {
      filename: at('src/web/ui/pager.test.tsx'),
      code: "import { render } from '../../../tests/support/render';",
      errors: crossing(/src may not import from tests\//),
    },
  ],
});
