import { expect, test } from './fixtures';

test.describe('My Account', () => {
  test('changes my own password, keeps me signed in, and the new password signs in again', async ({ page, f }) => {
    // A user made for this test: other specs sign in as demo at the same time.
    const stamp = Date.now().toString(36);
    const username = `acct-${stamp}`;
    await f.user({
      username,
      email: `${username}@example.com`,
      firstName: 'Ada',
      lastName: 'Lane',
      role: 'user',
      password: 'old-password-1',
    });

    await page.goto('/account');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('old-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('Ada');

    // My details.
    await page.getByLabel('Phone').fill('(404) 555-0177');
    await page.getByRole('button', { name: 'Save Details' }).click();
    await expect(page.getByText('Your details were saved')).toBeVisible();

    const form = page.getByRole('form', { name: 'Change Password' });
    await form.getByLabel('Current Password').fill('wrong-password');
    await form.getByLabel(/^New Password/).fill('new-password-2');
    await form.getByLabel('Confirm New Password').fill('new-password-3');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('The new passwords do not match')).toBeVisible();
    await form.getByLabel('Confirm New Password').fill('new-password-2');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('Current password is incorrect').first()).toBeVisible();
    await form.getByLabel('Current Password').fill('old-password-1');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Password changed. You were signed out on your other devices.')).toBeVisible();

    // Still signed in here.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'My Account' })).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveValue('(404) 555-0177');

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('old-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password');
    await page.getByLabel('Password').fill('new-password-2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.goto('/account');
    await expect(page.getByText(username, { exact: true })).toBeVisible();
  });
});
