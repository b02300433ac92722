/**
 * The quote events of webhooks (decision 048): quote.sent when a quote is sent, quote.approved or
 * quote.declined when the customer answers, and the fee invoice a decline sends as invoice.issued,
 * each written in the transaction of the change, without the quote link's token.
 */
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES } from '../../src/domain/webhooks.js';
import { queryRows } from '../../src/server/db/client.js';
import { webhookEndpoints, webhookEvents } from '../../src/server/db/schema.js';
import { signInAs, type ApiClient } from '../support/api.js';
import { createTestContext, type TestContext } from '../support/test-app.js';
import { uploadQuoteTemplate } from './quote-support.js';

const NOW = new Date('2026-03-07T15:00:00Z');
let ctx: TestContext;
let admin: ApiClient;

beforeAll(async () => {
  ctx = await createTestContext({ now: () => NOW });
  admin = await signInAs(ctx, 'admin');
  for (const type of ['inspection', 'replacement'])
    await uploadQuoteTemplate(admin, type, { name: `${type} template`, title: type, pages: 1 });
  const created = await admin.call('POST', '/api/webhooks', {
    url: 'https://hooks.example.com/in',
    events: WEBHOOK_EVENT_TYPES,
  });
  expect(created.statusCode, created.body).toBe(201);
}, 60_000);
afterAll(() => ctx?.close());

async function quotableJob(n: number) {
  const company = await ctx.f.company({ name: `Peachtree Medical Group ${n}` });
  const location = await ctx.f.location({ companyId: company.id, name: 'Midtown Clinic' });
  const unit = await ctx.f.unit({ locationId: location.id, unitNumber: 'RTU-7' });
  const job = await ctx.f.job({ locationId: location.id, unitId: unit.id, name: 'RTU-7 not cooling' });
  const inspection = await ctx.f.inspection(job.id, { completed: true, modelNumber: '48TC-009' });
  await ctx.f.repair(
    { jobId: job.id, inspectionId: inspection.id },
    { phase1Cost: '300.00', phase2Cost: '600.00', phase3Cost: '1200.00', selectedPhase: 'phase2' },
  );
  return job;
}

async function send(jobId: string, type: string) {
  const response = await admin.call('POST', `/api/jobs/${jobId}/quotes/send`, {
    type,
    email: 'facilities@peachtree.example',
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { quote: { id: string } }).quote;
}

async function decide(quoteId: string, approve: boolean) {
  const [{ token }] = (await queryRows<{ token: string }>(
    ctx.database.db,
    sql`select token from job_quotes where id = ${quoteId}`,
  )) as [{ token: string }];
  const response = await admin.call('POST', `/api/public/quotes/${token}/decision`, {
    approve,
    signerName: 'Dana Reed',
    ...(approve ? {} : { reason: 'too_expensive', comment: 'Over budget' }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return token;
}

const events = async () =>
  (await ctx.database.db.select().from(webhookEvents).orderBy(asc(webhookEvents.createdAt))).map((e) => ({
    type: e.type,
    body: e.body,
    payload: JSON.parse(e.body) as { type: string; data: Record<string, unknown> },
  }));

describe('quote events', () => {
  it('sent, approved; sent, declined with the fee invoice issued in the same transaction', async () => {
    const approvedJob = await quotableJob(1);
    const approved = await send(approvedJob.id, 'inspection');
    const approvedToken = await decide(approved.id, true);
    const declinedJob = await quotableJob(2);
    const declined = await send(declinedJob.id, 'inspection');
    const declinedToken = await decide(declined.id, false);

    const written = await events();
    expect(written.slice(0, 3).map((e) => e.type)).toEqual(['quote.sent', 'quote.approved', 'quote.sent']);
    // the decline and its fee invoice are one transaction (one created_at): either order
    expect(
      written
        .slice(3)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['invoice.issued', 'quote.declined']);
    const of = (type: string) => written.slice(3).find((e) => e.type === type)!;
    expect(written[0]!.payload.data).toMatchObject({ id: approved.id, jobId: approvedJob.id, status: 'sent' });
    expect(written[0]!.payload.data.amountCents).toEqual(expect.any(Number));
    expect(written[1]!.payload.data).toMatchObject({ id: approved.id, status: 'approved', declineReason: null });
    expect(written[1]!.payload.data.decidedAt).toEqual(expect.any(String));
    expect(of('invoice.issued').payload.data).toMatchObject({
      jobId: declinedJob.id,
      status: 'issued',
      amountCents: 18_000,
    });
    expect(of('quote.declined').payload.data).toMatchObject({
      id: declined.id,
      status: 'declined',
      declineReason: 'too_expensive',
    });
    // the customer's link and the signer's evidence stay inside the app
    for (const e of written) {
      expect(e.body).not.toContain(approvedToken);
      expect(e.body).not.toContain(declinedToken);
      expect(e.body).not.toContain('Dana Reed');
    }
    // one endpoint, one delivery per event
    const [{ n }] = (await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from webhook_deliveries`,
    )) as [{ n: number }];
    expect(n).toBe(5);
    expect(await ctx.database.db.select().from(webhookEndpoints)).toHaveLength(1);
  });
});
