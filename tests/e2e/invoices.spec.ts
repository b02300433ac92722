import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import type { Factories } from '../factories/index.js';
import { expect, test } from './fixtures';

/** A company, location and job of its own (names unique to the test), so searches find only them. */
async function seedJob(f: Factories, tag: string) {
  const company = await f.company({ name: `E2E Invoices ${tag} Holdings` });
  const location = await f.location({ companyId: company.id, name: `E2E ${tag} Plaza` });
  const created = await f.job({
    locationId: location.id,
    unitId: null,
    name: `E2E ${tag} rooftop repair`,
    contactEmail: `billing-${tag.toLowerCase()}@example.com`,
  });
  return { company, location, job: created };
}

const row = (page: Page, invoiceNumber: string) => page.getByTestId(`invoice-${invoiceNumber}`);

test.describe('invoices', () => {
  test('the job page: create an invoice by type, send it (the e-mail is in the outbox), mark it paid', async ({
    signedIn: page,
    f,
  }) => {
    const { job } = await seedJob(f, 'Card');
    await f.jobItem(job.id, {
      type: 'part',
      code: 'CMP-1',
      name: 'Compressor',
      quantity: 1,
      unitCost: '1200.00',
      totalCost: '1200.00',
    });
    await f.jobItem(job.id, {
      type: 'labor',
      code: 'LAB-2',
      name: 'Install labor',
      quantity: 3,
      unitCost: '95.00',
      totalCost: '285.00',
    });
    await f.jobItem(job.id, {
      type: 'item',
      code: 'INSP-FEE',
      name: 'Inspection Fee',
      quantity: 1,
      unitCost: '180.00',
      totalCost: '180.00',
      serviceLine: 'INSP',
    });

    await page.goto(`/jobs/${job.id}`);
    const card = page.getByTestId('job-invoices-card');
    await expect(card.getByRole('heading', { name: 'Invoices' })).toBeVisible();
    await expect(card.getByText('No invoices yet for this job.')).toBeVisible();

    await card.getByRole('button', { name: 'Create Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Invoice' });
    // Standard: every item but the fee; replacement: parts; repair: labor and other items but the fee; inspection: $180.
    await expect(dialog.getByText('$1,485.00')).toBeVisible();
    await expect(dialog.getByText('$1,200.00')).toBeVisible();
    await expect(dialog.getByText('$285.00')).toBeVisible();
    await expect(dialog.getByText('$180.00', { exact: true })).toBeVisible();
    await dialog.getByRole('radio', { name: /Standard/ }).check();
    await dialog.getByRole('button', { name: 'Create Invoice' }).click();
    await expect(dialog).toBeHidden();

    const details = card.getByTestId('invoice-details');
    await expect(details.getByText('$1,485.00').first()).toBeVisible();
    await expect(details.getByText('draft', { exact: true })).toBeVisible();
    const heading = await details.getByRole('heading').textContent();
    const invoiceNumber = /JOB-\d+-INV-\d{4}/.exec(heading ?? '')?.[0];
    expect(invoiceNumber).toBeTruthy();
    await expect(row(page, invoiceNumber!)).toBeVisible();

    await details.getByRole('button', { name: 'Send Invoice' }).click();
    const send = page.getByRole('dialog', { name: 'Send Invoice' });
    await expect(send.getByLabel('Customer Email')).toHaveValue('billing-card@example.com');
    await send.getByLabel('Customer Email').fill('');
    await expect(send.getByText('Customer email is required to send an invoice')).toBeVisible();
    await expect(send.getByRole('button', { name: 'Send Invoice' })).toBeDisabled();
    await send.getByLabel('Customer Email').fill('ap@example.com');
    await send.getByRole('button', { name: 'Send Invoice' }).click();
    await expect(send).toBeHidden();
    await expect(details.getByText('issued', { exact: true })).toBeVisible();

    const outbox = await page.request.get('/api/outbox?pageSize=100');
    expect(outbox.status()).toBe(200);
    const messages = (await outbox.json()) as { items: { to: string; subject: string; attachmentCount: number }[] };
    const message = messages.items.find((m) => m.subject.includes(invoiceNumber!));
    expect(message, 'the invoice e-mail is in the outbox').toBeTruthy();
    expect(message!.to).toBe('ap@example.com');
    expect(message!.attachmentCount).toBeGreaterThan(0);

    await details.getByRole('button', { name: 'Mark as Paid' }).click();
    await page.getByRole('alertdialog', { name: 'Mark as Paid' }).getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(details.getByText('paid', { exact: true })).toBeVisible();

    // View Invoice: the printable page with its lines and the total.
    await details.getByRole('link', { name: 'View Invoice' }).click();
    await expect(page.getByRole('heading', { name: `Invoice ${invoiceNumber}` })).toBeVisible();
    const sheet = page.getByRole('article', { name: `Invoice ${invoiceNumber}` });
    await expect(sheet.getByRole('cell', { name: 'Compressor' })).toBeVisible();
    await expect(sheet.getByRole('cell', { name: 'Inspection Fee' })).toHaveCount(0);
    await expect(sheet.getByTestId('invoice-total')).toHaveText('$1,485.00');
    await expect(sheet.getByText('Net 30').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Status changes' }).getByRole('listitem')).toHaveCount(3);
    const pdf = await page.request.get(
      (await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')) as string,
    );
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print Invoice' })).toBeHidden();
    await expect(sheet).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
  });

  test('void an issued invoice from the job page: the reason is required, then it shows as void with its reason; Escape returns the focus', async ({
    signedIn: page,
    f,
  }) => {
    const { job } = await seedJob(f, 'Void');
    const issued = await f.invoice(job, {
      status: 'issued',
      amount: '410.00',
      issuedDate: '2026-01-05',
      dueDate: '2026-02-04',
    });

    await page.goto(`/jobs/${job.id}`);
    const card = page.getByTestId('job-invoices-card');
    const details = card.getByTestId('invoice-details');
    await expect(details.getByText('issued', { exact: true })).toBeVisible();
    const voidButton = details.getByRole('button', { name: 'Void' });

    // Opened and closed by keyboard: the focus goes back to Void.
    await voidButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Void Invoice' });
    await expect(dialog.getByText(`Voiding invoice ${issued.invoiceNumber} cannot be undone.`)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(voidButton).toBeFocused();

    await voidButton.click();
    await dialog.getByRole('button', { name: 'Void Invoice' }).click();
    await expect(dialog.getByText('A reason is required to void an invoice')).toBeVisible();
    await dialog.getByLabel('Reason').fill('Billed to the wrong customer');
    await dialog.getByRole('button', { name: 'Void Invoice' }).click();
    await expect(dialog).toBeHidden();
    await expect(details.getByText('void', { exact: true })).toBeVisible();
    await expect(details.getByText('Billed to the wrong customer')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Void' })).toHaveCount(0);
  });

  test('pending: overdue in red, Mark Paid removes the row; the paid list shows it in its month', async ({
    signedIn: page,
    f,
  }) => {
    const { job } = await seedJob(f, 'Pending');
    const overdue = await f.invoice(job, {
      status: 'issued',
      amount: '640.00',
      issuedDate: '2024-01-02',
      dueDate: '2024-02-01',
    });

    await page.goto('/invoices/pending');
    await expect(page.getByRole('heading', { name: 'Pending Invoices' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Total Outstanding' })).toBeVisible();
    await expect(page.getByTestId('tile-Overdue')).toBeVisible();
    await expect(page.getByTestId('tile-Due Soon')).toBeVisible();
    await page.getByPlaceholder('Search pending invoices...').fill(overdue.invoiceNumber);
    await expect(page.getByRole('table', { name: 'Pending invoices' }).locator('tbody tr')).toHaveCount(1);
    const line = row(page, overdue.invoiceNumber);
    await expect(line.getByText('Overdue')).toBeVisible();
    await expect(line.getByText('Job #' + job.number + ': E2E Pending rooftop repair')).toBeVisible();
    await expect(line.getByText('E2E Invoices Pending Holdings')).toBeVisible();

    await line.getByRole('button', { name: `Mark invoice ${overdue.invoiceNumber} paid` }).click();
    await page.getByRole('alertdialog', { name: 'Mark as Paid' }).getByRole('button', { name: 'Mark as Paid' }).click();
    await expect(page.getByText('No pending invoices found. All invoices have been paid!')).toBeVisible();

    await page.goto('/invoices/paid');
    await page.getByPlaceholder('Search paid invoices...').fill('E2E Invoices Pending');
    await expect(page.getByTestId('filters-applied')).toHaveText('Filters applied: 1');
    await expect(row(page, overdue.invoiceNumber)).toBeVisible();
    await expect(page.getByTestId('total-paid')).toHaveText('$640.00');
  });

  test("the paid list's Total Paid and Monthly Breakdown, newest month first; paid-date filters; Reset", async ({
    signedIn: page,
    f,
  }) => {
    const { job } = await seedJob(f, 'Paid');
    await f.invoice(job, {
      status: 'paid',
      amount: '100.00',
      issuedDate: '2024-02-20',
      dueDate: '2024-03-21',
      paidDate: '2024-03-05',
    });
    await f.invoice(job, {
      status: 'paid',
      amount: '250.50',
      issuedDate: '2024-04-20',
      dueDate: '2024-05-20',
      paidDate: '2024-05-10',
    });
    await f.invoice(job, {
      status: 'paid',
      amount: '49.50',
      issuedDate: '2024-04-22',
      dueDate: '2024-05-22',
      paidDate: '2024-05-12',
    });

    await page.goto('/invoices/paid?q=E2E%20Invoices%20Paid');
    await expect(page.getByTestId('total-paid')).toHaveText('$400.00');
    await expect(page.getByTestId('total-paid-count')).toHaveText('3 invoices');
    const months = page.getByRole('list', { name: 'Paid by month' }).getByRole('listitem');
    await expect(months).toHaveCount(2);
    await expect(months.nth(0)).toContainText('May 2024');
    await expect(months.nth(0)).toContainText('$300.00');
    await expect(months.nth(1)).toContainText('March 2024');
    await expect(months.nth(1)).toContainText('$100.00');

    await page.getByLabel('Paid from').fill('2024-05-01');
    await expect(page.getByTestId('filters-applied')).toHaveText('Filters applied: 2');
    await expect(page.getByTestId('total-paid')).toHaveText('$300.00');
    await page.getByLabel('Paid to').fill('2024-05-11');
    await expect(page.getByTestId('total-paid')).toHaveText('$250.50');
    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page.getByTestId('filters-applied')).toHaveText('Filters applied: 0');
    await page.getByPlaceholder('Search paid invoices...').fill('no such invoice anywhere');
    await expect(page.getByText('No paid invoices found. Try adjusting your filters.').first()).toBeVisible();
  });

  test('a quarterly report: the cards and panels match the API; an empty period says so', async ({
    signedIn: page,
    f,
  }) => {
    const { job } = await seedJob(f, 'Report');
    await f.invoice(job, {
      status: 'paid',
      amount: '1000.00',
      issuedDate: '2023-05-03',
      dueDate: '2023-06-02',
      paidDate: '2023-05-20',
    });
    await f.invoice(job, { status: 'issued', amount: '500.00', issuedDate: '2023-06-10', dueDate: '2023-07-10' });

    await page.goto('/invoices/reports');
    await expect(page.getByRole('heading', { name: 'Financial Reports' })).toBeVisible();
    await page.getByLabel('Period', { exact: true }).selectOption('quarterly');
    await page.getByLabel('Year', { exact: true }).selectOption('2023');
    await page.getByLabel('Quarter', { exact: true }).selectOption('2');
    await expect(page).toHaveURL(/period=quarterly/);
    const api = await page.request.get('/api/invoices/reports?period=quarterly&year=2023&quarter=2');
    const report = (await api.json()) as { cards: { totalInvoiced: { amountCents: number; count: number } } };
    expect(report.cards.totalInvoiced.amountCents).toBeGreaterThanOrEqual(150_000);
    const dollars = (report.cards.totalInvoiced.amountCents / 100).toLocaleString('en-US', {
      style: 'currency',
      currency: 'USD',
    });
    await expect(page.getByTestId('card-invoiced')).toContainText(dollars);
    await expect(page.getByRole('heading', { name: 'Service Line Breakdown' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Top customers by amount' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Invoiced by month/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Invoice status as percent of total' })).toContainText('Paid');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export Report' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    expect(workbook.worksheets.length).toBeGreaterThanOrEqual(4);

    // A month with no invoices at all.
    await page.getByLabel('Period', { exact: true }).selectOption('monthly');
    await page.getByLabel('Year', { exact: true }).selectOption('2023');
    const empty = await page.request.get('/api/invoices/reports?period=monthly&year=2023&month=1');
    const emptyReport = (await empty.json()) as { cards: { totalInvoiced: { count: number } } };
    await page.getByLabel('Month', { exact: true }).selectOption('1');
    if (emptyReport.cards.totalInvoiced.count === 0)
      await expect(page.getByText('No data available for the selected period.').first()).toBeVisible();
  });

  test('the invoices list: cards, status filter, Reset, Edit only on drafts, and an export download', async ({
    signedIn: page,
    f,
  }) => {
    const { job } = await seedJob(f, 'List');
    const draft = await f.invoice(job, { status: 'draft', amount: '75.00', dueDate: '2026-12-30' });
    const issued = await f.invoice(job, {
      status: 'issued',
      amount: '125.00',
      issuedDate: '2026-01-05',
      dueDate: '2026-02-04',
    });

    // Home's "Total Unsent Invoices" opens the draft invoices it counts (created within the period).
    await page.goto('/');
    await page.getByRole('link', { name: /Total Unsent Invoices/ }).click();
    await expect(page).toHaveURL(/\/invoices\?status=draft&createdFrom=\d{4}-\d{2}-\d{2}$/);
    await expect(page.getByLabel('Status')).toHaveValue('draft');

    await page.goto('/invoices');
    await expect(page.getByRole('heading', { name: 'Invoices', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Invoice' })).toHaveAttribute('href', '/jobs');
    await page.getByPlaceholder('Search invoices...').fill('E2E Invoices List');
    await expect(page.getByRole('table', { name: 'Invoices' }).locator('tbody tr')).toHaveCount(2);
    await expect(page.getByTestId('summary-total')).toContainText('$200.00');
    await expect(page.getByTestId('summary-outstanding')).toContainText('$125.00');
    await expect(
      row(page, draft.invoiceNumber).getByRole('link', { name: `Edit invoice ${draft.invoiceNumber}` }),
    ).toBeVisible();
    await expect(row(page, issued.invoiceNumber).getByRole('link', { name: /Edit invoice/ })).toHaveCount(0);
    await expect(
      row(page, issued.invoiceNumber).getByRole('button', { name: `Mark invoice ${issued.invoiceNumber} paid` }),
    ).toBeVisible();

    await page.getByLabel('Status').selectOption('draft');
    await expect(page.getByTestId('filters-applied')).toHaveText('Filters applied: 2');
    await expect(page.getByRole('table', { name: 'Invoices' }).locator('tbody tr')).toHaveCount(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export to Spreadsheet' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const cells = sheet.getSheetValues().flat().map(String).join(' ');
    expect(cells).toContain(draft.invoiceNumber);
    expect(cells).not.toContain(issued.invoiceNumber);

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect(page.getByTestId('filters-applied')).toHaveText('Filters applied: 0');
    await page.getByPlaceholder('Search invoices...').fill('zz-no-such-invoice');
    await expect(
      page.getByText('No invoices found. Try adjusting your filters or create a new invoice.'),
    ).toBeVisible();
  });
  test('edit a draft: due date, notes and lines; the server computes the amount; an issued invoice is not editable', async ({
    signedIn: page,
    f,
  }) => {
    const { job } = await seedJob(f, 'Edit');
    const draft = await f.invoice(job, { status: 'draft', amount: '0.00', dueDate: '2026-12-30' });
    const issued = await f.invoice(job, {
      status: 'issued',
      amount: '125.00',
      issuedDate: '2026-01-05',
      dueDate: '2026-02-04',
    });

    await page.goto(`/invoices/${draft.id}/edit`);
    await expect(page.getByRole('heading', { name: `Edit Invoice ${draft.invoiceNumber}` })).toBeVisible();
    await page.getByRole('button', { name: 'Add Line' }).click();
    await page.getByRole('button', { name: 'Add Line' }).click();
    await page.getByLabel('Code').nth(0).fill('LAB-1');
    await page.getByLabel('Name').nth(0).fill('Diagnostic labor');
    await page.getByLabel('Quantity').nth(0).fill('1.5');
    await page.getByLabel('Unit Price').nth(0).fill('95');
    await page.getByLabel('Code').nth(1).fill('FLT-20');
    await page.getByLabel('Name').nth(1).fill('Filter 20x20');
    await page.getByLabel('Quantity').nth(1).fill('4');
    await page.getByLabel('Unit Price').nth(1).fill('12.25');
    await page.getByLabel('Due Date').fill('2027-01-15');
    await page.getByLabel('Notes').fill('Gate code 4411');
    await page.getByRole('button', { name: 'Save Invoice' }).click();

    await expect(page).toHaveURL(new RegExp(`/invoices/${draft.id}$`));
    const sheet = page.getByRole('article', { name: `Invoice ${draft.invoiceNumber}` });
    await expect(sheet.getByTestId('invoice-total')).toHaveText('$191.50');
    await expect(sheet.getByText('Gate code 4411')).toBeVisible();
    await expect(sheet.getByText('1/15/2027')).toBeVisible();

    await page.goto(`/invoices/${issued.id}/edit`);
    await expect(
      page.getByText('Only draft invoices can be edited. An issued invoice is voided and a new one issued.'),
    ).toBeVisible();
    await page.goto('/invoices/not-an-id');
    await expect(page.getByText('Invalid invoice ID format')).toBeVisible();
  });
});
