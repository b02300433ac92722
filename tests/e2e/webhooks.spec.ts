import path from 'node:path';
import type { Page } from '@playwright/test';
import { startWebhookReceiver } from '../support/fake-webhook-receiver.js';
import { jobCreateBody } from '../support/job-body.js';
import { expect, expectAccessible, tabTo, test } from './fixtures';

const SHOTS = '.tmp/screenshots/webhooks';
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });

test.describe('Settings > Webhooks', () => {
  test('add an endpoint, see its secret, see a delivery and its attempts after creating a job, replay it (keyboard only)', async ({
    signedIn: page,
    f,
  }) => {
    const receiver = await startWebhookReceiver();
    try {
      await page.setViewportSize({ width: 1024, height: 768 });
      await page.goto('/settings');
      const integrations = page.getByRole('heading', { name: 'Integrations' });
      await expect(integrations).toBeVisible();
      // The settings page holds many controls before its last card: focus the link, then the keyboard.
      const link = page.getByRole('link', { name: 'Webhooks' });
      await link.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/settings\/webhooks$/);
      await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
      await expect(page.getByText('No webhook endpoints yet. Add one to send events to another system.')).toBeVisible();
      await shot(page, 'empty-1024');

      // Add Endpoint with the keyboard: URL, a refused one first, then the receiver's.
      await tabTo(page, page.getByRole('button', { name: 'Add Endpoint' }), 40);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add Endpoint' });
      await expect(dialog).toBeVisible();
      await expectAccessible(page, 'Add Endpoint dialog');
      const url = dialog.getByLabel('Endpoint URL');
      await tabTo(page, url, 40);
      await page.keyboard.type('ftp://hooks.example.com/in');
      await tabTo(page, dialog.getByRole('checkbox', { name: /Job created/ }), 40);
      await page.keyboard.press('Space');
      await tabTo(page, dialog.getByRole('button', { name: 'Add Endpoint' }), 40);
      await page.keyboard.press('Enter');
      await expect(dialog.getByText('The URL must start with https://')).toBeVisible();
      await expect(url).toBeFocused();
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(receiver.url);
      await page.keyboard.press('Tab');
      await page.keyboard.type('Facilities platform');
      await tabTo(page, dialog.getByRole('checkbox', { name: /Job completed/ }), 40);
      await page.keyboard.press('Space');
      await shot(page, 'add-dialog-1024');
      await tabTo(page, dialog.getByRole('button', { name: 'Add Endpoint' }), 40);
      await page.keyboard.press('Enter');

      // The endpoint's page, with its secret shown once added.
      await expect(page).toHaveURL(/\/settings\/webhooks\/[0-9a-f-]{36}$/);
      await expect(page.getByText('Endpoint added. Copy its signing secret into the receiving system.')).toBeVisible();
      const secret = page.getByTestId('webhook-secret');
      await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{44}$/);
      receiver.secret = (await secret.textContent())!.trim();
      await expect(page.getByText('No deliveries yet.', { exact: false })).toBeVisible();
      await expect(page.getByText('Job created', { exact: true }).first()).toBeVisible();

      // A job created: the worker delivers it, and the screen shows the delivery and its attempt.
      const body = await jobCreateBody(f, { name: 'Webhook E2E job' });
      const created = await page.request.post('/api/jobs', { data: body });
      expect(created.status()).toBe(201);
      await receiver.waitFor(() => receiver.accepted().length === 1, 20_000);
      expect(receiver.received[0]!.verifyError).toBeNull();
      expect(receiver.received[0]!.verified).toMatchObject({ type: 'job.created', data: { name: 'Webhook E2E job' } });
      const deliveries = page.getByRole('list', { name: 'Deliveries' });
      const first = deliveries.getByRole('listitem').first();
      await expect(first).toContainText('Delivered', { timeout: 15_000 });
      await expect(first).toContainText(receiver.received[0]!.webhookId);
      const attempts = first.getByRole('table', { name: 'Attempts of this delivery' });
      await expect(attempts.getByRole('row')).toHaveCount(2);
      await expect(attempts.getByRole('row').nth(1)).toContainText('200');
      await shot(page, 'endpoint-delivered-1024');

      // Replay with the keyboard: a second delivery, the same webhook-id.
      const replay = first.getByRole('button', { name: /^Replay Job created delivery/ });
      await tabTo(page, replay, 80);
      await page.keyboard.press('Enter');
      await expect(page.getByText('Delivery queued again with the same webhook-id')).toBeVisible();
      await receiver.waitFor(() => receiver.accepted().length === 2, 20_000);
      expect(receiver.accepted()[1]!.webhookId).toBe(receiver.accepted()[0]!.webhookId);
      await expect(deliveries.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
      await expect(deliveries.getByRole('listitem').first()).toContainText('(replay)');
      await expect(deliveries.getByRole('listitem').first()).toContainText('Delivered', { timeout: 15_000 });
      await expectAccessible(page, 'endpoint with deliveries');
      await shot(page, 'endpoint-replayed-1024');
      await page.setViewportSize({ width: 768, height: 1024 });
      await shot(page, 'endpoint-replayed-768');
      await page.setViewportSize({ width: 1024, height: 768 });

      // The list shows the endpoint with its latest delivery.
      await page.getByRole('link', { name: 'Back to Webhooks' }).click();
      const table = page.getByRole('table', { name: 'Webhook endpoints' });
      await expect(table).toContainText(receiver.url);
      await expect(table).toContainText('Enabled');
      await shot(page, 'list-1024');
    } finally {
      await receiver.close();
    }
  });
});
