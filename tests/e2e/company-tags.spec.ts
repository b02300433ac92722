/**
 * Issue 28: Manage Tags on the company page, by keyboard alone: suggestions of existing tags as one
 * types, a new tag from the typed name, a clear refusal, removal; the tags on the detail page and
 * the company cards, and the companies list filtered by a tag.
 */
import { TAG_MESSAGES } from '../../src/domain/tags.js';
import { expect, expectAccessible, test } from './fixtures';

test('manage a company’s tags by keyboard and filter the companies by one', async ({ signedIn: page, f }) => {
  const company = await f.company({ name: 'Tagline Mechanical' });
  const other = await f.company({ name: 'Tagless Hospital Group' });
  // An existing tag on another company, for the suggestions.
  const seeded = await page.request.post(`/api/companies/${other.id}/tags`, { data: { name: 'Hospital Wing' } });
  expect(seeded.status()).toBe(200);

  await page.goto(`/companies/${company.id}`);
  await expect(page.getByRole('heading', { name: 'Tagline Mechanical' })).toBeVisible();
  await expect(page.getByText('No tags', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Manage Tags' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Manage Tags' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No tags yet.')).toBeVisible();

  // Typing suggests the existing tag; ArrowDown and Enter take it.
  const box = dialog.getByRole('combobox', { name: 'Add a tag' });
  await box.focus();
  await page.keyboard.type('hosp');
  await expect(dialog.getByRole('option', { name: /Hospital Wing/ })).toBeVisible();
  await expectAccessible(page, 'Manage Tags suggestions');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const current = dialog.getByRole('list', { name: 'Tags of Tagline Mechanical' });
  await expect(current.getByRole('listitem')).toHaveText(['Hospital Wing']);
  await expect(box).toHaveValue('');

  // A name no tag has: offered as a new tag, and Enter creates it.
  await page.keyboard.type('Rooftop Access');
  await expect(dialog.getByRole('option', { name: /Create tag .Rooftop Access./ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(current.getByRole('listitem')).toHaveText(['Hospital Wing', 'Rooftop Access']);

  // A bad name: the schema's message.
  await page.keyboard.type('a,b');
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(TAG_MESSAGES.characters)).toBeVisible();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Backspace');

  // Remove one by keyboard.
  await dialog.getByRole('button', { name: 'Remove tag Hospital Wing' }).focus();
  await page.keyboard.press('Enter');
  await expect(current.getByRole('listitem')).toHaveText(['Rooftop Access']);
  await expectAccessible(page, 'Manage Tags');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Tags of Tagline Mechanical' })).toHaveText('Rooftop Access');

  // The companies list filtered by the tag (any case): the card shows its tags.
  await page.goto('/companies?tag=rooftop%20access');
  const cards = page
    .getByRole('list', { name: 'Companies' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: 'Tagline Mechanical' }) });
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Tagless Hospital Group' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Tags of Tagline Mechanical' })).toHaveText('Rooftop Access');
  await expect(page.getByRole('textbox', { name: 'Tag', exact: true })).toHaveValue('rooftop access');
});
