import { parseSync } from 'vite';

/** One screen of the router: its full path and the lazily loaded modules it needs (layouts first). */
export interface RouteModules {
  path: string;
  /** import specifiers as written in the router file (relative to it) */
  modules: string[];
}

type Node = { type: string; [key: string]: unknown };
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** `screen(() => import('x'))` -> 'x' */
function lazyImport(node: unknown): string | null {
  if (!isNode(node) || node.type !== 'CallExpression') return null;
  const fn = (node.arguments as unknown[])[0];
  if (!isNode(fn) || fn.type !== 'ArrowFunctionExpression') return null;
  const body = fn.body;
  if (!isNode(body) || body.type !== 'ImportExpression') return null;
  const source = body.source;
  return isNode(source) && source.type === 'Literal' && typeof source.value === 'string' ? source.value : null;
}

const join = (parent: string, child: string) =>
  child.startsWith('/') ? child : `${parent.replace(/\/$/, '')}/${child}`;

/**
 * Reads the route table of src/web/app/router.tsx without running it: every object of the
 * exported `routes` array (and their `children`) with a `path` or `index` and a lazy screen, either
 * `...screen(() => import('...'))` or a constant holding one (`...notFound`).
 */
export function routeTable(file: string, source: string): RouteModules[] {
  const program = parseSync(file, source).program as unknown as Node;
  const constants = new Map<string, string>();
  let routesArray: Node | null = null;
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (!declaration || declaration.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const name = (declarator.id as Node).name as string;
      const init = declarator.init as Node | null;
      const specifier = lazyImport(init);
      if (specifier) constants.set(name, specifier);
      if (name === 'routes' && init?.type === 'ArrayExpression') routesArray = init;
    }
  }
  if (!routesArray) throw new Error(`${file}: no exported "routes" array`);

  const out: RouteModules[] = [];
  const walk = (array: Node, parentPath: string, parentModules: string[]) => {
    for (const element of array.elements as Node[]) {
      if (element?.type !== 'ObjectExpression') continue;
      let path: string | null = null;
      let index = false;
      let module: string | null = null;
      let children: Node | null = null;
      for (const property of element.properties as Node[]) {
        if (property.type === 'SpreadElement') {
          const argument = property.argument as Node;
          module =
            lazyImport(argument) ??
            (argument.type === 'Identifier' ? (constants.get(argument.name as string) ?? null) : null) ??
            module;
          continue;
        }
        const key = (property.key as Node).name ?? (property.key as Node).value;
        const value = property.value as Node;
        if (key === 'path' && value.type === 'Literal') path = String(value.value);
        if (key === 'index' && value.type === 'Literal' && value.value === true) index = true;
        if (key === 'children' && value.type === 'ArrayExpression') children = value;
      }
      const fullPath = path !== null ? join(parentPath, path) : parentPath;
      const modules = module ? [...parentModules, module] : parentModules;
      if (module && (path !== null || index)) out.push({ path: fullPath || '/', modules });
      if (children) walk(children, fullPath, modules);
    }
  };
  walk(routesArray, '', []);
  return out;
}
