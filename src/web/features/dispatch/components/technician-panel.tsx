import { ChevronDown, ChevronRight, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BoardSearch, BoardTechnician, CompletedJob } from '../../../../domain/dispatch';
import type { UserRole } from '../../../../domain/auth';
import { formatDate } from '../../../lib/format';
import { ROLE_LABELS } from '../../../lib/roles';
import { Button, buttonClass } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Checkbox } from '../../../ui/form-field';
import { useCompletedJobs } from '../api/dispatch-api';
import { UNASSIGNED_ROW } from '../board-layout';
import { DISPATCH_TEXTS } from '../dispatch-texts';
import { CertificationMarks } from './certification-marks';
import { OffBoardMark } from './off-board-mark';

const roleLabel = (role: string) => ROLE_LABELS[role as UserRole] ?? role;

/** A row's completed jobs: a scrolling list (about 10rem high) linking to /jobs/{id}, with "N of M" and more on demand. */
export function CompletedJobsView({
  jobs,
  total,
  loading,
  error,
  hasMore,
  onMore,
}: {
  jobs: readonly CompletedJob[];
  total: number;
  loading: boolean;
  error?: string | null;
  hasMore: boolean;
  onMore: () => void;
}) {
  if (error) return <p className="mt-1 text-xs text-red-700">{error}</p>;
  if (jobs.length === 0)
    return (
      <p className="mt-1 text-xs text-slate-600">
        {loading ? DISPATCH_TEXTS.completedLoading : DISPATCH_TEXTS.noCompletedJobs}
      </p>
    );
  return (
    <>
      <p className="mt-1 text-xs text-slate-600" data-testid="completed-count">
        {DISPATCH_TEXTS.completedCapped(jobs.length, total)}
      </p>
      <ul
        className="mt-1 max-h-40 space-y-1 overflow-y-auto pr-1"
        data-testid="completed-jobs"
        tabIndex={0}
        aria-label={DISPATCH_TEXTS.completedJobs}
      >
        {jobs.map((job) => (
          <li key={job.id}>
            <Link to={`/jobs/${job.id}`} className="block truncate text-xs text-blue-700 hover:underline">
              #{job.number} {job.name}
            </Link>
          </li>
        ))}
        {hasMore ? (
          <li>
            <Button variant="ghost" size="sm" className="h-7 px-1 text-xs" disabled={loading} onClick={onMore}>
              {DISPATCH_TEXTS.moreCompleted}
            </Button>
          </li>
        ) : null}
      </ul>
    </>
  );
}

/** The completed jobs of one row, read from GET /api/dispatch/completed (complete, not only the board's page). */
export function CompletedJobs({ query, row }: { query: BoardSearch; row: string }) {
  const found = useCompletedJobs(query, row, true);
  const pages = found.data?.pages ?? [];
  return (
    <CompletedJobsView
      jobs={pages.flatMap((p) => p.jobs)}
      total={pages[0]?.total ?? 0}
      loading={found.isPending || found.isFetchingNextPage}
      error={found.isError ? DISPATCH_TEXTS.loadFailed : null}
      hasMore={found.hasNextPage}
      onMore={() => void found.fetchNextPage()}
    />
  );
}

function Details({
  dates,
  completed,
  showCompleted,
  onJump,
}: {
  dates: readonly string[];
  completed: ReactNode;
  showCompleted: boolean;
  onJump: (date: string) => void;
}) {
  return (
    <div className="space-y-3 border-t border-slate-200 bg-slate-50 px-3 py-2">
      <div>
        <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {DISPATCH_TEXTS.scheduledDates}
        </h3>
        {dates.length === 0 ? (
          <p className="mt-1 text-xs text-slate-600">{DISPATCH_TEXTS.noScheduledDates}</p>
        ) : (
          <ul className="mt-1 flex flex-wrap gap-1">
            {dates.map((d) => (
              <li key={d}>
                <button
                  type="button"
                  className="rounded border border-slate-300 bg-white px-1.5 py-0.5 text-xs text-blue-700 hover:bg-blue-50"
                  onClick={() => onJump(d)}
                >
                  {formatDate(d)}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      {showCompleted ? (
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {DISPATCH_TEXTS.completedJobs}
          </h3>
          {completed}
        </div>
      ) : null}
    </div>
  );
}

/**
 * The office's technicians beside the board: Show Completed, Add Tech, the Unassigned entry and
 * each technician with initials, name, role and job count. Selecting one reveals their scheduled
 * dates (a click jumps there) and, with Show Completed on, their completed jobs.
 */
export function TechnicianPanel({
  technicians,
  unassignedCount,
  unassignedDates,
  completedList,
  showCompleted,
  onShowCompleted,
  selected,
  onSelect,
  onJump,
  canAddTech,
}: {
  technicians: readonly BoardTechnician[];
  unassignedCount: number;
  unassignedDates: readonly string[];
  /** the completed jobs of a row (rendered only when the row is open and Show Completed is on) */
  completedList: (row: string) => ReactNode;
  showCompleted: boolean;
  onShowCompleted: (on: boolean) => void;
  selected: string | null;
  onSelect: (row: string | null) => void;
  onJump: (date: string) => void;
  canAddTech: boolean;
}) {
  const entry = (id: string, body: React.ReactNode, details: React.ReactNode) => {
    const open = selected === id;
    return (
      <li key={id} className={cn('border-b border-slate-200 last:border-b-0', open && 'bg-blue-50')}>
        <button
          type="button"
          className="flex w-full items-center gap-2 px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600"
          aria-expanded={open}
          onClick={() => onSelect(open ? null : id)}
        >
          {open ? (
            <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          ) : (
            <ChevronRight className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
          )}
          {body}
        </button>
        {open ? details : null}
      </li>
    );
  };
  return (
    <aside
      aria-labelledby="technicians-title"
      className="rounded-lg border border-slate-200 bg-white shadow-sm"
      data-testid="technician-panel"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2">
        <h2 id="technicians-title" className="text-sm font-semibold text-slate-900">
          Technicians
        </h2>
        {canAddTech ? (
          <Link to="/technicians/add" className={buttonClass('secondary', 'sm')}>
            <UserPlus className="h-4 w-4" aria-hidden /> {DISPATCH_TEXTS.addTech}
          </Link>
        ) : null}
        <Checkbox
          label={DISPATCH_TEXTS.showCompleted}
          checked={showCompleted}
          onChange={(e) => onShowCompleted(e.target.checked)}
          className="w-full"
        />
      </div>
      {/* Below lg the panel sits above the board: a fixed height, so the board does not move when the list arrives. */}
      <ul className="h-72 overflow-y-auto lg:h-auto lg:max-h-[calc(100vh-16rem)]" aria-label="Technicians">
        {entry(
          UNASSIGNED_ROW,
          <>
            <span
              className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-700"
              aria-hidden
            >
              ?
            </span>
            <span className="min-w-0 flex-1 text-sm font-medium text-slate-900">{DISPATCH_TEXTS.unassigned}</span>
            <span className="rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-700">
              {unassignedCount}
              <span className="sr-only"> jobs</span>
            </span>
          </>,
          <Details
            dates={unassignedDates}
            completed={selected === UNASSIGNED_ROW && showCompleted ? completedList(UNASSIGNED_ROW) : null}
            showCompleted={showCompleted}
            onJump={onJump}
          />,
        )}
        {technicians.map((t) =>
          entry(
            t.id,
            <>
              <span
                className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-blue-100 text-xs font-semibold text-blue-800"
                aria-hidden
              >
                {t.initials}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">{t.name}</span>
                <span className="block text-xs text-slate-600">
                  {roleLabel(t.role)}
                  {showCompleted ? <span className="text-green-800"> · {t.completedCount} completed</span> : null}
                </span>
                <OffBoardMark technician={t} />
                <CertificationMarks technician={t} />
              </span>
              <span className="shrink-0 self-start rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-700">
                {t.jobCount}
                <span className="sr-only"> jobs</span>
              </span>
            </>,
            <Details
              dates={t.scheduledDates}
              completed={selected === t.id && showCompleted ? completedList(t.id) : null}
              showCompleted={showCompleted}
              onJump={onJump}
            />,
          ),
        )}
      </ul>
      {technicians.length === 0 ? (
        <p className="px-3 py-4 text-center text-sm text-slate-600">{DISPATCH_TEXTS.noTechnicians}</p>
      ) : null}
    </aside>
  );
}
