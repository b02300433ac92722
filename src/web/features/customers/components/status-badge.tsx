import type { UnitStatus } from '../../../../domain/units';
import { Badge } from '../../../ui/badge';

/** Unit status in lower case: green active, red inactive. */
export function UnitStatusBadge({ status }: { status: UnitStatus }) {
  return <Badge tone={status === 'active' ? 'green' : 'red'}>{status}</Badge>;
}
