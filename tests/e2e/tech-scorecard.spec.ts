import { expect, test } from './fixtures';

/** Tech Scorecard (issue 28): the period, sorting by keyboard, and a technician's own row. */
test.describe('Tech Scorecard', () => {
  test('shows each technician this month, sorts by a column and changes the period by keyboard', async ({
    signedIn: page,
    f,
  }) => {
    const { technician } = await f.technician({
      user: { firstName: 'Zed', lastName: 'Scorecard', username: 'zed-scorecard', password: 'zed-password-1' },
    });
    const now = new Date();
    const job = await f.job({
      technicianIds: [technician.id],
      status: 'completed',
      completedAt: now,
      scheduleStart: now,
      scheduleDuration: 150,
    });
    const today = now.toISOString().slice(0, 10);
    await f.invoice(job, { status: 'issued', issuedDate: today, amount: '98765.00' });

    await page.goto('/jobs/scorecard');
    await expect(page.getByRole('heading', { name: 'Tech Scorecard', level: 1 })).toBeVisible();
    const row = page.getByTestId(`scorecard-${technician.id}`);
    await expect(row).toContainText('Zed Scorecard');
    await expect(row).toContainText('$98,765.00');
    await expect(row).toContainText('2:30');

    // Sort by Revenue, largest first: Zed's row comes first
    const revenue = page.getByRole('button', { name: /Revenue/ });
    await revenue.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/sort=revenueCents/);
    if (!/dir=desc/.test(page.url())) await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/dir=desc/);
    await expect(page.getByRole('table', { name: 'Tech scorecard' }).getByRole('row').nth(1)).toContainText(
      'Zed Scorecard',
    );

    // The period select, by keyboard: This Year
    await page.getByLabel('Period').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page).toHaveURL(/period=this_year/);
    await expect(page.getByText(new RegExp(`^1/1/${now.getFullYear()} to 12/31/${now.getFullYear()}$`))).toBeVisible();
    await expect(row).toContainText('$98,765.00');
  });

  test('a technician sees only their own row', async ({ page, f, server }) => {
    const { technician } = await f.technician({
      user: { firstName: 'Only', lastName: 'Mine', username: 'only-mine', password: 'only-mine-password' },
    });
    const response = await page.request.post(`${server.baseURL}/api/auth/login`, {
      data: { username: 'only-mine', password: 'only-mine-password' },
    });
    expect(response.status()).toBe(200);
    await page.goto('/jobs/scorecard');
    await expect(page.getByText('You see your own scorecard.')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Tech scorecard' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId(`scorecard-${technician.id}`)).toContainText('Only Mine');
  });
});
