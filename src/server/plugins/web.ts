import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  escapeHtml,
  HOME_BOX,
  screenHeadingHtml,
  screenHeadingOf,
  type ScreenHeading,
} from '../../domain/screen-headings.js';
import { SESSION_COOKIE } from './auth.js';
import { negotiateEncoding, varyOnAcceptEncoding } from './compression.js';
import { sendApiNotFound } from './errors.js';

/** An HTML page held in memory with its brotli and gzip forms, compressed once at start. */
interface HtmlPage {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function htmlPage(raw: Buffer): HtmlPage {
  return {
    raw,
    br: brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(raw, { level: 9 }),
  };
}

function loadHtml(file: string | null): HtmlPage | null {
  return file && existsSync(file) ? htmlPage(readFileSync(file)) : null;
}

/** One path of the router with what its first load needs (written by the build: scripts/vite/first-load.ts). */
interface RoutePreload {
  path: string;
  modules: string[];
  fetch: string[];
  /** preloaded only for a request with a session cookie and no query string (decision 042) */
  data?: string[];
}

/**
 * React Router's ranking, enough for our table: a static segment outranks a parameter, which
 * outranks a splat; the highest-ranked pattern matching the path wins.
 */
export function matchRoute(patterns: readonly string[], pathname: string): string | null {
  const parts = pathname.split('/').filter(Boolean);
  let best: { pattern: string; score: number } | null = null;
  for (const pattern of patterns) {
    const segments = pattern.split('/').filter(Boolean);
    let score = segments.length;
    let matched = true;
    for (let i = 0; i < segments.length && matched; i++) {
      const segment = segments[i]!;
      if (segment === '*') {
        score -= 2;
        break;
      }
      const part = parts[i];
      if (part === undefined) matched = false;
      else if (segment.startsWith(':')) score += 3;
      else if (segment === decodeURIComponentSafe(part)) score += 10;
      else matched = false;
    }
    const splat = segments[segments.length - 1] === '*';
    if (
      matched &&
      (splat ? parts.length >= segments.length - 1 : parts.length === segments.length) &&
      (!best || score > best.score)
    )
      best = { pattern, score };
  }
  return best?.pattern ?? null;
}

/** A path parameter that may be written into a preload's URL: an id, never a separator or a quote. */
const SAFE_PARAM = /^[A-Za-z0-9_-]{1,64}$/;
/** A route parameter named in a preload's URL (`:id`). */
const PARAM_TOKEN = /:([A-Za-z]\w*)/g;
const namesParameter = (url: string) => url.search(PARAM_TOKEN) >= 0;

/**
 * The `Link` header preloading a detail screen's first answers (decision 062): each URL of
 * `templates` with the route's parameters (`:id`) taken from the path. Nothing when a parameter is
 * not a plain id (the screen shows its not-found state without the server's help).
 */
export function dataPreloadLinks(pattern: string, pathname: string, templates: readonly string[]): string | null {
  if (!templates.length) return null;
  const segments = pattern.split('/').filter(Boolean);
  const parts = pathname.split('/').filter(Boolean);
  const params = new Map<string, string>();
  for (let i = 0; i < segments.length; i++) {
    const name = segments[i]!.startsWith(':') ? segments[i]!.slice(1) : null;
    if (!name) continue;
    const value = parts[i] ?? '';
    if (!SAFE_PARAM.test(value)) return null;
    params.set(name, value);
  }
  const urls = templates.map((template) =>
    template.replace(PARAM_TOKEN, (token, name: string) => params.get(name) ?? token),
  );
  if (urls.some(namesParameter)) return null;
  return urls.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`).join(', ');
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * A page that draws the layout's header from its HTML (every page but /login, decision 042) needs
 * only itself and the stylesheet for its first paint: its scripts are fetched at low priority so
 * that on a slow connection the stylesheet and the screen's first API answers are not shared out
 * with ~170 KB of JavaScript (decision 061). /login has no such header: its form is drawn by its
 * scripts, which keep their priority.
 */
export function scriptsAfterFirstPaint(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*\sfetchpriority=)/g,
    '<$1 fetchpriority="low"',
  );
}

/**
 * The page for a screen whose title row never changes carries that row, drawn with the layout's
 * header before any script (decision 061): the screen's largest paint on a phone, at once.
 * `main` has the classes of the layout's (app/layout/app-layout.tsx).
 */
export function withScreenHeading(html: string, routePath: string): string {
  const heading = screenHeadingOf(routePath);
  return heading ? withHeadingRow(html, heading) : html;
}

/** The page with a title row where the screen goes, in a `main` with the layout's classes. */
function withHeadingRow(html: string, heading: ScreenHeading): string {
  if (!html.includes('<!--screen-->')) return html;
  return html.replace(
    '<!--screen-->',
    `<main class="flex-1 px-4 py-6 sm:px-6 lg:px-8">${screenHeadingHtml(heading)}</main>`,
  );
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with a path's preloads before </head>, for each path of the route table. */
function routePages(webDir: string, indexRaw: Buffer): RoutePages {
  const file = path.join(webDir, 'route-preloads.json');
  if (!existsSync(file)) return noRoutePages();
  const routes = JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[];
  const indexHtml = indexRaw.toString('utf8');
  const pages = new Map<string, HtmlPage>();
  const signedIn = new Map<string, HtmlPage>();
  const perPath = new Map<string, string[]>();
  const fetchLink = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`;
  // /login is not drawn in the signed-in layout: its page leaves out index.html's header (decision 042).
  const withoutShell = (page: string) => page.replace(/<!--shell-->[\s\S]*?<!--\/shell-->/, '');
  for (const route of routes) {
    const html = withScreenHeading(route.path === '/login' ? withoutShell(indexHtml) : indexHtml, route.path);
    const shell = html.includes('<!--shell-->');
    const page = (links: string[]) => {
      const text = html.replace('</head>', `${links.join('\n    ')}\n  </head>`);
      return htmlPage(Buffer.from(shell ? scriptsAfterFirstPaint(text) : text));
    };
    const links = [
      ...route.modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
      ...route.fetch.map(fetchLink),
    ];
    if (!html.includes('</head>')) continue;
    if (links.length || html !== indexHtml) pages.set(route.path, page(links));
    // The screen's first answers travel with its code instead of after it has run (decision 042);
    // those naming the path's own id go in the answer's Link header (decision 062).
    const data = route.data ?? [];
    const fixed = data.filter((url) => !namesParameter(url));
    const ofPath = data.filter(namesParameter);
    if (fixed.length) signedIn.set(route.path, page([...links, ...fixed.map(fetchLink)]));
    if (ofPath.length) perPath.set(route.path, ofPath);
  }
  return { patterns: [...new Set([...pages.keys(), ...signedIn.keys(), ...perPath.keys()])], pages, signedIn, perPath };
}

const noRoutePages = (): RoutePages => ({ patterns: [], pages: new Map(), signedIn: new Map(), perPath: new Map() });

interface RoutePages {
  patterns: string[];
  pages: Map<string, HtmlPage>;
  /** the same pages with the screen's first API answers preloaded, for a signed-in browser */
  signedIn: Map<string, HtmlPage>;
  /** the first answers of a screen that are its path's own (`/api/jobs/:id`), for the Link header */
  perPath: Map<string, string[]>;
}

/**
 * What a signed-in person's page may show before any script (decision 062): the company's line under
 * the header's title, and Home's title, which is the same line. Resolved from a live session only.
 */
export interface PageFacts {
  companyLine: string;
}

/**
 * A page with the signed-in person's facts drawn in: the header's company line and, on Home, its
 * title row (Home's title is the company line). `routePattern` is the route the path matched.
 */
export function withPageFacts(html: string, facts: PageFacts, routePattern: string | null): string {
  const line = escapeHtml(facts.companyLine);
  const page = html.replace(/(<p [^>]*data-company-line[^>]*>)&nbsp;(<\/p>)/, `$1${line}$2`);
  return routePattern === '/' ? withHeadingRow(page, { title: facts.companyLine, box: HOME_BOX }) : page;
}

/** A page made for one request: compressed as the request accepts, at a quick setting. */
function sendOwnHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  varyOnAcceptEncoding(reply);
  // Holds the person's company line: never kept by a shared cache.
  reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-cache');
  const raw = Buffer.from(html);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (encoding === 'br')
    return reply
      .header('content-encoding', 'br')
      .send(brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(raw, { level: 6 }));
  return reply.send(raw);
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  varyOnAcceptEncoding(reply);
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(page.raw);
  return reply.header('content-encoding', encoding).send(page[encoding]);
}

const HASHED_ASSET = `${path.sep}assets${path.sep}`;

/**
 * Serves the built React app from dist/web. The build writes a brotli (.br) and a gzip (.gz) copy
 * beside every text file; @fastify/static's `preCompressed` picks one by the request's
 * Accept-Encoding (the plain file otherwise) and answers `Vary: Accept-Encoding`. Hashed assets are
 * cached for a year; everything else (the pages, the service worker, the web manifest) is revalidated
 * on every use, so a new build is seen at once. index.html answers every other GET so client-side
 * routes (and the Not-found page) work on reload, with the preloads of the route the path matches.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDir: string | null,
  options: {
    /** The signed-in person's facts for the page, or null (no live session): decision 062. */
    pageFacts?: (request: FastifyRequest) => Promise<PageFacts | null>;
  } = {},
) {
  const indexFile = webDir ? path.join(webDir, 'index.html') : null;
  const indexRaw = indexFile && existsSync(indexFile) ? readFileSync(indexFile) : null;
  const indexHtml = indexRaw ? htmlPage(Buffer.from(scriptsAfterFirstPaint(indexRaw.toString('utf8')))) : null;
  // The customer's quote page has its own small bundle (decision 018).
  const quoteHtml = loadHtml(webDir ? path.join(webDir, 'quote-confirm.html') : null);
  // Each screen's page names its own chunks (and first API answers), so they download with the entry.
  const routes = webDir && indexRaw ? routePages(webDir, indexRaw) : noRoutePages();

  if (webDir && indexHtml) {
    await app.register(async (files) => {
      // The app's own files are public, and each of their routes says so (plugins/auth.ts).
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, public: true };
      });
      await files.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        setHeaders(res, filePath) {
          res.header(
            'cache-control',
            filePath.includes(HASHED_ASSET) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url.startsWith('/api/') || url === '/api') return sendApiNotFound(reply, request.method, url);
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      quoteHtml &&
      (url === '/quote/confirm' || url.startsWith('/quote/confirm/') || url.startsWith('/quote/confirm?'))
    ) {
      return sendHtml(request, reply.header('referrer-policy', 'no-referrer'), quoteHtml);
    }
    if ((request.method === 'GET' || request.method === 'HEAD') && indexHtml && !url.startsWith('/assets/')) {
      const pathname = url.split('?')[0]!.split('#')[0]!;
      const pattern = matchRoute(routes.patterns, pathname);
      // The answers a screen asks for first at its plain path: only worth fetching with a session
      // cookie (else they answer 401) and without a query (which changes what the screen asks for).
      const hasSession = request.headers.cookie?.includes(`${SESSION_COOKIE}=`) ?? false;
      const signedIn = pathname === url && hasSession;
      const page = pattern && ((signedIn && routes.signedIn.get(pattern)) || routes.pages.get(pattern));
      const links = pattern && signedIn ? dataPreloadLinks(pattern, pathname, routes.perPath.get(pattern) ?? []) : null;
      if (links) reply.header('link', links);
      const chosen = page || indexHtml;
      const facts = options.pageFacts && hasSession && pattern !== '/login' ? await options.pageFacts(request) : null;
      if (facts) return sendOwnHtml(request, reply, withPageFacts(chosen.raw.toString('utf8'), facts, pattern));
      return sendHtml(request, reply, chosen);
    }
    return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
