import type { JobStatus } from '../../../../domain/jobs';
import { formatCents } from '../../../lib/format';
import { Badge, type BadgeTone } from '../../../ui/badge';
import { JOB_STATUS_LABELS } from '../job-texts';

const STATUS_TONES: Record<JobStatus, BadgeTone> = {
  scheduled: 'blue',
  unscheduled: 'amber',
  completed: 'green',
  cancelled: 'red',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{JOB_STATUS_LABELS[status]}</Badge>;
}

export function JobTypeBadge({ type, typeName }: { type: string; typeName: string | null }) {
  return <Badge tone="purple">{typeName ?? type}</Badge>;
}

export function TrainingBadge() {
  return <Badge tone="amber">Training</Badge>;
}

/** The job's cost: the sum of its items' totals. */
export function CostBadge({ cents }: { cents: number }) {
  return (
    <Badge tone="green" className="tabular-nums">
      <span className="sr-only">Cost </span>
      {formatCents(cents)}
    </Badge>
  );
}
