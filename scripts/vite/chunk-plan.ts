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

/**
 * How the staff app is cut into files (decision 020). Left to itself the bundler makes one chunk per
 * set of screens sharing a module: /units needed 48 files, most under 1 KB, and a browser speaking
 * HTTP/1.1 fetches 6 at a time, so a tablet 150 ms away waited out ~8 round trips. Instead:
 * - `react`: React and ReactDOM, shared by the staff app and the quote page;
 * - `icons`: the lucide icons the app uses (tiny modules, each its own chunk otherwise);
 * - `sign-in`: what /login needs beyond the entry (form parts, its schema), without the screen;
 * - `shell`: what every signed-in screen needs beyond that (the gate, the layout, the search);
 * - `domain`: what the customer's quote page shares with the staff app (money, schemas, zod),
 *   except what /login needs, so the quote page loads its entry, React and this;
 * - `ui` and one chunk per feature: the parts of src/web/ui, src/web/lib and a feature folder that
 *   two or more screens use;
 * - each screen (a lazily imported module) keeps its own chunk, so the build manifest names it;
 *   the rest is left to the bundler.
 * Groups take no dependencies with them (each group is exactly its modules), so a group never drags
 * a module of another group or of the quote page in. /units went from 48 files to 23, /login from
 * 10 to 9, the quote page from 11 to 7, at about the same bytes.
 */
export function chunkPlan(files: { main: string; quote: string; login: string; shell: string }): { groups: Group[] } {
  let plan: { signIn: Set<string>; shell: Set<string>; shared: Set<string>; taken: Set<string> } | null = null;

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
  const minus = (set: Set<string>, ...others: Set<string>[]) => new Set([...set].filter((id) => !others.some((o) => o.has(id))));

  const planOf = (graph: ModuleGraph) => {
    if (plan) return plan;
    const main = closure(graph, files.main);
    const quote = closure(graph, files.quote);
    // Screens (modules loaded lazily) keep their own chunk, so the build manifest still names them.
    const screens = new Set([...main, ...closure(graph, files.login), ...closure(graph, files.shell)].filter((id) => (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0));
    const signIn = minus(closure(graph, files.login), main, quote, screens);
    const shell = minus(closure(graph, files.shell), main, quote, signIn, screens);
    // What the quote page shares with the staff app (money, schemas, zod), except what /login needs.
    const shared = minus(quote, main, closure(graph, files.login), new Set([path.resolve(files.quote)]));
    plan = { signIn, shell, shared, taken: new Set([...main, ...quote, ...signIn, ...shell, ...screens]) };
    return plan;
  };

  return {
    groups: [
      { name: 'react', test: REACT, priority: 5, includeDependenciesRecursively: false },
      { name: 'icons', test: ICONS, priority: 4, includeDependenciesRecursively: false },
      {
        debugName: 'sign-in, shell, domain',
        name: (id, graph) => {
          const { signIn, shell, shared } = planOf(graph);
          return signIn.has(id) ? 'sign-in' : shell.has(id) ? 'shell' : shared.has(id) ? 'domain' : null;
        },
        priority: 3,
        includeDependenciesRecursively: false,
      },
      {
        // The shared parts of the screens (src/web/ui, src/web/lib, a feature's own api and parts): one chunk each.
        debugName: 'ui and features',
        name: (id, graph) => {
          if (planOf(graph).taken.has(id) || (graph.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return null;
          const area = /[\\/]src[\\/]web[\\/](?:features[\\/]([^\\/]+)|(ui|lib))[\\/]/.exec(id);
          return area ? (area[1] ?? 'ui') : null;
        },
        minShareCount: 2,
        priority: 2,
        includeDependenciesRecursively: false,
      },
    ],
  };
}
