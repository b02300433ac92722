import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';

async function readDownload(path: string): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test.describe('customers: companies, locations and units', () => {
  test('create a company, meet the duplicate warning, add a location and a unit, find, edit and delete the unit, delete the company', async ({
    signedIn: page,
  }) => {
    // About twenty screens, each checked with axe: a long flow on a shared machine.
    test.slow();
    // Create a company (its Peachtree address is geocoded by the test geocoder: a map shows).
    await page.goto('/companies');
    await page.getByRole('link', { name: 'Add Company' }).click();
    await expect(page.getByRole('heading', { name: 'Create Customer Company' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByText('Company name is required')).toBeVisible();
    await expect(page.getByText('Zip is required')).toBeVisible();
    await page.getByLabel('Company Name').fill('Zephyrine Cold Storage');
    await page.getByLabel('Address').fill('55 Peachtree St NW');
    await page.getByLabel('City').fill('Atlanta');
    await page.getByLabel('State').fill('ga');
    await page.getByLabel('Zip').fill('30303');
    await page.getByLabel('Phone').fill('(404) 555-0199');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByRole('heading', { name: 'Zephyrine Cold Storage' })).toBeVisible();
    await expect(page.getByText('55 Peachtree St NW, Atlanta, GA 30303').first()).toBeVisible();
    await expect(page.getByTestId('address-map')).toBeVisible();
    await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
    await expect(page.getByText('No locations found.')).toBeVisible();
    const companyUrl = page.url();

    // The duplicate warning. Typed in other case with spaces: refused on save with the warning.
    await page.goto('/companies/create');
    await page.getByLabel('Company Name').fill('  ZEPHYRINE cold storage ');
    await page.getByLabel('Address').fill('1 Other Rd');
    await page.getByLabel('City').fill('Macon');
    await page.getByLabel('State').fill('GA');
    await page.getByLabel('Zip').fill('31201');
    await page.getByRole('button', { name: 'Create Company' }).click();
    await expect(page.getByText('Company Already Exists')).toBeVisible();
    await expect(page.getByText('A company named "Zephyrine Cold Storage" already exists.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Company' })).toBeDisabled();
    // Another name clears it; picking a suggestion (from 2 characters) raises it again.
    await page.getByLabel('Company Name').fill('ze');
    await expect(page.getByText('Company Already Exists')).toBeHidden();
    await page.getByRole('option', { name: /Zephyrine Cold Storage/ }).click();
    await expect(page.getByLabel('Company Name')).toHaveValue('Zephyrine Cold Storage');
    await expect(page.getByText('Company Already Exists')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Company' })).toBeDisabled();
    await page.getByRole('link', { name: 'Add a location to Zephyrine Cold Storage' }).click();

    // Add a location: the company is picked already; the map is unavailable for an unknown address.
    await expect(page.getByRole('heading', { name: 'Add Location' })).toBeVisible();
    await expect(page.getByTestId('picker-selected')).toContainText('Zephyrine Cold Storage');
    await page.getByLabel('Location Name').fill('Zephyrine North Dock');
    await page.getByLabel('Building Name').fill('Dock 4');
    await page.getByLabel('Address').fill('700 Unknown Industrial Way');
    await page.getByLabel('City').fill('Forest Park');
    await page.getByLabel('State').fill('GA');
    await page.getByLabel('Zip').fill('30297');
    await page.getByRole('button', { name: 'Add Location' }).click();
    await expect(page).toHaveURL(companyUrl);
    await page.getByRole('link', { name: 'Zephyrine North Dock', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Zephyrine North Dock' })).toBeVisible();
    await expect(page.getByText('Map unavailable')).toBeVisible();
    await expect(page.getByText('No units found. Click "Add Unit" to create one.')).toBeVisible();
    const locationUrl = page.url();

    // Add a unit from the location: defaults active, Management, taxable; back to the company.
    await page.getByRole('link', { name: 'Add Unit' }).first().click();
    await expect(page.getByTestId('unit-location')).toContainText('Zephyrine North Dock');
    await expect(page.getByRole('button', { name: 'Add Unit' })).toBeDisabled();
    await expect(page.getByLabel('Primary Contact Type')).toHaveValue('Management');
    await expect(page.getByLabel('Taxable')).toBeChecked();
    await page.getByLabel('Unit Number').fill('ZEPH-RTU-7');
    await page.getByLabel('Primary Contact Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Add Unit' }).click();
    await expect(page.getByText('Primary contact email must be a valid email address')).toBeVisible();
    await page.getByLabel('Primary Contact Email').fill('dock.manager@example.com');
    await page.getByLabel('Billing State').fill('ga');
    await page.getByRole('button', { name: 'Add Unit' }).click();
    await expect(page).toHaveURL(companyUrl);
    await page.getByRole('button', { name: 'Show Units' }).click();
    await expect(page.getByTestId('units-panel')).toContainText('ZEPH-RTU-7');

    // Find it in /units by two words (unit number and company), open its detail.
    await page.goto('/units');
    await page.getByRole('searchbox', { name: 'Search units' }).fill('zeph-rtu zephyrine');
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await expect(page.locator('tbody')).toContainText('Zephyrine North Dock');
    // The search narrows the list: it counts as a filter applied (it said "0 filters applied").
    await expect(page.getByTestId('filters-applied')).toHaveText('1 filter applied');
    await page.getByLabel('Status').selectOption('active');
    await expect(page.getByTestId('filters-applied')).toHaveText('2 filters applied');
    await page.getByRole('link', { name: 'ZEPH-RTU-7', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Unit ZEPH-RTU-7' })).toBeVisible();
    await expect(page.getByText('dock.manager@example.com')).toBeVisible();
    await expect(page.getByText('Main Office')).toBeVisible();
    await expect(page.getByText('No jobs found for this unit')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Job' }).first()).toHaveAttribute(
      'href',
      /\/jobs\/create\?unitId=/,
    );
    const unitUrl = page.url();

    // Edit it: inactive, not taxable; back to the location.
    await page.getByRole('link', { name: 'Edit Unit' }).click();
    await expect(page.getByTestId('unit-location')).toContainText('Zephyrine North Dock');
    await page.getByLabel('Status').selectOption('inactive');
    await page.getByLabel('Taxable').uncheck();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page).toHaveURL(locationUrl);
    await expect(page.getByText('inactive')).toBeVisible();
    await page.goto(unitUrl);
    await expect(page.getByText('No', { exact: true })).toBeVisible();

    // Delete it, after the confirmation that names the unit.
    await page.goto(`${unitUrl}/edit`);
    await page.getByRole('button', { name: 'Delete Unit' }).click();
    await expect(
      page.getByText('Are you sure you want to delete unit ZEPH-RTU-7? This action cannot be undone.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page).toHaveURL(locationUrl);
    await expect(page.getByText('No units found. Click "Add Unit" to create one.')).toBeVisible();

    // Delete the company with its location.
    await page.goto(companyUrl);
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(
        'Are you sure you want to delete Zephyrine Cold Storage? This will also delete all 1 location(s) and their units. This action cannot be undone.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Zephyrine Cold Storage' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(page).toHaveURL(/\/companies$/);
    await page.goto(companyUrl);
    await expect(page.getByText('Company not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Companies' })).toBeVisible();
  });

  test('a company that jobs hold cannot be deleted; the dialog says how many', async ({ signedIn: page, f }) => {
    const company = await f.company({ name: 'Busy Bee Properties' });
    const location = await f.location({ companyId: company.id });
    await f.job({ locationId: location.id, unitId: null });
    await page.goto(`/companies/${company.id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(page.getByRole('alertdialog').getByRole('alert')).toHaveText(
      'Cannot delete Busy Bee Properties: 1 job still refers to its locations or units. Jobs keep the service history, so a company with jobs cannot be deleted.',
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Busy Bee Properties' })).toBeVisible();
  });

  test('detail screens reject ids that are not version-4 uuids', async ({ signedIn: page }) => {
    await page.goto('/companies/not-a-uuid');
    await expect(page.getByText('Invalid company ID format')).toBeVisible();
    await page.goto('/units/12345');
    await expect(page.getByText('Invalid unit ID format')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Units' }).click();
    await expect(page).toHaveURL(/\/units$/);
    await page.goto('/units/3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b');
    await expect(page.getByText('Unit not found')).toBeVisible();
  });

  test('companies list: filters with Search and Reset, paging, and Export opens as a spreadsheet', async ({
    signedIn: page,
    f,
  }) => {
    for (let i = 1; i <= 27; i++)
      await f.company({
        name: `Quokka Exports ${String(i).padStart(2, '0')}`,
        city: i % 3 === 0 ? 'Valdosta' : 'Athens',
        state: 'GA',
      });
    await page.goto('/companies');
    await page.getByLabel('Company', { exact: true }).fill('quokka');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Showing 1–25 of 27');
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByRole('link', { name: 'Quokka Exports 27', exact: true })).toBeVisible();
    await page.getByLabel('City', { exact: true }).fill('valdo');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Showing 1–9 of 9');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export to Spreadsheet' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const rows = await readDownload(await download.path());
    expect(rows[0]).toEqual(['Name', 'Address', 'City', 'State', 'Zip', 'Phone', 'Created', 'Tags']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      ['03', '06', '09', '12', '15', '18', '21', '24', '27'].map((n) => `Quokka Exports ${n}`),
    );
    expect(rows.slice(1).every((r) => r[2] === 'Valdosta')).toBe(true);

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByLabel('Company', { exact: true })).toHaveValue('');
    await page.getByLabel('Company', { exact: true }).fill('no company has this name');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No companies found.')).toBeVisible();
  });

  test('locations list: search as you type, units on demand, Reset filters, Export', async ({ signedIn: page, f }) => {
    const company = await f.company({ name: 'Wombat Logistics' });
    const depot = await f.location({
      companyId: company.id,
      name: 'Wombat Depot',
      buildingName: 'Hangar 9',
      city: 'Valdosta',
      state: 'GA',
    });
    await f.location({
      companyId: company.id,
      name: 'Wombat Office',
      buildingName: 'Suite 100',
      city: 'Valdosta',
      state: 'GA',
    });
    await f.unit({ locationId: depot.id, unitNumber: 'WOMBAT-1', status: 'inactive' });
    await page.goto('/locations');
    await page.getByRole('searchbox', { name: 'Search locations' }).fill('wombat hangar');
    await expect(page.getByTestId('location-card')).toHaveCount(1);
    await expect(page.getByTestId('location-card')).toContainText('Wombat Logistics');
    await page.getByRole('button', { name: 'Show Units' }).click();
    const panel = page.getByTestId('units-panel');
    await expect(panel).toContainText('WOMBAT-1');
    await expect(panel.getByText('inactive')).toBeVisible();
    expect(await panel.evaluate((el) => getComputedStyle(el).maxHeight)).toBe('500px');
    await page.getByRole('button', { name: 'Hide Units' }).click();
    await expect(panel).toBeHidden();

    await page.getByRole('searchbox', { name: 'Search locations' }).fill('wombat');
    await page.getByLabel('Building Name').fill('suite');
    await expect(page.getByTestId('location-card')).toHaveCount(1);
    await expect(page.getByRole('link', { name: 'Wombat Office', exact: true })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export' }).click(),
    ]);
    const rows = await readDownload(await download.path());
    expect(rows).toEqual([
      ['Location', 'Building', 'Company', 'Address', 'City', 'State', 'Zip', 'Units'],
      ['Wombat Office', 'Suite 100', 'Wombat Logistics', expect.any(String), 'Valdosta', 'GA', expect.any(String), 0],
    ]);

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search locations' })).toHaveValue('');
    await expect(page.getByLabel('Building Name')).toHaveValue('');
    await page.getByLabel('Name', { exact: true }).fill('no such location anywhere');
    await expect(page.getByText('No locations found.')).toBeVisible();
  });

  test('dashboard: the five cards, recent companies and quick actions', async ({ signedIn: page, f }) => {
    await f.company({ name: 'Newest Narwhal HVAC Client', createdAt: new Date(Date.now() + 60_000) });
    await page.goto('/dashboard');
    const stats = await (await page.request.get('/api/customers/dashboard')).json();
    await expect(page.getByTestId('count-Total Companies')).toHaveText(stats.totalCompanies.toLocaleString('en-US'));
    await expect(page.getByTestId('count-Total Units')).toHaveText(stats.totalUnits.toLocaleString('en-US'));
    await expect(page.getByTestId('count-Inactive Units')).toHaveText(String(stats.inactiveUnits));
    await expect(page.getByRole('progressbar', { name: 'Active Units share of all units', exact: true })).toBeVisible();
    await page.getByRole('link', { name: 'Newest Narwhal HVAC Client', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Newest Narwhal HVAC Client' })).toBeVisible();
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Add Location' }).click();
    await expect(page.getByRole('heading', { name: 'Add Location' })).toBeVisible();
    await page.getByRole('button', { name: 'Add Location' }).click();
    await expect(page.getByText('Please select a company first')).toBeVisible();
  });
});
