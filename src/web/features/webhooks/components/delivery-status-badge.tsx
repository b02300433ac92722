import type { WebhookDeliveryStatus } from '../../../../domain/webhooks';
import { Badge } from '../../../ui/badge';
import { WEBHOOK_STATUS_LABELS, WEBHOOK_STATUS_TONES } from '../webhooks-texts';

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <Badge tone={WEBHOOK_STATUS_TONES[status]}>{WEBHOOK_STATUS_LABELS[status]}</Badge>;
}
