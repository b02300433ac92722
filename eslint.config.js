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
 * - a feature folder (src/web/features/<area>) never imports another feature; app/ composes them.
 */
const boundaries = {
  meta: { type: 'problem', messages: { crossing: '{{reason}}' } },
  create(context) {
    const file = path.relative(ROOT, context.filename);
    const layerOf = (p) => (p.startsWith('src/domain/') ? 'domain' : p.startsWith('src/server/') ? 'server' : p.startsWith('src/web/') ? 'web' : 'other');
    const featureOf = (p) => /^src\/web\/features\/([^/]+)\//.exec(p)?.[1];
    const fromLayer = layerOf(file);
    const fromFeature = featureOf(file);
    const isTest = /\.test\.tsx?$/.test(file);
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      if (fromLayer === 'domain' && !source.startsWith('.') && !/^zod(\/|$)/.test(source) && !(isTest && source === 'vitest')) {
        context.report({ node, messageId: 'crossing', data: { reason: `src/domain is pure: it may import only zod and itself, not "${source}"` } });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path.relative(ROOT, path.resolve(path.dirname(context.filename), source));
      const toLayer = layerOf(`${target}/`) === 'other' ? layerOf(target) : layerOf(`${target}/`);
      if (fromLayer === 'domain' && toLayer !== 'domain') {
        context.report({ node, messageId: 'crossing', data: { reason: 'src/domain may not import from outside src/domain' } });
      } else if ((fromLayer === 'server' && toLayer === 'web') || (fromLayer === 'web' && toLayer === 'server')) {
        context.report({ node, messageId: 'crossing', data: { reason: `src/${fromLayer} may not import from src/${toLayer}; share code through src/domain` } });
      } else if (fromFeature) {
        const toFeature = featureOf(`${target}/`) ?? featureOf(target);
        if (toFeature && toFeature !== fromFeature) {
          context.report({ node, messageId: 'crossing', data: { reason: `feature "${fromFeature}" may not import feature "${toFeature}"; move shared code to src/web/ui or src/web/lib` } });
        }
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
