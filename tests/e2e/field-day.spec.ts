import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { FieldBundle } from '../../src/domain/field.js';
import { centsToCostText } from '../../src/domain/repairs.js';
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

  test('offline: a whole job waits on the phone through a reload, then lands once, and a conflict is shown', async ({
    page,
    context,
    f,
    server,
  }) => {
    test.setTimeout(120_000);
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
      contactEmail: null,
      technicianIds: [technician.id],
    });
    const login = await page.request.post(`${server.baseURL}/api/auth/login`, {
      data: { username: 'otto-offline', password: 'otto-offline-password' },
    });
    expect(login.status()).toBe(200);
    // A part of the price book the phone saves (the demo data's), to price a repair option offline.
    const bundle = (await (await page.request.get(`${server.baseURL}/api/field/bundle`)).json()) as FieldBundle;
    const part = bundle.priceBook.find((p) => p.kind === 'part' && p.priceCents > 0)!;

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

    // An inspection and its repair options, priced from the price book copy on the phone.
    await page.getByRole('button', { name: 'Add Inspection' }).click();
    const form = page.getByRole('form', { name: 'New inspection' });
    await form.getByLabel('Model number').fill('RTU-48');
    await form.getByLabel('Age (years)').fill('12');
    await form.getByLabel('Unit type').selectOption('Gas');
    await form.getByRole('button', { name: 'Save Inspection' }).click();
    const card = page.getByRole('article', { name: 'Inspection 1: RTU-48' });
    await expect(card.getByText('Waiting to send')).toBeVisible();
    await card.getByRole('button', { name: 'Repair Options' }).click();
    const options = page.getByRole('form', { name: 'Repair options' });
    await expect(options.getByText(/^Price book copy from /)).toBeVisible();
    await options.getByLabel('Search the price book').fill(part.code);
    await options.getByRole('button', { name: new RegExp(`^Add ${part.code} `) }).click();
    await expect(options.getByRole('group', { name: 'Standard Option' }).getByLabel('Cost ($)')).toHaveValue(
      centsToCostText(part.priceCents),
    );
    await options.getByLabel('Labor ($)').fill('150');
    await options.getByRole('button', { name: 'Save Options' }).click();
    await expect(card).toContainText('Standard Option');

    // Two photos, a note, a change of the contact's phone, and the customer's signature.
    const photo = (r: number) =>
      sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r, g: 120, b: 200 } } })
        .jpeg()
        .toBuffer();
    await page.getByLabel('Take a Photo').setInputFiles([
      { name: 'coil-1.jpg', mimeType: 'image/jpeg', buffer: await photo(40) },
      { name: 'coil-2.jpg', mimeType: 'image/jpeg', buffer: await photo(90) },
    ]);
    await expect(page.getByText('2 photos waiting to send')).toBeVisible();
    await page.getByLabel('New note').fill('No signal on the roof.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await page.getByLabel('Contact phone').fill('4045550999');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await page.getByLabel('Customer name (typing it signs)').fill('Sam Roe');
    const pad = page.getByRole('img', { name: 'Customer signature' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 150, box.y + 30, { steps: 8 });
    await page.mouse.up();
    await page.getByRole('button', { name: 'Complete Job' }).click();
    const waiting = page.getByRole('status').filter({ hasText: '9 changes waiting to send' });
    await expect(waiting).toBeVisible();

    // Closed and opened again with no connection: everything is still waiting, and shown.
    await page.reload();
    await expect(page.getByRole('heading', { name: `#${job.number} E2E offline service call` })).toBeVisible();
    await expect(waiting).toBeVisible();
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('No signal on the roof.');
    await expect(card.getByText('Waiting to send')).toBeVisible();
    await expect(card).toContainText('Standard Option');
    await expect(page.getByText('2 photos waiting to send')).toBeVisible();
    await expect(page.getByText('Completion waiting to send.')).toBeVisible();

    // Meanwhile the office changes the same phone number.
    await server.db.execute(sql`update jobs set contact_phone = '4045550777' where id = ${job.id}`);

    await context.setOffline(false);
    // The queue sends when the browser says it is online again.
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('status').filter({ hasText: 'All changes sent' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Conflicts' })).toContainText('Contact phone');
    await expect(page.getByText('Job completed')).toBeVisible();
    await expect(card.getByText('Waiting to send')).toBeHidden();

    const count = async (table: string) => {
      const [row] = await queryRows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where job_id = ${job.id}`,
      );
      return row!.n;
    };
    expect(await count('field_time_events')).toBe(2);
    expect(await count('field_notes')).toBe(1);
    expect(await count('field_photos')).toBe(2);
    expect(await count('field_signatures')).toBe(1);
    expect(await count('field_conflicts')).toBe(1);
    expect(await count('job_inspections')).toBe(1);
    expect(await count('job_repairs')).toBe(1);
    const [stored] = await queryRows<{ status: string; phone: string; model: string; total: string }>(
      server.db,
      sql`select j.status, j.contact_phone as phone, i.model_number as model, r.total_cost::text as total
          from jobs j join job_inspections i on i.job_id = j.id join job_repairs r on r.inspection_id = i.id
          where j.id = ${job.id}`,
    );
    // The office's phone number stays until the office picks; the conflict holds the technician's.
    expect(stored).toMatchObject({ status: 'completed', phone: '4045550777', model: 'RTU-48' });
    // (part + $150 labor) / 0.6, in whole dollars (the server's formula).
    const sum = part.priceCents + 15000;
    expect(Number(stored!.total) * 100).toBe(Math.floor((2 * sum + 60) / 120) * 100);
  });

  test('sign-out on a shared phone warns about unsent changes, then deletes them and the saved jobs', async ({
    page,
    context,
    f,
    server,
  }) => {
    const { technician } = await f.technician({
      user: { firstName: 'Sia', lastName: 'Shared', username: 'sia-shared', password: 'sia-shared-password' },
    });
    const job = await f.job({
      name: 'E2E shared phone job',
      type: 'SC',
      status: 'scheduled',
      scheduleStart: new Date(),
      technicianIds: [technician.id],
    });
    const login = await page.request.post(`${server.baseURL}/api/auth/login`, {
      data: { username: 'sia-shared', password: 'sia-shared-password' },
    });
    expect(login.status()).toBe(200);
    await page.goto(`/field/jobs/${job.id}`);
    await expect(page.getByRole('heading', { name: `#${job.number} E2E shared phone job` })).toBeVisible();

    await context.setOffline(true);
    await page.getByLabel('New note').fill('Waiting for the connection.');
    await page.getByRole('button', { name: 'Add Note' }).click();
    await expect(page.getByRole('status').filter({ hasText: '1 change waiting to send' })).toBeVisible();

    const signOut = async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
    };
    await signOut();
    const dialog = page.getByRole('dialog', { name: 'Changes not sent yet' });
    await expect(dialog).toContainText('1 change made on this phone has not reached the office yet.');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: '1 change waiting to send' })).toBeVisible();

    await signOut();
    await dialog.getByRole('button', { name: 'Sign out and delete them' }).click();
    await expect(page).toHaveURL(/\/login/);
    const kept = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const request = indexedDB.open('hvac-field', 1);
          request.onsuccess = () => {
            const db = request.result;
            const tx = db.transaction(['queue', 'cache'], 'readonly');
            const queue = tx.objectStore('queue').count();
            const cache = tx.objectStore('cache').count();
            tx.oncomplete = () => resolve(queue.result + cache.result);
          };
        }),
    );
    expect(kept).toBe(0);
    await context.setOffline(false);
    const [row] = await queryRows<{ n: number }>(
      server.db,
      sql`select count(*)::int as n from field_notes where job_id = ${job.id}`,
    );
    expect(row!.n).toBe(0);
  });
});
