/**
 * The staff app's service worker (decision 020), built by scripts/vite/pwa.ts into dist/web/sw.js
 * with the list of files of this build. It keeps the application shell (index.html) and every
 * hashed asset of the staff app, so a repeat visit loads its code from the device and a device
 * offline still opens the app. It never answers /api (customer data stays on the server: those
 * requests bypass it) nor the customer's quote page (/quote/, its own bundle, not cached here).
 *
 * Pages come from the network first (decision 026): a page carries the server's configuration in
 * its headers (the Content-Security-Policy names the map tile server of MAP_TILE_URL) and names
 * the build's files, so a page kept here would run under an old configuration, or an old version,
 * until this worker was replaced. The kept index.html answers only when the network fails.
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
  /** The navigation's own request, started by the browser while the worker starts (navigation preload). */
  readonly preloadResponse?: Promise<Response | undefined>;
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
interface ServiceWorkerScope {
  readonly location: Location;
  readonly registration: { readonly navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
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
      const response = kept ?? (await fetch(url, { cache: hashed ? 'default' : 'no-cache', credentials: 'same-origin' }));
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
      for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX) && name !== CACHE) await caches.delete(name);
      // A page's request starts with the navigation, not after the worker has started.
      await worker.registration.navigationPreload?.enable().catch(() => undefined);
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

/** The server's page when it can be reached (its headers are the configuration of now); the kept shell offline. */
async function page(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch (error) {
    const shell = await (await caches.open(CACHE)).match(SHELL);
    if (shell) return shell;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || bypassed(url.pathname)) return;
  if (request.mode === 'navigate') {
    // Offline, every screen of the app is index.html; the router draws the rest.
    event.respondWith(page(event));
    return;
  }
  if (PRECACHE.has(url.pathname)) event.respondWith(fromCache(url.pathname, request));
});
