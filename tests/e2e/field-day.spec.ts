import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { queryRows } from '../../src/server/db/client.js';
import { expect, test } from './fixtures';

/**
 * Issue 30: the technician's day on a phone (390 x 844). Signing in lands a technician on My Day,
 * which lists their job with a maps link and a call link; on the job they record the four times,
 * tick the checklist, add a note, and the customer types a name and draws a signature to complete
 * it. Every change goes through the phone's queue with an Idempotency-Key and shows "All changes
 * sent" once the server has it. The office's job page then shows the timesheet, the note and the
 * sign-off.
 */
test.describe('the technician on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('signs in to My Day, works a job through to the signature, and the office sees the timesheet', async ({
    page,
    f,
    server,
  }) => {
    const { technician } = await f.technician({
      user: { firstName: 'Fay', lastName: 'Field', username: 'fay-field', password: 'fay-field-password' },
    });
    const job = await f.job({
      name: 'E2E rooftop PM',
      type: 'PM',
      status: 'scheduled',
      scheduleStart: new Date(),
      contactName: 'Pat Lee',
      contactPhone: '(404) 555-0100',
      contactEmail: null,
      technicianIds: [technician.id],
    });

    await page.goto('/login');
    await page.getByLabel('Username').fill('fay-field');
    await page.getByLabel('Password').fill('fay-field-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/field$/);
    await expect(page.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Today' })).toBeVisible();

    const card = page.getByRole('article', { name: `#${job.number} E2E rooftop PM` });
    await expect(card.getByRole('link', { name: /Directions to/ })).toHaveAttribute(
      'href',
      /^https:\/\/maps\.google\.com\/\?q=/,
    );
    await expect(card.getByRole('link', { name: 'Call Pat Lee' })).toHaveAttribute('href', 'tel:4045550100');
    await expect(card.getByText('Checklist: 0 of 6 done')).toBeVisible();
    await card.getByRole('link', { name: `Open job #${job.number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/field/jobs/${job.id}$`));
    await expect(page.getByRole('heading', { name: `#${job.number} E2E rooftop PM`, level: 1 })).toBeVisible();

    // The four times, each sent with its own key.
    for (const label of ['Start Travel', 'Arrive', 'Start Work', 'Finish']) {
      const button = page.getByRole('button', { name: new RegExp(`^${label}`) });
      await button.click();
      await expect(button).not.toContainText('Not yet');
      await expect(page.getByRole('status').filter({ hasText: 'All changes sent' })).toBeVisible();
    }
    await page.getByRole('checkbox', { name: 'Replace air filters' }).check();

    // Two photos from the camera, resized on the phone before they are sent.
    const photo = (r: number) =>
      sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer();
    await page.getByLabel('Take a Photo').setInputFiles([
      { name: 'roof-1.jpg', mimeType: 'image/jpeg', buffer: await photo(40) },
      { name: 'roof-2.jpg', mimeType: 'image/jpeg', buffer: await photo(90) },
    ]);
    await expect(page.getByRole('list', { name: 'Photos' }).getByRole('img')).toHaveCount(2);
    await expect(page.getByRole('status').filter({ hasText: 'All changes sent' })).toBeVisible();

    await page.getByLabel('New note').fill('Replaced the filters; belt worn, quote a new one.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('belt worn');
    await expect(page.getByRole('status').filter({ hasText: 'All changes sent' })).toBeVisible();

    await page.getByLabel('Customer name (typing it signs)').fill('Pat Lee');
    const pad = page.getByRole('img', { name: 'Customer signature' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 30, { steps: 8 });
    await page.mouse.move(box.x + 220, box.y + 90, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText('Signature drawn.')).toBeVisible();
    await page.getByRole('button', { name: 'Complete Job' }).click();
    await expect(page.getByText('Job completed')).toBeVisible();
    await expect(page.getByText(/Signed by Pat Lee/)).toBeVisible();

    // The office's job page: the timesheet, the times, the note and the sign-off.
    const office = await page.request.post(`${server.baseURL}/api/auth/login`, {
      data: { username: 'demo', password: 'hvac-demo' },
    });
    expect(office.status()).toBe(200);
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/jobs/${job.id}`);
    const field = page.getByRole('region', { name: 'Field Work' });
    await expect(field.getByRole('table', { name: 'Timesheet' })).toContainText('Fay Field');
    await expect(field.getByRole('list', { name: 'Time events' })).toContainText('Start Travel');
    await expect(field.getByRole('list', { name: 'Technician notes' })).toContainText('belt worn');
    await expect(field.getByText(/Signed by Pat Lee/)).toBeVisible();
    await expect(field.getByRole('img', { name: 'Signature of Pat Lee' })).toBeVisible();
    await expect(field.getByRole('list', { name: 'Field photos' }).getByRole('img')).toHaveCount(2);
  });

  test('offline: the changes wait on the phone through a reload, then land once, and a conflict is shown', async ({
    page,
    context,
    f,
    server,
  }) => {
    const { technician } = await f.technician({
      user: { firstName: 'Otto', lastName: 'Offline', username: 'otto-offline', password: 'otto-offline-password' },
    });
    const job = await f.job({
      name: 'E2E offline service call',
      type: 'SC',
      status: 'scheduled',
      scheduleStart: new Date(),
      contactName: 'Sam Roe',
      contactPhone: '4045550123',
      technicianIds: [technician.id],
    });
    const login = await page.request.post(`${server.baseURL}/api/auth/login`, {
      data: { username: 'otto-offline', password: 'otto-offline-password' },
    });
    expect(login.status()).toBe(200);
    // My Day saves the bundle on the phone; the job page is then opened once more through the
    // service worker (the first visit installs it).
    await page.goto('/field');
    await expect(page.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(page.getByRole('heading', { name: 'My Day', level: 1 })).toBeVisible();
          return page.evaluate(() => navigator.serviceWorker.controller !== null);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await page.getByRole('link', { name: `Open job #${job.number}` }).click();
    await expect(page.getByRole('heading', { name: `#${job.number} E2E offline service call` })).toBeVisible();

    await context.setOffline(true);
    await page.getByRole('button', { name: /^Start Travel/ }).click();
    await page.getByRole('button', { name: /^Arrive/ }).click();
    await page.getByLabel('New note').fill('No signal on the roof.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByLabel('Contact phone').fill('4045550999');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByRole('status').filter({ hasText: '4 changes waiting to send' })).toBeVisible();

    // Closed and opened again with no connection: the changes are still waiting.
    await page.reload();
    await expect(page.getByRole('heading', { name: `#${job.number} E2E offline service call` })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '4 changes waiting to send' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('No signal on the roof.');

    // Meanwhile the office changes the same phone number.
    await server.db.execute(sql`update jobs set contact_phone = '4045550777' where id = ${job.id}`);

    await context.setOffline(false);
    // The queue sends when the browser says it is online again.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('status').filter({ hasText: 'All changes sent' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Conflicts' })).toContainText('Contact phone');

    const count = async (table: string) => {
      const [row] = await queryRows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where job_id = ${job.id}`,
      );
      return row!.n;
    };
    expect(await count('field_time_events')).toBe(2);
    expect(await count('field_notes')).toBe(1);
    expect(await count('field_conflicts')).toBe(1);
  });
});
