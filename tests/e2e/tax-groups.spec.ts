import { expect, expectAccessible, test } from './fixtures';

// Settings > Tax Groups (issue 27, decision 035): add by keyboard, the form's own messages, a code
// already taken (the server's 409 under its field), edit, deactivate and activate again.
test('tax groups: add by keyboard, refuse a bad rate and a taken code, edit, deactivate', async ({
  signedIn: page,
}) => {
  const code = `E2E-${Date.now().toString(36).slice(-6).toUpperCase()}`;
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Tax Groups' })).toBeVisible();
  const card = page.getByRole('form', { name: /tax group/ });
  const table = page.getByRole('table', { name: 'Sales tax groups' });

  const codeField = card.getByLabel('Code');
  await codeField.focus();
  await page.keyboard.press('Enter');
  await expect(card.getByText('Code is required')).toBeVisible();
  await expect(card.getByText('Name is required')).toBeVisible();
  await expect(card.getByText('Rate must be a percentage from 0 to 100 with at most 3 decimals')).toBeVisible();

  await codeField.fill(code);
  await page.keyboard.press('Tab');
  await page.keyboard.type('E2E County');
  await page.keyboard.press('Tab');
  await page.keyboard.type('101');
  await page.keyboard.press('Enter');
  await expect(card.getByText('Rate must be a percentage from 0 to 100 with at most 3 decimals')).toBeVisible();
  await card.getByLabel('Rate (%)').fill('6.125');
  await page.keyboard.press('Enter');
  const row = table.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('E2E County');
  await expect(row).toContainText('6.125%');
  await expect(row).toContainText('Active');
  await expect(codeField).toHaveValue('');

  // the same code again: the server's message under Code, nothing added
  await codeField.fill(code.toLowerCase());
  await card.getByLabel('Name').fill('Duplicate');
  await card.getByLabel('Rate (%)').fill('5');
  await card.getByRole('button', { name: 'Add Tax Group' }).click();
  await expect(card.getByText('A tax group with this code already exists')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Duplicate' })).toHaveCount(0);
  await expectAccessible(page, 'Tax Groups with errors');

  // edit: the form takes the group's values; saving keeps it active
  await table.getByRole('button', { name: `Edit tax group ${code}` }).click();
  await expect(card.getByLabel('Name')).toHaveValue('E2E County');
  await card.getByLabel('Rate (%)').fill('6.5');
  await card.getByRole('button', { name: 'Save Tax Group' }).click();
  await expect(row).toContainText('6.500%');
  await expect(card.getByRole('button', { name: 'Add Tax Group' })).toBeVisible();

  await table.getByRole('button', { name: `Deactivate tax group ${code}` }).click();
  await expect(row).toContainText('Inactive');
  await table.getByRole('button', { name: `Edit tax group ${code}` }).click();
  await card.getByRole('button', { name: 'Save Tax Group' }).click();
  await expect(row).toContainText('Inactive');
  await table.getByRole('button', { name: `Activate tax group ${code}` }).click();
  await expect(row).toContainText('Active');
});
