import type { BadgeTone } from '../../ui/badge';
import { isWebhookEventType, type WebhookDeliveryStatus, type WebhookEventType } from '../../../domain/webhooks';

/** Settings > Webhooks wording (issue 31, decision 048). */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'job.created': 'Job created',
  'job.scheduled': 'Job scheduled',
  'job.completed': 'Job completed',
  'quote.sent': 'Quote sent',
  'quote.approved': 'Quote approved',
  'quote.declined': 'Quote declined',
  'invoice.issued': 'Invoice issued',
  'invoice.paid': 'Invoice paid',
  'payment.recorded': 'Payment recorded',
  'agreement.visit_generated': 'Agreement visit generated',
};

/** An event's label; a type this build does not know shows as it is. */
export const eventLabel = (type: string): string => (isWebhookEventType(type) ? WEBHOOK_EVENT_LABELS[type] : type);

export const WEBHOOK_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Queued',
  sending: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
};
export const WEBHOOK_STATUS_TONES: Record<WebhookDeliveryStatus, BadgeTone> = {
  pending: 'amber',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
};

export const WEBHOOK_TEXTS = {
  title: 'Webhooks',
  subtitle: 'Send job, quote and invoice events to other systems as they happen',
  about:
    'Each event is sent as a signed POST (Standard Webhooks: webhook-id, webhook-timestamp and webhook-signature headers) to every enabled endpoint subscribed to it. A failed delivery is retried with growing waits for about 12 hours.',
  empty: 'No webhook endpoints yet. Add one to send events to another system.',
  loadFailed: 'Failed to load webhook endpoints. Please try again.',
  endpointLoadFailed: 'Failed to load the endpoint',
  forbidden: 'Only admins can manage webhooks.',
  add: 'Add Endpoint',
  added: 'Endpoint added. Copy its signing secret into the receiving system.',
  saved: 'Endpoint saved',
  removed: 'Endpoint removed',
  saveFailed: 'Failed to save the endpoint',
  removeFailed: 'Failed to remove the endpoint',
  secretFailed: 'Failed to load the signing secret',
  rotated: 'A new signing secret is in use',
  replayed: 'Delivery queued again with the same webhook-id',
  replayFailed: 'Failed to replay the delivery',
  noDeliveries: 'No deliveries yet. Events this endpoint subscribes to appear here as they happen.',
  noAttempts: 'Not attempted yet.',
  httpLocalAllowed: 'https:// URLs, and http:// to localhost or a private network address, are accepted.',
  httpsOnly: 'Only https:// URLs on the public internet are accepted.',
} as const;

export const webhooksPath = '/settings/webhooks';
export const webhookEndpointPath = (id: string) => `/settings/webhooks/${id}`;
