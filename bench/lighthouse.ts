/**
 * Lighthouse 12.2.3's mobile profile (its default: a 412x823 phone, simulated slow 4G with 150 ms
 * round trips and 1.6 Mbit/s down, the CPU 4x slower) on the main screens of the built product, signed
 * in (decision 042). Lighthouse is run through its own command line (node_modules/.bin/lighthouse,
 * pinned: 13 needs Node 22) with Debian's Chromium, one screen after another, each in a fresh profile.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.mjs';

/** The targets of issue 28, for every screen. */
export const LIGHTHOUSE_TARGETS = { performance: 95, accessibility: 100, cls: 0.05 } as const;

export interface LighthouseScreen {
  /** what the bench prints ("a job") */
  name: string;
  path: string;
  signedIn: boolean;
  /** Another user's session cookie for this screen (a technician's for /field); else the run's. */
  cookie?: string;
}

export interface LighthouseFigures {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  requests: number;
  scriptRequests: number;
  /** accessibility audits that failed, by id (target-size, color-contrast...) */
  failedAccessibility: string[];
}

interface Report {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; details?: { items?: unknown[] } }>;
}

/** Lighthouse's report for one screen, reduced to the figures the bench keeps. */
export function figuresOf(screen: LighthouseScreen, report: Report): LighthouseFigures {
  const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const requests = (report.audits['network-requests']?.details?.items ?? []) as { resourceType?: string }[];
  const a11y = report.categories.accessibility!;
  return {
    name: screen.name,
    path: screen.path,
    performance: Math.round((report.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((a11y.score ?? 0) * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Number(audit('cumulative-layout-shift').toFixed(3)),
    speedIndexMs: Math.round(audit('speed-index')),
    requests: requests.length,
    scriptRequests: requests.filter((r) => r.resourceType === 'Script').length,
    failedAccessibility: a11y.auditRefs
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref) => ref.id),
  };
}

/** Runs Lighthouse (mobile, performance and accessibility) on each screen; `cookie` signs the signed-in ones in. */
export function runLighthouse(baseURL: string, screens: LighthouseScreen[], cookie: string): LighthouseFigures[] {
  const chrome = findChromium();
  if (!chrome) throw new Error('Chromium is missing (apt-get install chromium)');
  const bin = path.resolve(import.meta.dirname, '../node_modules/.bin/lighthouse');
  const dir = mkdtempSync(path.join(tmpdir(), 'hvac-bench-lighthouse-'));
  try {
    const headers = path.join(dir, 'headers.json');
    writeFileSync(headers, JSON.stringify({ Cookie: cookie }));
    return screens.map((screen, i) => {
      const out = path.join(dir, `${i}.json`);
      const own = path.join(dir, `headers-${i}.json`);
      if (screen.cookie) writeFileSync(own, JSON.stringify({ Cookie: screen.cookie }));
      // Lighthouse sometimes loses the trace of a load (NO_NAVSTART); such a run is repeated once.
      const audit = () =>
        spawnSync(
          bin,
          [
            `${baseURL}${screen.path}`,
            '--quiet',
            `--chrome-flags=--headless ${CHROMIUM_ARGS.join(' ')}`,
            '--only-categories=performance,accessibility',
            ...(screen.signedIn ? [`--extra-headers=${screen.cookie ? own : headers}`] : []),
            '--output=json',
            `--output-path=${out}`,
          ],
          { env: { ...process.env, CHROME_PATH: chrome }, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000 },
        );
      let run = audit();
      if (run.status !== 0) run = audit();
      if (run.status !== 0) throw new Error(`lighthouse failed on ${screen.path} (exit ${run.status})`);
      return figuresOf(screen, JSON.parse(readFileSync(out, 'utf8')) as Report);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
