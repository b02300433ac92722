import type { OutboxStatus } from '../../../../domain/quote-outbox';
import { Badge } from '../../../ui/badge';
import { OUTBOX_STATUS_LABELS, OUTBOX_STATUS_TONES } from '../outbox-texts';

export function OutboxStatusBadge({ status }: { status: OutboxStatus }) {
  return <Badge tone={OUTBOX_STATUS_TONES[status]}>{OUTBOX_STATUS_LABELS[status]}</Badge>;
}
