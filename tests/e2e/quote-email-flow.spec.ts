/**
 * Issue 13's flow end to end, with real e-mail: a quote sent from the job page goes through the
 * outbox worker to a real SMTP server (tests/support/fake-smtp.ts, started for this spec's workers
 * by the `withSmtp` option of the fixtures); the customer opens the link from the delivered
 * message, chooses options, signs and approves; another quote is denied and its fee invoice is on
 * the job. The inspection list's Send Quote and the single resend banner (issue 11) are checked on
 * the way.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { jobInvoices, jobQuotes } from '../../src/server/db/schema.js';
import type { Factories } from '../factories/index.js';
import type { FakeSmtp, ReceivedMail } from '../support/fake-smtp.js';
import { DEMO_USER, expect, openHomeCard, test } from './fixtures';

test.use({ withSmtp: true });

/** A job with one completed inspection and its repair record (options $500 / $1,000 / $2,000). */
async function quotableJob(f: Factories, name: string, contactEmail: string) {
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
    contactEmail,
    contactName: 'Dana Reed',
  });
  const inspection = await f.inspection(job.id, {
    completed: true,
    modelNumber: '48TC-009',
    serialNumber: 'SN-1',
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
  return { job, inspection };
}

/** The text of a delivered message with quoted-printable soft breaks and escapes undone. */
function decoded(mail: ReceivedMail): string {
  return mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** Waits for the message the outbox worker delivers to `to`, and returns its decision link. */
async function deliveredLink(
  smtp: FakeSmtp,
  to: string,
  approve: boolean,
): Promise<{ link: string; mail: ReceivedMail }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mail = smtp.received.find((m) => m.to.includes(to));
    if (mail) {
      const link = new RegExp(`https?://[^\\s"<>]+/quote/confirm/\\w+\\?approve=${approve}`).exec(decoded(mail));
      expect(link, 'the decision link in the delivered message').not.toBeNull();
      return { link: link![0], mail };
    }
    if (Date.now() > deadline) throw new Error(`no message to ${to} arrived at the fake SMTP server`);
    await smtp.waitFor(smtp.received.length + 1, 2_000).catch(() => undefined);
  }
}

async function signInAgain(page: Page) {
  expect((await page.request.post('/api/auth/login', { data: DEMO_USER })).status()).toBe(200);
}

async function sendFromDialog(page: Page, title: RegExp) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog.getByLabel('Quote Number')).toHaveValue(/^QT-\d+-\d{4}$/);
  const number = await dialog.getByLabel('Quote Number').inputValue();
  await dialog.getByRole('button', { name: /Send Quote|Resend Quote|Update Quote/ }).click();
  await expect(page.getByText('Quote sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  return number;
}

test.describe('quotes by e-mail, end to end', () => {
  test('a repair quote sent from the job reaches the customer by SMTP; they choose options, sign and approve; the invoice shows who signed', async ({
    signedIn: page,
    server,
    f,
  }) => {
    const smtp = server.smtp!;
    const to = 'buyer@approve-flow.test';
    const { job } = await quotableJob(f, 'Approve Flow', to);

    await page.goto(`/jobs/${job.id}`);
    const tab = page.getByTestId('inspection-repair-tab');
    // Nothing sent yet and an inspection is complete: the inspection list offers Send Quote too.
    await expect(tab.getByTestId('inspection-list-send-quote')).toHaveText('Send Quote');
    await expect(page.getByTestId('resend-banner')).toHaveCount(0);

    const card = page.getByRole('region', { name: 'Quotes' });
    await expect(card.getByRole('tab', { name: 'Repair Quote' })).toHaveAttribute('aria-selected', 'true');
    await card.getByRole('button', { name: 'Send Quote' }).click();
    await expect(
      page.getByRole('dialog', { name: /Send Quote: Repair Quote/ }).getByLabel('Customer Email'),
    ).toHaveValue(to);
    const number = await sendFromDialog(page, /Send Quote: Repair Quote/);
    await expect(card.getByText('Waiting for customer confirmation')).toBeVisible();
    // Sent: the inspection list no longer offers a first send.
    await expect(tab.getByTestId('inspection-list-send-quote')).toHaveCount(0);

    // The outbox worker delivers it over SMTP, once, with the PDF attached.
    const { link, mail } = await deliveredLink(smtp, to, true);
    expect(mail.subject).toContain(number);
    expect(mail.raw).toMatch(/Content-Type: application\/pdf/i);
    expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(link.startsWith(server.baseURL)).toBe(true);

    // The customer: not signed in, opens the link from the message.
    await page.context().clearCookies();
    await page.goto(link);
    // A repair quote is titled as one (issue 26: it said "Inspection Quote" before).
    await expect(page.getByRole('heading', { name: 'Repair Quote' })).toBeVisible();
    const total = page.locator('p[aria-live="polite"]');
    await expect(total).toContainText('$1,000.00');
    await page.getByRole('radio', { name: /Premium Option/ }).check();
    await expect(total).toContainText('$2,000.00');
    await page.getByLabel('Your full name (signature)').fill('Dana Reed');
    const pad = page.getByRole('img', { name: 'Drawn signature (optional)' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + 60);
    await page.mouse.down();
    await page.mouse.move(box.x + 120, box.y + 20, { steps: 8 });
    await page.mouse.move(box.x + 220, box.y + 90, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByText('Signature drawn.')).toBeVisible();
    await page.getByRole('button', { name: 'Approve Repairs' }).click();
    await expect(page.getByRole('heading', { name: 'Repairs Approved' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Signature of Dana Reed' })).toBeVisible();
    const [row] = await server.db
      .select({ status: jobQuotes.status })
      .from(jobQuotes)
      .where(eq(jobQuotes.jobId, job.id));
    expect(row?.status).toBe('approved');
    // The office is told by e-mail as well.
    await expect
      .poll(() => smtp.received.some((m) => /approved/i.test(m.subject) && m.subject.includes(number)), {
        timeout: 30_000,
      })
      .toBe(true);

    // Back in the office: the invoice for the approved work prints who signed, and when.
    await signInAgain(page);
    const created = await page.request.post(`/api/jobs/${job.id}/invoices`, { data: { type: 'repair' } });
    expect(created.status(), await created.text()).toBe(201);
    const invoice = (await created.json()) as { id: string };
    await page.goto(`/invoices/${invoice.id}`);
    const signed = page.getByTestId('invoice-signed-by');
    await expect(signed.getByRole('heading', { name: 'Signed by' })).toBeVisible();
    await expect(signed).toContainText('Dana Reed');
    await expect(signed).toContainText(`approved quote ${number}`);
    const signature = signed.getByRole('img', { name: 'Signature of Dana Reed' });
    await expect(signature).toBeVisible();
    expect(await signature.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: test.info().outputPath('invoice-signed-by.png'), fullPage: true });
  });

  test('an inspection quote sent from the inspection list is denied from the e-mail; one resend banner after a change; the fee invoice is on the job', async ({
    signedIn: page,
    server,
    f,
  }) => {
    const smtp = server.smtp!;
    const to = 'buyer@deny-flow.test';
    const { job, inspection } = await quotableJob(f, 'Deny Flow', to);

    await page.goto(`/jobs/${job.id}`);
    const tab = page.getByTestId('inspection-repair-tab');
    await tab.getByTestId('inspection-list-send-quote').click();
    // The Quotes card's own dialog, for the Inspection Quote.
    await expect(
      page.getByRole('dialog', { name: /Send Quote: Inspection Quote/ }).getByLabel('Customer Email'),
    ).toHaveValue(to);
    const number = await sendFromDialog(page, /Send Quote: Inspection Quote/);
    await expect(tab.getByTestId('inspection-list-send-quote')).toHaveCount(0);
    const card = page.getByRole('region', { name: 'Quotes' });
    // The card shows the quote just sent: its tab is the latest quote's type.
    await expect(card.getByRole('tab', { name: 'Inspection Quote' })).toHaveAttribute('aria-selected', 'true');
    await expect(card.getByText(number)).toBeVisible();

    // The inspection changes after the send: one resend banner on the page, and the list offers Resend Quote.
    await server.db.execute(
      sql`update job_inspections set updated_at = now() + interval '1 minute' where id = ${inspection.id}`,
    );
    await page.reload();
    await expect(page.getByTestId('resend-banner')).toHaveCount(1);
    await expect(page.getByText(/changed after (this|the) quote was sent/)).toHaveCount(1);
    await expect(tab.getByTestId('inspection-list-send-quote')).toHaveText('Resend Quote');
    await page.screenshot({ path: test.info().outputPath('job-page-resend-banner.png'), fullPage: true });
    // A tablet held upright: the list's four buttons wrap, and nothing is cut off.
    await page.setViewportSize({ width: 768, height: 1024 });
    await tab.getByTestId('inspection-list-send-quote').scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('inspection-list-768.png') });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.screenshot({ path: test.info().outputPath('inspection-list-1024.png') });

    const { link } = await deliveredLink(smtp, to, false);
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Inspection Quote' })).toBeVisible();
    await page.getByLabel('Your full name (signature)').fill('Sam Ortiz');
    await page.getByLabel('If you deny: reason (optional)').selectOption('not_now');
    await page.getByRole('button', { name: 'Deny Repairs' }).click();
    await expect(page.getByRole('heading', { name: 'Repairs Declined' })).toBeVisible();
    const [fee] = await server.db
      .select({ id: jobInvoices.id, number: jobInvoices.invoiceNumber, amount: jobInvoices.amount })
      .from(jobInvoices)
      .where(and(eq(jobInvoices.jobId, job.id), eq(jobInvoices.invoiceType, 'inspection')));
    expect(fee?.amount).toBe('180.00');
    await expect(page.getByText(fee!.number)).toBeVisible();
    // The fee invoice's own e-mail goes out through the same worker.
    await expect
      .poll(() => smtp.received.filter((m) => m.to.includes(to) && m.subject.includes(fee!.number)).length, {
        timeout: 30_000,
      })
      .toBe(1);

    await signInAgain(page);
    await page.goto(`/jobs/${job.id}`);
    await expect(
      page
        .getByRole('region', { name: 'Invoices' })
        .getByRole('row', { name: new RegExp(`${fee!.number}.*\\$180\\.00`) }),
    ).toBeVisible();
    // A decided quote is not resent (issue 26; the list used to offer Resend Quote here).
    await expect(page.getByTestId('inspection-repair-tab').getByTestId('inspection-list-send-quote')).toHaveCount(0);
    // Opened afresh, the card is on the declined quote's tab, with who declined it.
    await expect(
      page.getByRole('region', { name: 'Quotes' }).getByRole('tab', { name: 'Inspection Quote' }),
    ).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Quotes' }).getByText('Declined', { exact: true })).toBeVisible();
    // A fee invoice is not the approved work: no "Signed by" on it.
    await page.goto(`/invoices/${fee!.id}`);
    await expect(page.getByRole('heading', { name: `Invoice ${fee!.number}` })).toBeVisible();
    await expect(page.getByTestId('invoice-signed-by')).toHaveCount(0);
  });

  test('Home: Follow Up Jobs and Total Submitted Quotes open exactly the jobs they count', async ({
    signedIn: page,
    f,
  }) => {
    // One more unanswered quote, sent now, so both cards count something.
    const job = await f.job({ name: 'Home door quote job', createdAt: new Date() });
    await f.quote(job, { status: 'sent', amount: '640.00', createdAt: new Date() });
    for (const card of [
      { label: 'Follow Up Jobs', url: /\/jobs\?queue=follow-up&dateField=created&from=\d{4}-\d{2}-\d{2}$/ },
      {
        label: 'Total Submitted Quotes',
        url: /\/jobs\?queue=submitted-quotes&dateField=quote-sent&from=\d{4}-\d{2}-\d{2}$/,
      },
    ]) {
      const counted = await openHomeCard(page, card.label, card.url);
      expect(counted).toBeGreaterThan(0);
      await expect(page.getByTestId('queue-chip')).toBeVisible();
      await expect(
        page.getByText(new RegExp(`Showing \\d+–\\d+ of ${counted.toLocaleString('en-US')}$`)),
      ).toBeVisible();
    }
  });
});
