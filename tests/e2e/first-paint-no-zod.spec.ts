import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, skipAxe, test } from './fixtures';

/**
 * The first load of a list screen runs no zod (decision 057): zod and the schemas built
 * with it are the largest share of a screen's scripting on a phone. Each screen is opened fresh
 * (no HTTP cache, no service worker) and every script the page requests until it is idle is
 * compared with the build's files that hold a zod module (read from their source maps, so the
 * check follows the chunks whatever the bundler names them).
 */
const ASSETS = path.resolve('dist/web/assets');
const zodFiles = new Set(
  readdirSync(ASSETS)
    .filter((file) => file.endsWith('.js.map'))
    .filter((file) =>
      (JSON.parse(readFileSync(path.join(ASSETS, file), 'utf8')) as { sources: string[] }).sources.some((source) =>
        /[\\/]node_modules[\\/]zod[\\/]/.test(source),
      ),
    )
    .map((file) => file.slice(0, -'.map'.length)),
);

/** Screens whose first load must not request a zod file. */
const SCREENS = [
  '/',
  '/jobs',
  '/jobs/dispatch',
  '/jobs/scorecard',
  '/jobs/opportunities',
  '/invoices',
  '/invoices/pending',
  '/invoices/paid',
  '/invoices/reports',
  '/invoices/payments',
  '/companies',
  '/locations',
  '/dashboard',
  '/units',
  '/item-prices',
  '/agreements',
  '/contacts',
  '/help',
];

test.use({ serviceWorkers: 'block' });

test.describe('first paint without zod', () => {
  test('the build has zod files to look for', () => {
    expect(zodFiles.size).toBeGreaterThan(0);
  });

  for (const screen of [...SCREENS, 'a company', 'an invoice']) {
    test(`${screen} requests no zod file on its first load`, async ({ signedIn: page }) => {
      skipAxe(page, 'counts the scripts of a first load: each screen is checked with axe by its own spec');
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname.split('/').pop()!);
      });
      // A detail page: the first company, or the first paid invoice, of the demo data (a draft that
      // may be edited loads its discount form, which checks with a schema, once the page is drawn).
      const firstId = async (list: string) =>
        ((await (await page.request.get(`${list}page=1&pageSize=25`)).json()) as { items: { id: string }[] }).items[0]!
          .id;
      const path =
        screen === 'a company'
          ? `/companies/${await firstId('/api/companies?')}`
          : screen === 'an invoice'
            ? `/invoices/${await firstId('/api/invoices?status=paid&')}`
            : screen;
      await page.goto(path);
      // The screen is drawn (its lazily loaded module ran) and nothing more is on its way.
      await expect(page.getByRole('main').getByRole('heading').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(scripts.length).toBeGreaterThan(3);
      expect(scripts.filter((file) => zodFiles.has(file))).toEqual([]);
    });
  }

  test("a job's page draws its Summary before any zod file has arrived, then the cards below it (decision 062)", async ({
    signedIn: page,
  }) => {
    skipAxe(page, 'holds back script files: the job page is checked with axe by its own specs');
    const job = (
      (await (await page.request.get('/api/jobs?page=1&pageSize=25')).json()) as {
        items: { id: string; name: string }[];
      }
    ).items[0]!;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: string[] = [];
    await page.route(
      (url) => zodFiles.has(url.pathname.split('/').pop()!),
      async (route) => {
        held.push(new URL(route.request().url()).pathname);
        await released;
        await route.continue();
      },
    );
    await page.goto(`/jobs/${job.id}`);
    await expect(page.getByRole('heading', { level: 2, name: job.name })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Location & Contact' })).toBeVisible();
    // The cards drawn after the first paint ask for zod only then; they wait for it.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: 'Quotes' }).getByRole('status')).toBeVisible();
    release();
    await expect(page.getByRole('region', { name: 'Quotes' }).getByRole('heading', { name: 'Quotes' })).toBeVisible();
  });
});
