import { memo } from 'react';
import type { BoardJob } from '../../../../domain/dispatch';
import { formatDate } from '../../../lib/format';
import { cn } from '../../../ui/cn';
import { DISPATCH_TEXTS } from '../dispatch-texts';
import { JobBlock, type BlockActions } from './job-block';

/** The tray shows at most this many cards (the count says how many there are). */
const TRAY_LIMIT = 200;

/**
 * The range's unscheduled jobs: drag one onto the timeline to schedule it; drop a block here to
 * unschedule it. Each card has the Reschedule button for keyboard users.
 */
export const UnscheduledTray = memo(function UnscheduledTray({ jobs, actions, canMove }: { jobs: readonly BoardJob[]; actions: BlockActions; canMove: boolean }) {
  const shown = jobs.slice(0, TRAY_LIMIT);
  return (
    <section aria-labelledby="tray-title" data-drop-tray className={cn('rounded-md border border-dashed border-slate-300 bg-slate-50 p-3')} data-testid="unscheduled-tray">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="tray-title" className="text-sm font-semibold text-slate-900">
          {DISPATCH_TEXTS.tray} ({jobs.length.toLocaleString('en-US')})
        </h2>
        {canMove ? <p className="text-xs text-slate-600">{DISPATCH_TEXTS.trayHint}</p> : null}
      </div>
      {jobs.length === 0 ? (
        <p className="py-2 text-sm text-slate-600">{DISPATCH_TEXTS.trayEmpty}</p>
      ) : (
        <ul className="flex max-h-40 flex-wrap gap-2 overflow-y-auto">
          {shown.map((job) => (
            <li key={job.id} className="w-52">
              <JobBlock job={job} row={null} timeLabel={`Due ${formatDate(job.timePeriodDue)}`} actions={actions} />
            </li>
          ))}
          {jobs.length > shown.length ? <li className="self-center text-xs text-slate-600">and {(jobs.length - shown.length).toLocaleString('en-US')} more</li> : null}
        </ul>
      )}
    </section>
  );
});
