/**
 * The e-mail outbox. A change that sends e-mail writes the message here in its own transaction
 * (so the message exists exactly when the change does); a worker delivers it over SMTP later,
 * with retries. Attachments point at stored files (src/server/storage).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { outbox } from '../db/schema.js';

export interface OutboxAttachment {
  fileName: string;
  storageKey: string;
  contentType: string;
}

export interface OutboxMessageInput {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** The Reply-To address (customer e-mails: the office's, from Settings > Company); stored and delivered. */
  replyTo?: string | null;
  attachments?: OutboxAttachment[];
  /** What the message is about, for the Outbox screen and lookups, e.g. ('job_quote', id). */
  related?: { type: string; id: string };
}

/** Queues one message on the given executor (pass the transaction of the change that causes it). */
export async function enqueueEmail(exec: Executor, message: OutboxMessageInput): Promise<{ id: string }> {
  const [row] = await exec
    .insert(outbox)
    .values({
      toAddress: message.to,
      replyTo: message.replyTo || null,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html ?? null,
      attachments: message.attachments ?? [],
      relatedType: message.related?.type ?? null,
      relatedId: message.related?.id ?? null,
    })
    .returning({ id: outbox.id });
  return { id: row!.id };
}

/**
 * failed -> pending, due now, with a fresh set of attempts (Settings > Outbox's Retry). False when
 * the message was not failed.
 */
export async function retryFailed(exec: Executor, id: string): Promise<boolean> {
  const rows = await exec
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: sql`now()`, claimToken: null, leaseExpiresAt: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
    .returning({ id: outbox.id });
  return rows.length === 1;
}
