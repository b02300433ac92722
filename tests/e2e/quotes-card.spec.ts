import { expect, expectAccessible, test } from './fixtures';

test.describe("the job page's Quotes card", () => {
  test('sends a repair quote from the job, shows it waiting, in All Quotes and in the outbox; an added item asks for an update', async ({
    signedIn: page,
    f,
  }) => {
    const job = await f.job({ name: 'E2E quotes card job', contactEmail: 'facilities@e2e-quotes.test' });
    const inspection = await f.inspection(job.id, { completed: true });
    await f.repair({ jobId: job.id, inspectionId: inspection.id });

    await page.goto(`/jobs/${job.id}`);
    const card = page.getByRole('region', { name: 'Quotes' });
    await expect(card.getByRole('heading', { name: 'Quotes' })).toBeVisible();
    for (const tab of ['Inspection Quote', 'Repair Quote', 'Replacement Quote', 'All Quotes'])
      await expect(card.getByRole('tab', { name: tab })).toBeVisible();
    await expect(card.getByRole('tab', { name: 'Repair Quote' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByRole('link', { name: 'Preview Quote' })).toHaveAttribute(
      'href',
      `/jobs/${job.id}/quote-preview?type=repair`,
    );
    await expect(card.getByRole('link', { name: 'Edit Template' })).toHaveAttribute(
      'href',
      `/quotes/templates/email?type=repair&jobId=${job.id}`,
    );

    // All Quotes: nothing sent yet, and Send is not offered there.
    await card.getByRole('tab', { name: 'All Quotes' }).click();
    await expect(card.getByText('No quotes have been sent for this job yet.')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Send Quote' })).toBeDisabled();
    await card.getByRole('tab', { name: 'Repair Quote' }).click();

    // The send dialog: e-mail from the job's contact, a QT-{jobNumber}-{4 digits} number.
    await card.getByRole('button', { name: 'Send Quote' }).click();
    const dialog = page.getByRole('dialog', { name: /Send Quote: Repair Quote/ });
    await expect(dialog.getByLabel('Customer Email')).toHaveValue('facilities@e2e-quotes.test');
    await expect(dialog.getByLabel('Quote Number')).toHaveValue(new RegExp(`^QT-${job.number}-\\d{4}$`));
    const number = await dialog.getByLabel('Quote Number').inputValue();
    await dialog.getByLabel('Customer Email').fill('');
    await expect(dialog.getByRole('button', { name: 'Send Quote' })).toBeDisabled();
    await dialog.getByLabel('Customer Email').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    await expect(dialog.getByText('Enter a valid customer e-mail address')).toBeVisible();
    await expectAccessible(page, 'the send dialog with an error');
    await dialog.getByLabel('Customer Email').fill('buyer@e2e-quotes.test');
    // The server's refusal stays in the dialog, on its field.
    await dialog.getByLabel('Quote Number').fill('QT 1/2');
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    await expect(
      dialog.getByText('Quote number may contain only letters, digits, dashes, dots and underscores'),
    ).toBeVisible();
    await dialog.getByLabel('Quote Number').fill(number);
    // While sending: the button says so and is disabled, and the dialog cannot be closed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/jobs/${job.id}/quotes/send`, async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    release();
    await expect(page.getByText('Quote sent successfully!')).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.unroute(`**/api/jobs/${job.id}/quotes/send`);

    await expect(card.getByText('Quote Sent', { exact: true })).toBeVisible();
    await expect(card.getByText('Waiting for customer confirmation')).toBeVisible();
    await expect(card.getByText(number)).toBeVisible();
    await expect(card.getByRole('button', { name: 'Resend Quote' })).toBeEnabled();

    await card.getByRole('tab', { name: 'All Quotes' }).click();
    const row = card.getByTestId(`quote-${number}`);
    await expect(row).toContainText('Repair Quote');
    await expect(row).toContainText('Sent');

    // An item added after the send: Quote Needs Update, and the button reads Update Quote.
    // A part: an item the repair quote lists (decision 031; an "item" line is not on a repair quote).
    await f.jobItem(job.id, { type: 'part', createdAt: new Date(Date.now() + 60_000) });
    await page.reload();
    await expect(card.getByText('Quote Needs Update')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Update Quote' })).toBeEnabled();

    // The e-mail is in the outbox with the quote PDF attached.
    await page.goto('/settings/outbox');
    const message = page
      .getByRole('table', { name: 'Outbox messages' })
      .locator('tbody tr')
      .filter({ hasText: number })
      .first();
    await expect(message).toContainText('buyer@e2e-quotes.test');
    await message.getByRole('link', { name: 'buyer@e2e-quotes.test' }).click();
    await expect(page.getByRole('link', { name: /\.pdf/ })).toBeVisible();
  });

  test('Send is disabled for a type without data, with the reason', async ({ signedIn: page, f }) => {
    const job = await f.job({ name: 'E2E quotes card no data', contactEmail: 'nodata@e2e-quotes.test' });
    await page.goto(`/jobs/${job.id}`);
    const card = page.getByRole('region', { name: 'Quotes' });
    await card.getByRole('tab', { name: 'Inspection Quote' }).click();
    await expect(card.getByRole('button', { name: 'Send Quote' })).toBeDisabled();
    await expect(card.getByText('No quote of this type has been sent yet.')).toBeVisible();
  });
});
