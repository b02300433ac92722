/**
 * Sending quotes and the customer's decision (issue 13, decision 018): the send transaction, the
 * link's rules, deny with exactly one fee item and invoice, approve with the chosen options, the
 * 50-way race and the public rate limits.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows, readTogether } from '../../src/server/db/client.js';
import { settings as settingsTable } from '../../src/server/db/schema.js';
import { createInspectionsRepo, createInspectionsService } from '../../src/server/modules/inspections/index.js';
import { createJobDecisionsRepo } from '../../src/server/modules/jobs/index.js';
import { createQuoteTemplatesRepo } from '../../src/server/modules/quote-templates/index.js';
import { createQuotePdfService, createQuotesRepo, createQuotesService } from '../../src/server/modules/quotes/index.js';
import { createSettingsRepo } from '../../src/server/modules/settings/index.js';
import { createParsePool } from '../../src/server/parsing/parse-pool.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { watchOverlappingQueries } from '../support/overlapping-queries.js';
import { apiClient, signInAs, type ApiClient } from '../support/api.js';
import { jobsFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, TEST_PASSWORD, type TestContext } from '../support/test-app.js';
import { testDatabaseKind } from '../support/test-db.js';
import { uploadQuoteTemplate } from './quote-support.js';

const NOW = new Date('2026-03-07T15:00:00Z');
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
let ctx: TestContext;
let office: ApiClient;
let seq = 0;

/**
 * A call through the API client (signed out unless a cookie is given), each from its own client
 * address unless `ip` names one: the public quote routes are rate-limited by address.
 */
const call = (method: 'GET' | 'POST', url: string, payload?: unknown, options: { cookie?: string; ip?: string } = {}) =>
  apiClient(ctx, options.cookie ?? '').call(method, url, payload, {
    remoteAddress: options.ip ?? `10.0.${Math.floor(seq / 250) % 250}.${(seq++ % 250) + 1}`,
  });
const staff = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  call(method, url, payload, { cookie: office.cookie });
const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(ctx.database.db, query))[0]!.n);

async function upload(name: string, templateType: string) {
  await uploadQuoteTemplate(office, templateType, { name });
}

/** A job with two completed inspections and their repairs (chosen total $2,500.00) and one item. */
async function quotableJob() {
  const company = await ctx.f.company({ name: `Peachtree Medical Group ${++seq}` });
  const location = await ctx.f.location({
    companyId: company.id,
    name: 'Midtown Clinic',
    address: '1010 Peachtree St NE',
    city: 'Atlanta',
    state: 'GA',
    zip: '30309',
  });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-7' });
  const job = await ctx.f.job({
    locationId: location.id,
    unitId: unit.id,
    name: 'RTU-7 not cooling',
    contactEmail: 'old@example.com',
    contactName: 'Dana Reed',
  });
  const first = await ctx.f.inspection(job.id, {
    completed: true,
    modelNumber: '48TC-009',
    serialNumber: null,
    age: 12,
    tonnage: '7.5',
    unitType: 'Gas',
    systemType: 'RTU',
    createdAt: new Date('2026-03-01T10:00:00Z'),
    updatedAt: new Date('2026-03-01T10:00:00Z'),
  });
  const second = await ctx.f.inspection(job.id, {
    completed: true,
    modelNumber: 'ZJ-150',
    createdAt: new Date('2026-03-01T11:00:00Z'),
    updatedAt: new Date('2026-03-01T11:00:00Z'),
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
    createdAt: new Date('2026-03-01T12:00:00Z'),
    updatedAt: new Date('2026-03-01T12:00:00Z'),
  };
  // Option totals (sum / 0.6): first 500 / 1000 / 2000, second 500 / 500 / 1500; chosen 1000 + 1500.
  await ctx.f.repair(
    { jobId: job.id, inspectionId: first.id },
    {
      ...zero,
      phase1Cost: '300.00',
      phase2Cost: '600.00',
      phase3Cost: '1200.00',
      selectedPhase: 'phase2',
      totalCost: '1000.00',
    },
  );
  await ctx.f.repair(
    { jobId: job.id, inspectionId: second.id },
    {
      ...zero,
      labor: '300.00',
      phase1Cost: '0',
      phase2Cost: '0',
      phase3Cost: '600.00',
      selectedPhase: 'phase3',
      totalCost: '1500.00',
    },
  );
  await ctx.f.jobItem(job.id, {
    code: 'CAP-455',
    name: 'Run capacitor',
    quantity: 2,
    unitCost: '60.00',
    totalCost: '120.00',
    type: 'part',
    createdAt: new Date('2026-03-01T12:00:00Z'),
  });
  return { job, first, second };
}

async function send(
  jobId: string,
  body: Record<string, unknown> = { type: 'repair', email: 'facilities@peachtree.example' },
) {
  const response = await staff('POST', `/api/jobs/${jobId}/quotes/send`, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    quote: { id: string; number: string; amountCents: number; status: string; pdfSha256: string };
    outboxMessageId: string;
    message: string;
  };
}
/** Writes a PDF to a temporary file, to read it back with poppler's tools. */
function pdfFile(bytes: Uint8Array, prefix: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), prefix)), 'file.pdf');
  writeFileSync(file, bytes);
  return file;
}
const pdfToText = (bytes: Uint8Array, prefix: string) =>
  execFileSync('pdftotext', ['-layout', pdfFile(bytes, prefix), '-'], { encoding: 'utf8' });
const tokenOf = async (quoteId: string) =>
  (await queryRows<{ token: string }>(ctx.database.db, sql`select token from job_quotes where id = ${quoteId}`))[0]!
    .token;
const decision = (overrides: Record<string, unknown> = {}) => ({
  approve: false,
  signerName: 'Dana Reed',
  ...overrides,
});

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  office = await signInAs(ctx, 'user', { unchanged: () => jobsFingerprint(ctx.database.db) });
  const company = {
    name: 'Summit Air Mechanical',
    physical_address: { street: '1450 Northside Dr NW', city: 'Atlanta', state: 'GA', zip: '30318' },
    mailing_address: { street: '', city: '', state: '', zip: '' },
    phone: '(404) 555-0147',
    time_zone: 'America/New_York',
  };
  await ctx.database.db
    .insert(settingsTable)
    .values({ key: 'company', value: company })
    .onConflictDoUpdate({ target: settingsTable.key, set: { value: company } });
  await upload('Repair quote', 'repair');
  await upload('Inspection quote', 'inspection');
}, 60_000);
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.execute(sql`delete from rate_limits`);
});

describe('the Quotes card', () => {
  it('says what can be sent, and why not', async () => {
    const { job } = await quotableJob();
    const view = (await staff('GET', `/api/jobs/${job.id}/quotes`)).json();
    expect(view).toMatchObject({
      jobNumber: job.number,
      contactEmail: 'old@example.com',
      latest: null,
      history: [],
      badges: { quoteSent: false, quoteConfirmed: false },
    });
    expect(view.types.repair).toMatchObject({ sent: false, canSend: true, reason: null, buttonLabel: 'Send Quote' });
    expect(view.types.replacement).toMatchObject({
      canSend: false,
      reason: 'No default PDF template found for replacement quotes. Please upload a template and set it as default.',
    });
    const empty = await ctx.f.job();
    expect((await staff('GET', `/api/jobs/${empty.id}/quotes`)).json().types.inspection).toMatchObject({
      canSend: false,
      reason: 'Complete an inspection before sending an inspection quote',
    });
    expect((await staff('GET', `/api/jobs/${job.id}/quotes/next-number`)).json().number).toMatch(
      new RegExp(`^QT-${job.number}-\\d{4}$`),
    );
  });
});

describe('sending a quote', () => {
  it('records the quote, a new 30-day token, the PDF hash and the e-mail with the PDF and both links, in one go', async () => {
    const { job } = await quotableJob();
    const result = await send(job.id);
    expect(result.message).toBe('Quote sent successfully!');
    expect(result.quote).toMatchObject({
      status: 'sent',
      // the chosen options $2,500.00 and the job's part $120.00 (issue 26: the part was left out before)
      amountCents: 262_000,
      email: 'facilities@peachtree.example',
      type: 'repair',
    });
    expect(result.quote.number).toMatch(new RegExp(`^QT-${job.number}-\\d{4}$`));
    const [row] = await queryRows<{ token: string; expires_at: Date; pdf_file_key: string; pdf_sha256: string }>(
      ctx.database.db,
      sql`select token, expires_at, pdf_file_key, pdf_sha256 from job_quotes where id = ${result.quote.id}`,
    );
    expect(row!.token).toMatch(/^[0-9a-f]{48}$/);
    expect(new Date(row!.expires_at).toISOString()).toBe(new Date(NOW.getTime() + 30 * 86_400_000).toISOString());
    const [file] = await queryRows<{ bytes: Uint8Array }>(
      ctx.database.db,
      sql`select bytes from stored_files where id = ${row!.pdf_file_key}`,
    );
    expect(createHash('sha256').update(file!.bytes).digest('hex')).toBe(row!.pdf_sha256);
    // The PDF names the address it was sent to, not the job's previous contact e-mail.
    const pdfText = pdfToText(file!.bytes, 'sent-quote-');
    expect(pdfText).toContain('facilities@peachtree.example');
    expect(pdfText).not.toContain('old@example.com');
    const [message] = await queryRows<{
      to_address: string;
      subject: string;
      text_body: string;
      html_body: string;
      attachments: { storageKey: string }[];
    }>(
      ctx.database.db,
      sql`select to_address, subject, text_body, html_body, attachments from outbox where id = ${result.outboxMessageId}`,
    );
    expect(message).toMatchObject({
      to_address: 'facilities@peachtree.example',
      subject: `Repair Quote ${result.quote.number} for Job #${job.number}`,
    });
    expect(message!.text_body).toContain(`/quote/confirm/${row!.token}?approve=true`);
    expect(message!.html_body).toContain(`/quote/confirm/${row!.token}?approve=false`);
    expect(message!.attachments).toEqual([
      expect.objectContaining({ storageKey: row!.pdf_file_key, contentType: 'application/pdf' }),
    ]);
    expect(
      await count(
        sql`select count(*) as n from jobs where id = ${job.id} and contact_email = 'facilities@peachtree.example'`,
      ),
    ).toBe(1);

    const view = (await staff('GET', `/api/jobs/${job.id}/quotes`)).json();
    expect(view.badges).toEqual({
      quoteSent: true,
      quoteConfirmed: false,
      repairApproved: false,
      repairDeclined: false,
      approvedTypes: [],
      declinedTypes: [],
    });
    expect(view.types.repair).toMatchObject({
      sent: true,
      awaitingCustomer: true,
      needsUpdate: false,
      buttonLabel: 'Resend Quote',
    });
  });

  it('refuses without an e-mail, without data of the type, without a default template, or with a taken number, and changes nothing', async () => {
    const { job } = await quotableJob();
    const before = await count(sql`select count(*) as n from outbox`);
    const noEmail = await staff('POST', `/api/jobs/${job.id}/quotes/send`, { type: 'repair', email: '  ' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.fields.email).toBe('Customer email is required to send a quote');
    const missing = await staff('POST', `/api/jobs/${job.id}/quotes/send`, { type: 'repair' });
    expect(missing.json().error.fields.email).toBe('Customer email is required to send a quote');
    const noTemplate = await staff('POST', `/api/jobs/${job.id}/quotes/send`, {
      type: 'replacement',
      email: 'a@example.com',
    });
    expect(noTemplate.statusCode).toBe(409);
    expect(noTemplate.json().error.message).toBe(
      'No default PDF template found for replacement quotes. Please upload a template and set it as default.',
    );
    const empty = await ctx.f.job();
    expect(
      (await staff('POST', `/api/jobs/${empty.id}/quotes/send`, { type: 'inspection', email: 'a@example.com' })).json()
        .error.message,
    ).toBe('Complete an inspection before sending an inspection quote');
    const first = await send(job.id, { type: 'repair', email: 'a@example.com', number: 'QT-TAKEN-0001' });
    const taken = await staff('POST', `/api/jobs/${job.id}/quotes/send`, {
      type: 'repair',
      email: 'a@example.com',
      number: 'QT-TAKEN-0001',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      message: 'Quote number QT-TAKEN-0001 is already in use. Please choose another number.',
      fields: { number: expect.any(String) },
    });
    for (const number of ['../QT 1', '<b>QT</b>', '-QT-1']) {
      const bad = await staff('POST', `/api/jobs/${job.id}/quotes/send`, {
        type: 'repair',
        email: 'a@example.com',
        number,
      });
      expect(bad.statusCode, number).toBe(400);
      expect(bad.json().error.fields.number).toBe(
        'Quote number may contain only letters, digits, dashes, dots and underscores',
      );
    }
    // the refused send did not supersede the open quote, nor queue an e-mail
    expect(
      await count(
        sql`select count(*) as n from job_quotes where job_id = ${job.id} and status = 'sent' and id = ${first.quote.id}`,
      ),
    ).toBe(1);
    expect(await count(sql`select count(*) as n from outbox`)).toBe(before + 1);
  });

  it('supersedes the open quote: its link stops working; an item added after the send asks for an update', async () => {
    const { job } = await quotableJob();
    const first = await send(job.id);
    const oldToken = await tokenOf(first.quote.id);
    const second = await send(job.id, { type: 'inspection', email: 'facilities@peachtree.example' });
    // The inspection quote's total, not the $180.00 fee (issue 26: it recorded the fee before).
    expect(second.quote.amountCents).toBe(262_000);
    // issue 26: a replaced link says a newer quote was sent (it used to answer "not found")
    expect((await call('GET', `/api/public/quotes/${oldToken}`)).json()).toMatchObject({
      status: 'superseded',
      quoteNumber: '',
      inspections: [],
    });
    const history = (await staff('GET', `/api/jobs/${job.id}/quotes`)).json().history;
    expect(history.map((h: { status: string }) => h.status)).toEqual(['sent', 'superseded']);
    // a part: an item the inspection quote lists (decision 031)
    await ctx.f.jobItem(job.id, { type: 'part', createdAt: new Date(NOW.getTime() + 60_000) });
    expect((await staff('GET', `/api/jobs/${job.id}/quotes`)).json().types.inspection).toMatchObject({
      needsUpdate: true,
      buttonLabel: 'Update Quote',
    });
  });

  it('draws another number when the random one is taken', async () => {
    const { job } = await quotableJob();
    await ctx.f.quote(job, { quoteNumber: `QT-${job.number}-1234`, status: 'superseded' });
    const draws = [0.1234, 0.1234, 0.5678];
    const db = ctx.database.db;
    const templates = createQuoteTemplatesRepo(db);
    const storage = createFileStorage();
    const parsing = createParsePool();
    const quotePdf = createQuotePdfService({
      db,
      templates,
      storage,
      settings: createSettingsRepo,
      publicUrl: 'https://hvac.example',
      clock: () => NOW,
      parsing,
    });
    const service = createQuotesService({
      db,
      repo: createQuotesRepo(db),
      jobs: createJobDecisionsRepo(db),
      repairs: createInspectionsService({ db, repo: createInspectionsRepo(db), storage, clock: () => NOW }),
      templates,
      quotePdf,
      storage,
      settings: createSettingsRepo,
      publicUrl: 'https://hvac.example',
      officeEmail: 'office@example.com',
      clock: () => NOW,
      random: () => draws.shift() ?? 0.9999,
    });
    const user = (await ctx.loginAs('user')).userId;
    const result = await service
      .send(job.id, { type: 'repair', email: 'a@example.com' }, user)
      .finally(() => parsing.close());
    expect(result.quote.number).toBe(`QT-${job.number}-5678`);
    expect(draws).toEqual([]);
  });

  it('is for office roles; a technician reads the card of their own jobs only', async () => {
    const { job } = await quotableJob();
    const tech = await office.withRole('technician');
    await tech.refused('POST', `/api/jobs/${job.id}/quotes/send`, { type: 'repair', email: 'a@example.com' }, 403);
    await tech.refused('GET', `/api/jobs/${job.id}/quotes`, undefined, 403);
    expect((await call('GET', `/api/jobs/${job.id}/quotes`)).statusCode).toBe(401);
  });
});

describe("the customer's link", () => {
  it('shows this quote only; unknown and expired links are not found; a GET never decides', async () => {
    const { job, first } = await quotableJob();
    const sent = await send(job.id);
    const token = await tokenOf(sent.quote.id);
    const view = (await call('GET', `/api/public/quotes/${token}?approve=true`)).json();
    expect(view).toMatchObject({
      status: 'pending',
      quoteNumber: sent.quote.number,
      jobNumber: job.number,
      serviceName: 'RTU-7 not cooling',
      location: { name: 'Midtown Clinic', address: '1010 Peachtree St NE', city: 'Atlanta', state: 'GA', zip: '30309' },
      unitNumber: 'RTU-7',
      inspectionFeeCents: 18_000,
      decision: null,
    });
    expect(view.inspections[0]).toMatchObject({
      id: first.id,
      modelNumber: '48TC-009',
      serialNumber: null,
      selectedPhase: 'phase2',
    });
    expect(view.inspections[0].options.map((o: { totalCents: number }) => o.totalCents)).toEqual([
      50_000, 100_000, 200_000,
    ]);
    expect(JSON.stringify(view)).not.toContain('facilities@peachtree.example');
    expect(await count(sql`select count(*) as n from job_quotes where id = ${sent.quote.id} and status = 'sent'`)).toBe(
      1,
    );

    expect((await call('GET', '/api/public/quotes/0123456789abcdef')).json().error.message).toBe(
      'Quote not found or has expired',
    );
    await ctx.database.db.execute(
      sql`update job_quotes set expires_at = ${new Date(NOW.getTime() - 1000).toISOString()}::timestamptz where id = ${sent.quote.id}`,
    );
    const expired = await call('GET', `/api/public/quotes/${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe('Quote not found or has expired');
    expect((await call('POST', `/api/public/quotes/${token}/decision`, decision())).statusCode).toBe(404);
  });

  it('deny: the quote declined, one INSP-FEE item, one issued $180.00 invoice e-mailed; a second answer changes nothing', async () => {
    const { job } = await quotableJob();
    const sent = await send(job.id);
    const token = await tokenOf(sent.quote.id);
    const response = await call(
      'POST',
      `/api/public/quotes/${token}/decision`,
      decision({ reason: 'too_expensive', signature: PNG }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result.alreadyDecided).toBe(false);
    expect(result.view).toMatchObject({
      status: 'declined',
      decision: { approved: false, signerName: 'Dana Reed', declineReason: 'too_expensive', signatureDataUrl: PNG },
    });
    expect(result.view.decision.invoiceNumber).toMatch(new RegExp(`^JOB-${job.number}-INV-\\d{4}$`));
    expect(
      await count(
        sql`select count(*) as n from job_items where job_id = ${job.id} and code = 'INSP-FEE' and name = 'Inspection Fee' and service_line = 'INSP' and quantity = 1 and type = 'item' and total_cost = 180`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*) as n from job_invoices where job_id = ${job.id} and invoice_type = 'inspection' and amount = 180 and status = 'issued'`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*) as n from outbox where related_type = 'job_invoice' and to_address = 'facilities@peachtree.example'`,
      ),
    ).toBeGreaterThan(0);
    const again = (await call('POST', `/api/public/quotes/${token}/decision`, decision({ approve: true }))).json();
    expect(again).toMatchObject({ alreadyDecided: true, view: { status: 'declined' } });
    expect(await count(sql`select count(*) as n from job_invoices where job_id = ${job.id}`)).toBe(1);
    const card = (await staff('GET', `/api/jobs/${job.id}/quotes`)).json();
    expect(card.badges).toEqual({
      quoteSent: true,
      quoteConfirmed: true,
      repairApproved: false,
      repairDeclined: true,
      approvedTypes: [],
      declinedTypes: ['repair'],
    });
    // The fee item the deny added is not a change the quote must show.
    expect(card.types.repair).toMatchObject({ needsUpdate: false, buttonLabel: 'Resend Quote' });
    expect(card.history[0]).toMatchObject({
      status: 'declined',
      signerName: 'Dana Reed',
      decisionIp: expect.any(String),
      feeInvoice: { number: result.view.decision.invoiceNumber },
    });
    const png = await staff('GET', card.history[0].signatureUrl);
    expect(png.headers['content-type']).toBe('image/png');
  });

  it("approve: the chosen options become the repairs' selected phases, the office is e-mailed", async () => {
    const { job, first, second } = await quotableJob();
    const sent = await send(job.id);
    const token = await tokenOf(sent.quote.id);
    const response = await call('POST', `/api/public/quotes/${token}/decision`, {
      approve: true,
      signerName: 'Dana Reed',
      options: [{ inspectionId: first.id, phase: 'phase3' }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().view).toMatchObject({
      status: 'approved',
      decision: {
        approved: true,
        chosenOptions: [
          { inspectionId: first.id, phase: 'phase3' },
          { inspectionId: second.id, phase: 'phase3' },
        ],
      },
    });
    const phases = await queryRows<{ selected_phase: string; total_cost: string }>(
      ctx.database.db,
      sql`select selected_phase, total_cost from job_repairs where inspection_id = ${first.id}`,
    );
    expect(phases[0]).toMatchObject({ selected_phase: 'phase3' });
    expect(Number(phases[0]!.total_cost)).toBe(2000);
    expect(
      await count(
        sql`select count(*) as n from outbox where related_type = 'job_quote' and related_id = ${sent.quote.id} and subject like '%approved%' and to_address = 'office@test.localhost'`,
      ),
    ).toBe(1);
    expect(await count(sql`select count(*) as n from job_items where job_id = ${job.id} and code = 'INSP-FEE'`)).toBe(
      0,
    );
  });

  it('the invoice for the approved work prints "Signed by" (name, drawn signature, time); the fee invoice of a declined quote does not', async () => {
    const pdfText = (bytes: Buffer) => {
      const file = pdfFile(bytes, 'signed-invoice-');
      return {
        text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }),
        images: execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
          .split('\n')
          .filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length,
      };
    };
    const { job } = await quotableJob();
    const sent = await send(job.id);
    const approved = await call('POST', `/api/public/quotes/${await tokenOf(sent.quote.id)}/decision`, {
      approve: true,
      signerName: 'Dana Reed',
      signature: PNG,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const created = await staff('POST', `/api/jobs/${job.id}/invoices`, { type: 'repair' });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json();
    // 15:00 UTC is 10:00 in Atlanta (EST) on 7 March 2026.
    expect(invoice.signedBy).toEqual({
      quoteNumber: sent.quote.number,
      signerName: 'Dana Reed',
      signedAt: NOW.toISOString(),
      signatureUrl: `/api/quotes/${sent.quote.id}/signature`,
    });
    expect((await staff('GET', `/api/invoices/${invoice.id}`)).json().signedBy.signerName).toBe('Dana Reed');
    const pdf = await staff('GET', `/api/invoices/${invoice.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const signed = pdfText(pdf.rawPayload);
    expect(signed.text).toContain('Signed by');
    expect(signed.text).toMatch(/Name\s+Dana Reed/);
    expect(signed.text).toMatch(/Signed\s+03\/07\/2026, 10:00 AM EST/);
    expect(signed.text).toContain(`approved quote ${sent.quote.number}`);
    expect(signed.images).toBe(1);

    const declinedJob = (await quotableJob()).job;
    const declined = await send(declinedJob.id);
    const denied = (
      await call(
        'POST',
        `/api/public/quotes/${await tokenOf(declined.quote.id)}/decision`,
        decision({ signature: PNG }),
      )
    ).json();
    const fee = (
      await queryRows<{ id: string }>(
        ctx.database.db,
        sql`select id from job_invoices where job_id = ${declinedJob.id}`,
      )
    )[0]!;
    expect(denied.view.status).toBe('declined');
    expect((await staff('GET', `/api/invoices/${fee.id}`)).json().signedBy).toBeNull();
    const feePdf = pdfText((await staff('GET', `/api/invoices/${fee.id}/pdf`)).rawPayload);
    expect(feePdf.text).not.toContain('Signed by');
    expect(feePdf.images).toBe(0);
  });

  it('refuses an answer without a name, with a broken signature or an option of another job', async () => {
    const { job } = await quotableJob();
    const sent = await send(job.id);
    const token = await tokenOf(sent.quote.id);
    const noName = await call('POST', `/api/public/quotes/${token}/decision`, { approve: true, signerName: ' ' });
    expect(noName.json().error.fields.signerName).toBe('Please type your full name to sign');
    const badSig = await call(
      'POST',
      `/api/public/quotes/${token}/decision`,
      decision({ signature: 'data:image/png;base64,AAAA' }),
    );
    expect(badSig.json().error.message).toBe('The drawn signature could not be read. Please clear it and sign again.');
    const other = await call('POST', `/api/public/quotes/${token}/decision`, {
      approve: true,
      signerName: 'Dana',
      options: [{ inspectionId: 'nope', phase: 'phase1' }],
    });
    expect(other.statusCode).toBe(400);
    expect(await count(sql`select count(*) as n from job_quotes where id = ${sent.quote.id} and status = 'sent'`)).toBe(
      1,
    );
  });

  it('50 simultaneous answers end in one decision, one fee item and one invoice', async () => {
    const { job } = await quotableJob();
    const sent = await send(job.id);
    const token = await tokenOf(sent.quote.id);
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('POST', `/api/public/quotes/${token}/decision`, decision({ approve: i % 2 === 1 }), {
          ip: `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`,
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const results = responses.map((r) => r.json() as { alreadyDecided: boolean; view: { status: string } });
    expect(results.filter((r) => !r.alreadyDecided)).toHaveLength(1);
    expect(new Set(results.map((r) => r.view.status)).size).toBe(1);
    expect(
      await count(sql`select count(*) as n from job_items where job_id = ${job.id} and code = 'INSP-FEE'`),
    ).toBeLessThanOrEqual(1);
    expect(await count(sql`select count(*) as n from job_invoices where job_id = ${job.id}`)).toBeLessThanOrEqual(1);
    const declined = results[0]!.view.status === 'declined';
    expect(await count(sql`select count(*) as n from job_invoices where job_id = ${job.id}`)).toBe(declined ? 1 : 0);
  }, 120_000);

  it('is rate-limited per address in the database: 60 reads and 10 answers a minute', async () => {
    const reads = [];
    for (let i = 0; i < 61; i++)
      reads.push((await call('GET', '/api/public/quotes/abc', undefined, { ip: '192.0.2.7' })).statusCode);
    expect(reads.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(reads[60]).toBe(429);
    const other = await call('GET', '/api/public/quotes/abc', undefined, { ip: '192.0.2.8' });
    expect(other.statusCode).toBe(404);
    const answers = [];
    for (let i = 0; i < 11; i++)
      answers.push((await call('POST', '/api/public/quotes/abc/decision', decision(), { ip: '192.0.2.9' })).statusCode);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(404));
    const limited = await call('POST', '/api/public/quotes/abc/decision', decision(), { ip: '192.0.2.9' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe('Too many requests. Please wait a minute and try again.');
    expect(limited.headers['retry-after']).toBeTruthy();
    expect(await count(sql`select count(*) as n from rate_limits where key = 'public-quote-decision:192.0.2.9'`)).toBe(
      1,
    );
  });
});

describe('queries of a transaction', () => {
  // A transaction is one connection: its queries go one at a time. node-postgres queues one sent
  // while another runs (a Promise.all inside the transaction), with a DeprecationWarning.
  it.runIf(testDatabaseKind === 'postgres')(
    'the send, a deny and an approve never send a query to their connection while another runs',
    async () => {
      const watch = watchOverlappingQueries();
      try {
        const denied = await quotableJob();
        const deniedQuote = await send(denied.job.id);
        expect(
          (
            await call(
              'POST',
              `/api/public/quotes/${await tokenOf(deniedQuote.quote.id)}/decision`,
              decision({ reason: 'too_expensive' }),
            )
          ).statusCode,
        ).toBe(200);
        const approved = await quotableJob();
        const approvedQuote = await send(approved.job.id);
        const answer = {
          approve: true,
          signerName: 'Dana Reed',
          options: [{ inspectionId: approved.first.id, phase: 'phase3' }],
        };
        expect(
          (await call('POST', `/api/public/quotes/${await tokenOf(approvedQuote.quote.id)}/decision`, answer))
            .statusCode,
        ).toBe(200);
      } finally {
        watch.stop();
      }
      expect(watch.overlaps).toEqual([]);
    },
  );

  it('readTogether reads side by side on the database and in turn in a transaction', async () => {
    const log: string[] = [];
    const read = (name: string) => async () => {
      log.push(`${name} starts`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      log.push(`${name} ends`);
      return name;
    };
    expect(await readTogether(ctx.database.db, [read('a'), read('b')])).toEqual(['a', 'b']);
    expect(log.splice(0)).toEqual(['a starts', 'b starts', 'a ends', 'b ends']);
    expect(await ctx.database.db.transaction((tx) => readTogether(tx, [read('a'), read('b')]))).toEqual(['a', 'b']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });
});

describe('a quote the customer can no longer answer', () => {
  it('cancelling the job withdraws its open quote: the page says so, an answer is refused and charges nothing, and the job sends no more quotes', async () => {
    const { job } = await quotableJob();
    const sent = await send(job.id);
    const token = await tokenOf(sent.quote.id);
    expect((await staff('POST', `/api/jobs/${job.id}/cancel`)).statusCode).toBe(200);

    const view = await call('GET', `/api/public/quotes/${token}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({
      status: 'withdrawn',
      archived: false,
      decision: null,
      companyName: 'Summit Air Mechanical',
    });
    for (const answer of [decision(), decision({ approve: true })]) {
      const refused = await call('POST', `/api/public/quotes/${token}/decision`, answer);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe('This quote was withdrawn and can no longer be approved or declined.');
    }
    expect(await count(sql`select count(*) as n from job_items where job_id = ${job.id} and code = 'INSP-FEE'`)).toBe(
      0,
    );
    expect(await count(sql`select count(*) as n from job_invoices where job_id = ${job.id}`)).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from outbox where related_type = 'job_invoice'  and to_address = 'facilities@peachtree.example' and related_id in (select id from job_invoices where job_id = ${job.id})`,
      ),
    ).toBe(0);
    const card = (await staff('GET', `/api/jobs/${job.id}/quotes`)).json();
    expect(card.history[0]).toMatchObject({ id: sent.quote.id, status: 'withdrawn' });

    const again = await staff('POST', `/api/jobs/${job.id}/quotes/send`, {
      type: 'repair',
      email: 'facilities@peachtree.example',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('A cancelled job cannot send quotes');
  });

  it('a decision stays on the page for 90 days; after that the page says only that a decision was made', async () => {
    const { job } = await quotableJob();
    const sent = await send(job.id);
    const token = await tokenOf(sent.quote.id);
    expect(
      (await call('POST', `/api/public/quotes/${token}/decision`, decision({ approve: true, signature: PNG })))
        .statusCode,
    ).toBe(200);
    const recent = (await call('GET', `/api/public/quotes/${token}`)).json();
    expect(recent).toMatchObject({
      status: 'approved',
      archived: false,
      decision: { signerName: 'Dana Reed', signatureDataUrl: PNG },
      location: { name: 'Midtown Clinic' },
    });

    const decidedAt = new Date(NOW.getTime() - 91 * 86_400_000);
    await ctx.database.db.execute(
      sql`update job_quotes set decided_at = ${decidedAt.toISOString()}::timestamptz where id = ${sent.quote.id}`,
    );
    const old = await call('GET', `/api/public/quotes/${token}`);
    expect(old.statusCode).toBe(200);
    expect(old.json()).toMatchObject({
      status: 'approved',
      archived: true,
      quoteNumber: sent.quote.number,
      inspections: [],
      items: [],
      totalCents: 0,
      decision: { decidedAt: decidedAt.toISOString(), signerName: null, signatureDataUrl: null, chosenOptions: null },
    });
    for (const text of ['Dana Reed', 'Midtown Clinic', 'Peachtree', 'RTU-7', '48TC-009', PNG.slice(30, 60)])
      expect(old.body).not.toContain(text);
    const answer = (await call('POST', `/api/public/quotes/${token}/decision`, decision())).json();
    expect(answer).toMatchObject({ alreadyDecided: true, view: { status: 'approved', archived: true } });
  });

  it("the customer's signature is for the office and the job's own technicians only", async () => {
    const assigned = await ctx.f.technician({ user: { password: TEST_PASSWORD } });
    const other = await ctx.f.technician({ user: { password: TEST_PASSWORD } });
    const { job } = await quotableJob();
    await ctx.database.db.execute(
      sql`insert into job_technicians (job_id, technician_id, is_primary) values (${job.id}, ${assigned.technician.id}, true)`,
    );
    const sent = await send(job.id);
    const token = await tokenOf(sent.quote.id);
    expect(
      (await call('POST', `/api/public/quotes/${token}/decision`, decision({ approve: true, signature: PNG })))
        .statusCode,
    ).toBe(200);
    const url = `/api/quotes/${sent.quote.id}/signature`;
    expect((await staff('GET', url)).statusCode).toBe(200);
    expect((await call('GET', url, undefined, { cookie: await ctx.login(assigned.user.username) })).statusCode).toBe(
      200,
    );
    const refused = await call('GET', url, undefined, { cookie: await ctx.login(other.user.username) });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).not.toContain('image/png');
    expect((await call('GET', url)).statusCode).toBe(401);
  });
});
