import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { outbox } from '../../src/server/db/schema.js';
import { enqueueEmail } from '../../src/server/outbox/outbox.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { expect, expectAccessible, test } from './fixtures';

test.describe('Settings > Outbox', () => {
  test('lists the messages newest first, opens one as sent with its attachment, retries a failed one', async ({
    signedIn: page,
    server,
  }) => {
    const storage = createFileStorage();
    const pdfBytes = new TextEncoder().encode('%PDF-1.4\n% e2e attachment\n');
    const file = await storage.put(server.db, {
      purpose: 'quote-pdf',
      fileName: 'quote-e2e.pdf',
      contentType: 'application/pdf',
      bytes: pdfBytes,
    });
    const sent = await enqueueEmail(server.db, {
      to: 'facilities@e2e-outbox.test',
      subject: 'E2E Repair Quote QT-1001-0001',
      text: 'Dear customer,\n\nPlease find the quote attached.',
      html: '<!doctype html><html lang="en"><head><title>E2E</title></head><body><p>Dear customer,</p><p>Please find the quote attached.</p></body></html>',
      attachments: [{ fileName: 'quote-e2e.pdf', storageKey: file.key, contentType: 'application/pdf' }],
    });
    await server.db
      .update(outbox)
      .set({ status: 'sent', attempts: 1, sentAt: new Date() })
      .where(eq(outbox.id, sent.id));
    const failed = await enqueueEmail(server.db, {
      to: 'bounce@e2e-outbox.test',
      subject: 'E2E Invoice that bounced',
      text: 'Your invoice.',
    });
    await server.db
      .update(outbox)
      .set({
        status: 'failed',
        attempts: 8,
        lastError: '550 5.1.1 Mailbox does not exist',
        createdAt: new Date(Date.now() + 60_000),
      })
      .where(eq(outbox.id, failed.id));

    await page.goto('/settings');
    await page.getByRole('link', { name: 'Outbox' }).click();
    await expect(page).toHaveURL(/\/settings\/outbox$/);
    await expect(page.getByRole('heading', { name: 'Outbox' })).toBeVisible();
    // No SMTP_URL in the tests: the screen says messages stay queued.
    await expect(
      page.getByText('E-mail delivery is not set up (no SMTP_URL): messages stay queued here.'),
    ).toBeVisible();
    const table = page.getByRole('table', { name: 'Outbox messages' });
    for (const header of ['Recipient', 'Subject', 'Status', 'Attempts', 'Last Error']) {
      await expect(table.getByRole('columnheader', { name: header })).toBeVisible();
    }
    // Newest first: the failed one was made to be the newest.
    const rows = table.locator('tbody tr');
    await expect(rows.nth(0)).toContainText('bounce@e2e-outbox.test');
    await expect(rows.nth(0)).toContainText('Failed');
    await expect(rows.nth(0)).toContainText('550 5.1.1 Mailbox does not exist');
    await expect(rows.nth(0)).toContainText('8');
    const sentRow = table.getByTestId(`outbox-${sent.id}`);
    await expect(sentRow).toContainText('Sent');
    await expect(sentRow.getByRole('button', { name: /Retry/ })).toHaveCount(0);

    // The status filter lives in the URL.
    await page.getByLabel('Status').selectOption('failed');
    await expect(page).toHaveURL(/status=failed/);
    await expect(table.getByTestId(`outbox-${sent.id}`)).toHaveCount(0);
    await expect(table.getByTestId(`outbox-${failed.id}`)).toBeVisible();

    // Retry the failed one: queued again.
    await page
      .getByRole('button', { name: 'Retry message to bounce@e2e-outbox.test: E2E Invoice that bounced' })
      .click();
    await expect(page.getByText('Message queued again for delivery')).toBeVisible();
    await page.getByLabel('Status').selectOption('');
    await expect(table.getByTestId(`outbox-${failed.id}`)).toContainText('Queued');
    await expect(table.getByTestId(`outbox-${failed.id}`).getByRole('button', { name: /Retry/ })).toHaveCount(0);

    // Open the sent one by keyboard: read it as sent, download its attachment.
    await sentRow.getByRole('link', { name: 'facilities@e2e-outbox.test' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/settings/outbox/${sent.id}$`));
    await expect(page.getByRole('heading', { name: 'E2E Repair Quote QT-1001-0001' })).toBeVisible();
    await expect(
      page.frameLocator('iframe[title="Message as sent"]').getByText('Please find the quote attached.'),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Plain text' }).click();
    await expect(page.getByText('Dear customer,')).toBeVisible();
    await expectAccessible(page, 'the message as sent');
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: /quote-e2e\.pdf/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('quote-e2e.pdf');
    expect((await readFile((await download.path())!)).toString('latin1')).toContain('% e2e attachment');

    await page.getByRole('link', { name: 'Back to Outbox' }).click();
    await expect(page).toHaveURL(/\/settings\/outbox$/);
  });

  test('a malformed or unknown message id says so', async ({ signedIn: page }) => {
    await page.goto('/settings/outbox/nope');
    await expect(page.getByText('Invalid message ID format')).toBeVisible();
    await page.goto('/settings/outbox/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Message not found')).toBeVisible();
  });
});
