/**
 * The request target, normalised once before routing (Fastify's `rewriteUrl`), so that the router,
 * the access decision, the logs and every hook see one spelling of the path:
 *
 * - the absolute form (`GET http://host/api/users`) becomes its path (RFC 9112 3.2.2);
 * - percent-encoded unreserved characters (`%61` for `a`, `%2E` for `.`) are decoded and the other
 *   escapes upper-cased (RFC 3986 6.2.2);
 * - repeated slashes become one and `.` and `..` segments are resolved (a trailing slash stays: no
 *   route ends with one, so such a path answers 404).
 *
 * A target that cannot be made a plain path is refused with 400 before routing: the asterisk and
 * authority forms, a bad escape, an encoded slash or backslash (a router may decode it into a
 * separator), a backslash, or a NUL. The query string is left as it is: its values are read by
 * each route's schema.
 *
 * Access is never decided from the path's spelling (plugins/auth.ts reads the matched route's
 * config); this keeps the spelling from reaching anything else that reads it.
 */

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** The normalised path and query, or null when the target is refused. */
export function normaliseRequestTarget(target: string): string | null {
  let rest = target;
  if (!rest.startsWith('/')) {
    const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/.exec(rest);
    if (!absolute || !/^https?:/i.test(rest)) return null;
    rest = rest.slice(absolute[0].length);
    if (!rest.startsWith('/')) rest = `/${rest}`;
  }
  const queryAt = rest.indexOf('?');
  const rawPath = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const query = queryAt === -1 ? '' : rest.slice(queryAt);
  if (rawPath.includes('#')) return null;

  let path = '';
  for (let i = 0; i < rawPath.length; i++) {
    const char = rawPath[i]!;
    if (char === '\\' || char === '\u0000') return null;
    if (char !== '%') {
      path += char;
      continue;
    }
    const hex = rawPath.slice(i + 1, i + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null;
    const decoded = String.fromCharCode(parseInt(hex, 16));
    if (decoded === '/' || decoded === '\\' || decoded === '\u0000') return null;
    path += UNRESERVED.test(decoded) ? decoded : `%${hex.toUpperCase()}`;
    i += 2;
  }

  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const trailingSlash = segments.length > 0 && /\/\.{0,2}$/.test(path) ? '/' : '';
  return `/${segments.join('/')}${trailingSlash}${query}`;
}

/** Marks a raw request whose target was refused; the first onRequest hook answers 400. */
export const REFUSED_TARGET = Symbol('refusedTarget');

/** The path a refused target is routed to (never a registered route), so that the 400 is answered from a hook. */
const REFUSED_PATH = '/';

/** Fastify's `rewriteUrl`: the normalised target, or a marked request that is refused before any handler runs. */
export function rewriteRequestTarget(request: { url?: string; [REFUSED_TARGET]?: boolean }): string {
  const normalised = normaliseRequestTarget(request.url ?? '');
  if (normalised !== null) return normalised;
  request[REFUSED_TARGET] = true;
  return REFUSED_PATH;
}

export const REFUSED_TARGET_MESSAGE = 'The request target must be a plain path';
