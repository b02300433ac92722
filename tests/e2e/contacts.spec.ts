/**
 * Contacts (issue 28, decision 038): create by keyboard alone, search, edit, pick the contact on
 * Create Job, then the delete refused because the job names it. Screenshots at 1024x768 and
 * 768x1024 go to test-results/contacts-*.png for a person to look at.
 */
import { expect, expectAccessible, test } from './fixtures';

test.describe('contacts', () => {
  test.describe.configure({ timeout: 150_000 });

  test('create by keyboard, search, edit, pick on Create Job, delete refused while the job names it', async ({
    signedIn: page,
    f,
  }, testInfo) => {
    const company = await f.company({ name: 'Quillon Works' });
    const location = await f.location({ companyId: company.id, name: 'Quillon Plant', address: '9 Quill St' });
    const unit = await f.unit({
      locationId: location.id,
      unitNumber: 'QW-RTU-1',
      billingEmail: 'ap@quillon.example.com',
    });
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`contacts-${name}.png`), fullPage: true });

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Contacts' })).toBeVisible();
    await shot('list-1024');

    // Add Contact by keyboard alone.
    const add = page.getByRole('button', { name: 'Add Contact' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await expect(dialog).toBeVisible();
    // Saving empty names what is missing.
    await dialog.getByRole('button', { name: 'Add Contact' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Please select a company')).toBeVisible();
    await expect(dialog.getByText('Name is required')).toBeVisible();

    await dialog.getByLabel('Company').focus();
    await page.keyboard.type('Quillon');
    await expect(page.getByRole('option', { name: /Quillon Works/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    const locationSelect = dialog.getByLabel('Location', { exact: true });
    await expect(locationSelect).toBeEnabled();
    await locationSelect.focus();
    await locationSelect.selectOption(location.id);
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).focus();
    await page.keyboard.type('Rowan Quill');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Chief Engineer');
    await page.keyboard.press('Tab');
    await page.keyboard.type('rowan@quillon.example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type('(404) 555-0142');
    await dialog.getByRole('checkbox', { name: 'Site Contact' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('checkbox', { name: 'Management' }).focus();
    await page.keyboard.press('Space');
    await dialog.getByRole('checkbox', { name: 'Primary contact of the location' }).focus();
    await page.keyboard.press('Space');
    await expectAccessible(page, 'the Add Contact dialog');
    await shot('dialog-1024');
    await dialog.getByRole('button', { name: 'Add Contact' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Contact added successfully!')).toBeVisible();

    // Search by a fragment of the e-mail, then by the phone's digits.
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('rowan@quill');
    const rows = page.getByTestId('contact-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Rowan Quill');
    await expect(rows.first()).toContainText('Primary');
    await search.fill('4045550142');
    await expect(rows).toHaveCount(1);

    // Edit: the title changes.
    await page.getByRole('button', { name: 'Edit contact Rowan Quill' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Contact: Rowan Quill' });
    await edit.getByLabel('Title').fill('Plant Manager');
    await edit.getByRole('button', { name: 'Save Contact' }).click();
    await expect(edit).toBeHidden();
    await expect(rows.first()).toContainText('Plant Manager');

    // The location page: its Contacts card, with the unit's own fields beside them.
    await page.goto(`/locations/${location.id}`);
    const card = page.getByRole('list', { name: 'Contacts' });
    await expect(card).toContainText('Rowan Quill');
    await expect(page.getByTestId('unit-contact-row')).toContainText('ap@quillon.example.com');
    await expect(page.getByTestId('unit-contact-row')).toContainText('From the unit');

    // Create Job picks the contact from the location's contacts.
    await page.goto(`/jobs/create?unitId=${unit.id}`);
    await expect(page.getByLabel('Service Location')).toHaveValue(location.id);
    const contactName = page.getByRole('combobox', { name: 'Contact Name' });
    await contactName.focus();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('Row');
    await expect(page.getByRole('option', { name: /Rowan Quill/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(contactName).toHaveValue('Rowan Quill');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('rowan@quillon.example.com');
    await expect(page.getByText('From the location’s contacts')).toBeVisible();
    await shot('job-form-1024');
    await page.getByLabel('Service Line').selectOption('HVACGEN');
    await page.getByLabel('Job Name').fill('Quillon coil cleaning');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('Clean the condenser coils.');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    const toastLink = page.getByRole('link', { name: /^#\d+$/ });
    const number = (await toastLink.textContent())!.replace('#', '');

    // The contact the job names cannot be deleted; the dialog says which job.
    await page.goto('/contacts?q=rowan');
    await page.getByRole('button', { name: 'Delete contact Rowan Quill' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Contact' });
    await confirm.getByRole('button', { name: 'Delete Contact' }).click();
    await expect(
      confirm.getByText(`This contact is the primary contact of 1 job (Job #${number}) and cannot be deleted`),
    ).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('contact-row')).toHaveCount(1);

    // Portrait tablet.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/contacts');
    await expect(page.getByTestId('contact-row').first()).toBeVisible();
    await shot('list-768');
    await page.getByRole('button', { name: 'Add Contact' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Contact' })).toBeVisible();
    await shot('dialog-768');
    await page.keyboard.press('Escape');
    await page.goto(`/jobs/create?unitId=${unit.id}`);
    await expect(page.getByLabel('Service Location')).toHaveValue(location.id);
    await shot('job-form-768');
  });

  test('typing a new contact on Create Job offers to save it as a contact of the location', async ({
    signedIn: page,
    f,
  }) => {
    const company = await f.company({ name: 'Saxony Foods' });
    const location = await f.location({ companyId: company.id, name: 'Saxony Dock' });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'SX-1' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/jobs/create?unitId=${unit.id}`);
    await expect(page.getByLabel('Service Location')).toHaveValue(location.id);
    await page.getByRole('combobox', { name: 'Contact Name' }).fill('Tamsin Vale');
    await page.getByLabel('Email', { exact: true }).fill('tamsin@saxony.example.com');
    await page.getByRole('checkbox', { name: 'Save as a contact of this location' }).check();
    await page.getByLabel('Service Line').selectOption('HVACGEN');
    await page.getByLabel('Job Name').fill('Saxony dock heater');
    await page.getByRole('textbox', { name: 'Description', exact: true }).fill('No heat at the dock.');
    await page.getByRole('button', { name: 'Create Job' }).click();
    await expect(page).toHaveURL(/\/jobs$/);
    await page.goto(`/locations/${location.id}`);
    await expect(page.getByRole('list', { name: 'Contacts' })).toContainText('Tamsin Vale');
  });
});
