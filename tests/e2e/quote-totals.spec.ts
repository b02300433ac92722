/**
 * Issue 26: a quote states one total and the lines it covers, the same in its e-mail, its PDF, the
 * customer's page and the job's Quotes card (decision 031). Each quote type is sent from the job
 * page through the outbox to a real SMTP server (tests/support/fake-smtp.ts); the delivered
 * message and its attached PDF (read back with pdftotext) are compared with the page and the card.
 * Then an item is added, and the updated quote states it.
 */
import type { Page } from '@playwright/test';
import type { Factories } from '../factories/index.js';
import type { FakeSmtp, ReceivedMail } from '../support/fake-smtp.js';
import { attachedPdfText, deliveredMail } from '../support/received-mail.js';
import { DEMO_USER, expect, test } from './fixtures';

test.use({ withSmtp: true });

const TYPES = [
  { type: 'inspection', tab: 'Inspection Quote', title: 'Inspection Quote', approve: 'Approve Repairs' },
  { type: 'repair', tab: 'Repair Quote', title: 'Repair Quote', approve: 'Approve Repairs' },
  { type: 'replacement', tab: 'Replacement Quote', title: 'Replacement Quote', approve: 'Approve Replacement' },
] as const;

/**
 * One completed inspection: options 300 / 600 / 1,200 -> $500.00 / $1,000.00 / $2,000.00,
 * Standard selected; parts and labor 2 x $60.00 and 3 x $95.00. Total $1,405.00.
 */
async function pricedJob(f: Factories, name: string) {
  const location = await f.location({ name: `${name} Plaza`, address: '12 Main St', city: 'Atlanta', state: 'GA' });
  const unit = await f.unit({ locationId: location.id, unitNumber: 'RTU-9' });
  const job = await f.job({ locationId: location.id, unitId: unit.id, name: `${name} not cooling` });
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
  const sentBefore = new Date(Date.now() - 3_600_000);
  await f.jobItem(job.id, {
    code: 'CAP-455',
    name: 'Run capacitor',
    type: 'part',
    quantity: 2,
    unitCost: '60.00',
    totalCost: '120.00',
    createdAt: sentBefore,
  });
  await f.jobItem(job.id, {
    code: 'LAB-REG',
    name: 'Technician labor',
    type: 'labor',
    quantity: 3,
    unitCost: '95.00',
    totalCost: '285.00',
    createdAt: sentBefore,
  });
  return job;
}

/** Quoted-printable soft breaks and escapes undone. */
const decoded = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function decisionLink(mail: ReceivedMail): string {
  const link = /https?:\/\/[^\s"<>]+\/quote\/confirm\/\w+\?approve=true/.exec(decoded(mail));
  expect(link, 'the decision link').not.toBeNull();
  return link![0];
}

async function signInAgain(page: Page) {
  expect((await page.request.post('/api/auth/login', { data: DEMO_USER })).status()).toBe(200);
}

/** Sends the card tab's quote to `to`; returns its number. */
async function sendFromCard(page: Page, tab: string, to: string): Promise<string> {
  const card = page.getByRole('region', { name: 'Quotes' });
  await card.getByRole('tab', { name: tab }).click();
  await card.getByRole('button', { name: /^(Send|Resend|Update) Quote$/ }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(tab) });
  await dialog.getByLabel('Customer Email').fill(to);
  await expect(dialog.getByLabel('Quote Number')).toHaveValue(/^QT-\d+-\d{4}$/);
  const number = await dialog.getByLabel('Quote Number').inputValue();
  await dialog.getByRole('button', { name: /Send Quote|Resend Quote|Update Quote/ }).click();
  await expect(page.getByText('Quote sent successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  return number;
}

interface Expected {
  total: string;
  /** [label as the e-mail and the card write it, the page's text, amount] */
  lines: { mail: string; pdf: RegExp; page: string; amount: string }[];
}

const BASE_LINES: Expected['lines'] = [
  {
    mail: 'Inspection 1: Economy Option',
    pdf: /Economy Option\s+Replace capacitor\s+\$500\.00/,
    page: 'Economy Option',
    amount: '$500.00',
  },
  {
    mail: 'Inspection 1: Standard Option (selected)',
    pdf: /Standard Option\s+Replace fan motor\s+Selected\s+\$1,000\.00/,
    page: 'Standard Option',
    amount: '$1,000.00',
  },
  {
    mail: 'Inspection 1: Premium Option',
    pdf: /Premium Option\s+Replace compressor\s+\$2,000\.00/,
    page: 'Premium Option',
    amount: '$2,000.00',
  },
  {
    mail: 'Run capacitor x 2',
    pdf: /CAP-455\s+Run capacitor\s+Part\s+2\s+\$60\.00\s+\$120\.00/,
    page: 'Run capacitor x 2',
    amount: '$120.00',
  },
  {
    mail: 'Technician labor x 3',
    pdf: /LAB-REG\s+Technician labor\s+Labor\s+3\s+\$95\.00\s+\$285\.00/,
    page: 'Technician labor x 3',
    amount: '$285.00',
  },
];

/** The e-mail, its PDF, the customer's page and the card say the same lines and total. */
async function checkEverywhere(
  page: Page,
  smtp: FakeSmtp,
  jobId: string,
  t: (typeof TYPES)[number],
  to: string,
  number: string,
  expected: Expected,
) {
  const mail = await deliveredMail(smtp, to, number);
  const text = decoded(mail);
  for (const line of expected.lines) expect(text, line.mail).toContain(`${line.mail}: ${line.amount}`);
  expect(text).toContain(`Total: ${expected.total}`);
  expect(text).toContain('Inspection fee if declined: $180.00');
  expect(text).not.toContain('Total: $180.00');

  const pdf = attachedPdfText(mail);
  for (const line of expected.lines) expect(pdf, String(line.pdf)).toMatch(line.pdf);
  expect(pdf).toMatch(new RegExp(`Grand Total\\s+${expected.total.replace(/[$.]/g, '\\$&')}`));
  expect(pdf).toContain('an inspection fee of $180.00');
  expect(pdf).toMatch(/The fee is not part of the total\s+above\./);

  // The customer's page, from the delivered link, not signed in.
  await page.context().clearCookies();
  await page.goto(decisionLink(mail));
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  for (const line of expected.lines) {
    const row = page.getByText(line.page, { exact: true }).first();
    await expect(row).toBeVisible();
  }
  const main = page.locator('main');
  for (const line of expected.lines) await expect(main).toContainText(line.amount);
  await expect(page.locator('p[aria-live="polite"]')).toHaveText(`Total${expected.total}`);
  await expect(page.getByText('Inspection fee if declined: $180.00 (not part of the total)')).toBeVisible();
  await expect(page.getByRole('button', { name: t.approve })).toBeVisible();
  if (t.type === 'replacement') {
    await expect(page.getByText('Approve Repairs')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('replacement-customer-page.png'), fullPage: true });
  }

  // The job's Quotes card.
  await signInAgain(page);
  await page.goto(`/jobs/${jobId}`);
  const card = page.getByRole('region', { name: 'Quotes' });
  await card.getByRole('tab', { name: t.tab }).click();
  await expect(card.getByText(number)).toBeVisible();
  const amount = card.locator('dt', { hasText: /^Amount$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(amount).toHaveText(expected.total);
  const lines = card.getByTestId('quote-lines');
  for (const line of expected.lines) {
    await expect(lines.getByRole('listitem').filter({ hasText: line.mail })).toContainText(line.amount);
  }
  await expect(lines).toContainText(`Total${expected.total}`);
  await expect(lines).toContainText('Inspection fee if declined: $180.00');
}

test.describe('a quote states one total, everywhere', () => {
  test('each quote type: e-mail, PDF, customer page and Quotes card agree; an added item is on the update', async ({
    signedIn: page,
    server,
    f,
  }) => {
    test.setTimeout(240_000);
    const smtp = server.smtp!;
    const job = await pricedJob(f, 'Totals');
    const expected: Expected = { total: '$1,405.00', lines: BASE_LINES };

    for (const t of TYPES) {
      const to = `${t.type}@quote-totals.test`;
      await page.goto(`/jobs/${job.id}`);
      const number = await sendFromCard(page, t.tab, to);
      await checkEverywhere(page, smtp, job.id, t, to, number, expected);
    }

    // An item is added after the send: the card asks for an update, and the update states it.
    const added = await page.request.post(`/api/jobs/${job.id}/items`, {
      data: { type: 'labor', code: 'LAB-OT', name: 'Overtime labor', quantity: 2, unitPrice: 120 },
    });
    expect(added.status(), await added.text()).toBe(201);
    await page.goto(`/jobs/${job.id}`);
    const card = page.getByRole('region', { name: 'Quotes' });
    await card.getByRole('tab', { name: 'Replacement Quote' }).click();
    await expect(card.getByText('Quote Needs Update')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Update Quote' })).toBeVisible();
    const to = 'update@quote-totals.test';
    const number = await sendFromCard(page, 'Replacement Quote', to);
    await checkEverywhere(page, smtp, job.id, TYPES[2], to, number, {
      total: '$1,645.00',
      lines: [
        ...BASE_LINES,
        {
          mail: 'Overtime labor x 2',
          pdf: /LAB-OT\s+Overtime labor\s+Labor\s+2\s+\$120\.00\s+\$240\.00/,
          page: 'Overtime labor x 2',
          amount: '$240.00',
        },
      ],
    });
  });

  test('an unpriced inspection: no $0.00 options, Send disabled with the reason', async ({ signedIn: page, f }) => {
    const job = await f.job({ name: 'Unpriced RTU' });
    const inspection = await f.inspection(job.id, { completed: true });
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
        phase1Cost: '0',
        phase2Cost: '0',
        phase3Cost: '0',
        totalCost: '0',
      },
    );
    await page.goto(`/jobs/${job.id}`);
    const card = page.getByRole('region', { name: 'Quotes' });
    await card.getByRole('tab', { name: 'Repair Quote' }).click();
    await expect(card.getByRole('button', { name: 'Send Quote' })).toBeDisabled();
    await expect(card.getByText(/Nothing on this quote has a price yet/)).toBeVisible();
  });
});
