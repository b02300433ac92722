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
    const layerOf = (p) => (p.startsWith('src/domain/') ? 'domain' : p.startsWith('src/server/') ? 'server' : p.startsWith('src/web/') ? 'web' : 'other');
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
      if (fromLayer === 'domain' && !source.startsWith('.') && !/^zod(\/|$)/.test(source) && !(isTest && source === 'vitest')) {
        report(node, `src/domain is pure: it may import only zod and itself, not "${source}"`);
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/');
      const toLayer = layerOf(`${target}/`) === 'other' ? layerOf(target) : layerOf(`${target}/`);
      const toFeature = featureOf(`${target}/`) ?? featureOf(target);
      if (fromSrc && under(target, 'tests')) {
        report(node, 'src may not import from tests/: move what both need under src (the tests may import it from there)');
      } else if (fromLayer === 'domain' && toLayer !== 'domain') {
        report(node, 'src/domain may not import from outside src/domain');
      } else if ((fromLayer === 'server' && toLayer === 'web') || (fromLayer === 'web' && toLayer === 'server')) {
        report(node, `src/${fromLayer} may not import from src/${toLayer}; share code through src/domain`);
      } else if (fromRoutes && under(target, 'src/server/db')) {
        report(node, 'a route file may not import the database (src/server/db): call a service, which uses a repo');
      } else if (fromShared && toFeature) {
        report(node, `src/web/ui and src/web/lib are shared by every feature and may not import feature "${toFeature}"; pass what they need as props or parameters`);
      } else if (fromFeature && toFeature && toFeature !== fromFeature) {
        report(node, `feature "${fromFeature}" may not import feature "${toFeature}"; move shared code to src/web/ui or src/web/lib`);
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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { local: { rules: { boundaries } } },
    rules: {
      'local/boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
);
