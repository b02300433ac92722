/**
 * Webhooks through the API (issue 31, decision 048): an admin subscribes a real HTTP receiver
 * (started here) to events; jobs and invoices changed through the API are delivered, signed as
 * Standard Webhooks say (checked with the standardwebhooks package), exactly once across a
 * receiver outage; replay sends the same webhook-id again; a disabled endpoint gets nothing; bad
 * URLs are refused with 4xx; only admins manage webhooks.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../src/domain/invoices/index.js';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  webhookIdOf,
  type WebhookEndpointDetail,
  type WebhookEndpointList,
} from '../../src/domain/webhooks.js';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../src/server/db/schema.js';
import { AppError } from '../../src/server/errors.js';
import {
  createWebhooksRepo,
  createWebhooksService,
  createWebhookWorker,
  type WebhookWorker,
} from '../../src/server/modules/webhooks/index.js';
import { MISSING_ID, signInAs, signedOut, type ApiClient } from '../support/api.js';
import { startWebhookReceiver, type FakeWebhookReceiver } from '../support/fake-webhook-receiver.js';
import { jobCreateBody } from '../support/job-body.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

let ctx: TestContext;
let admin: ApiClient;
let receiver: FakeWebhookReceiver;
const workers: WebhookWorker[] = [];

const snapshot = async () => ({
  endpoints: await ctx.database.db.select().from(webhookEndpoints),
  deliveries: (await ctx.database.db.select().from(webhookDeliveries)).length,
});

beforeAll(async () => {
  // The receiver listens on 127.0.0.1: the operator's setting lets endpoints be on this machine.
  ctx = await createTestContext({ config: { webhookAllowPrivateUrls: true } });
  admin = await signInAs(ctx, 'admin', { unchanged: snapshot });
});
afterEach(async () => {
  for (const w of workers.splice(0)) await w.stop();
  await receiver?.close();
  await ctx.database.db.delete(webhookEndpoints);
  await ctx.database.db.delete(webhookEvents);
});
afterAll(async () => ctx?.close());

function worker(options: { backoffMs?: number; workerId?: string } = {}) {
  const w = createWebhookWorker({
    db: ctx.database.db,
    allowPrivate: true,
    pollIntervalMs: 30,
    timeoutMs: 5_000,
    leaseMs: 30_000,
    backoff: () => options.backoffMs ?? 0,
    ...(options.workerId ? { workerId: options.workerId } : {}),
  });
  workers.push(w);
  return w;
}

/** Runs the worker until nothing is due. */
async function drain(w = worker()) {
  for (let i = 0; i < 50; i++) {
    const r = await w.runOnce();
    if (r.claimed === 0) return;
  }
}

async function subscribe(events: readonly string[] = WEBHOOK_EVENT_TYPES, extra: Record<string, unknown> = {}) {
  receiver = await startWebhookReceiver();
  const response = await admin.call('POST', '/api/webhooks', {
    url: receiver.url,
    description: 'Facilities platform',
    events,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<WebhookEndpointDetail & { secret: string }>();
  receiver.secret = created.secret;
  return created;
}

async function createJob(overrides: Record<string, unknown> = {}) {
  const response = await admin.call('POST', '/api/jobs', await jobCreateBody(ctx.f, overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; number: number }>();
}

const deliveriesOf = async (endpointId: string) =>
  (await admin.call('GET', `/api/webhooks/${endpointId}`)).json<WebhookEndpointDetail>().deliveries;

describe('delivering events', () => {
  it('sends job and invoice events, each once, signed with the endpoint secret (standardwebhooks verifies)', async () => {
    const endpoint = await subscribe();
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ url: receiver.url, enabled: true, events: [...WEBHOOK_EVENT_TYPES] });

    const job = await createJob({ scheduleDate: '2026-03-11', scheduleTime: '09:30' });
    expect((await admin.call('POST', `/api/jobs/${job.id}/complete`)).statusCode).toBe(200);
    await ctx.f.jobItem(job.id, {
      code: 'LAB',
      name: 'Labor',
      type: 'labor',
      quantity: 2,
      unitCost: '95.00',
      totalCost: '190.00',
    });
    const draft = (
      await admin.call('POST', `/api/jobs/${job.id}/invoices`, { type: 'standard' })
    ).json<InvoiceDetail>();
    expect((await admin.call('POST', `/api/invoices/${draft.id}/send`, {})).statusCode).toBe(200);
    const paid = await admin.call('POST', `/api/invoices/${draft.id}/mark-paid`, {
      method: 'check',
      reference: '1042',
    });
    expect(paid.statusCode, paid.body).toBe(200);

    await drain();
    const types = receiver.received.map((r) => r.verified?.type);
    expect(types).toEqual([
      'job.created',
      'job.scheduled',
      'job.completed',
      'invoice.issued',
      'payment.recorded',
      'invoice.paid',
    ]);
    for (const r of receiver.received) {
      expect(r.verifyError).toBeNull();
      expect(r.signature).toMatch(/^v1,/);
      expect(Number(r.timestamp)).toBeGreaterThan(Date.now() / 1000 - 60);
      // no secret of any kind in a body
      expect(r.body).not.toMatch(/whsec_|token|password/i);
    }
    expect(new Set(receiver.received.map((r) => r.webhookId)).size).toBe(6);
    const byType = Object.fromEntries(receiver.received.map((r) => [r.verified!.type, r.verified!]));
    expect(byType['job.created']!.data).toMatchObject({ id: job.id, number: job.number, name: 'Spring PM' });
    expect(byType['job.scheduled']!.data).toMatchObject({ id: job.id, status: 'scheduled' });
    expect(byType['job.scheduled']!.data.scheduleStart).toEqual(expect.any(String));
    expect(byType['job.completed']!.data).toMatchObject({ id: job.id, status: 'completed' });
    expect(byType['invoice.issued']!.data).toMatchObject({
      id: draft.id,
      jobId: job.id,
      status: 'issued',
      amountCents: 19_000,
      balanceCents: 19_000,
    });
    expect(byType['payment.recorded']!.data).toMatchObject({
      invoiceId: draft.id,
      amountCents: 19_000,
      method: 'check',
      reference: '1042',
      invoiceStatus: 'paid',
      invoiceBalanceCents: 0,
    });
    expect(byType['invoice.paid']!.data).toMatchObject({
      id: draft.id,
      status: 'paid',
      paidCents: 19_000,
      balanceCents: 0,
    });
    expect(byType['job.created']!.timestamp).toEqual(expect.any(String));

    // The screen's view: every delivery delivered, one attempt each with the receiver's answer.
    const deliveries = await deliveriesOf(endpoint.id);
    expect(deliveries).toHaveLength(6);
    for (const d of deliveries) {
      expect(d.status).toBe('delivered');
      expect(d.attemptList).toHaveLength(1);
      expect(d.attemptList[0]).toMatchObject({ attempt: 1, statusCode: 200, error: null, responseExcerpt: 'ok' });
    }
    const list = (await admin.call('GET', '/api/webhooks')).json<WebhookEndpointList>();
    expect(list.items[0]).toMatchObject({ id: endpoint.id, pendingCount: 0, failedCount: 0 });
    expect(list.items[0]!.lastDelivery).toMatchObject({ status: 'delivered' });
  });

  it('only the subscribed events are written, and nothing at all without an endpoint', async () => {
    await createJob();
    expect(await ctx.database.db.select().from(webhookEvents)).toHaveLength(0);
    await subscribe(['job.completed']);
    const job = await createJob();
    expect(await ctx.database.db.select().from(webhookEvents)).toHaveLength(0);
    await admin.call('POST', `/api/jobs/${job.id}/complete`);
    await drain();
    expect(receiver.received.map((r) => r.verified?.type)).toEqual(['job.completed']);
  });

  it('job.scheduled: when an edit or a board move sets or changes the time, not on other edits', async () => {
    await subscribe(['job.scheduled']);
    const body = await jobCreateBody(ctx.f);
    const job = (await admin.call('POST', '/api/jobs', body)).json<{ id: string }>();
    const edit = async (changes: Record<string, unknown>) => {
      const response = await admin.call('PUT', `/api/jobs/${job.id}`, { ...body, ...changes });
      expect(response.statusCode, response.body).toBe(200);
    };
    await edit({ notes: 'Gate code 1234' }); // not scheduled: nothing
    await edit({ scheduleDate: '2026-03-11', scheduleTime: '09:30' }); // scheduled
    await edit({ scheduleDate: '2026-03-11', scheduleTime: '09:30', notes: 'Bring the lift' }); // same time: nothing
    const { updatedAt } = (await admin.call('GET', `/api/jobs/${job.id}`)).json<{ updatedAt: string }>();
    const moved = await admin.call('POST', `/api/jobs/${job.id}/move`, {
      scheduleStart: '2026-03-12T14:00:00.000Z',
      expectedUpdatedAt: updatedAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await drain();
    const starts = receiver.received.map((r) => r.verified?.data.scheduleStart);
    expect(starts).toHaveLength(2);
    expect(starts[1]).toBe('2026-03-12T14:00:00.000Z');
    expect(starts[0]).not.toBe(starts[1]);
    expect(receiver.received.every((r) => r.verified?.type === 'job.scheduled')).toBe(true);
  });

  it('a change that fails writes no event (the same transaction)', async () => {
    await subscribe(['job.completed']);
    const job = await createJob();
    await admin.call('POST', `/api/jobs/${job.id}/complete`);
    // completing twice is refused: the second try leaves no second event
    expect((await admin.call('POST', `/api/jobs/${job.id}/complete`)).statusCode).toBe(409);
    expect(await ctx.database.db.select().from(webhookEvents)).toHaveLength(1);
  });

  it('receiver down (503), then up: retries deliver every event, each exactly once, every attempt recorded', async () => {
    const endpoint = await subscribe(['job.created']);
    let outage = true;
    receiver.answer = () => (outage ? { status: 503, body: 'maintenance' } : { status: 200, body: 'ok' });
    const jobs = [];
    for (let i = 0; i < 5; i++) jobs.push(await createJob({ name: `Outage job ${i + 1}` }));
    const w = worker({ backoffMs: 40 });
    w.start();
    // every delivery fails at least twice while the receiver is down
    await receiver.waitFor(() => receiver.received.length >= 10);
    outage = false;
    await receiver.waitFor(() => receiver.accepted().length >= 5);
    await new Promise((r) => setTimeout(r, 300)); // time for a stray duplicate to show up
    await w.stop();

    const accepted = receiver.accepted();
    expect(accepted).toHaveLength(5);
    expect(new Set(accepted.map((r) => r.webhookId)).size).toBe(5);
    expect(accepted.map((r) => r.verified?.data.id).sort()).toEqual(jobs.map((j) => j.id).sort());
    // each refused try carried the same webhook-id as the accepted one, signed afresh
    for (const r of receiver.received) expect(r.verifyError).toBeNull();
    const deliveries = await deliveriesOf(endpoint.id);
    for (const d of deliveries) {
      expect(d.status).toBe('delivered');
      expect(d.attemptList.length).toBeGreaterThanOrEqual(2);
      expect(d.attemptList.length).toBe(d.attempts);
      expect(d.attemptList.slice(0, -1).every((a) => a.statusCode === 503 && a.error === 'HTTP 503')).toBe(true);
      expect(d.attemptList[0]!.responseExcerpt).toBe('maintenance');
      expect(d.attemptList.at(-1)).toMatchObject({ statusCode: 200, error: null });
      expect(receiver.received.filter((r) => r.webhookId === d.webhookId)).toHaveLength(d.attempts);
    }
  });
});

describe('replay', () => {
  it('sends a delivered event again with the same webhook-id, as a new delivery', async () => {
    const endpoint = await subscribe(['job.created']);
    const job = await createJob();
    await drain();
    const [first] = await deliveriesOf(endpoint.id);
    expect(first).toMatchObject({ status: 'delivered' });
    const event = await ctx.database.db.select().from(webhookEvents);
    expect(first!.webhookId).toBe(webhookIdOf(event[0]!.id));

    const replayed = await admin.call('POST', `/api/webhooks/${endpoint.id}/deliveries/${first!.id}/replay`);
    expect(replayed.statusCode, replayed.body).toBe(200);
    const pending = replayed.json<WebhookEndpointDetail>().deliveries[0]!;
    expect(pending).toMatchObject({ status: 'pending', replayOf: first!.id, webhookId: first!.webhookId });
    // not while it is still queued
    await admin.refused(
      'POST',
      `/api/webhooks/${endpoint.id}/deliveries/${pending.id}/replay`,
      undefined,
      409,
      WEBHOOK_MESSAGES.replayInFlight,
    );
    await drain();
    expect(receiver.accepted().map((r) => r.webhookId)).toEqual([first!.webhookId, first!.webhookId]);
    expect(receiver.accepted()[1]!.body).toBe(receiver.accepted()[0]!.body);
    expect(receiver.accepted()[1]!.verified!.data.id).toBe(job.id);
    expect((await deliveriesOf(endpoint.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);

    await admin.refusesBadIds({
      url: (id) => `/api/webhooks/${endpoint.id}/deliveries/${id}/replay`,
      methods: { POST: undefined },
      malformed: WEBHOOK_MESSAGES.invalidDeliveryId,
      missing: WEBHOOK_MESSAGES.deliveryNotFound,
    });
  });
});

describe('a disabled endpoint', () => {
  it('gets no new events, its replay is refused, and enabling it sends what comes next', async () => {
    const endpoint = await subscribe(['job.created']);
    await createJob({ name: 'Before' });
    await drain();
    const [delivered] = await deliveriesOf(endpoint.id);
    const values = { url: endpoint.url, description: endpoint.description, events: endpoint.events };
    const disabled = await admin.call('PUT', `/api/webhooks/${endpoint.id}`, { ...values, enabled: false });
    expect(disabled.json<WebhookEndpointDetail>().enabled).toBe(false);
    await createJob({ name: 'While disabled' });
    await drain();
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
    await admin.refused(
      'POST',
      `/api/webhooks/${endpoint.id}/deliveries/${delivered!.id}/replay`,
      undefined,
      409,
      WEBHOOK_MESSAGES.replayDisabled,
    );
    await admin.call('PUT', `/api/webhooks/${endpoint.id}`, { ...values, enabled: true });
    await createJob({ name: 'After' });
    await drain();
    expect(receiver.accepted().map((r) => r.verified?.data.name)).toEqual(['Before', 'After']);
  });
});

describe('endpoints', () => {
  it('refuses bad URLs and events with 400 naming the field, and changes nothing', async () => {
    receiver = await startWebhookReceiver();
    const valid = { url: 'https://hooks.example.com/in', events: ['job.created'] };
    const cases: [string, string][] = [
      ['ftp://hooks.example.com/in', WEBHOOK_MESSAGES.urlScheme],
      ['javascript:alert(1)', WEBHOOK_MESSAGES.urlScheme],
      ['file:///etc/passwd', WEBHOOK_MESSAGES.urlScheme],
      ['hooks.example.com/in', WEBHOOK_MESSAGES.urlInvalid],
      ['http://hooks.example.com/in', WEBHOOK_MESSAGES.urlHttpPrivateOnly],
      ['http://93.184.216.34/in', WEBHOOK_MESSAGES.urlHttpPrivateOnly],
      ['https://user:secret@hooks.example.com/in', WEBHOOK_MESSAGES.urlCredentials],
      ['https://169.254.169.254/latest/meta-data', WEBHOOK_MESSAGES.urlForbidden],
      ['https://[fe80::1]/in', WEBHOOK_MESSAGES.urlForbidden],
      ['https://0.0.0.0/in', WEBHOOK_MESSAGES.urlForbidden],
      ['https://hooks.example.com/in#top', WEBHOOK_MESSAGES.urlFragment],
      [`https://hooks.example.com/${'a'.repeat(2000)}`, WEBHOOK_MESSAGES.urlTooLong],
    ];
    for (const [url, message] of cases)
      await admin.refused('POST', '/api/webhooks', { ...valid, url }, 400, message, { field: 'url' });
    await admin.refused('POST', '/api/webhooks', { ...valid, events: [] }, 400, WEBHOOK_MESSAGES.eventsRequired, {
      field: 'events',
    });
    await admin.refused(
      'POST',
      '/api/webhooks',
      { ...valid, events: ['job.deleted'] },
      400,
      WEBHOOK_MESSAGES.eventUnknown,
    );
    await admin.refused('POST', '/api/webhooks', { events: ['job.created'] }, 400, WEBHOOK_MESSAGES.urlRequired);

    const created = (await admin.call('POST', '/api/webhooks', valid)).json<WebhookEndpointDetail>();
    await admin.refused(
      'PUT',
      `/api/webhooks/${created.id}`,
      { ...valid, url: 'gopher://x' },
      400,
      WEBHOOK_MESSAGES.urlScheme,
    );
    await admin.refusesBadIds({
      url: (id) => `/api/webhooks/${id}`,
      methods: { GET: undefined, PUT: valid, DELETE: undefined },
      malformed: WEBHOOK_MESSAGES.invalidEndpointId,
      missing: WEBHOOK_MESSAGES.endpointNotFound,
    });
  });

  it('without the operator setting, local and private addresses and plain http are refused', async () => {
    receiver = await startWebhookReceiver();
    const strict = createWebhooksService({ repo: createWebhooksRepo(ctx.database.db), allowPrivateUrls: false });
    const refusal = async (url: string) => {
      const error = await strict
        .create({ url, description: '', events: ['job.created'], enabled: true }, '')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).statusCode).toBe(400);
      return (error as AppError).message;
    };
    expect(await refusal(receiver.url)).toBe(WEBHOOK_MESSAGES.urlScheme);
    expect(await refusal('https://127.0.0.1:8443/in')).toBe(WEBHOOK_MESSAGES.urlPrivate);
    expect(await refusal('https://localhost/in')).toBe(WEBHOOK_MESSAGES.urlPrivate);
    expect(await refusal('https://10.1.2.3/in')).toBe(WEBHOOK_MESSAGES.urlPrivate);
    expect(await refusal('https://[::1]/in')).toBe(WEBHOOK_MESSAGES.urlPrivate);
    expect(await refusal('https://[::ffff:192.168.0.4]/in')).toBe(WEBHOOK_MESSAGES.urlPrivate);
    expect(await ctx.database.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it('shows the secret to admins, rotates it, edits and deletes the endpoint', async () => {
    const endpoint = await subscribe(['job.created']);
    const shown = await admin.call('GET', `/api/webhooks/${endpoint.id}/secret`);
    expect(shown.json()).toEqual({ secret: endpoint.secret });
    expect(shown.headers['cache-control']).toContain('no-store');
    const rotated = (await admin.call('POST', `/api/webhooks/${endpoint.id}/secret/rotate`)).json<{ secret: string }>();
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(endpoint.secret);
    // the list and the detail never carry it
    expect((await admin.call('GET', '/api/webhooks')).body).not.toContain('whsec_');
    expect((await admin.call('GET', `/api/webhooks/${endpoint.id}`)).body).not.toContain('whsec_');

    // deliveries from now on are signed with the new secret
    receiver.secret = rotated.secret;
    await createJob();
    await drain();
    expect(receiver.accepted()[0]!.verifyError).toBeNull();

    const edited = await admin.call('PUT', `/api/webhooks/${endpoint.id}`, {
      url: `${receiver.url}/v2`,
      description: 'Renamed',
      events: ['quote.sent', 'job.created'],
      enabled: true,
    });
    // events are kept in the list's order
    expect(edited.json<WebhookEndpointDetail>()).toMatchObject({
      description: 'Renamed',
      events: ['job.created', 'quote.sent'],
    });
    expect((await admin.call('DELETE', `/api/webhooks/${endpoint.id}`)).statusCode).toBe(204);
    expect(
      await ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id)),
    ).toHaveLength(0);
    await admin.refused('DELETE', `/api/webhooks/${MISSING_ID}`, undefined, 404, WEBHOOK_MESSAGES.endpointNotFound);
  });

  it('only admins manage webhooks: managers, office users and technicians are refused; signed out is 401', async () => {
    const endpoint = await subscribe(['job.created']);
    const valid = { url: 'https://hooks.example.com/in', events: ['job.created'] };
    for (const role of ['manager', 'user', 'technician'] as const) {
      const other = await admin.withRole(role);
      await other.refused('GET', '/api/webhooks', undefined, 403);
      await other.refused('POST', '/api/webhooks', valid, 403);
      await other.refused('GET', `/api/webhooks/${endpoint.id}`, undefined, 403);
      await other.refused('GET', `/api/webhooks/${endpoint.id}/secret`, undefined, 403);
      await other.refused('PUT', `/api/webhooks/${endpoint.id}`, { ...valid, enabled: false }, 403);
      await other.refused('DELETE', `/api/webhooks/${endpoint.id}`, undefined, 403);
    }
    await signedOut(ctx).refused('GET', '/api/webhooks', undefined, 401);
  });
});
