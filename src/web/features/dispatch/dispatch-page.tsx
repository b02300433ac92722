import { ChevronLeft, ChevronRight, Plus, Search, SlidersHorizontal, X } from 'lucide-react';
import { lazy, Suspense, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { dateInZone, DEFAULT_TIME_ZONE } from '../../../domain/dates';
import type { BoardJob } from '../../../domain/dispatch';
// The board's rules without zod (dispatch-board.ts): the board loads no schema library (decision 042).
import { boardViewDays, rangeForView } from '../../../domain/dispatch-board';
import { errorMessage } from '../../lib/api-client';
import { useCompanyInfo } from '../../lib/company';
import { formatDate } from '../../lib/format';
import { useCan } from '../../lib/can';
import { useSession } from '../../lib/session';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { cn } from '../../ui/cn';
import { TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { dispatchKeys, useBoard, useDispatchOptions, useUnscheduled } from './api/dispatch-api';
import {
  boardUrlState,
  draftFromState,
  draftToUrl,
  ALL_OFFICES,
  filterChips,
  rangeDates,
  toBoardQuery,
  type FilterDraft,
} from './board-filters';
import {
  availableIntervals,
  DEFAULT_START_MINUTES,
  HOUR_WIDTH_PX,
  instantOf,
  jobsByRowAndDay,
  UNASSIGNED_ROW,
  wallClock,
} from './board-layout';
import {
  anchorOr,
  BOARD_VIEWS,
  clockLabel,
  dayHeading,
  periodDays,
  periodLabel,
  shiftPeriod,
  type BoardView,
} from './board-period';
import { DispatchMap } from './components/dispatch-map';
import type { BlockActions } from './components/job-block';
import { RescheduleDialog } from './components/reschedule-dialog';
import { CompletedJobs, TechnicianPanel } from './components/technician-panel';
import { Timeline, type BoardRow } from './components/timeline';
import { UnscheduledTray } from './components/unscheduled-tray';
import { useBoardDrag, type DragSource, type DropTarget } from './components/use-board-drag';
import { useMoveFlow, type MoveRequest } from './components/use-move-flow';
import { DISPATCH_TEXTS } from './dispatch-texts';
import { ZoneNote } from '../../lib/zone-note';

// Map Filters checks its draft with the API's schema (zod): loaded when first opened, so the board's
// first load runs no schema library (decision 042).
const FiltersDrawer = lazy(() => import('./components/filters-drawer').then((m) => ({ default: m.FiltersDrawer })));

const VIEW_LABELS: Record<BoardView, string> = { day: 'Day', week: 'Week', month: 'Month' };
const EMPTY: BoardJob[] = [];

/** /jobs/dispatch: the Dispatch & Schedule board. Its view, date, search and Map Filters live in the URL. */
export default function DispatchPage() {
  const { values, update } = useUrlFilters(boardUrlState);
  const company = useCompanyInfo();
  const session = useSession();
  const options = useDispatchOptions();
  const canMove = useCan('dispatch.view');
  const canAddTech = useCan('technicians.manage');

  const companyZone = company.data?.time_zone ?? DEFAULT_TIME_ZONE;
  const view = values.view;

  // The range follows the view unless Map Filters chose one (issue 28): the view's month, or its days.
  const clientToday = dateInZone(new Date(), companyZone);
  const viewAnchor = anchorOr(values.date, clientToday);
  const follow = useMemo(() => rangeForView(view, viewAnchor, clientToday), [view, viewAnchor, clientToday]);
  const boardQuery = useMemo(() => toBoardQuery(values, follow), [values, follow]);
  // The board also counts the jobs scheduled in the view that the filters leave out.
  const viewDays = useMemo(() => boardViewDays(view, viewAnchor), [view, viewAnchor]);
  const boardRequest = useMemo(
    () => ({ ...boardQuery, viewFrom: viewDays.from, viewTo: viewDays.to }),
    [boardQuery, viewDays],
  );
  const board = useBoard(boardRequest);
  // The tray is its own list (not cut by the board's page of 2,000 jobs).
  const tray = useUnscheduled(boardQuery);
  const timeZone = board.data?.timeZone ?? companyZone;
  // Today in the company's time zone: the server's once the board has answered.
  const today = board.data?.today ?? clientToday;
  const anchor = anchorOr(values.date, today);
  const days = useMemo(() => periodDays(view, anchor), [view, anchor]);
  const jobs = board.data?.jobs ?? EMPTY;
  const technicians = board.data?.technicians;

  // Technician search (in the URL, replaced as one types).
  const [search, setSearch] = useState(values.q ?? '');
  const needle = search.trim().toLowerCase();
  const shownTechnicians = useMemo(
    () => (technicians ?? []).filter((t) => !needle || t.name.toLowerCase().includes(needle)),
    [technicians, needle],
  );
  const rows = useMemo<BoardRow[]>(
    () => [
      { id: UNASSIGNED_ROW, name: DISPATCH_TEXTS.unassigned, technician: null },
      ...shownTechnicians.map((t) => ({ id: t.id, name: t.name, technician: t })),
    ],
    [shownTechnicians],
  );
  const rowName = useCallback(
    (row: string) => rows.find((r) => r.id === row)?.name ?? DISPATCH_TEXTS.unassigned,
    [rows],
  );
  const cells = useMemo(() => jobsByRowAndDay(jobs, days, timeZone), [jobs, days, timeZone]);
  const selected = values.tech ?? null;
  const mapJobs = useMemo(() => {
    if (!selected) return jobs;
    return jobs.filter((j) =>
      selected === UNASSIGNED_ROW ? j.technicianIds.length === 0 : j.technicianIds.includes(selected),
    );
  }, [jobs, selected]);

  const unassigned = useMemo(() => {
    const mine = jobs.filter((j) => j.technicianIds.length === 0);
    const dates = new Set<string>();
    for (const j of mine) {
      const at = wallClock(j, timeZone);
      if (at) dates.add(at.date);
    }
    return { dates: [...dates].sort() };
  }, [jobs, timeZone]);
  const completedList = useCallback((row: string) => <CompletedJobs query={boardQuery} row={row} />, [boardQuery]);

  // Moves: saved on drop or from the Reschedule dialog, with Undo, overlap confirmation and conflicts.
  const describe = useCallback(
    (req: MoveRequest, moved: BoardJob) => {
      if (!moved.scheduleStart) return `Job #${moved.number} moved to ${DISPATCH_TEXTS.tray.toLowerCase()}`;
      const at = wallClock(moved, timeZone)!;
      const who = moved.technicianIds.length ? moved.technicianIds.map(rowName).join(', ') : DISPATCH_TEXTS.unassigned;
      const heading = dayHeading(at.date);
      return `Job #${moved.number} scheduled ${heading.weekday} ${formatDate(at.date)} at ${clockLabel(at.minutes)} (${who})`;
    },
    [timeZone, rowName],
  );
  const move = useMoveFlow(dispatchKeys.board(boardRequest), dispatchKeys.unscheduled(boardQuery), describe);
  const moveRef = useRef(move.run);
  moveRef.current = move.run;

  const onDrop = useCallback(
    (source: DragSource, target: DropTarget) => {
      const { job } = source;
      if (target.kind === 'tray') {
        if (source.row !== null && job.scheduleStart) void moveRef.current({ job, scheduleStart: null });
        return;
      }
      const technician = technicians?.find((t) => t.id === target.row);
      const minutes =
        target.minutes ??
        wallClock(job, timeZone)?.minutes ??
        (technician ? availableIntervals(technician, target.date)?.[0]?.start : undefined) ??
        DEFAULT_START_MINUTES;
      const scheduleStart = instantOf(target.date, minutes, timeZone);
      const req: MoveRequest = { job, scheduleStart };
      if (source.row === null) {
        if (target.row !== UNASSIGNED_ROW && !job.technicianIds.includes(target.row))
          Object.assign(req, { fromRow: UNASSIGNED_ROW, toRow: target.row });
      } else if (source.row !== target.row) Object.assign(req, { fromRow: source.row, toRow: target.row });
      const sameTime = job.scheduleStart !== null && Date.parse(job.scheduleStart) === Date.parse(scheduleStart);
      if (sameTime && req.fromRow === undefined) return;
      void moveRef.current(req);
    },
    [technicians, timeZone],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const drag = useBoardDrag({ enabled: canMove, view, scrollRef, onDrop });
  const [rescheduling, setRescheduling] = useState<{ job: BoardJob; row: string | null } | null>(null);
  const actions = useMemo<BlockActions>(
    () => ({
      onPointerDown: canMove ? drag.onPointerDown : null,
      onReschedule: (job, row) => setRescheduling({ job, row }),
    }),
    [canMove, drag.onPointerDown],
  );

  // The day view opens at 6:00 AM (the working day), not at midnight; the week and month views at
  // the chosen day's column.
  const hasBoard = board.data !== undefined;
  useLayoutEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    if (view === 'day') {
      scroller.scrollLeft = 6 * HOUR_WIDTH_PX;
      return;
    }
    const column = scroller.querySelector<HTMLElement>(`[data-day-column="${anchor}"]`);
    const first = scroller.querySelector<HTMLElement>('[data-day-column]');
    if (!column || !first) return;
    const offset = column.offsetLeft - first.offsetLeft;
    // Only as far as needed: a week that fits stays at its Sunday.
    scroller.scrollLeft = offset + column.offsetWidth <= scroller.clientWidth - first.offsetLeft ? 0 : offset;
  }, [view, anchor, hasBoard]);

  const [filtersOpen, setFiltersOpen] = useState(false);
  // Mounted from the first opening on (and kept, so closing it returns focus as before).
  const [filtersUsed, setFiltersUsed] = useState(false);
  const chips = filterChips(values, options.data, follow);
  const applyDraft = (draft: FilterDraft) => update(draftToUrl(draft, follow));
  // Navigation moves the range with the view: a range chosen in Map Filters lasts until then.
  const navigate = (change: { view?: BoardView | undefined; date?: string | undefined }) =>
    update({ ...change, range: undefined, from: undefined, to: undefined }, { replace: false });
  const hidden = board.data?.hiddenInView ?? 0;
  const range = board.data
    ? { from: board.data.from, to: board.data.to }
    : rangeDates(values.range, today, values, follow);
  const outside = days[days.length - 1]! < range.from || days[0]! > range.to;
  const rangeChip = chips[0]!.label;

  return (
    <div className="space-y-4">
      <PageHeader
        screen="/jobs/dispatch"
        actions={
          <>
            <ZoneNote timeZone={timeZone} />
            <Button variant="secondary" onClick={() => navigate({ date: undefined })}>
              {DISPATCH_TEXTS.today}
            </Button>
            {canMove ? (
              <ButtonLink to="/jobs/create">
                <Plus className="h-4 w-4" aria-hidden /> {DISPATCH_TEXTS.addJob}
              </ButtonLink>
            ) : null}
          </>
        }
      />

      <div className="flex flex-wrap items-center gap-2">
        <div
          role="group"
          aria-label="View"
          className="inline-flex overflow-hidden rounded-md border border-slate-300 shadow-sm"
        >
          {BOARD_VIEWS.map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={cn(
                'h-9 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
                view === v ? 'bg-blue-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
              )}
              onClick={() => navigate({ view: v === 'day' ? undefined : v, date: values.date })}
            >
              {VIEW_LABELS[v]}
            </button>
          ))}
        </div>
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Previous ${view}`}
            onClick={() => navigate({ date: shiftPeriod(view, anchor, -1) })}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden />
          </Button>
          <p
            className="min-w-[13rem] text-center text-sm font-semibold text-slate-900"
            aria-live="polite"
            data-testid="period-label"
          >
            {periodLabel(view, anchor)}
          </p>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Next ${view}`}
            onClick={() => navigate({ date: shiftPeriod(view, anchor, 1) })}
          >
            <ChevronRight className="h-4 w-4" aria-hidden />
          </Button>
        </div>
        <div className="relative ml-auto w-full sm:w-56">
          <Search className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-slate-500" aria-hidden />
          <TextInput
            type="search"
            aria-label={DISPATCH_TEXTS.searchTechnicians}
            placeholder="Search by technician name"
            className="pl-8"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              update({ q: e.target.value.trim() || undefined }, { replace: true });
            }}
          />
        </div>
        <Button
          variant="secondary"
          onClick={() => {
            setFiltersUsed(true);
            setFiltersOpen(true);
          }}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden /> {DISPATCH_TEXTS.mapFilters}
        </Button>
      </div>

      <ul className="flex flex-wrap gap-2" aria-label="Applied filters" data-testid="filter-chips">
        {chips.map((chip) => (
          <li
            key={chip.id}
            className="inline-flex items-center gap-1 rounded-full border border-blue-200 bg-blue-50 py-0.5 pr-1 pl-3 text-sm text-blue-900"
          >
            {chip.label}
            {chip.remove ? (
              <button
                type="button"
                className="rounded-full p-0.5 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600"
                aria-label={`Remove filter ${chip.label}`}
                onClick={() => update(chip.remove!)}
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            ) : (
              <span className="w-1" />
            )}
          </li>
        ))}
      </ul>

      {!canMove && session.data ? <InfoBanner>{DISPATCH_TEXTS.readOnly}</InfoBanner> : null}
      {board.isError ? <ErrorBanner message={errorMessage(board.error, DISPATCH_TEXTS.loadFailed)} /> : null}
      {move.error ? (
        <ErrorBanner message={move.error}>
          <button type="button" className="text-sm font-medium underline" onClick={move.clearError}>
            Dismiss
          </button>
        </ErrorBanner>
      ) : null}
      {board.data && board.data.total > board.data.jobs.length ? (
        <InfoBanner>{DISPATCH_TEXTS.tooMany(board.data.jobs.length, board.data.total)}</InfoBanner>
      ) : null}
      {hidden > 0 ? (
        <InfoBanner>
          <span data-testid="hidden-by-filters">{DISPATCH_TEXTS.hiddenByFilters(hidden)}</span>{' '}
          <button
            type="button"
            className="text-sm font-medium underline"
            onClick={() =>
              update({
                dateField: 'schedule',
                range: undefined,
                from: undefined,
                to: undefined,
                tags: undefined,
                office: ALL_OFFICES,
                type: undefined,
                ownerId: undefined,
                serviceLine: undefined,
                region: undefined,
                price: undefined,
                minPrice: undefined,
                maxPrice: undefined,
                showCompleted: true,
                showSubcontracted: true,
              })
            }
          >
            {DISPATCH_TEXTS.clearHidden}
          </button>
        </InfoBanner>
      ) : null}
      {board.data && outside ? (
        <InfoBanner>{DISPATCH_TEXTS.outsideRange(rangeChip.replace(/^Jobs /, 'jobs '))}</InfoBanner>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[15rem_minmax(0,1fr)]">
        <TechnicianPanel
          technicians={shownTechnicians}
          unassignedCount={board.data?.unassignedCount ?? 0}
          unassignedDates={unassigned.dates}
          completedList={completedList}
          showCompleted={values.showCompleted}
          onShowCompleted={(on) => update({ showCompleted: on || undefined })}
          selected={selected}
          onSelect={(row) => update({ tech: row ?? undefined }, { replace: true })}
          onJump={(date) => navigate({ view: undefined, date })}
          canAddTech={canAddTech}
        />
        <div className="min-w-0 space-y-4" aria-busy={board.isFetching}>
          <DispatchMap jobs={mapJobs} />
          {board.isPending ? (
            <Spinner label="Loading the board..." />
          ) : (
            <>
              <UnscheduledTray
                jobs={tray.data?.jobs ?? EMPTY}
                total={tray.data?.total ?? 0}
                loading={tray.isPending}
                actions={actions}
                canMove={canMove}
              />
              <Timeline
                view={view}
                days={days}
                today={today}
                rows={rows}
                cells={cells}
                timeZone={timeZone}
                selectedRow={selected}
                actions={actions}
                scrollRef={scrollRef}
              />
            </>
          )}
        </div>
      </div>

      {filtersUsed ? (
        <Suspense fallback={null}>
          <FiltersDrawer
            open={filtersOpen}
            onOpenChange={setFiltersOpen}
            initial={draftFromState(values, follow)}
            options={options.data}
            onApply={applyDraft}
          />
        </Suspense>
      ) : null}
      <RescheduleDialog
        target={rescheduling}
        rows={rows}
        timeZone={timeZone}
        defaultDate={anchor}
        onClose={() => setRescheduling(null)}
        onMove={(req) => void move.run(req)}
      />
      {move.overlapDialog}
    </div>
  );
}
