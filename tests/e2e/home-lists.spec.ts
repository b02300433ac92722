import { expect, openHomeCard, test } from './fixtures';

/**
 * Home's Open Deficiencies and Total Unsent Invoices count records a job may hold several of:
 * each opens the list of exactly those records, with the card's selects and period shown as
 * removable filters.
 */
test.describe('Home cards that count repair records and invoices', () => {
  test('Open Deficiencies and Total Unsent Invoices open exactly the records they count', async ({
    signedIn: page,
    f,
  }) => {
    // One job holding two open deficiencies and two draft invoices, made now.
    const job = await f.job({ name: 'Home lists job', office: 'Branch Office', createdAt: new Date() });
    for (const total of ['1250.00', '480.00']) {
      const inspection = await f.inspection(job.id);
      await f.repair({ jobId: job.id, inspectionId: inspection.id }, { totalCost: total, createdAt: new Date() });
      await f.invoice(job, { status: 'draft', amount: total, issuedDate: null, createdAt: new Date() });
    }

    for (const card of [
      {
        label: 'Open Deficiencies',
        url: /\/deficiencies\?period=last-month$/,
        heading: 'Open Deficiencies',
        chip: 'Recorded: Last Month',
      },
      {
        label: 'Total Unsent Invoices',
        url: /\/invoices\?status=draft&createdFrom=\d{4}-\d{2}-\d{2}$/,
        heading: 'Invoices',
        chip: /^Created from \d+\/\d+\/\d{4}$/,
      },
    ]) {
      const counted = await openHomeCard(page, card.label, card.url);
      expect(counted).toBeGreaterThanOrEqual(2);
      await expect(page.getByRole('heading', { name: card.heading, exact: true })).toBeVisible();
      await expect(page.getByText(card.chip)).toBeVisible();
      await expect(
        page.getByText(new RegExp(`Showing \\d+–\\d+ of ${counted.toLocaleString('en-US')}$`)),
      ).toBeVisible();
    }

    // With the Office select: the chip names it, and removing it widens the list back.
    await page.goto('/?office=Branch+Office&period=all');
    const branch = page.getByTestId('count-Open Deficiencies');
    await expect(page.getByRole('link', { name: /^Open Deficiencies/ })).toHaveAttribute('aria-busy', 'false');
    const inBranch = Number((await branch.textContent())!.replace(/,/g, ''));
    await page.getByRole('link', { name: /^Open Deficiencies/ }).click();
    await expect(page).toHaveURL(/\/deficiencies\?period=all&office=Branch\+Office$/);
    const table = page.getByRole('table', { name: 'Open Deficiencies' });
    await expect(table.getByRole('link', { name: /Home lists job/ })).toHaveCount(2);
    await expect(page.getByText(new RegExp(`Showing \\d+–\\d+ of ${inBranch.toLocaleString('en-US')}$`))).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter: Office: Branch Office' }).click();
    await expect(page).toHaveURL(/\/deficiencies\?period=all$/);
    await expect(page.getByText('Office: Branch Office')).toHaveCount(0);
  });
});
