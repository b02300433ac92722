import { expect, test } from './fixtures';

test.describe('Add and edit a technician', () => {
  test('adds a technician with two skills, a certification, a territory and availability, finds it in Settings and edits it', async ({
    signedIn: page,
  }) => {
    const stamp = Date.now().toString(36);
    const email = `nina.${stamp}@example.com`;
    const username = `nina.${stamp}`;

    await page.goto('/technicians/add');
    await expect(page.getByRole('heading', { name: 'Add Technician' })).toBeVisible();
    for (const section of [
      'Basic Information',
      'Emergency Contact',
      'Skills',
      'Certifications',
      'Availability',
      'Service Territories',
      'Additional Notes',
    ]) {
      await expect(page.getByRole('heading', { name: section, exact: true })).toBeVisible();
    }
    // Defaults: the job title, and days 0 to 4 (Sunday to Thursday) available 09:00-17:00.
    await expect(page.getByLabel('Job Title')).toHaveValue('HVAC Technician');
    await expect(page.getByLabel('Sunday available')).toBeChecked();
    await expect(page.getByLabel('Thursday available')).toBeChecked();
    await expect(page.getByLabel('Friday available')).not.toBeChecked();
    await expect(page.getByLabel('Friday start time')).toBeDisabled();
    await expect(page.getByLabel('Monday start time')).toHaveValue('09:00');
    // The first row of each list cannot be removed.
    await expect(page.getByRole('button', { name: /^Remove skill/ })).toHaveCount(0);

    // Required fields.
    await page.getByRole('button', { name: 'Add Technician' }).click();
    await expect(page.getByText('First Name is required')).toBeVisible();
    await expect(page.getByText('Last Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Hire Date is required')).toBeVisible();

    await page.getByLabel('First Name').fill('Nina');
    await page.getByLabel('Last Name').fill('Patel');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone', { exact: true }).fill('(404) 555-0142');
    await page.getByLabel('Employee ID').fill(`EMP-${stamp}`);
    await page.getByLabel('Hire Date').fill('2024-02-12');
    await page.getByLabel('Hourly Rate').fill('41.25');
    await page.getByLabel('Emergency Contact Name').fill('Raj Patel');
    await page.getByLabel('Emergency Contact Phone').fill('(404) 555-0143');

    await page.getByLabel('Skill Name').first().fill('Rooftop units');
    await page.getByLabel('Proficiency').first().selectOption('expert');
    await page.getByLabel('Years Experience').first().fill('8');
    await page.getByRole('button', { name: 'Add Skill' }).click();
    await page.getByLabel('Skill Name').nth(1).fill('Chillers');
    await page.getByLabel('Proficiency').nth(1).selectOption('advanced');
    await page.getByLabel('Years Experience').nth(1).fill('3');
    await page.getByRole('button', { name: 'Add Skill' }).click();
    await expect(page.getByRole('button', { name: 'Remove skill 3' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove skill 3' }).click();
    await expect(page.getByTestId('skill-row')).toHaveCount(2);

    await page.getByLabel('Certification Name').fill('EPA 608 Universal');
    await page.getByLabel('Issuing Organization').fill('EPA');
    await page.getByLabel('Certification Number').fill('608-1234');
    await page.getByLabel('Issue Date').fill('2020-05-01');

    await page.getByLabel('Sunday available').uncheck();
    await expect(page.getByLabel('Sunday start time')).toBeDisabled();
    await page.getByLabel('Friday available').check();
    await page.getByLabel('Friday start time').fill('07:00');
    await page.getByLabel('Friday end time').fill('13:00');

    await page.getByLabel('Territory Name').fill('North Fulton');
    await page.getByLabel('State', { exact: true }).fill('GAX');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('GA'); // the input takes 2 characters
    await page.getByLabel('Zip Codes').fill('30009 , 30075,30328');
    await page.getByLabel('Primary').check();
    await page.getByLabel('Notes').fill('Lead on the Roswell accounts.');

    await page.getByRole('button', { name: 'Add Technician' }).click();
    await expect(page).toHaveURL(/\/jobs\/dispatch$/);
    await expect(page.getByText(`Technician Nina Patel added (username ${username})`)).toBeVisible();

    // Find it in the Settings users table and open the edit screen.
    await page.goto('/settings');
    const row = page.getByRole('row', { name: new RegExp(username.replace('.', '\\.')) });
    await expect(row).toContainText('Nina Patel');
    await expect(row).toContainText('Technician');
    await expect(row).toContainText('No password');
    await row.getByRole('link', { name: `Edit ${username}` }).click();
    await expect(page).toHaveURL(/\/technicians\/[0-9a-f-]{36}\/edit$/);
    await expect(page.getByRole('heading', { name: 'Edit Technician' })).toBeVisible();

    await expect(page.getByLabel('First Name')).toHaveValue('Nina');
    await expect(page.getByLabel('Hourly Rate')).toHaveValue('41.25');
    await expect(page.getByTestId('skill-row')).toHaveCount(2);
    await expect(page.getByLabel('Certification Name')).toHaveValue('EPA 608 Universal');
    await expect(page.getByLabel('Sunday available')).not.toBeChecked();
    await expect(page.getByLabel('Friday available')).toBeChecked();
    await expect(page.getByLabel('Friday start time')).toHaveValue('07:00');
    await expect(page.getByLabel('Territory Name')).toHaveValue('North Fulton');
    await expect(page.getByLabel('Zip Codes')).toHaveValue('30009, 30075, 30328');
    await expect(page.getByLabel('Primary')).toBeChecked();

    // Edit: a new title, a third skill, Saturday, a bad end time first.
    await page.getByLabel('Job Title').fill('Lead HVAC Technician');
    await page.getByRole('button', { name: 'Add Skill' }).click();
    await page.getByLabel('Skill Name').nth(2).fill('Controls');
    await page.getByLabel('Saturday available').check();
    await page.getByLabel('Saturday start time').fill('12:00');
    await page.getByLabel('Saturday end time').fill('10:00');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('End time must be after the start time')).toBeVisible();
    await page.getByLabel('Saturday end time').fill('16:00');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByText('Technician Nina Patel saved')).toBeVisible();

    await page.getByRole('link', { name: `Edit ${username}` }).click();
    await expect(page.getByLabel('Job Title')).toHaveValue('Lead HVAC Technician');
    await expect(page.getByTestId('skill-row')).toHaveCount(3);
    await expect(page.getByLabel('Saturday available')).toBeChecked();
    await expect(page.getByLabel('Saturday end time')).toHaveValue('16:00');
  });

  test('a duplicate e-mail shows "Failed to add technician. Please try again." and saves nothing; Cancel goes to dispatch', async ({
    signedIn: page,
  }) => {
    await page.goto('/technicians/add');
    await page.getByLabel('First Name').fill('Dup');
    await page.getByLabel('Last Name').fill('Licate');
    await page.getByLabel('Email').fill('demo@summitair.example.com');
    await page.getByLabel('Hire Date').fill('2024-01-01');
    await page.getByRole('button', { name: 'Add Technician' }).click();
    const alert = page.getByRole('alert').first();
    await expect(alert).toContainText('Failed to add technician. Please try again.');
    await expect(alert).toContainText('A user with the email "demo@summitair.example.com" already exists');
    await expect(page).toHaveURL(/\/technicians\/add$/);
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/jobs\/dispatch$/);
  });

  test('the edit screen says so for an unknown or malformed id', async ({ signedIn: page }) => {
    await page.goto('/technicians/not-an-id/edit');
    await expect(page.getByText('Invalid technician ID format')).toBeVisible();
    await page.goto('/technicians/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b/edit');
    await expect(page.getByText('Technician not found')).toBeVisible();
  });
});
