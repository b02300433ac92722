import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const activeId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

/** The page does not scroll sideways, and the element's right edge is on screen. */
async function expectFits(page: Page, width: number) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(clientWidth).toBeLessThanOrEqual(width);
}

async function expectOnScreen(page: Page, locator: ReturnType<Page['locator']>, width: number) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

test.describe('keyboard and assistive technology', () => {
  test('the skip link is the first Tab stop and moves the focus to the main content', async ({ signedIn: page }) => {
    await page.goto('/units');
    await expect(page.getByRole('heading', { name: 'Units' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    expect(await activeId(page)).toBe('main-content');
    // The next Tab stop is inside the main content, past the sidebar and the header.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Add Unit' })).toBeFocused();
    await expect(page).toHaveURL(/\/units$/);

    // /login has its main landmark too.
    await page.context().clearCookies();
    await page.goto('/login');
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('pages log no warning or error: no HydrateFallback warning, no 401 from the session check', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error')
        logged.push(`${message.type()}: ${message.text()}`);
    });
    // Signed out: the protected page sends to /login.
    await page.goto('/units');
    await expect(page.getByRole('heading', { name: 'HVAC Administration' })).toBeVisible();
    await page.getByLabel('Username').fill('demo');
    await page.getByLabel('Password').fill('hvac-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Units' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Units' })).toBeVisible();
    // Signed out again: a protected page asks nothing that answers 401 (the company is asked at
    // once only by a browser still signed in).
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByLabel('Username')).toBeVisible();
    expect(logged).toEqual([]);
  });

  test('company name suggestions: a combobox by keyboard, names that start with the text first', async ({
    signedIn: page,
  }) => {
    await page.goto('/companies/create');
    const name = page.getByRole('combobox', { name: 'Company Name' });
    await name.focus();
    await page.keyboard.type('park');
    const list = page.getByRole('listbox', { name: 'Existing companies' });
    await expect(list).toBeVisible();
    await expect(name).toHaveAttribute('aria-expanded', 'true');
    await expect(name).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    const options = list.getByRole('option');
    await expect(options.first()).toContainText('Parkside School District Group');
    expect(await options.count()).toBeGreaterThan(1);
    await expectAccessible(page, 'with the suggestions open');

    // Nothing is active until the arrows move (Enter would still submit the form).
    await expect(name).not.toHaveAttribute('aria-activedescendant', /.+/);
    const active = async () => page.locator(`[id="${await name.getAttribute('aria-activedescendant')}"]`);
    await page.keyboard.press('ArrowDown');
    await expect(await active()).toContainText('Parkside School District Group');
    await expect(await active()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(await active()).toHaveText(await options.last().innerText());
    await page.keyboard.press('Home');
    await expect(await active()).toContainText('Parkside');
    await page.keyboard.press('ArrowUp');
    await expect(await active()).toHaveText(await options.last().innerText());

    // Escape closes the list and keeps the text and the focus.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(name).toBeFocused();
    await expect(name).toHaveValue('park');

    // Tab closes it and moves on in the page order.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(list).toBeHidden();
    await expect(page.getByLabel('Address')).toBeFocused();

    // Back: the list opens again with nothing active; the first with Enter: the duplicate warning.
    await page.keyboard.press('Shift+Tab');
    await expect(name).toBeFocused();
    await expect(list).toBeVisible();
    await expect(name).not.toHaveAttribute('aria-activedescendant', /.+/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(name).toHaveValue('Parkside School District Group');
    await expect(page.getByText('Company Already Exists')).toBeVisible();
    await expect(name).toBeFocused();
  });

  test('header search: arrows move through grouped results, Enter opens one', async ({ signedIn: page }) => {
    await page.goto('/');
    const search = page.getByRole('combobox', { name: 'Search companies, locations, units, jobs and invoices' });
    await search.focus();
    await page.keyboard.type('park');
    const list = page.getByRole('listbox', { name: 'Search results' });
    await expect(list.getByRole('group', { name: 'Companies' })).toBeVisible();
    // Ranked: the name that starts with "park" comes first, and is active at once.
    await expect(list.getByRole('option').first()).toContainText('Parkside School District Group');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Parkside School District Group' })).toBeVisible();
    await expect(search).toHaveValue('');
  });

  test('closing a dialog returns the focus to what opened it', async ({ signedIn: page, f }) => {
    // A Dialog (Add Service Item), opened and closed by keyboard.
    await page.goto('/item-prices');
    const add = page.getByRole('button', { name: 'Add Service Item' });
    await add.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'with the Add Service Item dialog open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(add).toBeFocused();

    // A ConfirmDialog (Delete Company), closed with Cancel.
    const company = await f.company({ name: 'Focus Return Holdings' });
    await page.goto(`/companies/${company.id}`);
    const remove = page.getByRole('button', { name: 'Delete' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).press('Enter');
    await expect(page.getByRole('alertdialog')).toBeHidden();
    await expect(remove).toBeFocused();

    // Settings > Manage (a dialog the table opens from a row).
    await page.goto('/settings');
    const manage = page.getByRole('button', { name: 'Manage dispatch' });
    await manage.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    await expect(manage).toBeFocused();

    // The folded sidebar's menu (a tablet): Escape closes it, the menu button has the focus again.
    await page.setViewportSize({ width: 1024, height: 768 });
    const menu = page.getByRole('button', { name: 'Open menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();
  });
});

test.describe('tablet sizes', () => {
  for (const [width, height] of [
    [1024, 768],
    [768, 1024],
  ] as const) {
    test(`lists fit ${width}x${height}: no sideways scroll, Actions on screen, the rest one tap away`, async ({
      signedIn: page,
    }, testInfo) => {
      await page.setViewportSize({ width, height });
      const shot = async (name: string) => {
        const path = testInfo.outputPath(`${name}-${width}x${height}.png`);
        await page.screenshot({ path, fullPage: false });
        await testInfo.attach(`${name} ${width}x${height}`, { path, contentType: 'image/png' });
      };

      // The sidebar folds into the menu button.
      await page.goto('/units');
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

      // Units: 10 columns; those that do not fit open under the row.
      const units = page.getByRole('table', { name: 'Units' });
      await expect(units).toBeVisible();
      await expectFits(page, width);
      await expectOnScreen(page, units.getByRole('columnheader', { name: 'Actions' }), width);
      await expectOnScreen(page, units.getByRole('link', { name: /^Edit unit / }).first(), width);
      await expect(units.getByRole('columnheader', { name: 'Primary Contact Phone' })).toHaveCount(0);
      const details = units.getByRole('button', { name: /^Details of unit / }).first();
      await details.click();
      await expect(details).toHaveAttribute('aria-expanded', 'true');
      await expect(units.locator(`[id="${await details.getAttribute('aria-controls')}"]`)).toContainText(
        'Primary Contact Phone',
      );
      await expectAccessible(page, 'with a unit row expanded');
      await shot('units');

      await page.goto('/item-prices');
      const prices = page.getByRole('table', { name: 'Item prices' });
      await expect(prices).toBeVisible();
      await expectFits(page, width);
      await expectOnScreen(page, prices.getByRole('button', { name: /^Edit / }).first(), width);
      await expectOnScreen(page, prices.getByRole('button', { name: /^Delete / }).first(), width);
      await shot('item-prices');

      await page.goto('/settings');
      const users = page.getByRole('table', { name: 'Users' });
      await expect(users).toBeVisible();
      await expectFits(page, width);
      await expectOnScreen(page, users.getByRole('columnheader', { name: 'Status' }), width);
      await expectOnScreen(page, users.getByRole('button', { name: /^Manage / }).first(), width);
      await shot('settings');

      await page.goto('/companies');
      await expect(page.getByRole('list', { name: 'Companies' })).toBeVisible();
      await expectFits(page, width);
      await expectOnScreen(page, page.getByRole('button', { name: 'Reset' }), width);
      await shot('companies');

      await page.goto('/locations');
      await expect(page.getByTestId('location-card').first()).toBeVisible();
      await expectFits(page, width);
      await shot('locations');
    });
  }
});
