import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { createFactories, type Factories } from '../factories/index.js';
import { e2eGeocoder } from '../support/fake-geocoder.js';
import { freePort, startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.js';
import { testConfig } from '../support/test-config.js';
import { E2E_TEMPLATE_ENV } from './global-setup.js';

export const DEMO_USER = { username: 'demo', password: 'hvac-demo' };

interface Server {
  baseURL: string;
  db: Database;
  f: Factories;
  /** The fake SMTP server the outbox worker delivers to, when the spec asked for one (`withSmtp`). */
  smtp: FakeSmtp | null;
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

const FAILING_IMPACTS = new Set(['serious', 'critical']);
const optOuts = new WeakMap<Page, string>();

/**
 * Opts one page out of the automatic axe check, for a documented reason outside the app (never to
 * hide a violation of ours). The reason is recorded on the test.
 */
export function skipAxe(page: Page, reason: string): void {
  if (!reason.trim()) throw new Error('skipAxe needs a reason');
  optOuts.set(page, reason);
}

/** Waits until the screen has drawn its data: no spinner, no busy list (at most a few seconds). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load').catch(() => undefined);
  await page
    .waitForFunction(() => !document.querySelector('[role="status"] .animate-spin, [aria-busy="true"]'), undefined, {
      timeout: 15_000,
    })
    .catch(() => undefined);
}

function describeViolations(violations: { where: string; violation: Violation }[]): string {
  return violations
    .map(({ where, violation }) =>
      [
        `[${violation.impact}] ${violation.id}: ${violation.help} (${where})`,
        `  ${violation.helpUrl}`,
        ...violation.nodes
          .slice(0, 5)
          .map(
            (node) =>
              `  - ${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(1).join('; ').trim() ?? ''}`,
          ),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * Runs axe on every page a spec opens: after each `page.goto` (once the screen has settled), after
 * each client-side route change (in the background, in order), and once more when the test ends.
 * Any serious or critical violation fails the test with the rule, its help and the elements.
 */
class AxeGuard {
  private queue: Promise<void> = Promise.resolve();
  private found = new Map<string, { where: string; violation: Violation }>();
  private navigating = false;
  /** Route changes seen; a background check is skipped when a newer one is queued behind it. */
  private navigations = 0;

  constructor(
    private readonly page: Page,
    private readonly testInfo: TestInfo,
  ) {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      this.navigating = true;
      try {
        const response = await goto(url, options);
        await this.check(`after opening ${url}`);
        return response;
      } finally {
        this.navigating = false;
      }
    };
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || this.navigating) return;
      const where = `after navigating to ${new URL(frame.url()).pathname}`;
      const number = ++this.navigations;
      this.queue = this.queue
        .then(async () => {
          await page.waitForTimeout(250).catch(() => undefined);
          if (number !== this.navigations) return;
          await this.run(where, { tolerateErrors: true });
        })
        .catch(() => undefined);
    });
  }

  /** Checks the page now (after it settles) and records what it finds. */
  async check(where: string): Promise<void> {
    const run = this.queue.then(() => this.run(where, { tolerateErrors: false }));
    this.queue = run.catch(() => undefined);
    await run;
  }

  private async run(where: string, { tolerateErrors }: { tolerateErrors: boolean }): Promise<void> {
    if (optOuts.has(this.page) || this.page.isClosed()) return;
    await settle(this.page);
    let results: AxeResults;
    try {
      results = await new AxeBuilder({ page: this.page }).analyze();
    } catch (error) {
      // A background check can meet a page that is navigating away; the next check covers it.
      if (tolerateErrors || this.page.isClosed()) return;
      throw error;
    }
    for (const violation of results.violations) {
      if (!FAILING_IMPACTS.has(violation.impact ?? '')) continue;
      const key = `${violation.id} ${violation.nodes.map((n) => n.target.join(' ')).join(',')}`;
      if (!this.found.has(key)) this.found.set(key, { where: `${where}, ${this.page.url()}`, violation });
    }
  }

  /** Throws when any check found a serious or critical violation. */
  assertClean(): void {
    if (this.found.size === 0) return;
    const message = describeViolations([...this.found.values()]);
    this.found.clear();
    throw new Error(`axe found serious or critical accessibility violations:\n${message}`);
  }

  async finish(): Promise<void> {
    const reason = optOuts.get(this.page);
    if (reason) this.testInfo.annotations.push({ type: 'axe skipped', description: reason });
    await this.queue;
    // A test that failed already has its own error; a check of its last screen adds nothing.
    if (this.testInfo.status === this.testInfo.expectedStatus && !this.page.isClosed())
      await this.check('at the end of the test');
    this.assertClean();
  }
}

const guards = new WeakMap<Page, AxeGuard>();

/** Runs the axe check now (an open dialog, an expanded row) and fails at once on a violation. */
export async function expectAccessible(page: Page, where = 'expectAccessible'): Promise<void> {
  const guard = guards.get(page);
  if (!guard) throw new Error('expectAccessible needs the page of the e2e fixture');
  await guard.check(where);
  guard.assertClean();
}

/**
 * Opens a Home card from / once its count has loaded: clicks it, waits for `url`, and returns the
 * number the card showed (for the list's "Showing … of N" to be compared with).
 */
/**
 * Presses Tab until the target has the focus, at most `max` times: proves it is reachable from the
 * keyboard (a small `max` also proves it comes soon after the focus's place).
 */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  await target.waitFor({ state: 'attached' });
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/**
 * Picks an option of an open combobox list with the arrow keys and Enter. On a loaded machine a
 * late answer can redraw the list: the arrow is pressed until the option's selection holds.
 */
export async function chooseOption(page: Page, option: Locator): Promise<void> {
  await expect(option).toBeVisible();
  await expect(async () => {
    if ((await option.getAttribute('aria-selected')) !== 'true') await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Enter');
}

export async function openHomeCard(page: Page, label: string, url: RegExp): Promise<number> {
  await page.goto('/');
  const link = page.getByRole('link', { name: new RegExp(`^${label}`) });
  await expect(link).toHaveAttribute('aria-busy', 'false');
  const count = page.getByTestId(`count-${label}`);
  await expect(count).toHaveText(/^\d[\d,]*$/);
  const counted = Number((await count.textContent())!.replace(/,/g, ''));
  await link.click();
  await expect(page).toHaveURL(url);
  return counted;
}

/**
 * `server` (one per worker): the built web app and the API on a fresh embedded database holding
 * the demo data. `f` seeds more through the factories. `signedIn` is a page already signed in as
 * the demo admin (through the real login API, so the cookie is the real one). Every page is
 * checked with axe (AxeGuard above).
 */
export const test = base.extend<{ f: Factories; signedIn: Page }, { server: Server; withSmtp: boolean }>({
  /**
   * `test.use({ withSmtp: true })` (a worker option: the spec gets workers of its own) starts a real
   * SMTP server (tests/support/fake-smtp.ts) for the worker's app: SMTP_URL points at it, the outbox
   * worker runs and polls quickly, and PUBLIC_URL is the app's own address, so the links in a
   * delivered message open this server. Without it the app has no SMTP_URL (messages stay queued).
   */
  withSmtp: [false, { option: true, scope: 'worker' }],
  page: async ({ page }, use, testInfo) => {
    const guard = new AxeGuard(page, testInfo);
    guards.set(page, guard);
    await use(page);
    await guard.finish();
  },
  server: [
    async ({ withSmtp }, use, workerInfo) => {
      // The run's migrated demo database (global-setup.ts, which Playwright runs first).
      const template = process.env[E2E_TEMPLATE_ENV];
      if (!template) throw new Error(`${E2E_TEMPLATE_ENV} is not set: tests/e2e/global-setup.ts did not run`);
      const database = await openDatabase({ loadDataDir: new Blob([readFileSync(template)]) });
      const smtp = withSmtp ? await startFakeSmtp() : null;
      const listenPort = smtp ? await freePort() : 0;
      const app = await buildApp({
        config: testConfig({
          demo: true,
          // Webhook specs subscribe a receiver they start on 127.0.0.1 (decision 048).
          webhookAllowPrivateUrls: true,
          ...(smtp ? { smtpUrl: smtp.url, publicUrl: `http://127.0.0.1:${listenPort}` } : {}),
        }),
        database,
        webDir: path.resolve('dist/web'),
        geocoder: e2eGeocoder,
        ...(smtp ? { outboxWorkerOptions: { pollIntervalMs: 200, backoff: () => 200 } } : {}),
        webhookWorkerOptions: { pollIntervalMs: 200, backoff: () => 500 },
      });
      await app.listen({ port: listenPort, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await use({
        baseURL: `http://127.0.0.1:${port}`,
        db: database.db,
        f: createFactories(database.db, 1000 + workerInfo.workerIndex),
        smtp,
      });
      await app.close();
      await smtp?.stop();
      await database.close();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  f: async ({ server }, use) => use(server.f),
  signedIn: async ({ page, server }, use) => {
    const response = await page.request.post(`${server.baseURL}/api/auth/login`, { data: DEMO_USER });
    expect(response.status()).toBe(200);
    await use(page);
  },
});

export { expect };
