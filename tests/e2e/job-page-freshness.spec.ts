import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 26, defect 3: every change on the job page refreshes what depends on it, without a reload.
 * The Quotes card's state comes from its own query; it follows Mark Complete, Save Repair Details,
 * Finish Repair Details and a new item because every part of the page sits under the job's query
 * key and every change invalidates that key (lib/query-keys.ts, `invalidateJob`).
 */
const NO_REPAIRS = 'Add repair details to an inspection before sending a repair quote';
/** A repair form ready to price is not yet something to approve (decision 031, defect 10). */
const NOTHING_PRICED = 'Nothing on this quote has a price yet.';

const quotesCard = (page: Page) => page.getByRole('region', { name: 'Quotes' });

/** Opens the job page and checks the Quotes card (Repair Quote) cannot send yet, and says why. */
async function openWithoutRepairs(page: Page, jobId: string) {
  await page.goto(`/jobs/${jobId}`);
  const card = quotesCard(page);
  await expect(card.getByRole('tab', { name: 'Repair Quote' })).toHaveAttribute('aria-selected', 'true');
  await expect(card.getByText(NO_REPAIRS)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send Quote' })).toBeDisabled();
  await expect(page.getByTestId('inspection-repair-tab')).toBeVisible();
  await markDocument(page);
  return { card };
}

/** A reload would hide a stale card behind a fresh load: a mark on the document shows there was none. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

/** Repair forms exist but have no price yet: the card's reason moves on at once, Send stays off. */
async function expectReadyToPrice(page: Page) {
  const card = quotesCard(page);
  await expect(card.getByText(NO_REPAIRS)).toBeHidden();
  await expect(card.getByText(NOTHING_PRICED)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send Quote' })).toBeDisabled();
  await expectSameDocument(page);
}

async function expectReadyToSend(page: Page) {
  const card = quotesCard(page);
  await expect(card.getByText(NO_REPAIRS)).toBeHidden();
  await expect(card.getByRole('button', { name: 'Send Quote' })).toBeEnabled();
  await expectSameDocument(page);
}

test.describe('the job page follows every change without a reload', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('Mark Complete moves the repair quote on to pricing at once', async ({ signedIn: page, f }) => {
    const job = await f.job({ name: 'E2E fresh mark complete' });
    await f.inspection(job.id, { completed: false });
    await openWithoutRepairs(page, job.id);

    await page.getByRole('button', { name: 'Mark Complete' }).click();
    await expect(page.getByText('1 inspection marked complete; 1 repair form ready to price')).toBeVisible();
    await expectReadyToPrice(page);
  });

  test('Save Repair Details makes the repair quote sendable at once', async ({ signedIn: page, f }) => {
    const job = await f.job({ name: 'E2E fresh repair save' });
    await f.inspection(job.id, { completed: true });
    await openWithoutRepairs(page, job.id);

    await page.getByRole('button', { name: 'Select Inspection 1' }).click();
    const form = page.getByRole('form', { name: 'Repair details of Inspection 1' });
    await form.getByLabel('Standard Option cost').fill('1500');
    await form.getByRole('button', { name: 'Save Repair Details' }).click();
    await expect(page.getByText('Repair data saved successfully').first()).toBeVisible();
    await expectReadyToSend(page);
  });

  test('Finish Repair Details moves the repair quote on to pricing at once', async ({ signedIn: page, f }) => {
    const job = await f.job({ name: 'E2E fresh finish' });
    await f.inspection(job.id, { completed: false });
    await openWithoutRepairs(page, job.id);

    await page.getByTestId('repair-summary').getByRole('button', { name: 'Finish Repair Details' }).click();
    await expect(page.getByText('Repair details finished: every inspection is complete')).toBeVisible();
    await expectReadyToPrice(page);
  });

  test('an item added after the send shows Quote Needs Update at once', async ({ signedIn: page, f }) => {
    const job = await f.job({ name: 'E2E fresh item', contactEmail: 'fresh@e2e-quotes.test' });
    const inspection = await f.inspection(job.id, { completed: true });
    await f.repair({ jobId: job.id, inspectionId: inspection.id });
    await f.quote(job, {
      quoteType: 'repair',
      status: 'sent',
      sentAt: new Date(Date.now() - 3_600_000),
      expiresAt: new Date(Date.now() + 20 * 86_400_000),
    });

    await page.goto(`/jobs/${job.id}`);
    const card = quotesCard(page);
    await expect(card.getByText('Quote Sent', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Resend Quote' })).toBeEnabled();
    await expect(card.getByText('Quote Needs Update')).toHaveCount(0);
    await markDocument(page);

    await page.getByRole('tab', { name: 'Items' }).click();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const pricing = page.getByRole('dialog', { name: 'Add Pricing' });
    // Labor: a line the repair quote lists (decision 031; an "item" line is on no repair quote).
    await pricing.getByRole('tab', { name: 'Labor' }).click();
    await pricing.getByLabel('Code').fill('E2E-FRESH');
    await pricing.getByLabel('Name').fill('Fresh labor');
    await pricing.getByLabel('Hours').fill('1');
    await pricing.getByLabel('Unit Price').fill('75');
    await pricing.getByRole('button', { name: 'Add Item' }).click();
    await expect(pricing).toBeHidden();

    await expect(card.getByText('Quote Needs Update')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Update Quote' })).toBeEnabled();
    await expectSameDocument(page);
  });

  test('the Complete Job dialog says who will be notified, and that nobody will be without a contact e-mail', async ({
    signedIn: page,
    f,
  }) => {
    const withContact = await f.job({ name: 'E2E notice contact', contactEmail: 'notice@e2e-jobs.test' });
    await page.goto(`/jobs/${withContact.id}`);
    await page.getByRole('button', { name: 'Complete Job' }).click();
    let dialog = page.getByRole('alertdialog', { name: `Complete Job #${withContact.number}?` });
    await expect(dialog).toContainText(
      'A completion notice with the work done will be e-mailed to notice@e2e-jobs.test.',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    const noContact = await f.job({ name: 'E2E notice nobody', contactEmail: null });
    await page.goto(`/jobs/${noContact.id}`);
    await page.getByRole('button', { name: 'Complete Job' }).click();
    dialog = page.getByRole('alertdialog', { name: `Complete Job #${noContact.number}?` });
    await expect(dialog).toContainText('Nobody will be notified: the job has no contact e-mail.');
    await dialog.getByRole('button', { name: 'Complete Job' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('job-badges')).toContainText('Completed');
  });
});
