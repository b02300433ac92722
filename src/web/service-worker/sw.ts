/**
 * The staff app's service worker (decision 020), built by scripts/vite/pwa.ts into dist/web/sw.js
 * with the list of files of this build. It keeps the application shell (index.html) and every
 * hashed asset of the staff app, so a repeat visit loads its code from the device and a device
 * offline still opens the app. It never answers /api (customer data stays on the server: those
 * requests bypass it) nor the customer's quote page (/quote/, its own bundle, not cached here).
 *
 * Pages come from the device and are checked with the server at once (decision 026): a page
 * carries the server's configuration in its headers (the Content-Security-Policy names the map tile
 * server of MAP_TILE_URL) and names the build's files. The kept index.html answers a navigation at
 * once (a repeat visit does not wait for the network), and the server's index.html is fetched
 * beside it; when its policy or its contents differ, it replaces the kept one and the open pages
 * are told to reload (SHELL_CHANGED), so a changed configuration or build runs on that same visit.
 *
 * A new build is a new worker: it installs beside the running one and waits; the page shows a
 * "reload" prompt and, when the user accepts, asks it to take over (SKIP_WAITING) and reloads.
 */

// The few service-worker types used here, declared locally: the "webworker" lib would change the
// global types of the whole (DOM) program.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  /** the page a navigation will become (empty for other requests and older browsers) */
  readonly resultingClientId?: string;
  respondWith(response: Response | Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerEvents {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
  message: ExtendableMessageEvent;
}
interface WindowClient {
  readonly id: string;
  postMessage(message: unknown): void;
}
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: { readonly navigationPreload?: { disable(): Promise<void> } };
  readonly clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window' }): Promise<WindowClient[]>;
    get(id: string): Promise<WindowClient | undefined>;
  };
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof WorkerEvents>(type: K, listener: (event: WorkerEvents[K]) => void): void;
}
const worker = self as unknown as ServiceWorkerScope;
/** Replaced at build: the files of this build (index.html, hashed assets, manifest, icons). */
declare const __PRECACHE__: string[];
/** Replaced at build: a hash of those files' contents. */
declare const __VERSION__: string;

const CACHE_PREFIX = 'hvac-app-';
const CACHE = `${CACHE_PREFIX}${__VERSION__}`;
const SHELL = '/index.html';
const PRECACHE = new Set(__PRECACHE__);

/** Paths the worker never handles: the API (live data) and the customer's quote page. */
const BYPASS = ['/api/', '/quote/'];
const bypassed = (pathname: string) => BYPASS.some((prefix) => pathname.startsWith(prefix)) || pathname === '/api';

/** Hashed files never change: one already kept by the previous version is copied, not downloaded again. */
async function precache(): Promise<void> {
  const cache = await caches.open(CACHE);
  await Promise.all(
    [...PRECACHE].map(async (url) => {
      const hashed = url.startsWith('/assets/');
      const kept = hashed ? await caches.match(url) : undefined;
      const response =
        kept ?? (await fetch(url, { cache: hashed ? 'default' : 'no-cache', credentials: 'same-origin' }));
      if (!response.ok) throw new Error(`precache: ${url} answered ${response.status}`);
      await cache.put(url, response);
    }),
  );
}

interface RouterRule {
  condition: { urlPattern: string };
  source: 'network';
}
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule[]) => Promise<void> };

worker.addEventListener('install', (event) => {
  // Where the browser has the static routing API, /api and /quote/ do not even start the worker.
  const routes = (event as InstallEventWithRoutes).addRoutes;
  if (routes) {
    event.waitUntil(
      routes
        .call(
          event,
          BYPASS.map((prefix) => ({ condition: { urlPattern: `${prefix}*` }, source: 'network' as const })),
        )
        .catch(() => undefined),
    );
  }
  event.waitUntil(precache());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      // Pages are answered from the kept shell, so the browser need not start a preload request.
      await worker.registration.navigationPreload?.disable().catch(() => undefined);
      // The first install takes the open page at once, so its next screens load from the cache too.
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

async function fromCache(request: Request | string, fallback: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  return (await cache.match(request)) ?? fetch(fallback);
}

/** What makes a page run differently: its policy headers and its contents (the build's files). */
async function sameShell(kept: Response, fresh: Response): Promise<boolean> {
  for (const header of ['content-security-policy', 'permissions-policy'])
    if (kept.headers.get(header) !== fresh.headers.get(header)) return false;
  const [a, b] = await Promise.all([kept.clone().text(), fresh.clone().text()]);
  return a === b;
}

/**
 * Asks the server for the shell; a changed one replaces the kept one and the open pages reload onto
 * it. The page being loaded is told by its id: the answer often comes before its document exists,
 * when matchAll does not list it yet (clients.get waits until it does; the message waits in its
 * queue until the app listens).
 */
async function revalidateShell(kept: Response, loading: string | undefined): Promise<void> {
  try {
    const fresh = await fetch(SHELL, { cache: 'no-cache', credentials: 'same-origin' });
    if (!fresh.ok || (await sameShell(kept, fresh))) return;
    await (await caches.open(CACHE)).put(SHELL, fresh);
    const clients = new Map((await worker.clients.matchAll({ type: 'window' })).map((client) => [client.id, client]));
    const page = loading ? await worker.clients.get(loading) : undefined;
    if (page) clients.set(page.id, page);
    for (const client of clients.values()) client.postMessage({ type: 'SHELL_CHANGED' });
  } catch {
    // Offline or the server unreachable: the kept shell stays.
  }
}

/**
 * Every screen of the app is index.html (the router draws the rest): the kept one at once, checked
 * with the server beside it (waitUntil is called while the event is dispatched, as it must be).
 */
function page(event: FetchEvent): void {
  const shells = caches
    .open(CACHE)
    .then((cache) => cache.match(SHELL))
    .then((kept) => (kept ? ([kept, kept.clone()] as const) : null));
  event.respondWith(shells.then((pair) => (pair ? pair[0] : fetch(event.request))));
  event.waitUntil(shells.then((pair) => (pair ? revalidateShell(pair[1], event.resultingClientId) : undefined)));
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || bypassed(url.pathname)) return;
  if (request.mode === 'navigate') {
    page(event);
    return;
  }
  if (PRECACHE.has(url.pathname)) event.respondWith(fromCache(url.pathname, request));
});
