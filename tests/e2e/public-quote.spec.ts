import { and, desc, eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { jobInvoices, jobQuotes, outbox } from '../../src/server/db/schema.js';
import type { Database } from '../../src/server/db/client.js';
import type { Factories } from '../factories/index.js';
import { expect, test } from './fixtures';

/** A job with a completed inspection and its repair record (options $500 / $1,000 / $2,000). */
async function quotableJob(f: Factories, name: string) {
  const company = await f.company({ name: `${name} Holdings` });
  const location = await f.location({
    companyId: company.id,
    name: `${name} Plaza`,
    address: '12 Main St',
    city: 'Atlanta',
    state: 'GA',
    zip: '30303',
  });
  const unit = await f.unit({ locationId: location.id, unitNumber: 'RTU-3' });
  const job = await f.job({
    locationId: location.id,
    unitId: unit.id,
    name: `${name} not cooling`,
    contactEmail: 'facilities@e2e-quote.test',
  });
  const inspection = await f.inspection(job.id, {
    completed: true,
    modelNumber: '48TC-009',
    serialNumber: null,
    age: 12,
    tonnage: '7.5',
    unitType: 'Gas',
    systemType: 'RTU',
  });
  const zero = {
    labor: '0',
    refrigerationRecovery: '0',
    startUpCosts: '0',
    thermostatStartup: '0',
    removalCost: '0',
    permitCost: '0',
    accessories: [],
    additionalItems: [],
  };
  await f.repair(
    { jobId: job.id, inspectionId: inspection.id },
    {
      ...zero,
      phase1Description: 'Replace capacitor',
      phase1Cost: '300.00',
      phase2Description: 'Replace fan motor',
      phase2Cost: '600.00',
      phase3Description: 'Replace compressor',
      phase3Cost: '1200.00',
      selectedPhase: 'phase2',
      totalCost: '1000.00',
    },
  );
  return job;
}

/** Sends the repair quote as the office and returns the customer's link from the outbox message. */
async function sendAndReadLink(
  page: Page,
  server: { baseURL: string; db: Database },
  jobId: string,
  approve: boolean,
): Promise<string> {
  const response = await page.request.post(`${server.baseURL}/api/jobs/${jobId}/quotes/send`, {
    data: { type: 'repair', email: 'facilities@e2e-quote.test' },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { quote } = (await response.json()) as { quote: { id: string } };
  const [message] = await server.db
    .select({ text: outbox.textBody })
    .from(outbox)
    .where(and(eq(outbox.relatedType, 'job_quote'), eq(outbox.relatedId, quote.id)))
    .orderBy(desc(outbox.createdAt));
  const link = new RegExp(`https?://\\S+/quote/confirm/\\w+\\?approve=${approve}`).exec(message!.text)![0];
  // The message carries PUBLIC_URL; the test server listens elsewhere.
  const url = new URL(link);
  return `${server.baseURL}${url.pathname}${url.search}`;
}

test.describe("the customer's quote page", () => {
  test('opens the link from the e-mail, switches the option, signs and approves', async ({
    signedIn: page,
    server,
    f,
  }) => {
    const job = await quotableJob(f, 'Approve E2E');
    const link = await sendAndReadLink(page, server, job.id, true);
    await page.context().clearCookies();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Repair Quote' })).toBeVisible();
    await expect(page.getByText(`#${job.number}`)).toBeVisible();
    await expect(page.getByText('Approve E2E Plaza')).toBeVisible();
    await expect(page.getByText('N/A').first()).toBeVisible();
    await expect(
      page.getByText('If you deny the repairs, you will be charged $180.00 for the inspection.'),
    ).toBeVisible();
    // ?approve=true preselects, in words too, and decides nothing.
    await expect(page.getByTestId('preselected')).toHaveText(
      /You chose Approve Repairs in the e-mail\. Nothing has been decided yet/,
    );
    const [open] = await server.db
      .select({ status: jobQuotes.status })
      .from(jobQuotes)
      .where(eq(jobQuotes.jobId, job.id));
    expect(open?.status).toBe('sent');
    // The staff application is not loaded on this page.
    expect(await page.locator('script[src*="main"]').count()).toBe(0);
    const total = page.locator('p[aria-live="polite"]');
    await expect(total).toContainText('$1,000.00');
    await page.getByRole('radio', { name: /Premium Option/ }).check();
    await expect(total).toContainText('$2,000.00');

    await page.getByRole('button', { name: 'Approve Repairs' }).click();
    await expect(page.getByText('Please type your full name to sign')).toBeVisible();
    await page.getByLabel('Your full name (signature)').fill('Dana Reed');
    const pad = page.getByRole('img', { name: 'Drawn signature (optional)' });
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 30, { steps: 8 });
    await page.mouse.move(box.x + 220, box.y + 90, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText('Signature drawn.')).toBeVisible();
    await page.getByRole('button', { name: 'Approve Repairs' }).click();

    await expect(page.getByRole('heading', { name: 'Repairs Approved' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Signed by' })).toBeVisible();
    await expect(page.getByText('Dana Reed')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Signature of Dana Reed' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
    // What was approved: the switched option and its total, as stored.
    const approved = page.getByRole('region', { name: 'Approved repairs' });
    await expect(approved).toContainText('Inspection 1: Premium Option');
    await expect(approved).toContainText('Total$2,000.00');
    const [row] = await server.db
      .select({ status: jobQuotes.status, options: jobQuotes.chosenOptions })
      .from(jobQuotes)
      .where(eq(jobQuotes.jobId, job.id));
    expect(row).toMatchObject({ status: 'approved', options: [expect.objectContaining({ phase: 'phase3' })] });

    // Opening the link again shows the stored decision.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Repairs Approved' })).toBeVisible();
  });

  test('denies with a reason: the declined view shows the fee invoice, which is on the job', async ({
    signedIn: page,
    server,
    f,
  }) => {
    const job = await quotableJob(f, 'Deny E2E');
    const link = await sendAndReadLink(page, server, job.id, false);
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Repair Quote' })).toBeVisible();
    await expect(page.getByTestId('preselected')).toContainText('You chose Deny Repairs in the e-mail.');
    // The phone turned on its side: a short stroke in the middle of the pad inks the middle.
    await page.setViewportSize({ width: 844, height: 390 });
    const pad = page.getByRole('img', { name: 'Drawn signature (optional)' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2 - 12, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 12, box.y + box.height / 2, { steps: 6 });
    await page.mouse.up();
    const inkedUnderPointer = await pad.evaluate((c: HTMLCanvasElement) => {
      const r = c.getBoundingClientRect();
      const pixel = c.getContext('2d')!.getImageData(Math.round(c.width / 2), Math.round(c.height / 2), 1, 1).data;
      return r.width > 0 && pixel[3]! > 0;
    });
    expect(inkedUnderPointer).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByLabel('Your full name (signature)').fill('Sam Ortiz');
    await expect(page.getByLabel('Tell us more (optional)')).toHaveCount(0);
    await page.getByLabel('If you deny: reason (optional)').selectOption('other');
    await page.getByLabel('Tell us more (optional)').fill('The building is being sold');
    await page.getByRole('button', { name: 'Deny Repairs' }).click();
    await expect(page.getByRole('heading', { name: 'Repairs Declined' })).toBeVisible();
    await expect(page.getByText('Reason: Other')).toBeVisible();
    const [quote] = await server.db
      .select({ reason: jobQuotes.declineReason, comment: jobQuotes.declineComment })
      .from(jobQuotes)
      .where(eq(jobQuotes.jobId, job.id));
    expect(quote).toEqual({ reason: 'other', comment: 'The building is being sold' });
    const [invoice] = await server.db
      .select({ number: jobInvoices.invoiceNumber, amount: jobInvoices.amount, status: jobInvoices.status })
      .from(jobInvoices)
      .where(eq(jobInvoices.jobId, job.id));
    expect(invoice).toMatchObject({ amount: '180.00', status: 'issued' });
    await expect(page.getByText(invoice!.number)).toBeVisible();
    await expect(page.getByText('Sam Ortiz')).toBeVisible();
  });

  test("a cancelled job's quote: the page says it was withdrawn and offers no decision", async ({
    signedIn: page,
    server,
    f,
  }) => {
    const job = await quotableJob(f, 'Withdrawn E2E');
    const link = await sendAndReadLink(page, server, job.id, true);
    const cancel = await page.request.post(`${server.baseURL}/api/jobs/${job.id}/cancel`);
    expect(cancel.status(), await cancel.text()).toBe(200);
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Quote Withdrawn' })).toBeVisible();
    await expect(page.getByText('This quote was withdrawn and can no longer be approved or declined.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Approve Repairs' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Deny Repairs' })).toHaveCount(0);
    const [row] = await server.db
      .select({ status: jobQuotes.status })
      .from(jobQuotes)
      .where(eq(jobQuotes.jobId, job.id));
    expect(row?.status).toBe('withdrawn');
  });

  test('says when the link is broken, unknown or expired', async ({ page }) => {
    await page.goto('/quote/confirm/');
    await expect(page.getByRole('heading', { name: 'Quote Confirmation Failed' })).toBeVisible();
    await expect(page.getByText('Invalid confirmation link')).toBeVisible();
    await page.goto('/quote/confirm/0123456789abcdef0123?approve=true');
    await expect(page.getByText('Quote not found or has expired')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  });
});
