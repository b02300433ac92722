import { CalendarClock } from 'lucide-react';
import { memo, type CSSProperties, type PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router';
import type { BoardJob } from '../../../../domain/dispatch';
import { cn } from '../../../ui/cn';
import { DISPATCH_TEXTS } from '../dispatch-texts';
import type { DragSource } from './use-board-drag';

/** Block colours: green completed, red cancelled, blue otherwise. */
export function blockTone(status: BoardJob['status']): string {
  if (status === 'completed') return 'border-green-600 bg-green-50 text-green-950';
  if (status === 'cancelled') return 'border-red-600 bg-red-50 text-red-950';
  return 'border-blue-600 bg-blue-50 text-blue-950';
}

export interface BlockActions {
  /** null when the user may not move jobs (technicians): no drag, no Reschedule button */
  onPointerDown: ((event: ReactPointerEvent<HTMLElement>, source: DragSource) => void) | null;
  onReschedule: (job: BoardJob, row: string | null) => void;
}

/**
 * One job on the board: links to /jobs/{id} and shows the job name, the location name (or "No
 * location") and the unit number. Office users drag it, or use its Reschedule button.
 */
export const JobBlock = memo(function JobBlock({
  job,
  row,
  timeLabel,
  style,
  className,
  actions,
}: {
  job: BoardJob;
  /** the row it is drawn in; null in the tray */
  row: string | null;
  timeLabel: string | null;
  style?: CSSProperties;
  className?: string;
  actions: BlockActions;
}) {
  const movable = actions.onPointerDown !== null && job.status !== 'completed' && job.status !== 'cancelled';
  return (
    <div
      data-job-block={job.id}
      data-status={job.status}
      style={style}
      className={cn(
        'group flex overflow-hidden rounded border-l-4 text-xs shadow-sm',
        blockTone(job.status),
        movable && 'cursor-grab touch-none select-none',
        className,
      )}
      onPointerDown={movable ? (event) => actions.onPointerDown!(event, { job, row }) : undefined}
    >
      <Link
        to={`/jobs/${job.id}`}
        draggable={false}
        className="min-w-0 flex-1 px-1.5 py-1 leading-4 hover:underline focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-700"
      >
        <span className="block truncate font-semibold">{job.name}</span>
        <span className="block truncate">{job.locationName || DISPATCH_TEXTS.noLocation}</span>
        {job.unitNumber ? <span className="block truncate">Unit {job.unitNumber}</span> : null}
        {timeLabel ? <span className="block truncate text-[11px] opacity-80">{timeLabel}</span> : null}
      </Link>
      {movable ? (
        <button
          type="button"
          className="shrink-0 self-start p-[5px] opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-blue-700"
          aria-label={`${DISPATCH_TEXTS.reschedule} Job #${job.number} ${job.name}`}
          title={DISPATCH_TEXTS.reschedule}
          onClick={() => actions.onReschedule(job, row)}
        >
          <CalendarClock className="h-3.5 w-3.5" aria-hidden />
        </button>
      ) : null}
    </div>
  );
});
