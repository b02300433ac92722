import path from 'node:path';

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicImporters: readonly string[] } | null;
}
interface Group {
  debugName?: string;
  name: string | ((id: string, ctx: ModuleGraph) => string | null);
  test?: RegExp;
  priority: number;
  minShareCount?: number;
  includeDependenciesRecursively?: boolean;
}

const REACT = /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/;
/** lucide-react: every icon is a module of its own, reached through one index of all of them. */
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]/;
/** zod: its schemas are built when their module runs, so a chunk holding one runs zod too. */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
/** zod's classic API (`import { z } from 'zod'`); /login's zod/mini needs only zod's core. */
const ZOD_CLASSIC = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/;
/** The business rules shared by the server and the app. */
const DOMAIN = /[\\/]src[\\/]domain[\\/]/;

/**
 * How the staff app is cut into files (decision 020). Left to itself the bundler makes one chunk per
 * set of screens sharing a module: /units needed 48 files, most under 1 KB, and a browser speaking
 * HTTP/1.1 fetches 6 at a time, so a tablet 150 ms away waited out ~8 round trips. Instead:
 * - `react`: React and ReactDOM, shared by the staff app and the quote page;
 * - `icons`: the lucide icons the app uses (tiny modules, each its own chunk otherwise);
 * - `sign-in`: what /login needs beyond the entry (form parts), without the screen and without its
 *   schema: the signed-in screens load this chunk too, and no zod may run on their first path;
 * - `shell`: what every signed-in screen needs beyond that (the gate, the layout, the search);
 * - `domain`: what the customer's quote page shares with the staff app and needs zod for (schemas,
 *   zod), except what /login needs; `basics`: the shared rules without zod (money, ids), so a
 *   staff screen that needs money formatting does not run the quote page's schemas;
 * - `rules`: every other rule of src/domain that runs no zod (constants, texts, checks): left to
 *   the bundler they were a file each, 17 files under 1 KB on a job's page, each a round trip on
 *   a connection of HTTP/1.1's six (decision 062);
 * - `ui` and one chunk per feature: the parts of src/web/ui, src/web/lib and a feature folder that
 *   two or more screens use; those that run zod in a `-forms` chunk beside (`ui-forms`,
 *   `customers-forms`), so no zod runs on the path of a screen that does not use it;
 * - each screen (a lazily imported module) keeps its own chunk, so the build manifest names it;
 *   the rest is left to the bundler.
 * Groups take no dependencies with them (each group is exactly its modules), so a group never drags
 * a module of another group or of the quote page in. /units went from 48 files to 23, /login from
 * 10 to 9, the quote page from 11 to 7, at about the same bytes.
 */
export function chunkPlan(files: { main: string; quote: string; login: string; shell: string }): { groups: Group[] } {
  let plan: {
    signIn: Set<string>;
    shell: Set<string>;
    shared: Set<string>;
    basics: Set<string>;
    taken: Set<string>;
    runsZod: (id: string) => boolean;
  } | null = null;

  const closure = (graph: ModuleGraph, start: string): Set<string> => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      // The icon index imports every icon; only the ones used are bundled (the `icons` group).
      if (!ICONS.test(id)) graph.getModuleInfo(id)?.importedIds.forEach(visit);
    };
    visit(path.resolve(start));
    return seen;
  };
  const minus = (set: Set<string>, ...others: Set<string>[]) =>
    new Set([...set].filter((id) => !others.some((o) => o.has(id))));

  const planOf = (graph: ModuleGraph) => {
    if (plan) return plan;
    const main = closure(graph, files.main);
    const quote = closure(graph, files.quote);
    // Screens (modules loaded lazily) keep their own chunk, so the build manifest still names them.
    const screens = new Set(
      [...main, ...closure(graph, files.login), ...closure(graph, files.shell)].filter(
        (id) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0,
      ),
    );
    // Modules that run zod when loaded (zod itself, and whatever imports it, directly or not).
    const zodFree = new Map<string, boolean>();
    const runsZod = (id: string): boolean => {
      if (ZOD.test(id)) return true;
      const known = zodFree.get(id);
      if (known !== undefined) return !known;
      zodFree.set(id, true); // an import cycle back to here adds nothing
      const result = (graph.getModuleInfo(id)?.importedIds ?? []).some(runsZod);
      zodFree.set(id, !result);
      return result;
    };
    const signIn = new Set([...minus(closure(graph, files.login), main, quote, screens)].filter((id) => !runsZod(id)));
    const shell = minus(closure(graph, files.shell), main, quote, signIn, screens);
    // What the quote page shares with the staff app, except what /login needs: with zod, and without.
    const quoteShared = minus(quote, main, closure(graph, files.login), new Set([path.resolve(files.quote)]));
    const shared = new Set([...quoteShared].filter(runsZod));
    const basics = minus(quoteShared, shared);
    const taken = new Set([...main, ...quote, ...signIn, ...shell, ...screens]);
    plan = { signIn, shell, shared, basics, taken, runsZod };
    return plan;
  };

  return {
    groups: [
      { name: 'react', test: REACT, priority: 5, includeDependenciesRecursively: false },
      { name: 'icons', test: ICONS, priority: 4, includeDependenciesRecursively: false },
      // zod's classic API apart from the quote page's rules it used to share a chunk with: a staff
      // screen that checks a form loaded the quote page and its rules too (decision 042).
      { name: 'zod', test: ZOD_CLASSIC, priority: 4, includeDependenciesRecursively: false },
      {
        debugName: 'sign-in, shell, domain, basics, rules',
        name: (id, graph) => {
          const { signIn, shell, shared, basics, taken, runsZod } = planOf(graph);
          return signIn.has(id)
            ? 'sign-in'
            : shell.has(id)
              ? 'shell'
              : shared.has(id)
                ? 'domain'
                : basics.has(id)
                  ? 'basics'
                  : DOMAIN.test(id) && !taken.has(id) && !runsZod(id)
                    ? 'rules'
                    : null;
        },
        priority: 3,
        includeDependenciesRecursively: false,
      },
      {
        // The shared parts of the screens (src/web/ui, src/web/lib, a feature's own api and parts): one chunk each.
        debugName: 'ui and features',
        name: (id, graph) => {
          const { taken, runsZod } = planOf(graph);
          if (taken.has(id) || (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return null;
          const area = /[\\/]src[\\/]web[\\/](?:features[\\/]([^\\/]+)|(ui|lib))[\\/]/.exec(id);
          if (!area) return null;
          // Parts that run zod (forms, schema checks) apart, so a list screen that needs none of
          // them does not load and run zod with the parts it does need.
          return `${area[1] ?? 'ui'}${runsZod(id) ? '-forms' : ''}`;
        },
        minShareCount: 2,
        priority: 2,
        includeDependenciesRecursively: false,
      },
    ],
  };
}
