import { request as apiRequest } from '@playwright/test';
import { API_TOKEN_PATTERN } from '../../src/domain/api-tokens.js';
import { API_TOKEN_TEXTS } from '../../src/web/features/api-tokens/api-tokens-texts.js';
import { TEST_PASSWORD } from '../support/test-app.js';
import { expect, expectAccessible, tabTo, test } from './fixtures';

test.describe('Settings > API Tokens', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('creates a token with the keyboard, shows it once to copy, lists it, and revokes it', async ({
    signedIn: page,
    context,
    server,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Integrations' })).toBeVisible();
    const link = page.getByRole('link', { name: /API Tokens/ });
    await tabTo(page, link, 150);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/settings\/api-tokens$/);
    await expect(page.getByRole('heading', { name: 'API Tokens', level: 1 })).toBeVisible();
    await expect(page.getByText(API_TOKEN_TEXTS.empty)).toBeVisible();

    // The form, by keyboard: name, role (type-ahead), expiry, Create Token.
    await tabTo(page, page.getByLabel('Name'), 150);
    await page.keyboard.type('QuickBooks sync');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Role')).toBeFocused();
    await page.keyboard.type('Office');
    await expect(page.getByLabel('Role')).toHaveValue('office');
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Expires')).toBeFocused();
    await page.keyboard.type('30');
    await expect(page.getByLabel('Expires')).toHaveValue('30');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Create Token' })).toBeFocused();
    await page.keyboard.press('Enter');

    // Shown once: the panel takes the focus; Copy puts the token on the clipboard.
    const panel = page.getByRole('region', { name: /Copy your new token now/ });
    await expect(
      panel.getByRole('heading', { name: `${API_TOKEN_TEXTS.newTokenTitle}: QuickBooks sync` }),
    ).toBeFocused();
    await expect(panel.getByText(API_TOKEN_TEXTS.newTokenNote)).toBeVisible();
    const token = await panel.getByLabel(API_TOKEN_TEXTS.newTokenLabel).inputValue();
    expect(token).toMatch(API_TOKEN_PATTERN);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Copy' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status')).toHaveText(API_TOKEN_TEXTS.copied);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await expectAccessible(page, 'the new token panel');
    await page.screenshot({ path: '.tmp/screenshots/api-tokens-created-1024.png', fullPage: true });

    // Listed, with its hint, role, creator and expiry; never the token itself.
    const table = page.getByRole('table', { name: 'API tokens' });
    const row = table.getByRole('row', { name: /QuickBooks sync/ });
    await expect(row).toContainText('Office');
    await expect(row).toContainText('Active');
    await expect(row).toContainText(`…${token.slice(-4)}`);
    await expect(row).toContainText('Not used yet');

    // An API client (no cookie) uses it.
    const client = await apiRequest.newContext({ baseURL: server.baseURL });
    const used = await client.get('/api/companies?page=1&pageSize=25', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(used.status()).toBe(200);

    // Done closes the panel; the token is gone from the page and never comes back.
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Done' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel).toHaveCount(0);
    await page.reload();
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('Not used yet');
    expect(await page.content()).not.toContain(token);
    await page.screenshot({ path: '.tmp/screenshots/api-tokens-list-1024.png', fullPage: true });

    // Revoke, by keyboard, through the confirmation.
    const revoke = page.getByRole('button', { name: 'Revoke QuickBooks sync' });
    await tabTo(page, revoke, 150);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Revoke API token "QuickBooks sync"?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the revoke dialog');
    await tabTo(page, dialog.getByRole('button', { name: 'Revoke Token' }), 5);
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(row).toContainText('Revoked');
    await expect(revoke).toHaveCount(0);

    const refused = await client.get('/api/companies', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
    expect((await refused.json()).error.message).toBe('This API token has been revoked');
    await client.dispose();
  });

  test('publishes the OpenAPI document only when the admin allows it', async ({ signedIn: page, server }) => {
    const stranger = await apiRequest.newContext({ baseURL: server.baseURL });
    expect((await stranger.get('/api/openapi.json')).status()).toBe(404);
    await page.goto('/settings/api-tokens');
    const publish = page.getByLabel(API_TOKEN_TEXTS.docsPublic);
    await expect(publish).not.toBeChecked();
    await tabTo(page, publish, 150);
    await page.keyboard.press('Space');
    await expect(publish).toBeChecked();
    await expect(publish).toBeEnabled();
    expect((await stranger.get('/api/openapi.json')).status()).toBe(200);
    await page.keyboard.press('Space');
    await expect(publish).not.toBeChecked();
    await expect(publish).toBeEnabled();
    expect((await stranger.get('/api/openapi.json')).status()).toBe(404);
    await stranger.dispose();
  });

  test('is for admins only: an office user sees no Integrations card and is told so', async ({ page, server, f }) => {
    const user = await f.user({ username: 'office-e2e-tokens', role: 'user', password: TEST_PASSWORD });
    const login = await page.request.post(`${server.baseURL}/api/auth/login`, {
      data: { username: user.username, password: TEST_PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Integrations' })).toHaveCount(0);
    await page.goto('/settings/api-tokens');
    await expect(page.getByText(API_TOKEN_TEXTS.forbidden)).toBeVisible();
  });
});
