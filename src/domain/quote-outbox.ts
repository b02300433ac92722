/**
 * The Outbox screen's shapes (Settings > Outbox, admin and manager; issue 13): every e-mail the
 * product sends, newest first, with its delivery state.
 */
import { z } from 'zod';
import { paginated, paginationQuery } from './api.js';
import { isUuidV4 } from './ids.js';

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_MESSAGES = {
  notFound: 'Message not found',
  onlyFailedRetry: 'Only a failed message can be retried',
  attachmentMissing: 'This attachment is no longer stored',
  deliveryOff: 'E-mail delivery is not set up (no SMTP_URL): messages stay queued here.',
} as const;

export const outboxListQuery = paginationQuery.extend({
  status: z.enum(OUTBOX_STATUSES, { error: 'Status must be pending, sending, sent or failed' }).optional(),
});
export type OutboxListQuery = z.infer<typeof outboxListQuery>;

export const outboxSummary = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  attachmentCount: z.number().int(),
  relatedType: z.string().nullable(),
  relatedId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type OutboxSummary = z.infer<typeof outboxSummary>;

export const outboxList = paginated(outboxSummary).extend({
  /** false without SMTP_URL: nothing is delivered and the screen says so */
  deliveryConfigured: z.boolean(),
  deliveryNote: z.string().nullable(),
});
export type OutboxList = z.infer<typeof outboxList>;

export const outboxMessage = outboxSummary.extend({
  /** where the recipient's reply goes (customer e-mails: the office's address); null: the sender */
  replyTo: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  attachments: z.array(
    z.object({
      index: z.number().int(),
      fileName: z.string(),
      contentType: z.string(),
      size: z.number().int().nullable(),
      url: z.string(),
    }),
  ),
  claimedBy: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxIdParams = z.object({ id: z.string().refine(isUuidV4, 'Invalid message id') });
export const outboxAttachmentParams = outboxIdParams.extend({
  index: z.coerce.number().int().min(0, 'Invalid attachment'),
});
