import { Badge } from '../../../ui/badge';
import { INVOICE_STATUS_TONES, type InvoiceStatusName } from '../invoice-texts';

/** The status as the spec writes it ("issued"): draft grey, issued blue, paid green, void red. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatusName }) {
  return <Badge tone={INVOICE_STATUS_TONES[status]}>{status}</Badge>;
}
