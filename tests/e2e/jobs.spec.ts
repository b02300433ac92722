import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

const money = (decimal: string) =>
  `$${Number(decimal).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function chooseTechnicians(page: Page, names: string[]) {
  await page.getByRole('button', { name: /Choose Technicians|Change Technicians/ }).click();
  const picker = page.getByRole('dialog', { name: 'Choose Technicians' });
  for (const name of names) await picker.getByRole('checkbox', { name: new RegExp(name) }).check();
  await expect(picker.getByText('Primary', { exact: true })).toBeVisible();
  await expectAccessible(page, 'technician picker');
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();
}

test.describe('jobs', () => {
  test.describe.configure({ timeout: 300_000 });

  test('create a job from a unit with a preset and two technicians, price it, edit and delete an item, complete it, find it in the calendar', async ({
    signedIn: page,
    f,
  }) => {
    const company = await f.company({ name: 'Juniper Ridge Holdings' });
    const location = await f.location({
      companyId: company.id,
      name: 'Juniper Ridge Tower',
      address: '12 Juniper Way',
      city: 'Macon',
      state: 'GA',
      zip: '31201',
    });
    const unit = await f.unit({
      locationId: location.id,
      unitNumber: 'JR-RTU-7',
      primaryContactEmail: 'facilities@juniper.example.com',
      primaryContactPhone: '4785550142',
    });
    await f.technician({ user: { firstName: 'Odette', lastName: 'Vance' } });
    await f.technician({ user: { firstName: 'Bram', lastName: 'Okafor' } });
    const part = await f.partPrice({ code: 'E2E-JOB-COIL', name: 'E2E evaporator coil' });

    // The required-field messages first.
    await page.goto('/jobs/create');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page.getByText('Please fill in all required fields.')).toBeVisible();
    await expect(page.getByText('Service location is required')).toBeVisible();
    await expect(page.getByText('Service line is required')).toBeVisible();
    await expect(page.getByText('Description is required')).toBeVisible();

    // From the unit: company, location (its address), unit and the unit's contact are filled in.
    await page.goto(`/jobs/create?unitId=${unit.id}`);
    await expect(page.getByTestId('picker-selected')).toContainText('Juniper Ridge Holdings');
    await expect(page.getByLabel('Service Location')).toHaveValue(location.id);
    await expect(page.getByLabel('Service Address')).toHaveValue('12 Juniper Way');
    await expect(page.getByLabel('Unit', { exact: true })).toHaveValue(unit.id);
    await expect(page.getByLabel('Email')).toHaveValue('facilities@juniper.example.com');
    await expect(page.getByLabel('Job Type')).toHaveValue('PM');
    await expect(page.getByLabel('Duration')).toHaveValue('60');

    await page.getByLabel('Service Line').selectOption('HVACGEN');
    await page.getByLabel('Job Name').fill('Quarterly PM - JR-RTU-7');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Filters, belts, coil cleaning.');
    await page.getByLabel('Duration').selectOption('90');
    await chooseTechnicians(page, ['Odette Vance', 'Bram Okafor']);
    await expect(page.getByTestId('chosen-technicians')).toContainText('Odette Vance');

    // Save as Preset needs a name.
    await page.getByRole('button', { name: 'Save as Preset' }).click();
    const presetDialog = page.getByRole('dialog', { name: 'Save as Preset' });
    await presetDialog.getByRole('button', { name: 'Save Preset' }).click();
    await expect(presetDialog.getByText('Preset name is required')).toBeVisible();
    await presetDialog.getByLabel('Preset Name').fill('Juniper quarterly PM');
    await presetDialog.getByRole('button', { name: 'Save Preset' }).click();
    await expect(presetDialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Apply preset Juniper quarterly PM' })).toBeVisible();

    // A fresh form from the unit, then the preset fills the rest (with its two technicians).
    await page.goto(`/jobs/create?unitId=${unit.id}`);
    await expect(page.getByLabel('Service Address')).toHaveValue('12 Juniper Way');
    await page.getByRole('button', { name: 'Apply preset Juniper quarterly PM' }).click();
    await expect(page.getByLabel('Job Name')).toHaveValue('Quarterly PM - JR-RTU-7');
    await expect(page.getByLabel('Duration')).toHaveValue('90');
    const chosen = page.getByTestId('chosen-technicians');
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await expect(chosen.getByRole('listitem').first()).toContainText('Odette Vance');
    await expect(chosen.getByRole('listitem').first()).toContainText('Primary');

    // Scheduled today at 9:00 (company time zone).
    const today = await page.getByLabel('Start Date').inputValue();
    await page.getByLabel('Schedule Date').fill(today);
    await page.getByLabel('Schedule Time').fill('09:00');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    const toastLink = page.getByRole('link', { name: /^#\d+$/ });
    await expect(toastLink).toBeVisible();
    const number = (await toastLink.textContent())!.replace('#', '');
    const href = await toastLink.getAttribute('href');
    expect(href).toMatch(/^\/jobs\/[0-9a-f-]{36}$/);
    await page.goto(href!);
    await expect(page.getByRole('heading', { name: `Job #${number}` })).toBeVisible();
    const jobUrl = page.url();

    // The page: badges, location and contact, technicians with the primary, unit links.
    await expect(page.getByTestId('job-badges')).toContainText('Scheduled');
    await expect(page.getByRole('region', { name: 'Job contact' })).toContainText('facilities@juniper.example.com');
    const technicians = page.getByRole('list', { name: 'Assigned technicians' });
    await expect(technicians.getByRole('listitem').first()).toContainText('Odette Vance');
    await expect(technicians.getByRole('listitem').first()).toContainText('Primary');
    await expect(technicians.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'JR-RTU-7' })).toHaveAttribute('href', `/units/${unit.id}`);
    await expect(page.getByRole('link', { name: 'Juniper Ridge Holdings' })).toHaveAttribute(
      'href',
      `/companies/${company.id}`,
    );

    // Items: empty, then a part from the price book (non-contract flat rate) and a custom item.
    await page.getByRole('tab', { name: 'Items' }).click();
    await expect(page.getByText('No items added yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const pricing = page.getByRole('dialog', { name: 'Add Pricing' });
    await expect(pricing.getByRole('tab', { name: 'Part' })).toHaveAttribute('aria-selected', 'true');
    await pricing.getByLabel('Search the price book').fill('E2E-JOB');
    await pricing.getByRole('option', { name: /E2E-JOB-COIL/ }).click();
    await expect(pricing.getByLabel('Code')).toHaveValue('E2E-JOB-COIL');
    await expect(pricing.getByLabel('Unit Price')).toHaveValue(Number(part.flatRateNonContract).toFixed(2));
    await expectAccessible(page, 'Add Pricing dialog');
    await pricing.getByRole('button', { name: 'Add Item' }).click();
    await expect(pricing).toBeHidden();
    await expect(page.getByRole('table', { name: 'Parts' })).toContainText('E2E evaporator coil');

    await page.getByRole('button', { name: 'Add Item' }).click();
    await pricing.getByRole('tab', { name: 'Item' }).click();
    await pricing.getByRole('button', { name: 'Add Item' }).click();
    await expect(pricing.getByText('Code is required')).toBeVisible();
    await pricing.getByLabel('Code').fill('E2E-CRANE');
    await pricing.getByLabel('Name').fill('Crane rental');
    await pricing.getByLabel('Quantity').fill('0');
    await pricing.getByLabel('Unit Price').fill('250');
    await pricing.getByRole('button', { name: 'Add Item' }).click();
    await expect(pricing.getByText('Quantity must be greater than 0')).toBeVisible();
    await pricing.getByLabel('Quantity').fill('2');
    await pricing.getByRole('button', { name: 'Add Item' }).click();
    await expect(pricing).toBeHidden();
    const other = page.getByRole('table', { name: 'Other Items' });
    await expect(other).toContainText('$500.00');
    await expect(page.getByTestId('items-grand-total')).toHaveText(
      money(String(Number(part.flatRateNonContract) + 500)),
    );

    // Edit the custom item, then delete the part.
    await page.getByRole('button', { name: 'Edit Crane rental' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Item' });
    await edit.getByLabel('Quantity').fill('3');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(edit).toBeHidden();
    await expect(other).toContainText('$750.00');
    await page.getByRole('button', { name: 'Delete E2E evaporator coil' }).click();
    await page.getByRole('alertdialog', { name: 'Delete Item' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('table', { name: 'Parts' })).toBeHidden();
    await expect(page.getByTestId('items-grand-total')).toHaveText('$750.00');

    // Complete Job: the dialog says who will be notified (the job's contact e-mail).
    await page.getByRole('button', { name: 'Complete Job' }).click();
    const complete = page.getByRole('alertdialog', { name: `Complete Job #${number}?` });
    await expect(complete).toContainText(
      'A completion notice with the work done will be e-mailed to facilities@juniper.example.com.',
    );
    await complete.getByRole('button', { name: 'Complete Job' }).click();
    await expect(complete).toBeHidden();
    await expect(page.getByTestId('job-badges')).toContainText('Completed');
    await expect(page.getByRole('button', { name: 'Complete Job' })).toBeHidden();

    // The calendar: this month holds the job on today's date. A month cell shows a day's first 3
    // jobs and "+N more" (the week), a week column its first 10 and "+N more" (the jobs list of
    // that day): other tests schedule jobs today too (the dispatch board's 500), so the test
    // follows "+N more" when its job is not among the first.
    await page.goto('/jobs?view=calendar');
    const cell = page.locator(`td[data-date="${today}"]`);
    const inMonth = cell.getByRole('link', { name: new RegExp(`Job #${number} `) });
    const moreInMonth = cell.getByRole('button', { name: /more jobs on .*: show the week/ });
    await expect(inMonth.or(moreInMonth).first()).toBeVisible();
    if (await inMonth.isVisible()) {
      await inMonth.click();
      await expect(page).toHaveURL(jobUrl);
      await page.goto(`/jobs?view=calendar&period=week&date=${today}`);
    } else {
      await moreInMonth.click();
      await expect(page).toHaveURL(/period=week/);
    }
    const column = page.locator(`td[data-date="${today}"]`);
    const inWeek = column.getByRole('link', { name: new RegExp(`Job #${number} `) });
    const moreInWeek = column.getByRole('link', { name: /more jobs on .*: show them in the jobs list/ });
    await expect(inWeek.or(moreInWeek).first()).toBeVisible();
    if (await inWeek.isVisible()) {
      await expect(inWeek).toContainText('9:00 AM');
    } else {
      await moreInWeek.click();
      await expect(page).toHaveURL(new RegExp(`dateField=schedule&from=${today}&to=${today}`));
      await page.goto(`/jobs?dateField=schedule&from=${today}&to=${today}&q=${number}`);
      await expect(page.getByTestId('job-row').filter({ hasText: `#${number}` })).toBeVisible();
      await page.goto(`/jobs?view=calendar&period=week&date=${today}`);
    }
    await page.getByRole('button', { name: 'Next week' }).click();
    await expect(page.getByRole('link', { name: new RegExp(`Job #${number} `) })).toHaveCount(0);

    // The list finds it by number and shows its cost badge.
    await page.goto(`/jobs?q=${number}`);
    const row = page.getByTestId('job-row').filter({ hasText: `#${number}` });
    await expect(row).toContainText('$750.00');
    await expect(row).toContainText('Completed');
  });

  test('a busy day in the calendar: the first 3 in the month, 10 in the week, "+N more" opens the week, then the list of that day', async ({
    signedIn: page,
    f,
  }) => {
    // 12 jobs on 2031-05-14 (New York), one an hour from 6:00 AM; the server sends only the ones shown.
    const day = '2031-05-14';
    for (let i = 0; i < 12; i++)
      await f.job({
        name: `Busy Wednesday ${String(i + 1).padStart(2, '0')}`,
        status: 'scheduled',
        scheduleStart: new Date(Date.UTC(2031, 4, 14, 10 + i)),
      });
    const answer = page.waitForResponse((r) => r.url().includes('/api/jobs/calendar') && r.url().includes('perDay=3'));
    await page.goto(`/jobs?view=calendar&date=${day}`);
    expect(
      (await (await answer).json()).scheduled.filter((j: { name: string }) => j.name.startsWith('Busy Wednesday')),
    ).toHaveLength(3);
    const cell = page.locator(`td[data-date="${day}"]`);
    await expect(cell.getByRole('link', { name: /Busy Wednesday/ })).toHaveCount(3);
    await expect(cell.getByRole('link', { name: /Busy Wednesday 01/ })).toContainText('6:00 AM');
    await expectAccessible(page, 'calendar month with a busy day');
    await cell.getByRole('button', { name: 'show the week', exact: false }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/period=week/);
    const column = page.locator(`td[data-date="${day}"]`);
    await expect(column.getByRole('link', { name: /Busy Wednesday/ })).toHaveCount(10);
    const rest = column.getByRole('link', {
      name: /2 more jobs on Wednesday, May 14, 2031: show them in the jobs list/,
    });
    await expect(rest).toHaveText('+2 more');
    await expectAccessible(page, 'calendar week with a busy day');
    await rest.click();
    await expect(page).toHaveURL(new RegExp(`/jobs\\?dateField=schedule&from=${day}&to=${day}`));
    await expect(page.getByTestId('job-row').filter({ hasText: 'Busy Wednesday' })).toHaveCount(12);
    // in time order, as the calendar showed them
    await expect(page.getByTestId('job-row').first()).toContainText('Busy Wednesday 01');
    await expect(page.getByTestId('job-row').last()).toContainText('Busy Wednesday 12');
  });

  test('a home count opens its filtered list, with the queue as a removable chip; empty and error texts', async ({
    signedIn: page,
    f,
  }) => {
    const job = await f.job({ name: 'Zephyr unscheduled check', status: 'unscheduled', scheduleStart: null });
    await page.goto('/');
    await page.getByRole('link', { name: /Jobs with No Appointment/ }).click();
    await expect(page).toHaveURL(/\/jobs\?queue=no-appointment/);
    await expect(page.getByTestId('queue-chip')).toContainText('Jobs with No Appointment');
    // The same queue with a search (opened directly: fewer refetches while axe checks each route change).
    await page.goto(`/jobs?queue=no-appointment&q=${encodeURIComponent('Zephyr unscheduled')}`);
    await expect(page.getByTestId('job-row').filter({ hasText: `#${job.number}` })).toBeVisible();
    await page.getByRole('button', { name: 'Remove filter: Jobs with No Appointment' }).click();
    await expect(page.getByTestId('queue-chip')).toBeHidden();
    await expect(page).not.toHaveURL(/queue=/);
    await expect(page.getByTestId('job-row').filter({ hasText: `#${job.number}` })).toBeVisible();

    await page.goto('/jobs?q=no-such-job-anywhere');
    await expect(page.getByText('No jobs found. Try adjusting your filters or create a new job.')).toBeVisible();

    await page.goto('/jobs/not-a-uuid');
    await expect(page.getByText('Invalid job ID format')).toBeVisible();
    await page.goto('/jobs/2f1c6b8e-4d3a-4b7e-9a1c-0e5f6d7c8b9a');
    await expect(page.getByText('Job not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Jobs' })).toHaveAttribute('href', '/jobs');
  });
  test('tags and the subcontracted flag: set on Create Job, shown and edited on the job page', async ({
    signedIn: page,
    f,
  }) => {
    const company = await f.company({ name: 'Tamarack Labels Inc' });
    const location = await f.location({
      companyId: company.id,
      name: 'Tamarack Plant',
      address: '4 Tamarack Rd',
      city: 'Macon',
      state: 'GA',
      zip: '31201',
    });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'TL-AHU-2' });

    await page.goto(`/jobs/create?unitId=${unit.id}`);
    await expect(page.getByLabel('Service Address')).toHaveValue('4 Tamarack Rd');
    await page.getByLabel('Service Line').selectOption('HVACGEN');
    await page.getByLabel('Job Name').fill('Tagged job - TL-AHU-2');
    await page
      .getByRole('textbox', { name: 'Description', exact: true })
      .fill('A job the dispatch board filters by its tags.');
    const tags = page.getByRole('textbox', { name: 'Tags', exact: true });
    // Enter adds a tag (and does not submit); a comma too; a duplicate ignoring case is dropped.
    await tags.fill('Rooftop');
    await tags.press('Enter');
    await tags.fill('VIP,');
    await tags.fill('vip');
    await tags.press('Enter');
    await page.getByLabel('Subcontracted job').check();
    await expect(page.getByRole('list', { name: 'Chosen tags' }).getByRole('listitem')).toHaveText(['Rooftop', 'VIP']);
    await expect(page).toHaveURL(/\/jobs\/create/);
    await page.screenshot({ path: '.tmp/screens/job-create-tags.png', fullPage: true });
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await page.getByRole('link', { name: /^#\d+$/ }).click();

    const info = page.getByRole('complementary', { name: 'Job information' });
    // The job page is its own code-split chunk with a map: on a loaded machine (two workers beside
    // the dispatch drag test) it took over 10 s to appear; wait for it, then check the tags.
    await expect(info.getByRole('heading', { name: 'Job Information' })).toBeVisible({ timeout: 30_000 });
    await expect(info.getByRole('list', { name: 'Job tags' }).getByRole('listitem')).toHaveText(['Rooftop', 'VIP']);
    await expect(page.getByTestId('job-badges')).toContainText('Subcontracted');
    await info.getByRole('button', { name: 'Edit Tags' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Tags & Subcontracting' });
    await dialog.getByRole('button', { name: 'Remove tag Rooftop' }).click();
    await dialog.getByRole('textbox', { name: 'Tags', exact: true }).fill('After hours');
    await dialog.getByRole('textbox', { name: 'Tags', exact: true }).press('Enter');
    await dialog.getByLabel('Subcontracted job').uncheck();
    await expectAccessible(page, 'Edit Tags dialog');
    await page.screenshot({ path: '.tmp/screens/job-edit-tags.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(info.getByRole('list', { name: 'Job tags' }).getByRole('listitem')).toHaveText(['VIP', 'After hours']);
    await expect(page.getByTestId('job-badges')).not.toContainText('Subcontracted');
    await expect(info.getByRole('button', { name: 'Edit Tags' })).toBeFocused();
    await page.screenshot({ path: '.tmp/screens/job-detail-tags.png', fullPage: true });
  });
});
