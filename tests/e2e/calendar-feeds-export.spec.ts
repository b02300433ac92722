/**
 * Settings > Integrations: Calendar Feeds and Data Export (issue 31, decisions 049 and 050), by
 * keyboard only (Tab to a control, Enter to use it), axe-checked, at 1024x768.
 */
import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import { expect, expectAccessible, tabTo, test } from './fixtures';

/** The names of a zip's entries. */
function zipEntries(buffer: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const feedPath = (url: string) => new URL(url).pathname;

test.use({ viewport: { width: 1024, height: 768 } });

test.describe('Calendar Feeds', () => {
  test('the office feed: get the URL, copy it, regenerate it (the old one stops), turn it off', async ({
    signedIn: page,
    context,
  }, testInfo) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();
    await tabTo(page, page.getByRole('link', { name: 'Calendar Feeds' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Calendar Feeds', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Office Feeds' })).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Get feed URL of Main Office' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New feed URL for Main Office' });
    await expect(dialog).toBeVisible();
    const first = await dialog.getByLabel('Feed URL').inputValue();
    expect(first).toMatch(/\/api\/public\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectAccessible(page, 'the new feed URL dialog');
    await page.screenshot({ path: testInfo.outputPath('calendar-feed-url-1024x768.png') });

    await tabTo(page, dialog.getByRole('button', { name: 'Copy URL' }), 10);
    await page.keyboard.press('Enter');
    await expect(page.getByText('Feed URL copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
    const feed = await page.request.get(feedPath(first));
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain('X-WR-CALNAME:Jobs: Main Office');

    await tabTo(page, dialog.getByRole('button', { name: 'Done' }), 10);
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/not read by a calendar app yet|last read/).first()).toBeVisible();

    await tabTo(page, page.getByRole('button', { name: 'Regenerate URL of Main Office' }));
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate the feed URL?' });
    await expect(confirm).toBeVisible();
    await tabTo(page, confirm.getByRole('button', { name: 'Regenerate' }), 5);
    await page.keyboard.press('Enter');
    const again = page.getByRole('dialog', { name: 'New feed URL for Main Office' });
    await expect(again).toBeVisible();
    const second = await again.getByLabel('Feed URL').inputValue();
    expect(second).not.toBe(first);
    expect((await page.request.get(feedPath(first))).status()).toBe(404);
    expect((await page.request.get(feedPath(second))).status()).toBe(200);
    await page.keyboard.press('Escape');
    await expect(again).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath('calendar-feeds-1024x768.png'), fullPage: true });

    await tabTo(page, page.getByRole('button', { name: 'Turn off the feed of Main Office' }));
    await page.keyboard.press('Enter');
    const off = page.getByRole('alertdialog', { name: 'Turn off this calendar feed?' });
    await tabTo(page, off.getByRole('button', { name: 'Turn Off' }), 5);
    await page.keyboard.press('Enter');
    await expect(off).toBeHidden();
    await expect(page.getByRole('button', { name: 'Get feed URL of Main Office' })).toBeVisible();
    expect((await page.request.get(feedPath(second))).status()).toBe(404);
  });

  test("a technician's own feed holds their scheduled job; the data export is not theirs", async ({ page, f }) => {
    const stamp = Date.now().toString(36);
    const username = `feed-${stamp}`;
    const { user } = await f.technician({
      user: {
        username,
        email: `${username}@example.com`,
        firstName: 'Feed',
        lastName: 'Tester',
        password: 'feed-pass-1',
      },
    });
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await f.job({ name: `Feed job ${stamp}`, status: 'scheduled', scheduleStart: tomorrow, technicianIds: [user.id] });

    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('feed-pass-1');
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/account');
    await tabTo(page, page.getByRole('link', { name: 'get or manage your calendar feed' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'My Calendar Feed' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Office Feeds' })).toHaveCount(0);

    await tabTo(page, page.getByRole('button', { name: 'Get Feed URL' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New feed URL for your jobs' });
    const url = await dialog.getByLabel('Feed URL').inputValue();
    const body = await (await page.request.get(feedPath(url))).text();
    expect(body).toContain(`Feed job ${stamp}`);
    expect(body).toContain('X-WR-CALNAME:Jobs: Feed Tester');
    await page.keyboard.press('Escape');

    await page.goto('/settings/data-export');
    await expect(page.getByText("Only an admin can download all of the company's data.")).toBeVisible();
    await page.goto('/settings');
    await expect(page.getByRole('link', { name: 'Calendar Feeds' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Data Export' })).toHaveCount(0);
  });
});

test.describe('Data Export', () => {
  test('the admin downloads all of the data as one zip', async ({ signedIn: page }, testInfo) => {
    await page.goto('/settings');
    await tabTo(page, page.getByRole('link', { name: 'Data Export' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Data Export', level: 1 })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('data-export-1024x768.png') });

    await tabTo(page, page.getByRole('link', { name: 'Download All Data' }));
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^company-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const names = await zipEntries(await readFile((await download.path())!));
    expect(names[0]).toBe('README.txt');
    expect(names).toEqual(expect.arrayContaining(['companies.csv', 'jobs.csv', 'job_invoices.csv', 'users.csv']));
    expect(names).not.toContain('sessions.csv');
    expect(names.at(-1)).toBe('manifest.json');
  });
});
