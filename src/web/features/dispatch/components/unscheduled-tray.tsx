import { memo } from 'react';
import type { BoardJob } from '../../../../domain/dispatch';
import { formatDate } from '../../../lib/format';
import { cn } from '../../../ui/cn';
import { DISPATCH_TEXTS } from '../dispatch-texts';
import { JobBlock, type BlockActions } from './job-block';
import { formatCount } from '../../../lib/format';

/**
 * The range's unscheduled jobs (their own list, GET /api/dispatch/unscheduled: at most 200 cards,
 * by due date, and the total): drag one onto the timeline to schedule it; drop a block here to
 * unschedule it. Each card has the Reschedule button for keyboard users.
 */
export const UnscheduledTray = memo(function UnscheduledTray({
  jobs,
  total,
  loading,
  actions,
  canMove,
}: {
  jobs: readonly BoardJob[];
  total: number;
  loading: boolean;
  actions: BlockActions;
  canMove: boolean;
}) {
  const capped = total > jobs.length;
  return (
    <section
      aria-labelledby="tray-title"
      aria-busy={loading}
      data-drop-tray
      className={cn('rounded-md border border-dashed border-slate-300 bg-slate-50 p-3')}
      data-testid="unscheduled-tray"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tray-title" className="text-sm font-semibold text-slate-900">
          {DISPATCH_TEXTS.tray} ({formatCount(total)})
        </h2>
        {capped ? (
          <p className="text-xs font-medium text-slate-700" data-testid="tray-count">
            {DISPATCH_TEXTS.trayCapped(jobs.length, total)}
          </p>
        ) : null}
        {canMove ? <p className="text-xs text-slate-600">{DISPATCH_TEXTS.trayHint}</p> : null}
      </div>
      {jobs.length === 0 ? (
        <p className="py-2 text-sm text-slate-600">{loading ? DISPATCH_TEXTS.trayLoading : DISPATCH_TEXTS.trayEmpty}</p>
      ) : (
        <ul className="flex max-h-40 flex-wrap gap-2 overflow-y-auto" aria-label={DISPATCH_TEXTS.tray}>
          {jobs.map((job) => (
            <li key={job.id} className="w-52">
              <JobBlock job={job} row={null} timeLabel={`Due ${formatDate(job.timePeriodDue)}`} actions={actions} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
