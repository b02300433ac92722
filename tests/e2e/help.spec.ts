import { expect, test } from './fixtures';

test.describe('Help', () => {
  test('opens from the sidebar, searches, opens an article, shows the version and the API link', async ({
    signedIn: page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Help', exact: true }).first().click();
    await expect(page).toHaveURL(/\/help$/);
    await expect(page.getByRole('heading', { name: 'Help', level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Help articles' });
    for (const title of ['Sign in and your account', 'Jobs', 'Quotes', 'Invoices', 'Price book', 'Settings'])
      await expect(nav.getByRole('link', { name: title, exact: true })).toBeVisible();

    await page.getByLabel('Search help').fill('send quote');
    await expect(page.getByRole('heading', { name: 'Quotes', level: 2 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Price book', level: 2 })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Quotes', exact: true }).click();
    await expect(page.locator('#quotes')).toBeFocused();
    await expect(page.locator('#quotes').getByText('Preview Quote')).toBeVisible();

    await page.getByLabel('Search help').fill('zzzz nothing');
    await expect(page.getByText('No help articles match "zzzz nothing".')).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
    await expect(page.getByTestId('app-version')).toHaveText(/^\d+\.\d+\.\d+/);
    const api = page.getByRole('link', { name: 'API documentation (OpenAPI)' });
    await expect(api).toHaveAttribute('href', '/api/docs');
    const docs = await page.request.get('/api/docs/json');
    expect(docs.status()).toBe(200);
  });

  test('works by keyboard alone', async ({ signedIn: page }) => {
    await page.goto('/help');
    const search = page.getByLabel('Search help');
    await expect(search).toBeVisible();
    await search.focus();
    await page.keyboard.type('invoice');
    await page.keyboard.press('Tab');
    // The first found article's link: Customers mentions invoices? the list follows the search.
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('href', /^#/);
    let guard = 0;
    while ((await focused.textContent()) !== 'Invoices' && guard++ < 10) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page.locator('#invoices')).toBeFocused();
    await expect(page.locator('#invoices').getByText('Mark as Paid')).toBeVisible();
  });
});
