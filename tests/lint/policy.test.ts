import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { policy } from '../../eslint.config.js';

/**
 * The `local/policy` rule of eslint.config.js: roles are listed and compared only in
 * src/domain/policy.ts (decision 029). Each refusal with a neighbour it allows.
 */
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const ROOT = path.resolve(import.meta.dirname, '../..');
const at = (file: string) => path.join(ROOT, file);
const tester = new RuleTester({
  languageOptions: {
    parser: tseslint.parser,
    ecmaVersion: 2022,
    sourceType: 'module',
    parserOptions: { ecmaFeatures: { jsx: true } },
  },
});
const refused = (what: RegExp) => [{ message: what }];
const SCREEN = at('src/web/features/jobs/jobs-page.tsx');
const SERVICE = at('src/server/modules/jobs/jobs.service.ts');

tester.run('local/policy', policy, {
  valid: [
    // asking the policy
    { filename: SCREEN, code: "const mayDelete = useCan('jobs.edit');" },
    {
      filename: SERVICE,
      code: "const office = can(actor.role, 'jobs.edit'); const ok = mayWorkOnJob(actor.role, assigned);",
    },
    { filename: at('src/server/modules/jobs/jobs.routes.ts'), code: "const office = allow('jobs.edit');" },
    // the policy itself, its SQL twin, the schema's enum list, the seed and tests may name roles
    {
      filename: at('src/domain/policy.ts'),
      code: "const OFFICE = ['admin', 'manager', 'user']; const t = (role) => role === 'technician';",
    },
    { filename: at('src/server/db/roles.ts'), code: "const t = sql`${role} = 'technician'`;" },
    {
      filename: at('src/server/db/schema/columns.ts'),
      code: "const DB_ENUMS = { userRole: ['admin', 'manager', 'technician', 'user'] };",
    },
    { filename: at('src/server/db/seed/demo.ts'), code: "const people = [{ role: 'admin' }, { role: 'technician' }];" },
    {
      filename: at('src/domain/invoices.test.ts'),
      code: "expect(allowedInvoiceActions('issued', 'manager').void).toBe(true);",
    },
    {
      filename: at('tests/api/jobs.test.ts'),
      code: "const u = await f.user({ role: 'technician' }); if (u.role === 'admin') throw 1;",
    },
    // 'user' is a common word: alone it is no role
    {
      filename: at('src/server/plugins/auth.ts'),
      code: "app.decorateRequest('user', null); const who = kind === 'user';",
    },
    // role names as keys (labels, badge colours), and words that are not roles
    {
      filename: at('src/web/lib/roles.ts'),
      code: "const ROLE_LABELS = { user: 'User', technician: 'Technician', manager: 'Manager', admin: 'Admin' };",
    },
    { filename: at('src/domain/technicians.ts'), code: "const name = cleaned || 'technician';" },
    {
      filename: at('src/server/modules/jobs/jobs.repo.ts'),
      code: "const q = sql`where ${isTechnicianUser(tu.role)} and ${tu.status} = 'active'`;",
    },
  ],
  invalid: [
    {
      filename: SCREEN,
      code: "const canMove = role === 'admin' || role === 'manager';",
      errors: [{ message: /role comparison with 'admin'/ }, { message: /role comparison with 'manager'/ }],
    },
    {
      filename: SCREEN,
      code: "const office = session.data?.role === 'user';",
      errors: refused(/role comparison with 'user'/),
    },
    {
      filename: SERVICE,
      code: "const t = 'technician' !== actor.role;",
      errors: refused(/role comparison with 'technician'/),
    },
    {
      filename: SERVICE,
      code: "const OFFICE_ROLES = new Set(['admin', 'manager', 'user']);",
      errors: refused(/a list of roles \[admin, manager, user\]/),
    },
    {
      filename: at('src/domain/invoices.ts'),
      code: "export const INVOICE_VOID_ROLES = ['admin', 'manager'] as const;",
      errors: refused(/a list of roles/),
    },
    {
      filename: at('src/server/modules/quotes/quotes.routes.ts'),
      code: "const senders = { roles: ['user', 'manager'] };",
      errors: refused(/a list of roles \[user, manager\]/),
    },
    {
      filename: SERVICE,
      code: 'const office = OFFICE.includes(actor.role);',
      errors: refused(/role membership test \(\.includes\)/),
    },
    { filename: SERVICE, code: 'const office = OFFICE.has(role);', errors: refused(/role membership test \(\.has\)/) },
    {
      filename: at('src/server/modules/invoices/invoices.service.ts'),
      code: "const actor = { id: '', role: 'admin' };",
      errors: refused(/the role 'admin' written out/),
    },
    {
      filename: SCREEN,
      code: "switch (role) { case 'manager': break; }",
      errors: refused(/a case on the role 'manager'/),
    },
    {
      filename: at('src/server/modules/home/home.repo.ts'),
      code: "const q = sql`where ${u.role} = 'technician' and ${u.status} = 'active'`;",
      errors: refused(/the role 'technician' in a query/),
    },
    {
      filename: at('src/server/modules/jobs/jobs.repo.ts'),
      code: "const q = sql`where ${tu.role} in ('admin', 'manager', 'user')`;",
      errors: refused(/the role 'admin' in a query/),
    },
  ],
});
