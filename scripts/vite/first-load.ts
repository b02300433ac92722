import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { routeTable } from './route-table.js';

interface Chunk {
  type: 'chunk';
  fileName: string;
  name: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/** What the server adds to index.html for one path of the router (decision 020). */
export interface RoutePreload {
  path: string;
  /** the screen's JavaScript beyond what index.html loads anyway */
  modules: string[];
  /** API answers the screen asks for first, fetched with the page */
  fetch: string[];
  /**
   * API answers a signed-in screen asks for first at its plain path (no query string): the server
   * preloads them only for a request carrying a session cookie and no query (decision 042).
   */
  data: string[];
}

const EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js'];

/**
 * The first load of a screen on a slow connection (decision 020), at build time:
 * - index.html preloads GET /api/auth/current (every screen asks it first; the app's fetch takes
 *   the preloaded answer), so it travels while the JavaScript downloads;
 * - route-preloads.json lists, for every path of the router (read from `router`), the screen's
 *   chunks beyond the entry's, and API answers it asks for first (`fetch`); the server puts them in
 *   the page it answers for that path as modulepreload/preload links, so they download with the
 *   entry instead of after it has run.
 */
export function firstLoad(options: {
  html: string;
  entry: string;
  router: string;
  fetch?: Record<string, string[]>;
  /** per path, the signed-in first answers; "*" for every path but /login */
  data?: Record<string, string[]>;
}): Plugin {
  return {
    name: 'hvac-first-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.filename.endsWith(options.html)) return undefined;
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: '/api/auth/current', as: 'fetch', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
    generateBundle: {
      order: 'post',
      handler(_output, bundle) {
        const chunks = Object.values(bundle).filter(
          (item): item is Chunk & typeof item => item.type === 'chunk',
        ) as unknown as Chunk[];
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: Chunk, into = new Set<string>()) => {
          const visit = (file: string) => {
            if (into.has(file)) return;
            into.add(file);
            byFile.get(file)?.imports.forEach(visit);
          };
          visit(start.fileName);
          return into;
        };
        const entry = chunks.find((c) => c.isEntry && c.name === options.entry);
        if (!entry) throw new Error(`first-load: no entry chunk named "${options.entry}"`);
        const loaded = closure(entry);

        const router = path.resolve(options.router);
        const chunkOf = (specifier: string) => {
          const base = path.resolve(path.dirname(router), specifier);
          const file = [base, ...EXTENSIONS.map((e) => base + e)].find((f) => existsSync(f));
          const chunk = file && chunks.find((c) => c.facadeModuleId === file);
          if (!chunk) throw new Error(`first-load: no chunk for ${specifier} (imported by ${options.router})`);
          return chunk;
        };
        const routes: RoutePreload[] = routeTable(router, readFileSync(router, 'utf8')).map((route) => {
          const files = new Set<string>();
          for (const specifier of route.modules) closure(chunkOf(specifier), files);
          return {
            path: route.path,
            modules: [...files].filter((f) => !loaded.has(f)).map((f) => `/${f}`),
            fetch: options.fetch?.[route.path] ?? [],
            data:
              route.path === '/login' || route.path.endsWith('*')
                ? []
                : [...(options.data?.['*'] ?? []), ...(options.data?.[route.path] ?? [])],
          };
        });
        if (routes.length === 0) throw new Error(`first-load: no routes found in ${options.router}`);
        this.emitFile({
          type: 'asset',
          fileName: 'route-preloads.json',
          source: `${JSON.stringify(routes, null, 1)}\n`,
        });
      },
    },
  };
}
