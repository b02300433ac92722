import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database, type DatabaseHandle } from '../../src/server/db/client.js';
import { outbox } from '../../src/server/db/schema.js';
import { enqueueEmail } from '../../src/server/outbox/outbox.js';
import {
  backoffMs,
  createOutboxWorker,
  createSmtpTransport,
  isPermanentFailure,
  type MailTransport,
  type OutboxWorker,
} from '../../src/server/outbox/worker.js';
import { createFileStorage } from '../../src/server/storage/storage.js';
import { freePort, startFakeSmtp, type FakeSmtp } from '../support/fake-smtp.js';
import { MISSING_ID, signInAs } from '../support/api.js';
import { tableFingerprint } from '../support/db-fingerprint.js';
import { createTestContext, type TestContext } from '../support/test-app.js';

const storage = createFileStorage();
let ctx: TestContext;
let smtp: FakeSmtp;
const workers: OutboxWorker[] = [];
const extraHandles: DatabaseHandle[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startFakeSmtp();
});
afterEach(async () => {
  for (const w of workers.splice(0)) {
    await w.stop();
    w.close();
  }
  smtp.received.length = 0;
  await ctx.database.db.delete(outbox);
});
afterAll(async () => {
  await smtp.stop();
  for (const h of extraHandles) await h.close();
  await ctx.close();
});

function worker(
  options: {
    db?: Database;
    url?: string;
    transport?: MailTransport;
    leaseMs?: number;
    maxAttempts?: number;
    backoff?: number;
    batchSize?: number;
    workerId?: string;
  } = {},
) {
  const w = createOutboxWorker({
    db: options.db ?? ctx.database.db,
    storage,
    transport: options.transport ?? createSmtpTransport(options.url ?? smtp.url),
    from: 'Summit Air <quotes@summitair.example.com>',
    pollIntervalMs: 50,
    batchSize: options.batchSize ?? 5,
    leaseMs: options.leaseMs ?? 60_000,
    maxAttempts: options.maxAttempts ?? 8,
    backoff: () => options.backoff ?? 0,
    ...(options.workerId ? { workerId: options.workerId } : {}),
  });
  workers.push(w);
  return w;
}

const enqueue = (n: number, prefix = 'Message') =>
  Promise.all(
    Array.from({ length: n }, (_, i) =>
      enqueueEmail(ctx.database.db, {
        to: `customer${i}@example.com`,
        subject: `${prefix} ${i + 1}`,
        text: `Body ${i + 1}`,
      }),
    ),
  );
const rows = () => ctx.database.db.select().from(outbox);
async function until(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('outbox delivery over SMTP', () => {
  it('delivers a message once, with its attachment from storage and a stable Message-ID', async () => {
    const file = await storage.put(ctx.database.db, {
      purpose: 'quote-pdf',
      fileName: 'quote-QT-1001-1234.pdf',
      contentType: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.7 fake quote'),
    });
    const { id } = await enqueueEmail(ctx.database.db, {
      to: 'facilities@peachtree.example.com',
      subject: 'Repair Quote QT-1001-1234',
      text: 'Please find your quote attached.',
      html: '<p>Please find your quote attached.</p>',
      attachments: [{ fileName: 'quote-QT-1001-1234.pdf', storageKey: file.key, contentType: 'application/pdf' }],
    });
    const w = worker();
    expect(await w.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(await w.runOnce()).toMatchObject({ claimed: 0, sent: 0 });
    await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toEqual(['facilities@peachtree.example.com']);
    expect(mail!.subject).toBe('Repair Quote QT-1001-1234');
    expect(mail!.messageId).toBe(`<outbox-${id}@summitair.example.com>`);
    expect(mail!.raw).toMatch(/filename="?quote-QT-1001-1234\.pdf/);
    expect(mail!.raw).toContain(Buffer.from('%PDF-1.7 fake quote').toString('base64'));
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, claimToken: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });

  it('retries a temporary failure with back-off, and records a permanent one as failed with the error', async () => {
    const [temp] = await enqueue(1, 'Temporary');
    smtp.failNext(1, 451, 'Mailbox busy, try later');
    const slow = worker({ backoff: 60_000 });
    expect(await slow.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, temp!.id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toContain('Mailbox busy');
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    expect(await slow.runOnce()).toMatchObject({ claimed: 0 }); // not due yet
    await ctx.database.db.update(outbox).set({ nextAttemptAt: sql`now()` });
    expect(await slow.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, temp!.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received.map((m) => m.subject)).toEqual(['Temporary 1']);

    const [perm] = await enqueue(1, 'Permanent');
    smtp.failNext(1, 550, 'No such user here');
    expect(await worker().runOnce()).toMatchObject({ failed: 1 });
    [row] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, perm!.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('No such user here');
  });

  it('gives up after the last attempt', async () => {
    await enqueue(1, 'Flaky');
    smtp.failNext(2, 421, 'Service not available');
    const w = worker({ maxAttempts: 2 });
    expect(await w.runOnce()).toMatchObject({ retried: 1 });
    expect(await w.runOnce()).toMatchObject({ failed: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 2 });
    expect(smtp.received).toHaveLength(0);
  });

  it('SMTP down, then up: every queued message is delivered, once', async () => {
    const port = await freePort();
    await enqueue(6, 'Queued');
    const w = worker({ url: `smtp://127.0.0.1:${port}`, backoff: 150 });
    w.start();
    await until(async () =>
      (await rows()).every((r) => r.attempts >= 2 && r.status === 'pending' && r.lastError !== null),
    );
    expect((await rows())[0]!.lastError).toMatch(/ECONNREFUSED|connect/i);
    const later = await startFakeSmtp({ port });
    try {
      await later.waitFor(6);
      await until(async () => (await rows()).every((r) => r.status === 'sent'));
      await new Promise((r) => setTimeout(r, 400));
      expect(later.received).toHaveLength(6);
      expect(new Set(later.received.map((m) => m.messageId)).size).toBe(6);
      expect(later.received.map((m) => m.subject).sort()).toEqual(
        Array.from({ length: 6 }, (_, i) => `Queued ${i + 1}`).sort(),
      );
    } finally {
      await w.stop();
      await later.stop();
    }
  });

  it('two workers (two app servers) never deliver one message twice', async () => {
    // On PostgreSQL the second worker has its own connection pool, as a second server would.
    let otherDb = ctx.database.db;
    if (ctx.database.kind === 'postgres') {
      const url = (ctx.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
      const handle = await openDatabase({ url, poolSize: 3 });
      extraHandles.push(handle);
      otherDb = handle.db;
    }
    await enqueue(40, 'Race');
    const a = worker({ batchSize: 3, workerId: 'server-a' });
    const b = worker({ db: otherDb, batchSize: 3, workerId: 'server-b' });
    a.start();
    b.start();
    await smtp.waitFor(40, 30_000);
    await until(async () => (await rows()).every((r) => r.status === 'sent'));
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.received).toHaveLength(40);
    expect(new Set(smtp.received.map((m) => m.messageId)).size).toBe(40);
    expect((await rows()).every((r) => r.attempts === 1)).toBe(true);
  });

  it('a message left half-sent by a crashed server is taken up again after its lease ends', async () => {
    await enqueue(1, 'Crash');
    let release: () => void = () => {};
    const hanging: MailTransport = { send: () => new Promise<void>((resolve) => (release = resolve)), close: () => {} };
    const crashed = worker({ transport: hanging, leaseMs: 300, workerId: 'crashed' });
    const inFlight = crashed.runOnce();
    await until(async () => (await rows())[0]!.status === 'sending');
    expect((await rows())[0]!.claimedBy).toBe('crashed');
    const rescuer = worker({ leaseMs: 300, workerId: 'rescuer' });
    expect(await rescuer.runOnce()).toMatchObject({ claimed: 0 }); // lease still running
    await new Promise((r) => setTimeout(r, 400));
    expect(await rescuer.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    // The crashed server "wakes up": its claim is gone, it changes nothing.
    release();
    await inFlight;
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2, claimToken: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('back-off grows and a 5xx is permanent', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(20)).toBe(3_600_000);
    expect(isPermanentFailure({ responseCode: 550 })).toBe(true);
    expect(isPermanentFailure({ responseCode: 451 })).toBe(false);
    expect(isPermanentFailure(new Error('ECONNREFUSED'))).toBe(false);
  });
});

describe('the worker runs with the server', () => {
  it('starts with the app when SMTP_URL is set and stops on close', async () => {
    const app = await createTestContext({ config: { smtpUrl: smtp.url } });
    try {
      const { buildApp } = await import('../../src/server/app.js');
      const { testConfig } = await import('../support/test-config.js');
      const server = await buildApp({
        config: testConfig({ smtpUrl: smtp.url }),
        database: app.database,
        webDir: null,
        outboxWorker: 'ready',
        outboxWorkerOptions: { pollIntervalMs: 50 },
      });
      await server.ready();
      await enqueueEmail(app.database.db, { to: 'a@example.com', subject: 'From the running server', text: 'Hi' });
      await smtp.waitFor(1);
      expect(smtp.received[0]!.subject).toBe('From the running server');
      await server.close();
    } finally {
      await app.close();
    }
  });

  it('without SMTP_URL messages stay queued and the Outbox says so', async () => {
    await enqueue(1, 'Offline');
    const api = await signInAs(ctx, 'admin');
    await ctx.app.ready();
    await new Promise((r) => setTimeout(r, 200));
    const list = (await api.call('GET', '/api/outbox')).json();
    expect(list).toMatchObject({
      deliveryConfigured: false,
      total: 1,
      items: [{ subject: 'Offline 1', status: 'pending', attempts: 0 }],
    });
    expect(list.deliveryNote).toContain('no SMTP_URL');
  });
});

describe('Outbox API', () => {
  it('lists newest first with paging, opens one message with its attachments, downloads them and retries a failed one (admin and manager only)', async () => {
    const file = await storage.put(ctx.database.db, {
      purpose: 'quote-pdf',
      fileName: 'quote.pdf',
      contentType: 'application/pdf',
      bytes: new TextEncoder().encode('%PDF-1.7 q'),
    });
    for (let i = 1; i <= 3; i++) {
      await enqueueEmail(ctx.database.db, {
        to: `c${i}@example.com`,
        subject: `Quote ${i}`,
        text: `Text ${i}`,
        html: `<p>Html ${i}</p>`,
        attachments: i === 3 ? [{ fileName: 'quote.pdf', storageKey: file.key, contentType: 'application/pdf' }] : [],
      });
      await queryRows(
        ctx.database.db,
        sql`update outbox set created_at = now() - ${(10 - i) * 60} * interval '1 second' where subject = ${`Quote ${i}`}`,
      );
    }
    const admin = await signInAs(ctx, 'admin', { unchanged: () => tableFingerprint(ctx.database.db, ['outbox']) });
    const manager = await admin.withRole('manager');
    const page1 = (await manager.call('GET', '/api/outbox?pageSize=2')).json();
    expect(page1.total).toBe(3);
    expect(page1.items.map((m: { subject: string }) => m.subject)).toEqual(['Quote 3', 'Quote 2']);
    expect(page1.items[0]).toMatchObject({
      to: 'c3@example.com',
      status: 'pending',
      attempts: 0,
      lastError: null,
      attachmentCount: 1,
    });
    const page2 = (await manager.call('GET', '/api/outbox?pageSize=2&page=2')).json();
    expect(page2.items.map((m: { subject: string }) => m.subject)).toEqual(['Quote 1']);

    const id = page1.items[0].id;
    const one = (await admin.call('GET', `/api/outbox/${id}`)).json();
    expect(one).toMatchObject({
      text: 'Text 3',
      html: '<p>Html 3</p>',
      attachments: [
        {
          index: 0,
          fileName: 'quote.pdf',
          contentType: 'application/pdf',
          size: 10,
          url: `/api/outbox/${id}/attachments/0`,
        },
      ],
    });
    const download = await admin.call('GET', `/api/outbox/${id}/attachments/0`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain('attachment; filename="quote.pdf"');
    expect(download.body).toBe('%PDF-1.7 q');
    await admin.refused('GET', `/api/outbox/${id}/attachments/5`, undefined, 404);

    await admin.refused('POST', `/api/outbox/${id}/retry`, undefined, 409, 'Only a failed message can be retried');
    await ctx.database.db
      .update(outbox)
      .set({ status: 'failed', attempts: 8, lastError: '550 No such user' })
      .where(eq(outbox.id, id));
    const retried = await admin.call('POST', `/api/outbox/${id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'pending', attempts: 0, lastError: '550 No such user' });
    expect(await worker().runOnce()).toMatchObject({ sent: 3 });

    for (const role of ['user', 'technician'] as const) {
      const api = await admin.withRole(role);
      await api.refused('GET', '/api/outbox', undefined, 403);
      await api.refused('POST', `/api/outbox/${id}/retry`, undefined, 403);
    }
    await admin.refused('GET', `/api/outbox/${MISSING_ID}`, undefined, 404, 'Message not found');
  });
});
