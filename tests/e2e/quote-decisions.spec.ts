/**
 * Issue 26 on screen: the office withdraws a quote from the Quotes card (with a confirmation) and
 * its link then says it was withdrawn; a replaced quote's link says a newer quote was sent; the
 * send dialog catches a bad address itself; a decided quote offers no Resend; the job's badges
 * show an approval and a later decline side by side.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { jobQuotes, outbox } from '../../src/server/db/schema.js';
import type { Database } from '../../src/server/db/client.js';
import type { Factories } from '../factories/index.js';
import { expect, test } from './fixtures';

const EMAIL = 'facilities@e2e-decisions.test';

/** A job with a completed inspection and its repair record. */
async function quotableJob(f: Factories, name: string) {
  const company = await f.company({ name: `${name} Holdings` });
  const location = await f.location({ companyId: company.id, name: `${name} Plaza`, city: 'Atlanta' });
  const unit = await f.unit({ locationId: location.id, unitNumber: 'RTU-5' });
  const job = await f.job({ locationId: location.id, unitId: unit.id, name: `${name} job`, contactEmail: EMAIL });
  const inspection = await f.inspection(job.id, { completed: true, modelNumber: '48TC-009' });
  await f.repair(
    { jobId: job.id, inspectionId: inspection.id },
    {
      labor: '0',
      refrigerationRecovery: '0',
      startUpCosts: '0',
      thermostatStartup: '0',
      removalCost: '0',
      permitCost: '0',
      accessories: [],
      additionalItems: [],
      phase1Cost: '300.00',
      phase2Cost: '600.00',
      phase3Cost: '1200.00',
      selectedPhase: 'phase2',
      totalCost: '1000.00',
    },
  );
  return job;
}

/** Sends a quote as the office (API) and returns its id and the customer's link on this server. */
async function sendQuote(page: Page, server: { baseURL: string; db: Database }, jobId: string, type: string) {
  const response = await page.request.post(`${server.baseURL}/api/jobs/${jobId}/quotes/send`, {
    data: { type, email: EMAIL },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { quote } = (await response.json()) as { quote: { id: string; number: string } };
  const [message] = await server.db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.relatedType, 'job_quote'), eq(outbox.relatedId, quote.id)))
    .orderBy(desc(outbox.createdAt));
  const link = new URL(/https?:\/\/\S+\/quote\/confirm\/\w+\?approve=true/.exec(message!.text)![0]);
  return { ...quote, link: `${server.baseURL}${link.pathname}${link.search}` };
}

test.describe('quote decisions (issue 26)', () => {
  test('the office withdraws a sent quote; its link then says it was withdrawn', async ({
    signedIn: page,
    server,
    f,
  }) => {
    const job = await quotableJob(f, 'Withdraw E2E');
    const quote = await sendQuote(page, server, job.id, 'repair');
    await page.goto(`/jobs/${job.id}`);
    const card = page.getByRole('region', { name: 'Quotes' });
    await expect(card.getByRole('tab', { name: 'Repair Quote' })).toHaveAttribute('aria-selected', 'true');
    await card.getByRole('button', { name: 'Withdraw Quote' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Withdraw Quote' });
    await expect(confirm).toContainText(`Withdraw quote ${quote.number}?`);
    // Cancel changes nothing
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await card.getByRole('button', { name: 'Withdraw Quote' }).click();
    await page.screenshot({ path: test.info().outputPath('withdraw-confirm.png') });
    await page
      .getByRole('alertdialog', { name: 'Withdraw Quote' })
      .getByRole('button', { name: 'Withdraw Quote' })
      .click();
    await expect(page.getByText('Quote withdrawn. Its link now says so.')).toBeVisible();
    await expect(card.getByText('Withdrawn', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Withdraw Quote' })).toHaveCount(0);
    await expect(card.getByTestId('quote-awaiting')).toHaveCount(0);
    const [row] = await server.db
      .select({ status: jobQuotes.status })
      .from(jobQuotes)
      .where(eq(jobQuotes.id, quote.id));
    expect(row?.status).toBe('withdrawn');

    await page.context().clearCookies();
    await page.goto(quote.link);
    await expect(page.getByRole('heading', { name: 'Quote Withdrawn' })).toBeVisible();
    await expect(page.getByText('This quote was withdrawn and can no longer be approved or declined.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve Repairs' })).toHaveCount(0);
    await expect(page.getByText('Withdraw E2E Plaza')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('link-withdrawn.png'), fullPage: true });
  });

  test('a replaced quote’s link says a newer quote was sent, and nothing more', async ({
    signedIn: page,
    server,
    f,
  }) => {
    const job = await quotableJob(f, 'Superseded E2E');
    const old = await sendQuote(page, server, job.id, 'repair');
    await sendQuote(page, server, job.id, 'inspection');
    await page.context().clearCookies();
    await page.goto(old.link);
    await expect(page.getByRole('heading', { name: 'Newer Quote Sent' })).toBeVisible();
    await expect(
      page.getByText('A newer quote was sent for this job. Please use the link in the most recent quote e-mail.'),
    ).toBeVisible();
    await expect(page.getByText('Quote not found or has expired')).toHaveCount(0);
    await expect(page.getByText('Superseded E2E Plaza')).toHaveCount(0);
    await expect(page.getByText(old.number)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Deny Repairs' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('link-superseded.png'), fullPage: true });
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.screenshot({ path: test.info().outputPath('link-superseded-768.png') });
  });

  test('the send dialog refuses a bad address itself; a decided quote offers no Resend; both decisions show as badges', async ({
    signedIn: page,
    server,
    f,
  }) => {
    const job = await quotableJob(f, 'Dialog E2E');
    await page.goto(`/jobs/${job.id}`);
    const card = page.getByRole('region', { name: 'Quotes' });
    await card.getByRole('tab', { name: 'Inspection Quote' }).click();
    await card.getByRole('button', { name: 'Send Quote' }).click();
    const dialog = page.getByRole('dialog', { name: /Send Quote: Inspection Quote/ });
    await expect(dialog.getByLabel('Quote Number')).toHaveValue(/^QT-\d+-\d{4}$/);
    let sends = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/quotes/send')) sends++;
    });
    await dialog.getByLabel('Customer Email').fill('facilities@@example');
    await dialog.getByRole('button', { name: 'Send Quote' }).click();
    await expect(dialog.getByText('Enter a valid customer e-mail address')).toBeVisible();
    await expect(dialog.getByLabel('Customer Email')).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: test.info().outputPath('send-dialog-bad-email.png') });
    expect(sends).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The customer approves the inspection quote, then declines a replaced one of another type.
    const approved = await sendQuote(page, server, job.id, 'inspection');
    const token = (u: string) => new URL(u).pathname.split('/').pop()!;
    const approve = await page.request.post(`${server.baseURL}/api/public/quotes/${token(approved.link)}/decision`, {
      data: { approve: true, signerName: 'Dana Reed' },
    });
    expect(approve.status()).toBe(200);
    const declined = await sendQuote(page, server, job.id, 'repair');
    const decline = await page.request.post(`${server.baseURL}/api/public/quotes/${token(declined.link)}/decision`, {
      data: { approve: false, signerName: 'Dana Reed' },
    });
    expect(decline.status()).toBe(200);

    await page.reload();
    const badges = page.getByTestId('job-badges');
    await expect(badges.getByText('Repair Approved (Inspection Quote)')).toBeVisible();
    await expect(badges.getByText('Repair Declined (Repair Quote)')).toBeVisible();
    await expect(card.getByRole('tab', { name: 'Repair Quote' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByRole('button', { name: /Resend Quote|Update Quote|Send Quote/ })).toHaveCount(0);
    await expect(card.getByText('The customer has answered this quote. A decided quote is not resent.')).toBeVisible();
    await card.getByRole('tab', { name: 'Inspection Quote' }).click();
    await expect(card.getByRole('button', { name: /Resend Quote|Update Quote/ })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('job-badges-both-decisions.png'), fullPage: true });
  });
});
