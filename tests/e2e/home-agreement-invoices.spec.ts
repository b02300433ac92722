/**
 * An agreement's advance invoice (no job) on Home (decision 059): Total Unsent Invoices counts it in
 * the agreement's office (the visits' office, Main Office) and opens the list that shows it, with
 * the same count; the header search finds it by its agreement's name. Screenshots at 1024x768 and
 * 768x1024 go to test-results/home-agreement-invoices-*.png.
 */
import { expect, expectAccessible, openHomeCard, test } from './fixtures';

const zoned = (part: 'month' | 'year') =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', [part]: 'numeric' }).format(new Date()));
const pad = (n: number) => String(n).padStart(2, '0');

test.describe("Home's unsent invoices and agreements", () => {
  test.describe.configure({ timeout: 150_000 });

  test("Total Unsent Invoices counts an agreement's advance draft and opens the list that shows it", async ({
    signedIn: page,
    f,
  }, testInfo) => {
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`home-agreement-invoices-${name}.png`), fullPage: true });
    const company = await f.company({ name: 'Yarrow Medical Offices' });
    const location = await f.location({ companyId: company.id, name: 'Yarrow Clinic' });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'YM-1', taxable: false });

    // From the first of this month for a year, billed monthly ($1,200.00 a year: $100.00 a month);
    // one visit, six months on, so the generator makes no job now, only this month's invoice.
    const year = zoned('year');
    const month = zoned('month');
    const end = new Date(Date.UTC(year + 1, month - 1, 0)).toISOString().slice(0, 10);
    const created = await page.request.post('/api/agreements', {
      data: {
        name: 'Yarrow Comfort Plan',
        companyId: company.id,
        unitIds: [unit.id],
        startDate: `${year}-${pad(month)}-01`,
        endDate: end,
        frequency: 'months',
        months: [((month + 5) % 12) + 1],
        dayKind: 'dayOfMonth',
        dayOfMonth: 15,
        nth: 1,
        weekday: 1,
        windowDays: 14,
        technicianId: null,
        jobType: 'PM',
        serviceLine: 'HVACGEN',
        visitDuration: 60,
        checklist: '',
        price: '1200.00',
        billingPlan: 'monthly',
        notToExceed: '',
        autoRenew: false,
        escalatorPercent: '0',
        notes: '',
        status: 'active',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agreement = (await created.json()) as { id: string; number: number };
    const run = await page.request.post('/api/agreements/generate-visits');
    expect(run.status(), await run.text()).toBe(200);
    const invoices = (await (await page.request.get(`/api/agreements/${agreement.id}/invoices`)).json()) as {
      items: { id: string; invoiceNumber: string }[];
    };
    expect(invoices.items).toHaveLength(1);
    const invoice = invoices.items[0]!;

    try {
      // The card in the agreement's office over the last week, and the list it opens: the same count.
      await page.setViewportSize({ width: 1024, height: 768 });
      const counted = await openHomeCard(
        page,
        'Total Unsent Invoices',
        /\/invoices\?status=draft&createdFrom=\d{4}-\d{2}-\d{2}$/,
      );
      await expect(
        page.getByText(new RegExp(`Showing \\d+–\\d+ of ${counted.toLocaleString('en-US')}$`)),
      ).toBeVisible();

      await page.goto('/?office=Main+Office&period=last-week');
      const card = page.getByRole('link', { name: /^Total Unsent Invoices/ });
      await expect(card).toHaveAttribute('aria-busy', 'false');
      const inOffice = Number((await page.getByTestId('count-Total Unsent Invoices').textContent())!.replace(/,/g, ''));
      expect(inOffice).toBeGreaterThanOrEqual(1);
      await expectAccessible(page, 'Home in the Main Office');
      await shot('home-1024');
      await page.setViewportSize({ width: 768, height: 1024 });
      await shot('home-768');
      await card.click();
      await expect(page).toHaveURL(/\/invoices\?status=draft&office=Main\+Office&createdFrom=\d{4}-\d{2}-\d{2}$/);
      await expect(page.getByText('Office: Main Office')).toBeVisible();
      await expect(
        page.getByText(new RegExp(`Showing \\d+–\\d+ of ${inOffice.toLocaleString('en-US')}$`)),
      ).toBeVisible();
      const row = page.getByRole('row', { name: new RegExp(invoice.invoiceNumber) });
      await expect(row).toBeVisible();
      await expect(row).toContainText(`Agreement #${agreement.number}`);
      await expect(row).toContainText('$100.00');
      await expectAccessible(page, 'the unsent invoices of the Main Office');
      await shot('list-768');
      await page.setViewportSize({ width: 1024, height: 768 });
      await shot('list-1024');

      // The header search finds it by the agreement's name and opens it.
      await page.getByRole('combobox', { name: /Search/ }).fill('yarrow comfort');
      await page.getByRole('option', { name: new RegExp(invoice.invoiceNumber) }).click();
      await expect(page).toHaveURL(new RegExp(`/invoices/${invoice.id}$`));
    } finally {
      // Leave the worker's data as the other specs expect it.
      expect((await page.request.delete(`/api/invoices/${invoice.id}`)).status()).toBeLessThan(300);
      expect((await page.request.post(`/api/agreements/${agreement.id}/cancel`)).status()).toBe(200);
    }
  });
});
