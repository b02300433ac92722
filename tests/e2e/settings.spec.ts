import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PASSWORD = 'e2e-initial-pass';

async function signInAs(page: Page, username: string, password: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

test.describe('Settings', () => {
  test('adds a user of each role, signs in as one of them, and a non-admin sees no admin controls', async ({
    signedIn: page,
  }) => {
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Company Information' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'dispatch', exact: true })).toBeVisible();

    // The form's own rules first: required fields and the technician's Hire Date.
    await page.getByRole('button', { name: 'Add User' }).click();
    const form = page.getByRole('form', { name: 'Add User' });
    await form.getByLabel('Role').selectOption('technician');
    await form.getByRole('button', { name: 'Add User' }).click();
    await expect(form.getByText('Username is required')).toBeVisible();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Initial password is required')).toBeVisible();
    await expect(form.getByText('Hire Date is required')).toBeVisible();
    await expect(form.getByLabel('Job Title')).toHaveValue('HVAC Technician');

    const stamp = Date.now().toString(36);
    const people = [
      { role: 'user', username: `e2e-user-${stamp}` },
      { role: 'technician', username: `e2e-tech-${stamp}` },
      { role: 'manager', username: `e2e-manager-${stamp}` },
      { role: 'admin', username: `e2e-admin-${stamp}` },
    ];
    for (const [index, person] of people.entries()) {
      if (index > 0) await page.getByRole('button', { name: 'Add User' }).click();
      const add = page.getByRole('form', { name: 'Add User' });
      await add.getByLabel('Username').fill(person.username);
      await add.getByLabel('Email').fill(`${person.username}@example.com`);
      await add.getByLabel('First Name').fill('Eve');
      await add.getByLabel('Last Name').fill(person.role);
      await add.getByLabel('Role').selectOption(person.role);
      await add.getByLabel('Initial Password').fill(PASSWORD);
      if (person.role === 'technician') {
        await add.getByLabel('Hire Date').fill('2024-06-03');
        await add.getByLabel('Hourly Rate').fill('-1');
        await add.getByRole('button', { name: 'Add User' }).click();
        await expect(add.getByText('Hourly rate must be at least 0')).toBeVisible();
        await add.getByLabel('Hourly Rate').fill('36.50');
      }
      await add.getByRole('button', { name: 'Add User' }).click();
      await expect(page.getByText(`User ${person.username} added`)).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(person.username) });
      await expect(row).toBeVisible();
      await expect(row.getByText(person.role, { exact: false }).first()).toBeVisible();
    }
    // Only the technician gets the Edit link to the technician screen.
    await expect(page.getByRole('link', { name: `Edit ${people[1]!.username}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Edit ${people[0]!.username}` })).toHaveCount(0);

    // A duplicate username is refused with the spec's message and the reason.
    await page.getByRole('button', { name: 'Add User' }).click();
    const again = page.getByRole('form', { name: 'Add User' });
    await again.getByLabel('Username').fill(people[0]!.username);
    await again.getByLabel('Email').fill(`other-${stamp}@example.com`);
    await again.getByLabel('Initial Password').fill(PASSWORD);
    await again.getByRole('button', { name: 'Add User' }).click();
    await expect(again.getByRole('alert')).toContainText('Failed to add user');
    await expect(again.getByRole('alert')).toContainText(
      `A user with the username "${people[0]!.username}" already exists`,
    );
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Sign in as the new plain user: Settings is read-only for them.
    await signInAs(page, people[0]!.username, PASSWORD);
    await page.goto('/settings');
    await expect(page.getByText('(read-only)')).toBeVisible();
    // The users list (e-mails, phones, last sign-in) is for admin and manager only.
    await expect(page.getByRole('table', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Service Type' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Job Type' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Manage / })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Deactivate / })).toHaveCount(0);
    await page.goto('/technicians/add');
    await expect(page.getByText('Only admins and managers can add technicians.')).toBeVisible();

    // The new manager has the controls.
    await signInAs(page, people[2]!.username, PASSWORD);
    await page.goto('/settings');
    await expect(page.getByRole('button', { name: 'Add User' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add Service Type' })).toBeVisible();
  });

  test('adds a service type and a job type and switches one inactive and back', async ({ signedIn: page }) => {
    await page.goto('/settings');
    const serviceTypes = page.getByRole('region', { name: 'Service Types' });
    await serviceTypes.getByRole('button', { name: 'Add Service Type' }).click();
    const addService = page.getByRole('form', { name: 'Add Service Type' });
    await addService.getByRole('button', { name: 'Add Service Type' }).click();
    await expect(addService.getByText('Name is required')).toBeVisible();
    await expect(addService.getByText('Code is required')).toBeVisible();
    await addService.getByLabel('Name').fill('Boiler Service');
    await addService.getByLabel('Code').fill('boil');
    await addService.getByLabel('Description').fill('Hot water and steam boilers');
    await addService.getByRole('button', { name: 'Add Service Type' }).click();
    const boiler = serviceTypes.getByRole('row', { name: /Boiler Service/ });
    await expect(boiler).toContainText('BOIL');
    await expect(boiler).toContainText('Hot water and steam boilers');
    await expect(boiler).toContainText('Active');

    // A code that exists already (any case) is refused.
    await serviceTypes.getByRole('button', { name: 'Add Service Type' }).click();
    await addService.getByLabel('Name').fill('Another');
    await addService.getByLabel('Code').fill('hvacgen');
    await addService.getByRole('button', { name: 'Add Service Type' }).click();
    await expect(addService.getByRole('alert')).toContainText('Failed to add service type');
    await expect(addService.getByRole('alert')).toContainText('A service type with the code "HVACGEN" already exists');
    await addService.getByRole('button', { name: 'Cancel' }).click();

    const jobTypes = page.getByRole('region', { name: 'Job Types' });
    await jobTypes.getByRole('button', { name: 'Add Job Type' }).click();
    const addJob = page.getByRole('form', { name: 'Add Job Type' });
    await addJob.getByLabel('Name').fill('Warranty Visit');
    await addJob.getByLabel('Code').fill('WARR');
    await addJob.getByRole('button', { name: 'Add Job Type' }).click();
    const warranty = jobTypes.getByRole('row', { name: /Warranty Visit/ });
    await expect(warranty).toContainText('WARR');

    await warranty.getByRole('button', { name: 'Deactivate Warranty Visit' }).click();
    await expect(warranty).toContainText('Inactive');
    await page.reload();
    await expect(
      page.getByRole('region', { name: 'Job Types' }).getByRole('row', { name: /Warranty Visit/ }),
    ).toContainText('Inactive');
    await page.getByRole('button', { name: 'Activate Warranty Visit' }).click();
    await expect(
      page.getByRole('region', { name: 'Job Types' }).getByRole('row', { name: /Warranty Visit/ }),
    ).toContainText('Active');
  });

  test('an admin edits the company information and the header title follows', async ({ signedIn: page }) => {
    const original = await (await page.request.get('/api/settings/company')).json();
    try {
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const form = page.getByRole('form', { name: 'Company Information' });
      await form.getByLabel('Company Name').fill('');
      await form.getByLabel('Physical State').fill('GA');
      await form.getByRole('button', { name: 'Save Company Information' }).click();
      await expect(form.getByText('Company name is required')).toBeVisible();
      await form.getByLabel('Company Name').fill('Peachtree Comfort');
      await form.getByLabel('Phone').fill('(404) 555-0190');
      await form.getByRole('button', { name: 'Same as physical address' }).click();
      await expect(form.getByLabel('Mailing Street')).toHaveValue(original.physical_address.street);
      await form.getByRole('button', { name: 'Save Company Information' }).click();
      await expect(page.getByText('Company information saved')).toBeVisible();
      await expect(page.getByRole('banner').getByText('Peachtree Comfort Management')).toBeVisible();
      await expect(page.getByText('(404) 555-0190')).toBeVisible();
    } finally {
      const { managementTitle: _t, ...restore } = original;
      expect((await page.request.put('/api/settings/company', { data: restore })).status()).toBe(200);
    }
  });
});
