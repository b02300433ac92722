import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';

/**
 * A technician's tablet on a mobile network, as the issue measured it: 150 ms round trip,
 * 1.6 Mbit/s down, 750 kbit/s up, the CPU slowed 4 times, a 1024x768 screen.
 */
export const FIELD_PROFILE = {
  latencyMs: 150,
  downloadBytesPerSecond: 1_600_000 / 8,
  uploadBytesPerSecond: 750_000 / 8,
  cpuSlowdown: 4,
  viewport: { width: 1024, height: 768 },
};

export interface FirstLoadPage {
  path: string;
  signedIn: boolean;
}

export interface LoadFigures {
  lcpMs: number;
  /** the element Chromium took as the largest contentful paint */
  lcpElement: string;
  /** bytes received over the (emulated) network, headers included */
  transferredKB: number;
  requests: number;
  /** requests answered by the service worker or the memory/disk cache */
  fromCache: number;
}

export interface FirstLoadRow {
  path: string;
  signedIn: boolean;
  cold: LoadFigures[];
  warm: LoadFigures[];
}

async function throttle(
  page: Page,
  context: BrowserContext,
): Promise<{ cdp: CDPSession; stats: () => { bytes: number; requests: number; fromCache: number } }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: FIELD_PROFILE.latencyMs,
    downloadThroughput: FIELD_PROFILE.downloadBytesPerSecond,
    uploadThroughput: FIELD_PROFILE.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: FIELD_PROFILE.cpuSlowdown });
  let bytes = 0;
  let requests = 0;
  let fromCache = 0;
  const cached = new Set<string>();
  cdp.on('Network.requestWillBeSent', () => requests++);
  cdp.on('Network.requestServedFromCache', (e: { requestId: string }) => cached.add(e.requestId));
  cdp.on(
    'Network.responseReceived',
    (e: { requestId: string; response: { fromServiceWorker?: boolean; fromDiskCache?: boolean } }) => {
      if (e.response.fromServiceWorker || e.response.fromDiskCache) cached.add(e.requestId);
    },
  );
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    if (cached.has(e.requestId)) fromCache++;
    else bytes += e.encodedDataLength;
  });
  return { cdp, stats: () => ({ bytes, requests, fromCache }) };
}

/** Waits until the screen has drawn its data: the network quiet, no spinner, no busy list. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForFunction(
    () => !document.querySelector('[role="status"] .animate-spin, [aria-busy="true"]'),
    undefined,
    { timeout: 30_000 },
  );
  await page.waitForTimeout(300);
}

/**
 * The last largest-contentful-paint entry of the page's navigation (buffered, so none is missed).
 * Written as a string: tsx would wrap named inner functions in a helper the page does not have.
 */
const LCP_SCRIPT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    const last = entries[entries.length - 1];
    const el = last && last.element;
    const text = el ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().slice(0, 40) + '"' : '(none)';
    resolve({ ms: last ? last.startTime : -1, element: text });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  setTimeout(() => resolve({ ms: -1, element: '(no entry)' }), 5000);
})`;

async function largestContentfulPaint(page: Page): Promise<{ ms: number; element: string }> {
  return page.evaluate(LCP_SCRIPT) as Promise<{ ms: number; element: string }>;
}

/**
 * Waits for the app's service worker to be installed and active (the app registers it once the
 * page has loaded and the browser is idle), at most 15 s; an app without one is not waited for
 * longer than that.
 */
const SW_READY_SCRIPT = `new Promise((resolve) => {
  if (!navigator.serviceWorker) return resolve(false);
  const started = Date.now();
  const poll = () => navigator.serviceWorker.getRegistration().then((r) => {
    if (r && r.active) return resolve(true);
    if (Date.now() - started > 15000) return resolve(false);
    setTimeout(poll, 200);
  });
  poll();
})`;

async function visit(context: BrowserContext, url: string): Promise<LoadFigures> {
  const page = await context.newPage();
  const { cdp, stats } = await throttle(page, context);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await settle(page);
    const lcp = await largestContentfulPaint(page);
    const s = stats();
    return {
      lcpMs: lcp.ms,
      lcpElement: lcp.element,
      transferredKB: s.bytes / 1024,
      requests: s.requests,
      fromCache: s.fromCache,
    };
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 }).catch(() => undefined);
    // A repeat visit comes after the app installed its service worker (when it has one).
    await page.evaluate(SW_READY_SCRIPT).catch(() => undefined);
    await page.close();
  }
}

/**
 * LCP of each page with an empty cache (a new browser profile) and on a repeat visit in the same
 * profile (a new tab: the HTTP cache and the service worker, when the app has one, are kept),
 * `runs` times each, in Debian's Chromium with the field profile's network and CPU emulation.
 */
export async function measureFirstLoad(
  baseURL: string,
  pages: FirstLoadPage[],
  runs: number,
  credentials: { username: string; password: string },
): Promise<FirstLoadRow[]> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium is missing (apt-get install chromium)');
  const browser: Browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const rows: FirstLoadRow[] = [];
  try {
    for (const target of pages) {
      const row: FirstLoadRow = { path: target.path, signedIn: target.signedIn, cold: [], warm: [] };
      for (let run = 0; run < runs; run++) {
        const context = await browser.newContext({
          viewport: FIELD_PROFILE.viewport,
          baseURL,
          locale: 'en-US',
          timezoneId: 'America/New_York',
        });
        try {
          if (target.signedIn) {
            const response = await context.request.post('/api/auth/login', { data: credentials });
            if (!response.ok()) throw new Error(`sign-in failed: ${response.status()}`);
          }
          row.cold.push(await visit(context, target.path));
          row.warm.push(await visit(context, target.path));
        } finally {
          await context.close();
        }
      }
      rows.push(row);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
