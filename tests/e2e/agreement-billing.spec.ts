/**
 * Agreement billing (issue 29 item 3, decision 052): an agreement billed quarterly shows its
 * invoice after the generator runs; once the invoice is issued and the visit's job completed, the
 * deferred revenue report shows what was billed, earned and is still deferred; Home's card links
 * to it. Screenshots at 1024x768 and 768x1024 go to test-results/agreement-billing-*.png.
 */
import { expect, expectAccessible, test } from './fixtures';

const zoned = (part: 'day' | 'month' | 'year') =>
  Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', [part]: 'numeric' }).format(new Date()));

test.describe('agreement billing', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a quarterly agreement shows its invoice after the generator; the report shows deferred and earned', async ({
    signedIn: page,
    f,
  }, testInfo) => {
    const company = await f.company({ name: 'Quillon Offices' });
    const location = await f.location({ companyId: company.id, name: 'Quillon Main' });
    const unit = await f.unit({ locationId: location.id, unitNumber: 'QO-1', taxable: false });
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`agreement-billing-${name}.png`), fullPage: true });

    // A year from the first of this month, a monthly visit today, $1,200.00 billed quarterly:
    // the first quarter's invoice is $300.00, earned $100.00 per visit.
    const year = zoned('year');
    const month = zoned('month');
    const pad = (n: number) => String(n).padStart(2, '0');
    const start = `${year}-${pad(month)}-01`;
    // the day before the same date next year: a whole-months term, so each quarter is a quarter
    const end = new Date(Date.UTC(year + 1, month - 1, 0)).toISOString().slice(0, 10);
    const created = await page.request.post('/api/agreements', {
      data: {
        name: 'Quillon Quarterly PM',
        companyId: company.id,
        unitIds: [unit.id],
        startDate: start,
        endDate: end,
        frequency: 'monthly',
        months: [],
        dayKind: 'dayOfMonth',
        dayOfMonth: Math.min(zoned('day'), 28),
        nth: 1,
        weekday: 1,
        windowDays: 14,
        technicianId: null,
        jobType: 'PM',
        serviceLine: 'HVACGEN',
        visitDuration: 60,
        checklist: '',
        price: '1200.00',
        billingPlan: 'quarterly',
        notToExceed: '',
        autoRenew: false,
        escalatorPercent: '0',
        notes: '',
        status: 'active',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const agreement = (await created.json()) as { id: string; number: number };

    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`/agreements/${agreement.id}`);
    await expect(page.getByRole('heading', { name: /Quillon Quarterly PM/, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Generate visits now' }).click();
    const row = page.getByTestId('agreement-invoice-row');
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row).toContainText(`AGR-${agreement.number}-INV-`);
    await expect(row).toContainText('draft');
    await expect(row.getByRole('cell', { name: '$300.00' }).first()).toBeVisible();
    await expectAccessible(page, 'the agreement page with its invoice');
    await shot('agreement-1024');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot('agreement-768');
    await page.setViewportSize({ width: 1024, height: 768 });

    // The invoice page names the agreement and its period; send it so it is billed.
    await row.getByRole('link', { name: /AGR-/ }).click();
    await expect(page.getByRole('heading', { name: 'Service Agreement' })).toBeVisible();
    const invoiceId = page.url().split('/invoices/')[1]!.split(/[/?#]/)[0]!;
    const sent = await page.request.post(`/api/invoices/${invoiceId}/send`, {
      data: { email: 'ap@quillon.example.com' },
    });
    expect(sent.status(), await sent.text()).toBe(200);

    // Nothing earned yet: the whole $300.00 is deferred.
    await page.goto('/agreements/deferred-revenue');
    await expect(page.getByRole('heading', { name: 'Deferred Revenue', level: 1 })).toBeVisible();
    const thisMonth = page.getByTestId('deferred-month').last();
    await expect(thisMonth).toContainText('$300.00');

    // The first visit's job is completed: one part earned. The quarter's parts are its monthly
    // visits from today on (3 when today's visit is made, 2 when the day is past the 28th).
    const parts = zoned('day') <= 28 ? 3 : 2;
    const earned = `$${(300 / parts).toFixed(2)}`;
    const deferred = `$${(300 - 300 / parts).toFixed(2)}`;
    const visits = (await (await page.request.get(`/api/agreements/${agreement.id}/visits`)).json()) as {
      items: { jobId: string; visitDate: string }[];
    };
    const first = [...visits.items].sort((x, y) => x.visitDate.localeCompare(y.visitDate))[0]!;
    const done = await page.request.post(`/api/jobs/${first.jobId}/complete`);
    expect(done.status(), await done.text()).toBe(200);
    await page.reload();
    await expect(thisMonth).toContainText(earned);
    await expect(thisMonth).toContainText(deferred);
    await expect(page.getByTestId('deferred-today')).toHaveText(deferred);
    await expectAccessible(page, 'the deferred revenue report');
    await shot('report-1024');
    await page.setViewportSize({ width: 768, height: 1024 });
    await shot('report-768');

    // Home's card links to the report.
    await page.goto('/');
    const card = page.getByRole('link', { name: /Deferred Revenue/ });
    await expect(card).toBeVisible();
    await shot('home-768');
    await card.click();
    await expect(page).toHaveURL(/\/agreements\/deferred-revenue/);
  });
});
