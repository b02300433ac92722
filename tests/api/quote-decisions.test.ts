/**
 * The customer's decisions across a job's quotes (issue 26): the inspection fee is charged once
 * per job and only while nothing is approved; a decision never rewrites another quote's outcome;
 * the job's badges show both; the office's notices (approval and decline) and the customers'
 * Reply-To; withdrawing a quote; a superseded or withdrawn link says so and nothing more.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.js';
import { settings as settingsTable } from '../../src/server/db/schema.js';
import { createOutboxWorker, createSmtpTransport } from '../../src/server/outbox/worker.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { uploadQuoteTemplate } from './quote-support.js';

const NOW = new Date('2026-03-07T15:00:00Z');
const OFFICE_MAILBOX = 'office@summitair.example';
const CUSTOMER = 'facilities@peachtree.example';
let ctx: TestContext;
let api: ApiClient;
let seq = 0;

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);
const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);
const tokenOf = async (quoteId: string) =>
  (await rows<{ token: string }>(sql`select token from job_quotes where id = ${quoteId}`))[0]!.token;
const feeInvoices = (jobId: string) =>
  count(sql`select count(*) as n from job_invoices where job_id = ${jobId} and amount = 180`);
const feeItems = (jobId: string) =>
  count(sql`select count(*) as n from job_items where job_id = ${jobId} and code = 'INSP-FEE'`);

async function upload(templateType: string) {
  await uploadQuoteTemplate(api, templateType, { name: `${templateType} template`, title: templateType, pages: 1 });
}

/** A job on unit RTU-7 inspected twice, each with a repair record: every quote type can be sent. */
async function quotableJob() {
  const company = await ctx.f.company({ name: `Peachtree Medical Group ${++seq}` });
  const location = await ctx.f.location({ companyId: company.id, name: 'Midtown Clinic', city: 'Atlanta' });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-7' });
  const job = await ctx.f.job({ locationId: location.id, unitId: unit.id, name: 'RTU-7 not cooling' });
  const zero = {
    labor: '0',
    refrigerationRecovery: '0',
    startUpCosts: '0',
    thermostatStartup: '0',
    removalCost: '0',
    permitCost: '0',
    accessories: [],
    additionalItems: [],
    createdAt: new Date('2026-03-01T12:00:00Z'),
    updatedAt: new Date('2026-03-01T12:00:00Z'),
  };
  const inspections = [];
  for (const [i, model] of ['48TC-009', 'ZJ-150'].entries()) {
    const at = new Date(Date.UTC(2026, 2, 1, 10 + i));
    const inspection = await ctx.f.inspection(job.id, {
      completed: true,
      modelNumber: model,
      createdAt: at,
      updatedAt: at,
    });
    await ctx.f.repair(
      { jobId: job.id, inspectionId: inspection.id },
      { ...zero, phase1Cost: '300.00', phase2Cost: '600.00', phase3Cost: '1200.00', selectedPhase: 'phase2' },
    );
    inspections.push(inspection);
  }
  return { job, inspections };
}

async function send(jobId: string, type: string) {
  const response = await api.call('POST', `/api/jobs/${jobId}/quotes/send`, { type, email: CUSTOMER });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { quote: { id: string; number: string } }).quote;
}

async function decide(quoteId: string, approve: boolean) {
  const response = await api.call('POST', `/api/public/quotes/${await tokenOf(quoteId)}/decision`, {
    approve,
    signerName: 'Dana Reed',
    ...(approve ? {} : { reason: 'too_expensive', comment: 'Over budget this quarter' }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { view: { declineChargesFee: boolean; decision: { invoiceNumber: string | null } } };
}

const notices = (quoteId: string) =>
  rows<{ to_address: string; subject: string; text_body: string; reply_to: string | null }>(
    sql`select to_address, subject, text_body, reply_to from outbox where related_type = 'job_quote' and related_id = ${quoteId} and to_address <> ${CUSTOMER} order by created_at`,
  );

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  api = await signInAs(ctx, 'user', {
    unchanged: () => tableFingerprint(ctx.database.db, ['job_quotes', 'job_invoices', 'job_items', 'outbox']),
  });
  const company = {
    name: 'Summit Air Mechanical',
    physical_address: { street: '1450 Northside Dr NW', city: 'Atlanta', state: 'GA', zip: '30318' },
    mailing_address: { street: '', city: '', state: '', zip: '' },
    phone: '(404) 555-0147',
    email: OFFICE_MAILBOX,
    time_zone: 'America/New_York',
  };
  await ctx.database.db
    .insert(settingsTable)
    .values({ key: 'company', value: company })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: company } });
  for (const type of ['inspection', 'repair', 'replacement']) await upload(type);
}, 60_000);
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.execute(sql`delete from rate_limits`);
});

describe('the inspection fee across a job’s quotes', () => {
  it('approve one quote, decline a later one: no fee invoice, and the approval stands', async () => {
    const { job } = await quotableJob();
    const inspectionQuote = await send(job.id, 'inspection');
    await decide(inspectionQuote.id, true);
    const replacement = await send(job.id, 'replacement');
    // the customer page no longer says declining costs $180.00
    expect((await api.call('GET', `/api/public/quotes/${await tokenOf(replacement.id)}`)).json()).toMatchObject({
      status: 'pending',
      declineChargesFee: false,
    });
    const declined = await decide(replacement.id, false);
    expect(declined.view).toMatchObject({ declineChargesFee: false, decision: { invoiceNumber: null } });

    expect(await feeInvoices(job.id)).toBe(0);
    expect(await feeItems(job.id)).toBe(0);
    expect(await count(sql`select count(*) as n from job_invoices where job_id = ${job.id}`)).toBe(0);
    const statuses = await rows<{ id: string; status: string; fee_invoice_id: string | null }>(
      sql`select id, status, fee_invoice_id from job_quotes where job_id = ${job.id}`,
    );
    expect(Object.fromEntries(statuses.map((s) => [s.id, [s.status, s.fee_invoice_id]]))).toEqual({
      [inspectionQuote.id]: ['approved', null],
      [replacement.id]: ['declined', null],
    });

    // the job's badges say what was approved and what was declined
    const card = (await api.call('GET', `/api/jobs/${job.id}/quotes`)).json();
    expect(card.badges).toEqual({
      quoteSent: true,
      quoteConfirmed: true,
      repairApproved: true,
      repairDeclined: true,
      approvedTypes: ['inspection'],
      declinedTypes: ['replacement'],
    });
    const detail = (await api.call('GET', `/api/jobs/${job.id}`)).json();
    expect(detail).toMatchObject({
      quoteConfirmed: true,
      repairApproved: true,
      approvedQuoteTypes: ['inspection'],
      declinedQuoteTypes: ['replacement'],
    });
    expect(detail.status).not.toBe('cancelled');

    // the office hears of the decline, and that no fee was charged
    const [notice] = await notices(replacement.id);
    expect(notice).toMatchObject({
      to_address: 'office@test.localhost',
      subject: `Quote ${replacement.number} declined for Job #${job.number}`,
    });
    expect(notice!.text_body).toContain('Reason: Too expensive');
    expect(notice!.text_body).toContain('Comment: Over budget this quarter');
    expect(notice!.text_body).toContain(
      'No inspection fee was charged: the customer approved another quote on this job.',
    );
    expect(notice!.text_body).toContain(`Open the job: http://localhost:3000/jobs/${job.id}`);
  });

  it('decline the only quote: exactly one fee invoice; declining again or another quote adds none', async () => {
    const { job } = await quotableJob();
    const first = await send(job.id, 'inspection');
    const pending = (await api.call('GET', `/api/public/quotes/${await tokenOf(first.id)}`)).json();
    expect(pending).toMatchObject({ status: 'pending', declineChargesFee: true });
    const declined = await decide(first.id, false);
    expect(declined.view.declineChargesFee).toBe(true);
    expect(declined.view.decision.invoiceNumber).toMatch(new RegExp(`^JOB-${job.number}-INV-\\d{4}$`));
    expect(await feeInvoices(job.id)).toBe(1);
    expect(await feeItems(job.id)).toBe(1);

    // the same link again: the stored decision, nothing new
    const again = await decide(first.id, false);
    expect(again.view.decision.invoiceNumber).toBe(declined.view.decision.invoiceNumber);
    expect(await feeInvoices(job.id)).toBe(1);

    // another quote declined on the same job: the fee was already charged
    const second = await send(job.id, 'repair');
    expect((await api.call('GET', `/api/public/quotes/${await tokenOf(second.id)}`)).json().declineChargesFee).toBe(
      false,
    );
    await decide(second.id, false);
    expect(await feeInvoices(job.id)).toBe(1);
    expect(await feeItems(job.id)).toBe(1);
    const [notice] = await notices(second.id);
    expect(notice!.text_body).toContain('No inspection fee was charged: it was already charged on this job.');
    const [charged] = await notices(first.id);
    expect(charged!.text_body).toContain(
      `Inspection fee: invoice ${declined.view.decision.invoiceNumber} for $180.00 was issued and e-mailed to ${CUSTOMER}.`,
    );
    const card = (await api.call('GET', `/api/jobs/${job.id}/quotes`)).json();
    expect(card.badges).toMatchObject({
      repairApproved: false,
      repairDeclined: true,
      declinedTypes: ['inspection', 'repair'],
    });
  });

  it('a decided quote is not resent: the card offers no resend and the server refuses it', async () => {
    const { job } = await quotableJob();
    const quote = await send(job.id, 'inspection');
    await decide(quote.id, true);
    const card = (await api.call('GET', `/api/jobs/${job.id}/quotes`)).json();
    expect(card.types.inspection).toMatchObject({
      canSend: false,
      canWithdraw: false,
      reason: 'The customer has answered this quote. A decided quote is not resent.',
    });
    await api.refused(
      'POST',
      `/api/jobs/${job.id}/quotes/send`,
      { type: 'inspection', email: CUSTOMER },
      409,
      'The customer has answered this quote. A decided quote is not resent.',
    );
  });
});

describe("the office's notices and the customers' Reply-To", () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(() => smtp.stop());

  it('customer e-mails reply to the office; the approval notice names units, uses the company zone and links the job', async () => {
    const { job, inspections } = await quotableJob();
    const quote = await send(job.id, 'inspection');
    const approve = await api.call('POST', `/api/public/quotes/${await tokenOf(quote.id)}/decision`, {
      approve: true,
      signerName: 'Dana Reed',
      options: [{ inspectionId: inspections[1]!.id, phase: 'phase3' }],
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const declined = await send(job.id, 'replacement');
    await decide(declined.id, false);

    const [approval] = await notices(quote.id);
    expect(approval!.subject).toBe(`Quote ${quote.number} approved for Job #${job.number}`);
    // two inspections of one unit: named by the unit, not "Unit 1 / Unit 2"
    expect(approval!.text_body).toContain('RTU-7, inspection 1 of 2 (model 48TC-009): Standard Option ($1,000.00)');
    expect(approval!.text_body).toContain('RTU-7, inspection 2 of 2 (model ZJ-150): Premium Option ($2,000.00)');
    expect(approval!.text_body).not.toMatch(/Unit \d:/);
    // 15:00 UTC is 10:00 in New York (EST), labelled
    expect(approval!.text_body).toContain('Approved at 03/07/2026, 10:00 AM EST');
    expect(approval!.text_body).not.toContain(NOW.toISOString());
    expect(approval!.text_body).toContain(`Open the job: http://localhost:3000/jobs/${job.id}`);

    const worker = createOutboxWorker({
      db: ctx.database.db,
      storage: createFileStorage(),
      transport: createSmtpTransport(smtp.url),
      from: 'HVAC Administration <no-reply@summitair.example>',
      backoff: () => 0,
    });
    try {
      const pending = await count(sql`select count(*) as n from outbox where status = 'pending'`);
      for (let sent = 0; sent < pending;) {
        const result = await worker.runOnce();
        if (result.claimed === 0) break;
        sent += result.claimed;
      }
      await smtp.waitFor(pending);
    } finally {
      worker.close();
    }
    const quoteMail = smtp.received.find((m) => m.subject.includes(quote.number) && m.to.includes(CUSTOMER));
    expect(quoteMail?.headers['reply-to']).toBe(OFFICE_MAILBOX);
    expect(quoteMail?.from).toBe('no-reply@summitair.example');
    const declineNotice = smtp.received.find(
      (m) => m.subject === `Quote ${declined.number} declined for Job #${job.number}`,
    );
    expect(declineNotice?.to).toEqual(['office@test.localhost']);
    expect(declineNotice?.headers['reply-to']).toBeUndefined();
    // the replacement's decline came after an approval: no fee invoice was e-mailed
    expect(smtp.received.some((m) => m.subject.startsWith(`Invoice JOB-${job.number}-`))).toBe(false);
  });

  it('the fee invoice e-mail replies to the office too', async () => {
    const { job } = await quotableJob();
    const quote = await send(job.id, 'inspection');
    await decide(quote.id, false);
    const [invoiceMail] = await rows<{ reply_to: string | null; subject: string }>(
      sql`select reply_to, subject from outbox where related_type = 'job_invoice' and related_id in (select id from job_invoices where job_id = ${job.id})`,
    );
    expect(invoiceMail).toMatchObject({ reply_to: OFFICE_MAILBOX, subject: expect.stringMatching(/^Invoice JOB-/) });
    // Settings > Outbox shows it (admin and manager)
    const [stored] = await rows<{ id: string }>(
      sql`select id from outbox where related_type = 'job_quote' and related_id = ${quote.id} and to_address = ${CUSTOMER}`,
    );
    const admin = await api.withRole('admin');
    expect((await admin.call('GET', `/api/outbox/${stored!.id}`)).json()).toMatchObject({ replyTo: OFFICE_MAILBOX });
  });
});

describe('withdrawing a quote, and the links of replaced and withdrawn quotes', () => {
  it('a superseded link says a newer quote was sent, and nothing else; an answer is refused', async () => {
    const { job } = await quotableJob();
    const old = await send(job.id, 'inspection');
    await send(job.id, 'repair');
    const token = await tokenOf(old.id);
    const view = await api.call('GET', `/api/public/quotes/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      status: 'superseded',
      quoteNumber: '',
      jobNumber: 0,
      serviceName: '',
      location: { name: '', address: '', city: '', state: '', zip: '' },
      inspections: [],
      items: [],
      totalCents: 0,
      decision: null,
      companyName: 'Summit Air Mechanical',
    });
    await api.refused(
      'POST',
      `/api/public/quotes/${token}/decision`,
      { approve: false, signerName: 'Dana Reed' },
      409,
      'A newer quote was sent for this job. Please use the link in the most recent quote e-mail.',
    );
  });

  it('the office withdraws an open quote: the link says so, an answer is refused and charges nothing', async () => {
    const { job } = await quotableJob();
    const quote = await send(job.id, 'inspection');
    expect((await api.call('GET', `/api/jobs/${job.id}/quotes`)).json().types.inspection.canWithdraw).toBe(true);
    const technician = await api.withRole('technician');
    await technician.refused('POST', `/api/quotes/${quote.id}/withdraw`, {}, 403);

    const done = await api.call('POST', `/api/quotes/${quote.id}/withdraw`, {});
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      quote: { id: quote.id, status: 'withdrawn' },
      message: 'Quote withdrawn. Its link now says so.',
    });
    const token = await tokenOf(quote.id);
    expect((await api.call('GET', `/api/public/quotes/${token}`)).json()).toMatchObject({
      status: 'withdrawn',
      quoteNumber: '',
      inspections: [],
      decision: null,
    });
    await api.refused(
      'POST',
      `/api/public/quotes/${token}/decision`,
      { approve: false, signerName: 'Dana Reed' },
      409,
      'This quote was withdrawn and can no longer be approved or declined.',
    );
    expect(await feeInvoices(job.id)).toBe(0);
    await api.refused(
      'POST',
      `/api/quotes/${quote.id}/withdraw`,
      {},
      409,
      'Only a quote awaiting the customer can be withdrawn.',
    );
    // after a withdrawal the office may send again
    await send(job.id, 'inspection');
  });

  it('a decided quote cannot be withdrawn; bad and unknown ids are refused', async () => {
    const { job } = await quotableJob();
    const quote = await send(job.id, 'inspection');
    await decide(quote.id, false);
    await api.refused(
      'POST',
      `/api/quotes/${quote.id}/withdraw`,
      {},
      409,
      'The customer has already answered this quote; it can no longer be withdrawn.',
    );
    await api.refusesBadIds({
      url: (id) => `/api/quotes/${id}/withdraw`,
      methods: { POST: {} },
      malformed: 'Invalid quote id',
      missing: 'Quote not found',
    });
  });
});
