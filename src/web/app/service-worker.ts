/**
 * Registers the staff app's service worker (src/web/service-worker/sw.ts, decision 020) and tells
 * the page when a new version has installed and is waiting, so it can offer a reload instead of
 * running stale code. Only in a production build: the dev server has no /sw.js.
 */

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting: ServiceWorker | null = null;

/** For useSyncExternalStore: whether a new version is waiting for the user's reload. */
export const updateStore = {
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): boolean => waiting !== null,
};

function announce(worker: ServiceWorker) {
  if (waiting === worker) return;
  waiting = worker;
  listeners.forEach((l) => l());
}

/** A worker that finished installing while another one controls the page is a new version. */
function watch(worker: ServiceWorker | null) {
  if (!worker) return;
  const check = () => {
    if (worker.state === 'installed' && navigator.serviceWorker.controller) announce(worker);
  };
  check();
  worker.addEventListener('statechange', check);
}

const HOUR = 60 * 60 * 1000;

async function register() {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  watch(registration.waiting);
  watch(registration.installing);
  registration.addEventListener('updatefound', () => watch(registration.installing));
  // A tablet left open for days still hears of a new version: when it is looked at again, and hourly.
  const update = () => void registration.update().catch(() => undefined);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') update();
  });
  window.setInterval(update, HOUR);
}

const SHELL_RELOAD_KEY = 'hvac.shellReloadedAt';

/**
 * The worker answered this page from its kept shell and then found the server's changed (a new
 * configuration or build, decision 026): reload once onto the new one. Listening starts with the
 * app (messages sent before are queued until then); a reload within the last 30 s is not repeated.
 */
function listenForShellChanges() {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if ((event.data as { type?: string } | null)?.type !== 'SHELL_CHANGED') return;
    const last = Number(sessionStorage.getItem(SHELL_RELOAD_KEY) ?? 0);
    if (Date.now() - last < 30_000) return;
    sessionStorage.setItem(SHELL_RELOAD_KEY, String(Date.now()));
    window.location.reload();
  });
  navigator.serviceWorker.startMessages();
}

/**
 * Registers once the page has loaded and the browser is idle, so installing (which downloads the
 * whole app) never competes with the first screen for a slow connection.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  listenForShellChanges();
  const start = () => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1_000));
    idle(() => void register().catch(() => undefined), { timeout: 5_000 });
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/** The user accepted the new version: it takes over, then the page reloads onto it. */
export function reloadToUpdate(): void {
  const worker = waiting;
  if (!worker || worker.state === 'activated' || worker.state === 'redundant') {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
