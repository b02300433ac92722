// status.ts, not the agreements barrel: the list loads no zod on first paint (decision 057).
import { AGREEMENT_STATUS_LABELS, type AgreementStatus } from '../../../../domain/agreements/status';
import { Badge } from '../../../ui/badge';
import { STATUS_TONES } from '../agreement-texts';

export function AgreementStatusBadge({ status }: { status: AgreementStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{AGREEMENT_STATUS_LABELS[status]}</Badge>;
}
