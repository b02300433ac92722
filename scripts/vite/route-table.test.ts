import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { routeTable } from './route-table.js';

const ROUTER = 'src/web/app/router.tsx';
const source = readFileSync(ROUTER, 'utf8');

describe('routeTable (the screens the server preloads per path, read from the router)', () => {
  const routes = routeTable(ROUTER, source);
  const modulesOf = (path: string) => routes.find((r) => r.path === path)?.modules;

  it('finds the sign-in page, Home under the signed-in layout, nested and parameter paths, and the fallback', () => {
    expect(modulesOf('/login')).toEqual(['../features/auth/login-page']);
    expect(modulesOf('/')).toEqual(['./protected-root', '../features/home/home-page']);
    expect(modulesOf('/units')).toEqual(['./protected-root', '../features/customers/units-page']);
    expect(modulesOf('/jobs/:id')).toEqual(['./protected-root', './screens/job-detail-page']);
    expect(modulesOf('/*')).toEqual(['./protected-root', '../features/not-found/not-found-page']);
  });

  it('misses no screen of the router', () => {
    const imported = new Set([...source.matchAll(/import\('([^']+)'\)/g)].map((m) => m[1]!));
    const found = new Set(routes.flatMap((r) => r.modules));
    expect([...imported].filter((m) => !found.has(m))).toEqual([]);
  });

  it('reads a small table of the same shape', () => {
    const table = routeTable(
      'router.tsx',
      `const screen = (load) => ({ lazy: load });
       const missing = screen(() => import('./missing'));
       export const routes = [{ children: [
         { path: '/login', ...screen(() => import('./login')) },
         { ...screen(() => import('./root')), children: [{ index: true, ...screen(() => import('./home')) }, { path: 'a/:id', ...screen(() => import('./a')) }, { path: '*', ...missing }] },
       ] }];`,
    );
    expect(table).toEqual([
      { path: '/login', modules: ['./login'] },
      { path: '/', modules: ['./root', './home'] },
      { path: '/a/:id', modules: ['./root', './a'] },
      { path: '/*', modules: ['./root', './missing'] },
    ]);
  });
});
