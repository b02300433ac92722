import { readFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expect, expectAccessible, test } from './fixtures';

/**
 * A 3-page template of an unusual size (so the quote shows it was printed on it), padded with an
 * embedded file of incompressible bytes so the upload takes long enough to show its progress.
 */
async function templatePdf(title: string, paddingBytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const label of ['Cover', 'Quote body', 'Terms']) {
    const page = doc.addPage([500, 700]);
    page.drawText(`${title}: ${label}`, { x: 40, y: 640, size: 18, font });
  }
  if (paddingBytes > 0) {
    const padding = new Uint8Array(paddingBytes);
    let x = 2463534242;
    for (let i = 0; i < padding.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      padding[i] = x & 0xff;
    }
    await doc.attach(padding, 'padding.bin', { mimeType: 'application/octet-stream' });
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

test.describe('quote templates (/quotes/templates) and the quote preview', () => {
  test('uploads a template with its progress, makes it the default, previews and downloads a quote on it, deletes it', async ({
    signedIn: page,
    f,
  }) => {
    await page.goto('/quotes/templates');
    await expect(page.getByRole('heading', { name: 'Quote Templates' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Repair' })).toHaveAttribute('aria-selected', 'true');
    const table = page.getByRole('table', { name: 'Repair Quote PDF templates' });
    const demoRow = table.locator('tbody tr').filter({ hasText: 'repair quote' }).first();
    await expect(demoRow.getByText('Default', { exact: true })).toBeVisible();
    await expect(demoRow.getByRole('button', { name: /Use Template/ })).toHaveCount(0);

    // The other tabs list their own templates.
    await page.getByRole('tab', { name: 'Inspection' }).click();
    await expect(page).toHaveURL(/type=inspection/);
    await expect(
      page
        .getByRole('table', { name: 'Inspection Quote PDF templates' })
        .getByText('inspection quote', { exact: false })
        .first(),
    ).toBeVisible();
    await page.getByRole('tab', { name: 'Repair' }).click();

    // Add PDF Template: the checks before anything is sent.
    await page.getByRole('button', { name: 'Add PDF Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add PDF Template' });
    await expect(dialog.getByText('PDF only, max 10MB')).toBeVisible();
    await expect(dialog.getByLabel('Template Type')).toHaveValue('repair');
    const save = dialog.getByRole('button', { name: 'Save Template' });
    await expect(save).toBeDisabled();
    await dialog.getByLabel('Template Name').fill('E2E letterhead');
    await expect(save).toBeDisabled();
    await dialog
      .getByLabel('PDF File')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
    await expect(dialog.getByText('Please select a valid PDF file')).toBeVisible();
    await expect(save).toBeDisabled();
    await dialog.getByLabel('PDF File').setInputFiles([]);
    await expect(dialog.getByText('Please select a PDF file')).toBeVisible();

    // A file named .pdf that is not one: the server reads the content and says so in the dialog.
    await dialog
      .getByLabel('PDF File')
      .setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello, I am text') });
    await save.click();
    await expect(dialog.getByText(/Please select a valid PDF file/)).toBeVisible();

    // Preserved pages beyond the file's pages are refused with a message at the field.
    const pdf = await templatePdf('E2E letterhead', 3 * 1024 * 1024);
    await dialog
      .getByLabel('PDF File')
      .setInputFiles({ name: 'e2e-letterhead.pdf', mimeType: 'application/pdf', buffer: pdf });
    await dialog.getByLabel('Preserved Pages').fill('1, 7');
    await expect(dialog.getByText('Pages kept: 1, 7.')).toBeVisible();
    await save.click();
    await expect(dialog.getByText(/This PDF has 3 pages; preserved page 7 does not exist/)).toBeVisible();

    // The real upload, slowed down so its progress shows (about 6 s for 3 MB).
    await dialog.getByLabel('Preserved Pages').fill('1, 3, junk');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });
    await save.click();
    await expect(dialog.getByRole('button', { name: 'Uploading...' })).toBeDisabled();
    await expect(dialog.getByTestId('upload-progress')).toHaveText(/^([1-9]|[1-9]\d)%$/);
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect(page.getByText('Template "E2E letterhead" added')).toBeVisible();

    const row = table.getByTestId('template-E2E letterhead');
    await expect(row).toContainText('e2e-letterhead.pdf');
    await expect(row).toContainText('1, 3 of 3');
    await expect(row.getByText('Default', { exact: true })).toHaveCount(0);

    // Use Template: the only default of the type.
    await row.getByRole('button', { name: 'Use Template E2E letterhead' }).focus();
    await page.keyboard.press('Enter');
    await expect(row.getByText('Default', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: /Use Template/ })).toHaveCount(0);
    // The button is gone from the new default: the focus stays in its row, not lost to the page.
    await expect(row.getByRole('button', { name: 'Delete E2E letterhead' })).toBeFocused();
    await expect(demoRow.getByText('Default', { exact: true })).toHaveCount(0);
    await expect(demoRow.getByRole('button', { name: /Use Template/ })).toBeVisible();

    // A quote for a job with a completed inspection and its repair, printed on the new default.
    const job = await f.job({ name: 'E2E quote preview job' });
    const inspection = await f.inspection(job.id, { completed: true });
    await f.repair({ jobId: job.id, inspectionId: inspection.id });
    await page.goto(`/jobs/${job.id}/quote-preview?type=repair`);
    await expect(page.getByRole('heading', { name: 'Repair Quote Preview' })).toBeVisible();
    const frame = page.getByTitle('Repair quote PDF');
    await expect(frame).toBeVisible();
    expect((await frame.boundingBox())?.height).toBe(800);
    await expect(page.getByRole('button', { name: 'Print Quote' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Back to Job Details' })).toHaveAttribute('href', `/jobs/${job.id}`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`quote-${job.id}-repair.pdf`);
    const bytes = await readFile((await download.path())!);
    const quote = await PDFDocument.load(bytes);
    // Page 1 and page 3 of the template kept (500 x 700), the generated pages between them.
    expect(quote.getPageCount()).toBeGreaterThanOrEqual(3);
    const first = quote.getPage(0).getSize();
    const last = quote.getPage(quote.getPageCount() - 1).getSize();
    expect([first.width, first.height, last.width, last.height]).toEqual([500, 700, 500, 700]);

    // Back on the list: the demo template is the default again, and ours is deleted.
    await page.goto('/quotes/templates');
    await demoRow.getByRole('button', { name: /Use Template/ }).click();
    await expect(demoRow.getByText('Default', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Delete E2E letterhead' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete PDF Template' });
    await expect(confirm).toContainText('"E2E letterhead"');
    await expect(confirm).toContainText('This action cannot be undone.');
    await expectAccessible(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  test('the Add PDF Template dialog by keyboard: fields in order, Escape closes it and the focus returns', async ({
    signedIn: page,
  }) => {
    await page.goto('/quotes/templates');
    const add = page.getByRole('button', { name: 'Add PDF Template' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Add PDF Template' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Template Name').focus();
    await page.keyboard.type('Keyboard template');
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Template Type')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('PDF File')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Preserved Pages')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectAccessible(page, 'the Add PDF Template dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();

    // The tabs are buttons in the tab order; Enter switches the list.
    await page.getByRole('tab', { name: 'Replacement' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('table', { name: 'Replacement Quote PDF templates' })).toBeVisible();
  });

  test('the preview explains a quote that cannot be generated', async ({ signedIn: page }) => {
    await page.goto('/jobs/00000000-0000-4000-8000-000000000000/quote-preview?type=repair');
    await expect(page.getByRole('alert')).toContainText(/not found/i);
    await page.goto('/jobs/not-a-uuid/quote-preview?type=repair');
    await expect(page.getByText('Invalid job ID format')).toBeVisible();
  });

  test('edits the e-mail wording of a quote type with a live preview', async ({ signedIn: page }) => {
    await page.goto('/quotes/templates?type=replacement');
    await page.getByRole('link', { name: 'Replacement E-mail Template' }).click();
    await expect(page).toHaveURL(/\/quotes\/templates\/email\?type=replacement/);
    await expect(page.getByRole('tab', { name: 'Replacement' })).toHaveAttribute('aria-selected', 'true');
    const form = page.getByRole('form', { name: 'Replacement quote e-mail template' });
    await expect(form.getByLabel('Deny button text')).toHaveValue('Deny Replacement');
    await expect(form.getByLabel('Denial note')).toHaveValue(/\$180\.00/);

    const subject = form.getByLabel('Subject');
    await subject.fill('Your replacement quote {quoteNumber}');
    await expect(page.getByTestId('email-preview-subject')).toHaveText('Your replacement quote QT-1042-4821');
    const preview = page.frameLocator('iframe[title="E-mail preview"]');
    await form.getByLabel('Approve button text').fill('Yes, replace it');
    await expect(preview.getByText('Yes, replace it')).toBeVisible();

    // Every field is required.
    await form.getByLabel('Closing text').fill('');
    await form.getByRole('button', { name: 'Save Template' }).click();
    await expect(form.getByText('Closing text is required')).toBeVisible();
    await form.getByLabel('Closing text').fill('Questions? Call us.');
    await form.getByRole('button', { name: 'Save Template' }).click();
    await expect(page.getByText('E-mail template saved')).toBeVisible();

    await page.reload();
    await expect(
      page.getByRole('form', { name: 'Replacement quote e-mail template' }).getByLabel('Subject'),
    ).toHaveValue('Your replacement quote {quoteNumber}');
    await expect(page.getByText('This is the built-in wording')).toHaveCount(0);
  });
});
