/**
 * Service agreements (issue 29, decision 043): create an agreement in the UI, press Generate
 * visits now, and see the visit's job on the agreement and the agreement on the job page.
 * Screenshots at 1024x768 and 768x1024 go to test-results/agreements-*.png for a person to look at.
 */
import { chooseOption, expect, expectAccessible, tabTo, test } from './fixtures';

/** Today's day of the month in the demo company's zone, at most 28: a monthly visit on it is due within 30 days. */
function visitDay(): string {
  const day = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', day: 'numeric' }).format(new Date()),
  );
  return String(Math.min(day, 28));
}

test.describe('service agreements', () => {
  test.describe.configure({ timeout: 150_000 });

  test('create an agreement, generate its visits, see the job on the agreement and the agreement on the job', async ({
    signedIn: page,
    f,
  }, testInfo) => {
    const company = await f.company({ name: 'Zephyr Towers' });
    const location = await f.location({ companyId: company.id, name: 'Zephyr North' });
    await f.unit({ locationId: location.id, unitNumber: 'ZT-RTU-1' });
    await f.unit({ locationId: location.id, unitNumber: 'ZT-RTU-2' });
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`agreements-${name}.png`), fullPage: true });

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/agreements');
    await expect(page.getByRole('heading', { name: 'Service Agreements', level: 1 })).toBeVisible();
    await shot('list-1024');

    await page.getByRole('link', { name: 'New Agreement' }).click();
    await expect(page.getByRole('heading', { name: 'New Agreement', level: 1 })).toBeVisible();
    // Saving an empty form names what is missing.
    await page.getByRole('button', { name: 'Create Agreement' }).click();
    await expect(page.getByText('Agreement name is required')).toBeVisible();

    await page.getByLabel('Agreement Name').fill('Zephyr Monthly PM');
    await page.getByLabel('Company').focus();
    await page.keyboard.type('Zephyr');
    await chooseOption(page, page.getByRole('option', { name: /Zephyr Towers/ }));
    await expect(page.getByRole('checkbox', { name: 'ZT-RTU-1' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('checkbox', { name: 'ZT-RTU-1' }).check();
    await page.getByRole('checkbox', { name: 'ZT-RTU-2' }).check();
    await page.getByRole('combobox', { name: 'Visits', exact: true }).selectOption('monthly');
    await page.getByLabel('Day of the Month (1 to 28)').fill(visitDay());
    await page.getByLabel('Checklist').fill('Replace filters\nCheck belts');
    await page.getByLabel('Price ($)').fill('1800.00');
    await page.getByLabel('Not-to-Exceed for Repairs ($)').fill('750');
    await expect(page.getByText(/^Monthly on the/)).toBeVisible();
    await expectAccessible(page, 'the agreement form');
    await shot('form-1024');
    await page.getByRole('button', { name: 'Create Agreement' }).click();

    await expect(page.getByRole('heading', { name: 'Zephyr Monthly PM', level: 1 })).toBeVisible();
    await expect(page.getByText('No visits yet.')).toBeVisible();
    await expect(page.getByText('No invoices yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Generate visits now' }).click();
    // The server's own periodic run may have made the visit first: either answer is right.
    await expect(page.getByText(/became (a job|jobs)|No new visits were due/)).toBeVisible();
    const visit = page.getByTestId('visit-row').first();
    await expect(visit).toContainText('Zephyr North');
    await expect(visit).toContainText('Unscheduled');
    await shot('detail-1024');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot('detail-768');

    await visit.getByRole('link', { name: /Job #\d+/ }).click();
    await expect(page.getByRole('heading', { name: /Job #\d+/, level: 1 })).toBeVisible();
    await expect(page.getByTestId('job-agreement-note')).toContainText('Zephyr Monthly PM');
    // What the technician may repair without a new approval, from the agreement.
    await expect(page.getByTestId('job-agreement-note')).toContainText('Repairs up to $750.00 need no new approval.');
    await expect(page.getByText('Zephyr Monthly PM:', { exact: false }).first()).toBeVisible();
    await shot('job-768');

    // The list finds it by company.
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/agreements?status=active');
    await expect(page.getByTestId('agreement-row').filter({ hasText: 'Zephyr Monthly PM' })).toBeVisible();
  });
});

test.describe('service agreements by keyboard alone', () => {
  test.describe.configure({ timeout: 150_000 });

  test('create, edit, renew and cancel an agreement without the mouse', async ({ signedIn: page, f }) => {
    const company = await f.company({ name: 'Quartz Plaza' });
    const location = await f.location({ companyId: company.id, name: 'Quartz East' });
    await f.unit({ locationId: location.id, unitNumber: 'QZ-RTU-1' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/agreements');
    await expect(page.getByRole('heading', { name: 'Service Agreements', level: 1 })).toBeVisible();

    await tabTo(page, page.getByRole('link', { name: 'New Agreement' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'New Agreement', level: 1 })).toBeVisible();
    await tabTo(page, page.getByLabel('Agreement Name'));
    await page.keyboard.type('Quartz Quarterly PM');
    await tabTo(page, page.getByLabel('Company'));
    await page.keyboard.type('Quartz');
    await chooseOption(page, page.getByRole('option', { name: /Quartz Plaza/ }));
    const unit = page.getByRole('checkbox', { name: 'QZ-RTU-1' });
    await expect(unit).toBeVisible({ timeout: 20_000 });
    await tabTo(page, unit);
    await page.keyboard.press('Space');
    await expect(unit).toBeChecked();
    await tabTo(page, page.getByLabel('Price ($)'));
    await page.keyboard.type('1200.00');
    await tabTo(page, page.getByRole('button', { name: 'Create Agreement' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Quartz Quarterly PM', level: 1 })).toBeVisible();
    await expect(page.getByText('$1,200.00', { exact: false }).first()).toBeVisible();

    // Edit: the price, from the keyboard.
    await tabTo(page, page.getByRole('link', { name: 'Edit' }));
    await page.keyboard.press('Enter');
    const price = page.getByLabel('Price ($)');
    await tabTo(page, price);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1500.00');
    await tabTo(page, page.getByRole('button', { name: 'Save Changes' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Quartz Quarterly PM', level: 1 })).toBeVisible();
    await expect(page.getByText('$1,500.00', { exact: false }).first()).toBeVisible();

    // Renew: the dialog says the next term, and the new term opens.
    const firstTerm = page.url();
    await tabTo(page, page.getByRole('button', { name: 'Renew' }));
    await page.keyboard.press('Enter');
    const renew = page.getByRole('alertdialog');
    await expect(renew).toContainText('Renew Quartz Quarterly PM?');
    await expectAccessible(page, 'the renew dialog');
    await tabTo(page, renew.getByRole('button', { name: 'Renew Agreement' }));
    await page.keyboard.press('Enter');
    await expect(page).not.toHaveURL(firstTerm);
    await expect(page.getByRole('heading', { name: 'Quartz Quarterly PM', level: 1 })).toBeVisible();

    // Cancel the new term: the dialog says what happens to the visits first.
    await tabTo(page, page.getByRole('button', { name: 'Cancel Agreement' }));
    await page.keyboard.press('Enter');
    const cancel = page.getByRole('dialog');
    await expect(cancel).toContainText('Cancel agreement Quartz Quarterly PM?');
    const confirm = cancel.getByRole('button', { name: 'Cancel Agreement' });
    await expect(confirm).toBeEnabled();
    await expectAccessible(page, 'the cancel dialog');
    await tabTo(page, confirm);
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Agreement cancelled;/)).toBeVisible();
    await expect(page.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  });
});
