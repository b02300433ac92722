import {
  OUTBOX_MESSAGES,
  type OutboxList,
  type OutboxListQuery,
  type OutboxMessage,
} from '../../../domain/quote-outbox.js';
import type { Executor } from '../../db/client.js';
import { conflict, notFound } from '../../errors.js';
import type { FileStorage } from '../../storage/storage.js';
import { toSummary, type OutboxRepo } from './outbox.repo.js';

export function createOutboxService(deps: {
  db: Executor;
  repo: OutboxRepo;
  storage: FileStorage;
  deliveryConfigured: boolean;
}) {
  const { db, repo, storage } = deps;

  async function message(id: string): Promise<OutboxMessage> {
    const row = await repo.get(id);
    if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
    const attachments = await Promise.all(
      row.attachments.map(async (a, index) => ({
        index,
        fileName: a.fileName,
        contentType: a.contentType,
        size: (await storage.info(db, a.storageKey))?.size ?? null,
        url: `/api/outbox/${row.id}/attachments/${index}`,
      })),
    );
    return {
      ...toSummary(row),
      replyTo: row.replyTo,
      text: row.textBody,
      html: row.htmlBody,
      attachments,
      claimedBy: row.status === 'sending' ? row.claimedBy : null,
    };
  }

  return {
    async list(query: OutboxListQuery): Promise<OutboxList> {
      const { rows, total } = await repo.list(query);
      return {
        items: rows,
        total,
        totalCapped: false,
        page: query.page,
        pageSize: query.pageSize,
        deliveryConfigured: deps.deliveryConfigured,
        deliveryNote: deps.deliveryConfigured ? null : OUTBOX_MESSAGES.deliveryOff,
      };
    },

    message,

    async attachment(id: string, index: number): Promise<{ bytes: Buffer; fileName: string; contentType: string }> {
      const row = await repo.get(id);
      if (!row) throw notFound(OUTBOX_MESSAGES.notFound);
      const attachment = row.attachments[index];
      if (!attachment) throw notFound('Attachment not found');
      const file = await storage.get(db, attachment.storageKey);
      if (!file) throw notFound(OUTBOX_MESSAGES.attachmentMissing);
      return { bytes: file.bytes, fileName: attachment.fileName, contentType: attachment.contentType };
    },

    /** Retry a failed message: it is queued again, due now. */
    async retry(id: string): Promise<OutboxMessage> {
      if (!(await repo.retry(id))) {
        if (!(await repo.get(id))) throw notFound(OUTBOX_MESSAGES.notFound);
        throw conflict(OUTBOX_MESSAGES.onlyFailedRetry);
      }
      return message(id);
    },
  };
}
export type OutboxService = ReturnType<typeof createOutboxService>;
