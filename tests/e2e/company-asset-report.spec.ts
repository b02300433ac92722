import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

test.describe('company asset report', () => {
  test('opens from the companies list and the detail page, lists the units, downloads the PDF', async ({
    signedIn: page,
    f,
  }) => {
    const company = await f.company({ name: 'Aardvark Holdings' });
    const depot = await f.location({ companyId: company.id, name: 'Aardvark Depot' });
    await f.unit({ locationId: depot.id, unitNumber: 'AARD-1' });
    await f.unit({ locationId: depot.id, unitNumber: 'AARD-2', status: 'inactive' });

    await page.goto('/companies?company=Aardvark');
    const card = page.getByRole('listitem').filter({ hasText: 'Aardvark Holdings' });
    await card.getByRole('link', { name: 'Asset Report', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/report$`));
    await expect(page.getByRole('heading', { name: 'Asset Report: Aardvark Holdings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Aardvark Depot/ })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'AARD-1' })).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'AARD-2' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^aardvark-holdings-asset-report-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    await page.goto(`/companies/${company.id}`);
    await page.getByRole('link', { name: 'Generate Report' }).click();
    await expect(page).toHaveURL(new RegExp(`/companies/${company.id}/report$`));
    await expect(page.getByRole('rowheader', { name: 'AARD-1' })).toBeVisible();
  });

  test('says so for a company with no units', async ({ signedIn: page, f }) => {
    const company = await f.company({ name: 'Empty Report Emu Co' });
    await page.goto(`/companies/${company.id}/report`);
    await expect(page.getByText('This company has no units yet.')).toBeVisible();
  });
});
