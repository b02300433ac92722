/**
 * What a quote states (issue 26, decision 031): one total, computed by quoteSummary, in
 * job_quotes.amount, the e-mail, the customer page and the Quotes card; the job's parts and labor
 * on the quote; the $180.00 fee said as what declining costs; unpriced options not offered and a
 * quote with nothing priced refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { centsToDecimal } from '../../src/domain/money.js';
import { NOTHING_PRICED_MESSAGE, quoteSummary } from '../../src/domain/quote-summary.js';
import type { QuoteType } from '../../src/domain/quote-templates.js';
import { QUOTE_MESSAGES } from '../../src/domain/quotes.js';
import { queryRows } from '../../src/server/db/client.js';
import { readInspectionsAndRepairs, readJobItems } from '../../src/server/modules/quotes/quote-document.repo.js';
import { callRoute, signInAs, type ApiClient } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { uploadQuoteTemplate } from './quote-support.js';

const NOW = new Date('2026-03-07T15:00:00Z');
const EMAIL = 'facilities@peachtree.example';
let ctx: TestContext;
let api: ApiClient;
let seq = 0;

async function upload(templateType: string) {
  await uploadQuoteTemplate(api, templateType, { name: `${templateType} quote`, title: templateType });
}

const ZERO = {
  labor: '0',
  refrigerationRecovery: '0',
  startUpCosts: '0',
  thermostatStartup: '0',
  removalCost: '0',
  permitCost: '0',
  accessories: [],
  additionalItems: [],
};

/**
 * Two inspected units and the job's items. Option totals (sum / 0.6): unit 1 500 / 1000 / 2000
 * (Standard selected); unit 2 has labor 300 and only Premium priced: Premium 1500 alone.
 * Items: part 2 x 60.00, labor 3 x 95.00, an "item" trip charge 45.00.
 * A repair quote: 1000 + 1500 + 120 + 285 = $2,905.00.
 */
async function pricedJob() {
  const location = await ctx.f.location({ name: `Midtown Clinic ${++seq}` });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-7' });
  const job = await ctx.f.job({ locationId: location.id, unitId: unit.id, name: 'RTU-7 not cooling' });
  const first = await ctx.f.inspection(job.id, { completed: true, createdAt: new Date('2026-03-01T10:00:00Z') });
  const second = await ctx.f.inspection(job.id, { completed: true, createdAt: new Date('2026-03-01T11:00:00Z') });
  const at = { createdAt: new Date('2026-03-01T12:00:00Z'), updatedAt: new Date('2026-03-01T12:00:00Z') };
  await ctx.f.repair(
    { jobId: job.id, inspectionId: first.id },
    { ...ZERO, ...at, phase1Cost: '300.00', phase2Cost: '600.00', phase3Cost: '1200.00', selectedPhase: 'phase2' },
  );
  await ctx.f.repair(
    { jobId: job.id, inspectionId: second.id },
    {
      ...ZERO,
      ...at,
      labor: '300.00',
      phase1Cost: '0',
      phase2Cost: '0',
      phase3Cost: '600.00',
      selectedPhase: 'phase2',
    },
  );
  const item = (code: string, name: string, type: string, quantity: number, unit: string) =>
    ctx.f.jobItem(job.id, {
      code,
      name,
      type,
      quantity,
      unitCost: unit,
      totalCost: centsToDecimal(quantity * Math.round(Number(unit) * 100)),
      createdAt: at.createdAt,
    });
  await item('CAP-455', 'Run capacitor', 'part', 2, '60.00');
  await item('LAB-REG', 'Technician labor', 'labor', 3, '95.00');
  await item('TRIP', 'Trip charge', 'item', 1, '45.00');
  return { job, first, second };
}

/** An inspected unit whose repair record has no price at all. */
async function unpricedJob() {
  const job = await ctx.f.job({ name: 'Unpriced inspection' });
  const inspection = await ctx.f.inspection(job.id, { completed: true });
  await ctx.f.repair(
    { jobId: job.id, inspectionId: inspection.id },
    { ...ZERO, phase1Cost: '0', phase2Cost: '0', phase3Cost: '0', selectedPhase: 'phase2', totalCost: '0' },
  );
  return job;
}

async function send(jobId: string, type: QuoteType) {
  const response = await api.call('POST', `/api/jobs/${jobId}/quotes/send`, { type, email: EMAIL });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { quote: { id: string; amountCents: number }; outboxMessageId: string };
}

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(ctx.database.db, query);

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  api = await signInAs(ctx, 'user', {
    unchanged: () =>
      tableFingerprint(ctx.database.db, ['jobs', 'job_items', 'job_quotes', 'job_repairs', 'outbox', 'stored_files']),
  });
  for (const type of ['inspection', 'repair', 'replacement']) await upload(type);
}, 60_000);
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.database.db.execute(sql`delete from rate_limits`);
});

describe('one total, computed by quoteSummary', () => {
  it.each(['inspection', 'repair', 'replacement'] as const)(
    '%s quote: job_quotes.amount, the e-mail, the page and the card state 2,905.00; the 180.00 fee only as the fee if declined',
    async (type) => {
      const { job } = await pricedJob();
      const expected = quoteSummary({
        quoteType: type,
        inspections: await readInspectionsAndRepairs(ctx.database.db, job.id),
        items: await readJobItems(ctx.database.db, job.id),
      });
      expect(expected.grandTotalCents).toBe(290_500);

      const sent = await send(job.id, type);
      expect(sent.quote.amountCents).toBe(expected.grandTotalCents);
      const [row] = await rows<{ amount: string; token: string }>(
        sql`select amount, token from job_quotes where id = ${sent.quote.id}`,
      );
      expect(row!.amount).toBe('2905.00');

      const [mail] = await rows<{ text_body: string; html_body: string }>(
        sql`select text_body, html_body from outbox where id = ${sent.outboxMessageId}`,
      );
      expect(mail!.text_body).toContain('Total: $2,905.00');
      expect(mail!.text_body).toContain('Inspection fee if declined: $180.00');
      expect(mail!.text_body).not.toContain('Total: $180.00');
      for (const line of [
        'Inspection 1: Standard Option (selected): $1,000.00',
        'Inspection 1: Economy Option: $500.00',
        'Inspection 2: Premium Option (selected): $1,500.00',
        'Run capacitor x 2: $120.00',
        'Technician labor x 3: $285.00',
      ])
        expect(mail!.text_body).toContain(line);
      // the trip charge is not a part or labor line: not on this quote
      expect(mail!.text_body).not.toContain('Trip charge');
      // unit 2's unpriced Economy and Standard options are not offered
      expect(mail!.text_body).not.toContain('Inspection 2: Economy Option');
      expect(mail!.html_body).toContain('$2,905.00');

      const page = (await callRoute(ctx, undefined, 'GET', `/api/public/quotes/${row!.token}`)).json();
      expect(page.totalCents).toBe(290_500);
      expect(page.quoteType).toBe(type);
      expect(page.inspections.map((i: { options: { phase: string }[] }) => i.options.map((o) => o.phase))).toEqual([
        ['phase1', 'phase2', 'phase3'],
        ['phase3'],
      ]);
      expect(page.inspections[1].selectedPhase).toBe('phase3');
      expect(page.items).toEqual([
        { name: 'Run capacitor', quantity: 2, totalCents: 12_000 },
        { name: 'Technician labor', quantity: 3, totalCents: 28_500 },
      ]);

      const card = (await api.call('GET', `/api/jobs/${job.id}/quotes`)).json().types[type];
      expect(card.latest.amountCents).toBe(290_500);
      expect(card.content).toMatchObject({ totalCents: 290_500, declineFeeCents: 18_000 });
      expect(card.content.lines).toHaveLength(6);
    },
  );

  it('an added part asks for an update, and the update states it; an "item" line does not', async () => {
    const { job } = await pricedJob();
    await send(job.id, 'repair');
    await ctx.f.jobItem(job.id, {
      code: 'FILTER',
      name: 'Pleated filter',
      type: 'item',
      quantity: 1,
      unitCost: '20.00',
      totalCost: '20.00',
      createdAt: new Date(NOW.getTime() + 60_000),
    });
    expect((await api.call('GET', `/api/jobs/${job.id}/quotes`)).json().types.repair.needsUpdate).toBe(false);
    await ctx.f.jobItem(job.id, {
      code: 'CONT-40',
      name: 'Contactor 40A',
      type: 'part',
      quantity: 1,
      unitCost: '85.00',
      totalCost: '85.00',
      createdAt: new Date(NOW.getTime() + 120_000),
    });
    const card = (await api.call('GET', `/api/jobs/${job.id}/quotes`)).json().types.repair;
    expect(card).toMatchObject({ needsUpdate: true, buttonLabel: 'Update Quote' });
    expect(card.content.totalCents).toBe(299_000);
    const updated = await send(job.id, 'repair');
    expect(updated.quote.amountCents).toBe(299_000);
    const [mail] = await rows<{ text_body: string }>(
      sql`select text_body from outbox where id = ${updated.outboxMessageId}`,
    );
    expect(mail!.text_body).toContain('Contactor 40A x 1: $85.00');
    expect(mail!.text_body).toContain('Total: $2,990.00');
  });
});

describe('nothing priced: nothing to approve', () => {
  it.each(['inspection', 'repair', 'replacement'] as const)(
    '%s: the send is refused with a message and changes nothing; the card says why Send is disabled',
    async (type) => {
      const job = await unpricedJob();
      await api.refused(
        'POST',
        `/api/jobs/${job.id}/quotes/send`,
        { type, email: EMAIL },
        409,
        NOTHING_PRICED_MESSAGE[type],
      );
      expect((await api.call('GET', `/api/jobs/${job.id}/quotes`)).json().types[type]).toMatchObject({
        canSend: false,
        reason: NOTHING_PRICED_MESSAGE[type],
        content: { lines: [], totalCents: 0 },
      });
    },
  );

  it('a priced part makes it sendable, and the page offers no $0.00 options', async () => {
    const job = await unpricedJob();
    await ctx.f.jobItem(job.id, {
      code: 'CAP-455',
      name: 'Run capacitor',
      type: 'part',
      quantity: 1,
      unitCost: '60.00',
      totalCost: '60.00',
    });
    const sent = await send(job.id, 'repair');
    expect(sent.quote.amountCents).toBe(6_000);
    const [row] = await rows<{ token: string }>(sql`select token from job_quotes where id = ${sent.quote.id}`);
    const page = (await callRoute(ctx, undefined, 'GET', `/api/public/quotes/${row!.token}`)).json();
    expect(page.inspections[0].options).toBeNull();
    expect(page.totalCents).toBe(6_000);
  });

  it('approving an option that was not offered is refused and changes nothing', async () => {
    const { job, second } = await pricedJob();
    const sent = await send(job.id, 'repair');
    const [row] = await rows<{ token: string }>(sql`select token from job_quotes where id = ${sent.quote.id}`);
    const before = await tableFingerprint(ctx.database.db, ['job_quotes', 'job_repairs', 'outbox']);
    const refused = await callRoute(ctx, undefined, 'POST', `/api/public/quotes/${row!.token}/decision`, {
      approve: true,
      signerName: 'Dana Reed',
      options: [{ inspectionId: second.id, phase: 'phase1' }],
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe(QUOTE_MESSAGES.optionsInvalid);
    expect(await tableFingerprint(ctx.database.db, ['job_quotes', 'job_repairs', 'outbox'])).toEqual(before);
  });
});
