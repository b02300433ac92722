import { count, desc, eq } from 'drizzle-orm';
import type { OutboxListQuery, OutboxStatus, OutboxSummary } from '../../../domain/quote-outbox.js';
import type { Executor } from '../../db/client.js';
import { outbox } from '../../db/schema.js';
import { retryFailed } from '../../outbox/outbox.js';

type Row = typeof outbox.$inferSelect;

export function toSummary(
  row: Pick<
    Row,
    | 'id'
    | 'toAddress'
    | 'subject'
    | 'status'
    | 'attempts'
    | 'lastError'
    | 'attachments'
    | 'relatedType'
    | 'relatedId'
    | 'createdAt'
    | 'sentAt'
    | 'nextAttemptAt'
  >,
): OutboxSummary {
  return {
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    status: row.status as OutboxStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    attachmentCount: row.attachments.length,
    relatedType: row.relatedType,
    relatedId: row.relatedId,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}

export function createOutboxRepo(db: Executor) {
  return {
    /** Newest first, on outbox_created_at_idx; the status filter narrows the same walk. */
    async list(query: OutboxListQuery): Promise<{ rows: OutboxSummary[]; total: number }> {
      const where = query.status ? eq(outbox.status, query.status) : undefined;
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: outbox.id,
            toAddress: outbox.toAddress,
            subject: outbox.subject,
            status: outbox.status,
            attempts: outbox.attempts,
            lastError: outbox.lastError,
            attachments: outbox.attachments,
            relatedType: outbox.relatedType,
            relatedId: outbox.relatedId,
            createdAt: outbox.createdAt,
            sentAt: outbox.sentAt,
            nextAttemptAt: outbox.nextAttemptAt,
          })
          .from(outbox)
          .where(where)
          .orderBy(desc(outbox.createdAt), desc(outbox.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db.select({ n: count() }).from(outbox).where(where),
      ]);
      return { rows: rows.map(toSummary), total: Number(counted?.n ?? 0) };
    },

    async get(id: string): Promise<Row | null> {
      const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
      return row ?? null;
    },

    /** failed -> pending (the outbox adapter owns its table and writes it). */
    retry: (id: string): Promise<boolean> => retryFailed(db, id),
  };
}
export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
