import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function signInAs(page: Page, username: string) {
  const login = await page.request.post('/api/auth/login', { data: { username, password: 'role-password-1' } });
  expect(login.status()).toBe(200);
}

test.describe('customer screens follow the role', () => {
  test('an office user creates and edits but sees no Delete; a technician only reads', async ({ page, f }) => {
    const unit = await f.unit({ unitNumber: 'ROLE-RTU-1' });
    const { locationId } = unit;
    await f.user({
      role: 'user',
      username: 'e2e-office',
      email: 'e2e-office@example.com',
      password: 'role-password-1',
    });
    await f.user({
      role: 'technician',
      username: 'e2e-roles-tech',
      email: 'e2e-roles-tech@example.com',
      password: 'role-password-1',
    });

    // Office user (role user): Edit, no Delete.
    await signInAs(page, 'e2e-office');
    await page.goto(`/units/${unit.id}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Unit' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Unit' })).toHaveCount(0);
    await page.goto(`/locations/${locationId}/edit`);
    await expect(page.getByRole('heading', { name: 'Edit Location' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Location' })).toHaveCount(0);

    // Technician: reads, with no create or edit controls, and the forms say why.
    await page.context().clearCookies();
    await signInAs(page, 'e2e-roles-tech');
    await page.goto(`/units/${unit.id}`);
    await expect(page.getByRole('heading', { name: 'Unit ROLE-RTU-1' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit Unit' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create Job' })).toHaveCount(0);
    await page.goto('/units');
    await expect(page.getByRole('heading', { name: 'Units' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Unit' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit unit / })).toHaveCount(0);
    await page.goto('/companies');
    await expect(page.getByRole('list', { name: 'Companies' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Company' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await page.goto('/companies/create');
    await expect(page.getByText('Your role can view customers but not change them.')).toBeVisible();
  });
});
