import type { BadgeTone } from '../../ui/badge';
import type { OutboxStatus } from '../../../domain/quote-outbox';

/** The Outbox screen's wording (Settings > Outbox). */
export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  pending: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};
export const OUTBOX_STATUS_TONES: Record<OutboxStatus, BadgeTone> = {
  pending: 'amber',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};

export const OUTBOX_TEXTS = {
  title: 'Outbox',
  subtitle: 'Every e-mail the app sends, newest first, with its delivery state',
  empty: 'No e-mail messages yet. Quotes and invoices sent from jobs appear here.',
  emptyFiltered: 'No messages with this status.',
  loadFailed: 'Failed to load the outbox. Please try again.',
  messageLoadFailed: 'Failed to load the message',
  notFound: 'Message not found',
  invalidId: 'Invalid message ID format',
  retryFailed: 'Failed to retry the message',
  retried: 'Message queued again for delivery',
  forbidden: 'Only admins and managers can see the outbox.',
} as const;

export const outboxMessagePath = (id: string) => `/settings/outbox/${id}`;
