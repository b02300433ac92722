import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(new URL(import.meta.url).pathname);

/**
 * The import rules of docs/architecture.md, enforced rather than reviewed:
 * - src/domain imports nothing outside src/domain (and zod);
 * - src/server and src/web never import each other;
 * - a feature folder (src/web/features/<area>) never imports another feature; app/ composes them;
 * - src/web/ui and src/web/lib (shared by every feature) never import a feature;
 * - a server route file (*.routes.ts) never imports the database (src/server/db): it calls a
 *   service, and only services and repos reach the database;
 * - nothing under src imports tests/ (the production build must not depend on the test tree).
 * Exported for its own tests (tests/lint/import-boundaries.test.ts).
 */
export const boundaries = {
  meta: { type: 'problem', messages: { crossing: '{{reason}}' }, schema: [] },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    const layerOf = (p) =>
      p.startsWith('src/domain/')
        ? 'domain'
        : p.startsWith('src/server/')
          ? 'server'
          : p.startsWith('src/web/')
            ? 'web'
            : 'other';
    const featureOf = (p) => /^src\/web\/features\/([^/]+)\//.exec(p)?.[1];
    const under = (p, folder) => p === folder || p.startsWith(`${folder}/`);
    const fromLayer = layerOf(file);
    const fromFeature = featureOf(file);
    const fromShared = under(file, 'src/web/ui') || under(file, 'src/web/lib');
    const fromRoutes = under(file, 'src/server') && /\.routes\.tsx?$/.test(file);
    const fromSrc = under(file, 'src');
    const isTest = /\.test\.tsx?$/.test(file);
    const report = (node, reason) => context.report({ node, messageId: 'crossing', data: { reason } });
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (
        fromLayer === 'domain' &&
        !source.startsWith('.') &&
        !/^zod(\/|$)/.test(source) &&
        !(isTest && source === 'vitest')
      ) {
        report(node, `src/domain is pure: it may import only zod and itself, not "${source}"`);
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      const toLayer = layerOf(`${target}/`) === 'other' ? layerOf(target) : layerOf(`${target}/`);
      const toFeature = featureOf(`${target}/`) ?? featureOf(target);
      if (fromSrc && under(target, 'tests')) {
        report(
          node,
          'src may not import from tests/: move what both need under src (the tests may import it from there)',
        );
      } else if (fromLayer === 'domain' && toLayer !== 'domain') {
        report(node, 'src/domain may not import from outside src/domain');
      } else if ((fromLayer === 'server' && toLayer === 'web') || (fromLayer === 'web' && toLayer === 'server')) {
        report(node, `src/${fromLayer} may not import from src/${toLayer}; share code through src/domain`);
      } else if (fromRoutes && under(target, 'src/server/db')) {
        report(node, 'a route file may not import the database (src/server/db): call a service, which uses a repo');
      } else if (fromShared && toFeature) {
        report(
          node,
          `src/web/ui and src/web/lib are shared by every feature and may not import feature "${toFeature}"; pass what they need as props or parameters`,
        );
      } else if (fromFeature && toFeature && toFeature !== fromFeature) {
        report(
          node,
          `feature "${fromFeature}" may not import feature "${toFeature}"; move shared code to src/web/ui or src/web/lib`,
        );
      }
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** The table names of the schema (src/server/db/schema/*.ts), read from their pgTable() calls. */
function schemaTableNames() {
  const folder = path.join(ROOT, 'src/server/db/schema');
  const names = new Set();
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts'))) {
    for (const match of readFileSync(path.join(folder, file), 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g))
      names.add(match[1]);
  }
  return names;
}

/**
 * Raw SQL in a repo names tables and columns only through the schema objects
 * (docs/decisions/012-typed-raw-queries.md), so a renamed column is a type error, or follows into
 * the SQL by itself, at every query that reads it:
 * - rows are read with selectRows / selectRow / selectPage and a selection, never queryRows (an
 *   unchecked cast of whatever the driver returns);
 * - the text of an sql`` template names no schema table (write ${companies} or from(c));
 * - it writes no `c.column` for a table alias c made in the file (write ${c.column}).
 * Names a statement gives itself (m, page, t, r.total, p.code) stay plain text.
 * Exported for its own tests (tests/lint/typed-sql.test.ts); `tables` may be given by a test.
 */
export const typedSql = {
  meta: {
    type: 'problem',
    messages: { untyped: '{{reason}} (docs/decisions/012-typed-raw-queries.md)' },
    schema: [
      {
        type: 'object',
        properties: { tables: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const tables = new Set(context.options[0]?.tables ?? [...schemaTableNames()]);
    const aliases = new Set();
    const report = (node, reason) => context.report({ node, messageId: 'untyped', data: { reason } });
    // The static text of a template, without SQL string literals and quoted identifiers.
    const textOf = (quasi) =>
      quasi.quasis
        .map((q) => q.value.cooked ?? q.value.raw)
        .join(' ? ')
        .replace(/'(?:[^']|'')*'/g, "''")
        .replace(/"(?:[^"]|"")*"/g, '""');
    const templates = [];
    return {
      ImportSpecifier(node) {
        if (node.imported.name === 'queryRows')
          report(
            node,
            'read rows with selectRows, selectRow or selectPage and a selection, not queryRows (an unchecked cast)',
          );
      },
      CallExpression(node) {
        const callee = node.callee.type === 'Identifier' ? node.callee.name : null;
        const name = node.arguments[1];
        if (
          (callee === 'tableAlias' || callee === 'alias') &&
          name?.type === 'Literal' &&
          typeof name.value === 'string'
        )
          aliases.add(name.value);
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type === 'Identifier' && node.tag.name === 'sql') templates.push(node);
      },
      'Program:exit'() {
        for (const node of templates) {
          const text = textOf(node.quasi);
          for (const match of text.matchAll(/(?<![\w."$])([a-z_][a-z0-9_]*)(?:\.([a-z_][a-z0-9_]*))?/gi)) {
            const [, first, second] = match;
            if (second !== undefined && aliases.has(first)) {
              report(
                node,
                `write \`${first}.${second}\` as \${${first}.<column>} (the alias's column object), not as text`,
              );
              break;
            }
            if (second === undefined && tables.has(first.toLowerCase())) {
              report(
                node,
                `name the table "${first}" through its schema object (\${table}, or from(alias)), not as text`,
              );
              break;
            }
          }
        }
      },
    };
  },
};

/** The server module a path lies in (src/server/modules/<area>/...), or undefined. */
const serverModuleOf = (p) => /^src\/server\/modules\/([^/]+)\//.exec(p)?.[1];

/**
 * A server module exposes what others may use from one entry, src/server/modules/<area>/index.ts
 * (docs/decisions/028-module-entries-and-table-owners.md): code under src outside the module's
 * folder imports only that entry, never a file inside. The module's own files import each other
 * freely. Tests may reach inside when they must (a statement's plan, a pure helper); the rule
 * does not look at them. Exported for its own tests (tests/lint/module-entries.test.ts).
 */
export const moduleEntries = {
  meta: {
    type: 'problem',
    messages: { deep: '{{reason}} (docs/decisions/028-module-entries-and-table-owners.md)' },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    if (!file.startsWith('src/')) return {};
    const fromModule = serverModuleOf(file);
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path
        .relative(ROOT, path.resolve(path.dirname(context.filename), source))
        .split(path.sep)
        .join('/');
      const match = /^src\/server\/modules\/([^/]+)(?:\/(.*))?$/.exec(target);
      if (!match) return;
      const [, area, rest] = match;
      if (area === fromModule) return;
      if (rest === undefined || /^index(\.[jt]s)?$/.test(rest)) return;
      context.report({
        node,
        messageId: 'deep',
        data: {
          reason: `import module "${area}" through its entry (modules/${area}/index.js), not "${rest}"; export what you need from the entry`,
        },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

/** table name -> owner (a path under src/server), read from src/server/db/table-owners.ts. */
function tableOwnerMap() {
  const text = readFileSync(path.join(ROOT, 'src/server/db/table-owners.ts'), 'utf8');
  return Object.fromEntries([...text.matchAll(/^\s*([a-z0-9_]+): '([^']+)',$/gm)].map((m) => [m[1], m[2]]));
}

/** schema export name -> table name (export const jobItems = pgTable('job_items', ...)). */
function schemaExports() {
  const files = readdirSync(path.join(ROOT, 'src/server/db/schema'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(ROOT, 'src/server/db/schema', f))
    .concat(path.join(ROOT, 'src/server/db/views.ts'));
  const names = {};
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(/export const (\w+)\s*=\s*\w+\(\s*'([a-z0-9_]+)'/g))
      names[match[1]] = match[2];
  }
  return names;
}

/**
 * A module owns its tables (docs/decisions/028, ENGINEERING.md habit 12): a file under src/server
 * writes a table only when it lies in the table's owner (src/server/db/table-owners.ts). A write
 * is a drizzle insert/update/delete on a schema table (or an alias of one), or raw SQL whose text
 * says `insert into`, `update` or `delete from` before ${table}, ${from(alias)} or the table's
 * name. Exempt, on purpose: src/server/db (schema, migrations, seeds, reference data) and every
 * file outside src/server (tests, factories, bench). Exported for its own tests
 * (tests/lint/table-owners.test.ts); `owners` and `tables` may be given by a test.
 */
export const tableOwners = {
  meta: {
    type: 'problem',
    messages: { foreign: '{{reason}} (docs/decisions/028-module-entries-and-table-owners.md)' },
    schema: [
      {
        type: 'object',
        properties: { owners: { type: 'object' }, tables: { type: 'object' } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    if (!file.startsWith('src/server/') || file.startsWith('src/server/db/') || /\.test\.tsx?$/.test(file)) return {};
    const owners = context.options[0]?.owners ?? tableOwnerMap();
    const exportsToTables = context.options[0]?.tables ?? schemaExports();
    const inServer = file.slice('src/server/'.length);
    /** local name -> table name, for schema imports and aliases made in the file */
    const locals = new Map();
    const namespaces = new Set();
    const tableOf = (node) => {
      if (!node) return undefined;
      if (node.type === 'Identifier') return locals.get(node.name);
      if (
        node.type === 'MemberExpression' &&
        node.object.type === 'Identifier' &&
        namespaces.has(node.object.name) &&
        node.property.type === 'Identifier'
      )
        return exportsToTables[node.property.name];
      // ${from(alias)} in raw SQL
      if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'from')
        return tableOf(node.arguments[0]);
      return undefined;
    };
    const check = (node, table, how) => {
      const owner = owners[table];
      if (owner === undefined) return;
      if (inServer === owner || inServer.startsWith(`${owner}/`)) return;
      const who =
        owner === 'db'
          ? 'is kept by triggers (src/server/db/migrations) and written by no code'
          : `belongs to src/server/${owner}`;
      context.report({
        node,
        messageId: 'foreign',
        data: {
          reason: `${how} "${table}" here: the table ${who}; ask its owner (its service or repo, passed in with your transaction)`,
        },
      });
    };
    return {
      ImportDeclaration(node) {
        if (!/\/db\/(schema|views)(\/[\w-]+)?(\.[jt]s)?$/.test(node.source.value)) return;
        for (const spec of node.specifiers) {
          if (spec.type === 'ImportSpecifier' && exportsToTables[spec.imported.name])
            locals.set(spec.local.name, exportsToTables[spec.imported.name]);
          if (spec.type === 'ImportNamespaceSpecifier') namespaces.add(spec.local.name);
        }
      },
      VariableDeclarator(node) {
        const init = node.init;
        if (
          node.id.type !== 'Identifier' ||
          init?.type !== 'CallExpression' ||
          init.callee.type !== 'Identifier' ||
          !['tableAlias', 'alias'].includes(init.callee.name)
        )
          return;
        const table = tableOf(init.arguments[0]);
        if (table) locals.set(node.id.name, table);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (
          callee.type !== 'MemberExpression' ||
          callee.property.type !== 'Identifier' ||
          !['insert', 'update', 'delete'].includes(callee.property.name) ||
          node.arguments.length !== 1
        )
          return;
        const table = tableOf(node.arguments[0]);
        if (table) check(node, table, callee.property.name);
      },
      TaggedTemplateExpression(node) {
        if (node.tag.type !== 'Identifier' || node.tag.name !== 'sql') return;
        const { quasis, expressions } = node.quasi;
        const write = /\b(insert\s+into|update|delete\s+from)\s*$/i;
        quasis.forEach((quasi, i) => {
          const text = quasi.value.cooked ?? quasi.value.raw;
          for (const match of text.matchAll(/\b(insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
            if (owners[match[2].toLowerCase()] !== undefined)
              check(node, match[2].toLowerCase(), match[1].toLowerCase().replace(/\s+/, ' '));
          }
          const verb = write.exec(text);
          const table = verb && i < expressions.length ? tableOf(expressions[i]) : undefined;
          if (table) check(node, table, verb[1].toLowerCase().replace(/\s+/, ' '));
        });
      },
    };
  },
};

/**
 * Who may do what lives in one module, src/domain/policy.ts (decision 029): outside it no file
 * lists roles or compares a role; it asks can() / allow() / useCan() / mayWorkOnJob() instead.
 * Refused: a comparison with a role name (`role === 'admin'`, `r !== 'technician'`), a membership
 * test on a role (`.includes(role)`, `.has(actor.role)`), a list of role names, a `role:` property
 * or `case` given a role name, and a role name quoted inside a template (SQL: use src/server/db/roles.ts).
 * 'user' counts only beside another role name or compared with something named role (it is a common word).
 * Not checked: the policy itself and its SQL twin, the schema's enum list (drizzle-kit loads it
 * alone; schema.test.ts checks it against the policy), the seed, and tests.
 * Exported for its own tests (tests/lint/policy.test.ts).
 */
export const POLICY_EXEMPT = [
  'src/domain/policy.ts',
  'src/server/db/roles.ts',
  'src/server/db/schema/columns.ts',
  'src/server/db/seed/',
];
const ROLE_NAMES = new Set(['admin', 'manager', 'user', 'technician']);
const STRONG_ROLE_NAMES = new Set(['admin', 'manager', 'technician']);
export const policy = {
  meta: {
    type: 'problem',
    messages: {
      role: '{{what}}: who may do what lives in src/domain/policy.ts; ask can(), allow(), useCan() or its predicates instead',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename).split(path.sep).join('/');
    if (
      !file.startsWith('src/') ||
      /\.test\.tsx?$/.test(file) ||
      POLICY_EXEMPT.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p))
    )
      return {};
    const report = (node, what) => context.report({ node, messageId: 'role', data: { what } });
    const roleName = (node) =>
      node?.type === 'Literal' && typeof node.value === 'string' && ROLE_NAMES.has(node.value) ? node.value : null;
    const namesRole = (node) => {
      if (!node) return false;
      if (node.type === 'ChainExpression' || node.type === 'TSNonNullExpression' || node.type === 'TSAsExpression')
        return namesRole(node.expression);
      if (node.type === 'Identifier') return /role/i.test(node.name);
      if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier')
        return /role/i.test(node.property.name);
      return false;
    };
    const rolesQuoted = /'(admin|manager|technician)'/;
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        for (const [side, other] of [
          [node.left, node.right],
          [node.right, node.left],
        ]) {
          const name = roleName(side);
          if (name && (STRONG_ROLE_NAMES.has(name) || namesRole(other)))
            return report(node, `a role comparison with '${name}'`);
        }
      },
      ArrayExpression(node) {
        const names = node.elements.map(roleName).filter(Boolean);
        if (names.some((n) => STRONG_ROLE_NAMES.has(n)) || names.length > 1)
          report(node, `a list of roles [${names.join(', ')}]`);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
        if (['includes', 'has', 'indexOf'].includes(callee.property.name) && namesRole(node.arguments[0]))
          report(node, `a role membership test (.${callee.property.name})`);
      },
      Property(node) {
        const key =
          node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? node.key.value : null;
        const name = roleName(node.value);
        if (key === 'role' && name) report(node, `the role '${name}' written out`);
      },
      SwitchCase(node) {
        const name = roleName(node.test);
        if (name && STRONG_ROLE_NAMES.has(name)) report(node, `a case on the role '${name}'`);
      },
      TemplateLiteral(node) {
        const found = node.quasis.map((q) => rolesQuoted.exec(q.value.cooked ?? q.value.raw)).find(Boolean);
        if (found) report(node, `the role '${found[1]}' in a query`);
      },
    };
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.tmp/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: {
      local: {
        rules: {
          boundaries,
          'typed-sql': typedSql,
          'module-entries': moduleEntries,
          'table-owners': tableOwners,
          policy,
        },
      },
    },
    rules: {
      'local/boundaries': 'error',
      'local/module-entries': 'error',
      'local/table-owners': 'error',
      'local/policy': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/server/**/*.repo.ts'],
    rules: { 'local/typed-sql': 'error' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
