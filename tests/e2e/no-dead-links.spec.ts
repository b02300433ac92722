/**
 * Issue 28 "Done when": no sidebar or page link opens "Page Not Found". One login, then every link
 * of the sidebar (each group opened in turn) and of each detail page (company, location, unit,
 * job, invoice, agreement) of the demo data, and then every link of each screen those open, and so
 * on: each destination visited once. Links that differ only in a record's id are one destination
 * (the first is visited), so a page of 100 locations costs one visit.
 */
import type { Page } from '@playwright/test';
import { expect, skipAxe, test } from './fixtures';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** "/companies/<uuid>/edit" -> "/companies/:id/edit": the destination a link stands for. */
const shapeOf = (path: string) =>
  path
    .split('?')[0]!
    .replace(UUID, ':id')
    .replace(/\/\d+(?=\/|$)/g, '/:n');

/** The app's own links inside `scope` (not downloads, mail or phone links, nor other sites). */
async function linksIn(page: Page, scope: string): Promise<string[]> {
  return page
    .locator(scope)
    .locator('a[href^="/"]')
    .evaluateAll((links) =>
      links
        .filter((a) => !a.hasAttribute('download'))
        .map((a) => a.getAttribute('href')!)
        .filter((href) => !href.startsWith('/api/')),
    );
}

async function firstId(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status(), path).toBe(200);
  const body = (await response.json()) as { items: { id: string }[] };
  expect(body.items.length, `${path} has demo records`).toBeGreaterThan(0);
  return body.items[0]!.id;
}

/** Opens the path and waits for its heading: the screen's title, or "Page Not Found". */
async function open(page: Page, path: string): Promise<string> {
  await page.goto(path);
  const heading = page.locator('main h1').first();
  await expect(heading, path).toBeVisible({ timeout: 15_000 });
  return (await heading.textContent())?.trim() ?? '';
}

test('no sidebar or detail page link opens Page Not Found', async ({ signedIn: page }) => {
  test.slow();
  // The walk visits each screen once; each screen's own spec checks it with axe.
  skipAxe(page, 'a link walk over every screen: the screens are checked with axe by their own specs');

  const found = new Map<string, { href: string; from: string }>();
  const keep = (hrefs: readonly string[], from: string) => {
    for (const href of hrefs) if (!found.has(shapeOf(href))) found.set(shapeOf(href), { href, from });
  };

  // The sidebar: every group opened in turn, and the footer links.
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const groups = nav.locator('button[aria-expanded]');
  for (let i = 0; i < (await groups.count()); i++) {
    const group = groups.nth(i);
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    // The sidebar's nav and footer, and the header (outside main).
    keep(await linksIn(page, 'body'), 'sidebar');
  }

  // Each kind of detail page of the demo data.
  const details = [
    `/companies/${await firstId(page, '/api/companies')}`,
    `/locations/${await firstId(page, '/api/locations')}`,
    `/units/${await firstId(page, '/api/units')}`,
    `/jobs/${await firstId(page, '/api/jobs')}`,
    `/invoices/${await firstId(page, '/api/invoices')}`,
    `/agreements/${await firstId(page, '/api/agreements')}`,
  ];
  for (const detail of details) {
    const title = await open(page, detail);
    expect(title, detail).not.toBe('Page Not Found');
    keep(await linksIn(page, 'main'), detail);
  }

  // Every destination once, and the links of each screen it opens in turn (the map grows as it is
  // walked; a Map iterates over entries added during the walk).
  const dead: string[] = [];
  for (const { href, from } of found.values()) {
    if ((await open(page, href)) === 'Page Not Found') dead.push(`${href} (linked from ${from})`);
    else keep(await linksIn(page, 'main'), href);
  }
  expect(dead, `links that open Page Not Found among ${found.size} destinations`).toEqual([]);
});
