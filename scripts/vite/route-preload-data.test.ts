import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_PRELOAD_DATA } from './route-preload-data.js';
import { routeTable } from './route-table.js';

const ROUTER = 'src/web/app/router.tsx';

/** Every source file of the web app, read once. */
function webSources(dir = 'src/web'): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return webSources(file);
      return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? readFileSync(file, 'utf8') : '';
    })
    .join('\n');
}

describe('the first answers preloaded per path (vite.config.ts, decision 042)', () => {
  const paths = new Set(routeTable(ROUTER, readFileSync(ROUTER, 'utf8')).map((r) => r.path));
  const sources = webSources();

  it('names only paths of the router', () => {
    const keys = Object.keys(ROUTE_PRELOAD_DATA).filter((key) => key !== '*');
    expect(keys.filter((key) => !paths.has(key))).toEqual([]);
  });

  it('preloads only what the web app asks for: the URL as a screen writes it, or at least its API root', () => {
    const missing = Object.values(ROUTE_PRELOAD_DATA)
      .flat()
      .filter((url) => {
        const pathPart = url.split('?')[0]!;
        // A screen may build the URL from its feature's root (`${ROOT}/options`) and its filters.
        const root = pathPart.split('/').slice(0, 3).join('/');
        const written = (text: string) => sources.includes(`'${text}`) || sources.includes(`\`${text}`);
        return !written(pathPart) && !written(root);
      });
    expect(missing).toEqual([]);
  });

  it('names only parameters of its own path (the server fills them in from the path, decision 062)', () => {
    const strays = Object.entries(ROUTE_PRELOAD_DATA).flatMap(([route, urls]) => {
      const params = new Set(route.split('/').filter((s) => s.startsWith(':')));
      return urls.flatMap((url) =>
        (url.match(/:[A-Za-z]\w*/g) ?? []).filter((p) => !params.has(p)).map((p) => `${route} ${url} ${p}`),
      );
    });
    expect(strays).toEqual([]);
    expect(ROUTE_PRELOAD_DATA['/jobs/:id']).toContain('/api/jobs/:id');
  });

  it('covers the Settings > Integrations screens (issue 31)', () => {
    expect(ROUTE_PRELOAD_DATA['/settings/api-tokens']).toEqual(['/api/api-tokens', '/api/settings/api-access']);
    expect(ROUTE_PRELOAD_DATA['/settings/webhooks']).toEqual(['/api/webhooks']);
    expect(ROUTE_PRELOAD_DATA['/invoices/accounting-export']).toEqual(['/api/accounting-exports']);
  });
});
