/**
 * The outbox delivery worker: every app server runs one against the shared PostgreSQL. The
 * claim / lease / settle loop is the shared one (src/server/workers/lease-worker.ts).
 *
 * - Claim: one UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED) marks a few due messages
 *   'sending' with a fresh claim token and a lease; two servers never claim the same row.
 * - Send: before each message the lease is renewed under the claim token (a worker whose lease
 *   ran out and was taken over loses its claim here and skips the message), then nodemailer sends
 *   it with its attachments read from storage and a stable Message-ID.
 * - Settle, again under the claim token: 'sent'; or back to 'pending' with a growing back-off; or
 *   'failed' with the last error after the last attempt or a permanent SMTP refusal (5xx).
 * - A server that crashes mid-send leaves the row 'sending'; when its lease ends another worker
 *   claims it again. (Whether the first server's SMTP hand-off completed cannot be known, so that
 *   rare case may deliver twice; the stable Message-ID lets mail systems drop the duplicate.)
 */
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { outbox } from '../db/schema.js';
import type { FileStorage } from '../storage/storage.js';
import { createLeaseWorker, workerIdOf, type LeaseRunResult, type WorkerLog } from '../workers/lease-worker.js';

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string | null;
  messageId: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

/** Sends one message or throws; an error with a 5xx `responseCode` is permanent. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** SMTP through nodemailer, with timeouts well inside the lease. */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  } as Parameters<typeof nodemailer.createTransport>[1]);
  return {
    async send(mail) {
      await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        messageId: mail.messageId,
        attachments: mail.attachments,
      });
    },
    close: () => transporter.close(),
  };
}

/** 1 min, 2, 4, 8 ... capped at 1 hour: attempt n waits base * 2^(n-1). */
export function backoffMs(attempt: number, baseMs = 60_000, maxMs = 3_600_000): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** An SMTP refusal that will not change by retrying (5xx: unknown mailbox, rejected content). */
export function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

export interface OutboxWorkerOptions {
  db: Database;
  storage: FileStorage;
  transport: MailTransport;
  from: string;
  /** Shown on the Outbox screen while a message is being sent; host and process by default. */
  workerId?: string;
  pollIntervalMs?: number;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
  backoff?: (attempt: number) => number;
  log?: WorkerLog;
}

interface ClaimedRow {
  id: string;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: { fileName: string; storageKey: string; contentType: string }[] | string;
  attempts: number;
}

type OutboxOutcome = 'sent' | 'retried' | 'failed';
export type RunResult = LeaseRunResult<OutboxOutcome>;

export const OUTBOX_DEFAULTS = { pollIntervalMs: 5_000, batchSize: 5, leaseMs: 5 * 60_000, maxAttempts: 8 } as const;

export function createOutboxWorker(options: OutboxWorkerOptions) {
  const { db, storage, transport, from } = options;
  const workerId = workerIdOf(options.workerId);
  const pollIntervalMs = options.pollIntervalMs ?? OUTBOX_DEFAULTS.pollIntervalMs;
  const batchSize = options.batchSize ?? OUTBOX_DEFAULTS.batchSize;
  const leaseMs = options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs;
  const maxAttempts = options.maxAttempts ?? OUTBOX_DEFAULTS.maxAttempts;
  const backoff = options.backoff ?? ((attempt: number) => backoffMs(attempt));
  const messageDomain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

  /** Claims up to `batchSize` due messages (pending and due, or sending with an ended lease). */
  async function claim(token: string, limit: number): Promise<ClaimedRow[]> {
    return queryRows<ClaimedRow>(
      db,
      sql`update outbox o
          set status = 'sending', attempts = o.attempts + 1, claim_token = ${token}, claimed_by = ${workerId},
              lease_expires_at = now() + ${leaseMs} * interval '1 millisecond', updated_at = now()
          where o.id in (
            select id from outbox
            where (status = 'pending' and next_attempt_at <= now())
               or (status = 'sending' and lease_expires_at <= now())
            order by next_attempt_at, created_at
            limit ${limit}
            for update skip locked)
          returning o.id, o.to_address, o.reply_to, o.subject, o.text_body, o.html_body, o.attachments, o.attempts`,
    );
  }

  const mine = (id: string, token: string) =>
    and(eq(outbox.id, id), eq(outbox.claimToken, token), eq(outbox.status, 'sending'));

  async function renewLease(id: string, token: string): Promise<boolean> {
    const rows = await db
      .update(outbox)
      .set({ leaseExpiresAt: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(mine(id, token))
      .returning({ id: outbox.id });
    return rows.length === 1;
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    const list =
      typeof row.attachments === 'string'
        ? (JSON.parse(row.attachments) as ClaimedRow['attachments'] & object[])
        : row.attachments;
    const attachments: OutgoingMail['attachments'] = [];
    for (const a of list ?? []) {
      const file = await storage.get(db, a.storageKey);
      if (!file)
        throw Object.assign(new Error(`The attachment ${a.fileName} is missing from storage`), { responseCode: 554 });
      attachments.push({ filename: a.fileName, content: file.bytes, contentType: a.contentType });
    }
    await transport.send({
      from,
      to: row.to_address,
      replyTo: row.reply_to,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      messageId: `<outbox-${row.id}@${messageDomain}>`,
      attachments,
    });
  }

  /** Sends one claimed message and settles it under the claim token. */
  async function handle(row: ClaimedRow, token: string): Promise<OutboxOutcome> {
    try {
      await deliver(row);
      await db
        .update(outbox)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null, claimToken: null, leaseExpiresAt: null })
        .where(mine(row.id, token));
      return 'sent';
    } catch (error) {
      const message = String((error as Error).message ?? error).slice(0, 2000);
      if (isPermanentFailure(error) || row.attempts >= maxAttempts) {
        await db
          .update(outbox)
          .set({ status: 'failed', lastError: message, claimToken: null, leaseExpiresAt: null })
          .where(mine(row.id, token));
        options.log?.warn({ outboxId: row.id, attempts: row.attempts, err: message }, 'e-mail failed');
        return 'failed';
      }
      const wait = backoff(row.attempts);
      await db
        .update(outbox)
        .set({
          status: 'pending',
          lastError: message,
          claimToken: null,
          leaseExpiresAt: null,
          nextAttemptAt: sql`now() + ${wait} * interval '1 millisecond'`,
        })
        .where(mine(row.id, token));
      options.log?.info(
        { outboxId: row.id, attempts: row.attempts, retryInMs: wait, err: message },
        'e-mail not sent; will retry',
      );
      return 'retried';
    }
  }

  const worker = createLeaseWorker<ClaimedRow, OutboxOutcome>({
    name: 'outbox',
    outcomes: ['sent', 'retried', 'failed'],
    queue: { claim, renewLease, handle },
    pollIntervalMs,
    batchSize,
    ...(options.log ? { log: options.log } : {}),
  });

  return {
    workerId,
    runOnce: worker.runOnce,
    start: worker.start,
    /** Stops polling and waits for the message in hand to be settled. */
    stop: worker.stop,
    close() {
      transport.close();
    },
  };
}
export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
