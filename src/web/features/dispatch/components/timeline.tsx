import { memo, type Ref } from 'react';
import type { BoardJob, BoardTechnician } from '../../../../domain/dispatch';
import { cn } from '../../../ui/cn';
import {
  availableIntervals,
  HOUR_WIDTH_PX,
  placeRow,
  unavailableIntervals,
  UNASSIGNED_ROW,
  wallClock,
} from '../board-layout';
import { clockLabel, dayHeading, HOUR_LABELS, weekday, type BoardView } from '../board-period';
import { JobBlock, type BlockActions } from './job-block';
import { CertificationMarks } from './certification-marks';
import { OffBoardMark } from './off-board-mark';

export interface BoardRow {
  id: string;
  name: string;
  technician: BoardTechnician | null;
}

/** A row takes dropped jobs unless its technician is inactive or no longer a technician (the server refuses those). */
export function acceptsJobs(row: BoardRow): boolean {
  const mark = row.technician?.offBoard;
  return !mark || mark === 'other-office';
}

const LANE_HEIGHT_PX = 78;
const ROW_PADDING_PX = 6;
const COLUMN_WIDTH_PX: Record<Exclude<BoardView, 'day'>, number> = { week: 168, month: 112 };
const SHADE = 'bg-[repeating-linear-gradient(135deg,#e2e8f0_0,#e2e8f0_5px,#f8fafc_5px,#f8fafc_10px)]';
const HOUR_LINES = {
  backgroundImage: `repeating-linear-gradient(90deg, transparent 0, transparent ${HOUR_WIDTH_PX - 1}px, #e2e8f0 ${HOUR_WIDTH_PX - 1}px, #e2e8f0 ${HOUR_WIDTH_PX}px)`,
};

function timeRange(job: BoardJob, timeZone: string): string {
  const at = wallClock(job, timeZone);
  if (!at) return '';
  return `${clockLabel(at.minutes)} – ${clockLabel(at.minutes + (job.scheduleDuration || 60))}`;
}

function availabilityText(technician: BoardTechnician, date: string): string | null {
  const open = availableIntervals(technician, date);
  if (open === null) return null;
  if (open.length === 0) return 'Not available';
  return `Available ${open.map((a) => `${clockLabel(a.start)} – ${clockLabel(a.end)}`).join(', ')}`;
}

function RowHeader({ row, date, selected }: { row: BoardRow; date: string | null; selected: boolean }) {
  const t = row.technician;
  const availability = t && date ? availabilityText(t, date) : null;
  return (
    <div
      className={cn(
        'sticky left-0 z-10 w-48 shrink-0 border-r border-slate-200 px-3 py-2 text-xs',
        selected ? 'bg-blue-50' : 'bg-white',
      )}
    >
      <p className="truncate text-sm font-medium text-slate-900">{row.name}</p>
      {t ? <p className="text-slate-600">Technician</p> : null}
      {t ? <OffBoardMark technician={t} /> : null}
      {availability ? <p className="text-slate-600">{availability}</p> : null}
      {t ? <CertificationMarks technician={t} /> : null}
    </div>
  );
}

function sameJobs(a: readonly BoardJob[] | undefined, b: readonly BoardJob[] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((job, i) => job === b[i]);
}

interface RowProps {
  row: BoardRow;
  days: readonly string[];
  cells: Map<string, BoardJob[]> | undefined;
  timeZone: string;
  selected: boolean;
  actions: BlockActions;
}

/** Rows re-render only when one of their own jobs changed (a drop redraws the rows it touched). */
function rowPropsEqual(a: RowProps, b: RowProps): boolean {
  return (
    a.row === b.row &&
    a.days === b.days &&
    a.timeZone === b.timeZone &&
    a.selected === b.selected &&
    a.actions === b.actions &&
    a.days.every((day) => sameJobs(a.cells?.get(day), b.cells?.get(day)))
  );
}

const DayRow = memo(function DayRow({ row, days, cells, timeZone, selected, actions }: RowProps) {
  const date = days[0]!;
  const { blocks, lanes } = placeRow(cells?.get(date) ?? [], timeZone);
  const shaded = row.technician ? unavailableIntervals(row.technician, date) : [];
  return (
    <div className="flex border-b border-slate-200" role="group" aria-label={row.name} data-row={row.id}>
      <RowHeader row={row} date={date} selected={selected} />
      <div
        className={cn('relative shrink-0', selected && 'bg-blue-50/40')}
        style={{ width: 24 * HOUR_WIDTH_PX, minHeight: lanes * LANE_HEIGHT_PX + 2 * ROW_PADDING_PX, ...HOUR_LINES }}
        data-drop-row={acceptsJobs(row) ? row.id : undefined}
        data-drop-date={date}
      >
        {shaded.map((s) => (
          <div
            key={s.start}
            aria-hidden
            className={cn('absolute inset-y-0', SHADE)}
            style={{ left: (s.start / 60) * HOUR_WIDTH_PX, width: ((s.end - s.start) / 60) * HOUR_WIDTH_PX }}
            data-unavailable
          />
        ))}
        {blocks.map((b) => (
          <JobBlock
            key={b.job.id}
            job={b.job}
            row={row.id}
            timeLabel={timeRange(b.job, timeZone)}
            actions={actions}
            className="absolute"
            style={{
              left: b.leftPx,
              width: b.widthPx,
              top: ROW_PADDING_PX + b.lane * LANE_HEIGHT_PX,
              height: LANE_HEIGHT_PX - 4,
            }}
          />
        ))}
      </div>
    </div>
  );
}, rowPropsEqual);

/**
 * A row of the week or month view: one grid track of a column per day. Only the days that hold
 * jobs, and the technician's days off (striped), get an element; an empty working day costs
 * nothing (the day lines are the track's background). A drop finds its day from the x position.
 */
const PeriodRow = memo(
  function PeriodRow({
    row,
    days,
    cells,
    timeZone,
    selected,
    actions,
    columnWidth,
  }: RowProps & { columnWidth: number }) {
    const t = row.technician;
    // Availability per weekday, once per row (not per cell).
    const offByWeekday = t
      ? Array.from({ length: 7 }, (_, wd) => {
          const open = availableIntervals(t, days.find((d) => weekday(d) === wd) ?? '1970-01-04');
          return open !== null && open.length === 0;
        })
      : null;
    const lines = {
      backgroundImage: `repeating-linear-gradient(90deg, transparent 0, transparent ${columnWidth - 1}px, #e2e8f0 ${columnWidth - 1}px, #e2e8f0 ${columnWidth}px)`,
    };
    return (
      <div className="flex border-b border-slate-200" role="group" aria-label={row.name} data-row={row.id}>
        <RowHeader row={row} date={null} selected={selected} />
        <div
          className={cn('grid min-h-20 shrink-0', selected && 'bg-blue-50/40')}
          style={{
            gridTemplateColumns: `repeat(${days.length}, ${columnWidth}px)`,
            gridTemplateRows: 'minmax(5rem, auto)',
            width: days.length * columnWidth,
            ...lines,
          }}
          data-drop-row={acceptsJobs(row) ? row.id : undefined}
          data-drop-first-day={days[0]}
          data-drop-column-width={columnWidth}
          data-drop-day-count={days.length}
        >
          {offByWeekday
            ? days.map((day, i) =>
                offByWeekday[weekday(day)] ? (
                  <div
                    key={`off-${day}`}
                    aria-hidden
                    className={cn('border-r border-slate-200', SHADE)}
                    style={{ gridColumn: i + 1, gridRow: 1 }}
                    data-unavailable
                    data-day={day}
                  />
                ) : null,
              )
            : null}
          {days.map((day, i) => {
            const jobs = cells?.get(day);
            if (!jobs?.length) return null;
            return (
              <div
                key={day}
                className="relative flex min-w-0 flex-col gap-1 p-1"
                style={{ gridColumn: i + 1, gridRow: 1 }}
                data-day={day}
              >
                {jobs.map((job) => {
                  const at = wallClock(job, timeZone);
                  return (
                    <JobBlock
                      key={job.id}
                      job={job}
                      row={row.id}
                      timeLabel={at ? clockLabel(at.minutes) : null}
                      actions={actions}
                      className="w-full shrink-0"
                    />
                  );
                })}
              </div>
            );
          })}
        </div>
      </div>
    );
  },
  (a, b) => rowPropsEqual(a, b) && a.columnWidth === b.columnWidth,
);

/**
 * The timeline under the map: a row per technician plus the Unassigned row; in the day view 24
 * hourly columns (12:00 AM to 11:00 PM) with blocks placed by start and duration, hours outside the
 * technician's availability shaded; in the week and month views a column per day.
 */
export function Timeline({
  view,
  days,
  today,
  rows,
  cells,
  timeZone,
  selectedRow,
  actions,
  scrollRef,
}: {
  view: BoardView;
  days: readonly string[];
  today: string;
  rows: readonly BoardRow[];
  cells: Map<string, Map<string, BoardJob[]>>;
  timeZone: string;
  selectedRow: string | null;
  actions: BlockActions;
  scrollRef: Ref<HTMLDivElement>;
}) {
  const columnWidth = view === 'day' ? HOUR_WIDTH_PX : COLUMN_WIDTH_PX[view];
  const headings =
    view === 'day'
      ? HOUR_LABELS.map((label) => ({
          key: label,
          top: label,
          bottom: null as string | null,
          date: null as string | null,
        }))
      : days.map((d) => ({ key: d, ...dayTop(d), date: d }));
  return (
    <div
      ref={scrollRef}
      className="max-h-[70vh] overflow-auto rounded-md border border-slate-200 bg-white"
      role="region"
      aria-label="Timeline"
      tabIndex={0}
      data-testid="timeline"
      data-view={view}
    >
      <div className="w-max min-w-full">
        <div className="sticky top-0 z-20 flex border-b border-slate-300 bg-slate-50">
          <div className="sticky left-0 z-10 w-48 shrink-0 border-r border-slate-200 bg-slate-50 px-3 py-2 text-xs font-semibold text-slate-700">
            Technician
          </div>
          {headings.map((h) => (
            <div
              key={h.key}
              className={cn(
                'shrink-0 border-r border-slate-200 px-1.5 py-2 text-xs font-medium text-slate-700',
                h.date === today && 'bg-blue-100 text-blue-900',
              )}
              style={{ width: columnWidth }}
              data-day-column={h.date ?? undefined}
              {...(view === 'day' ? { 'data-hour-column': h.key } : {})}
            >
              <span className="block">{h.top}</span>
              {h.bottom ? <span className="block text-slate-600">{h.bottom}</span> : null}
            </div>
          ))}
        </div>
        {rows.map((row) =>
          view === 'day' ? (
            <DayRow
              key={row.id}
              row={row}
              days={days}
              cells={cells.get(row.id)}
              timeZone={timeZone}
              selected={selectedRow === row.id}
              actions={actions}
            />
          ) : (
            <PeriodRow
              key={row.id}
              row={row}
              days={days}
              cells={cells.get(row.id)}
              timeZone={timeZone}
              selected={selectedRow === row.id}
              actions={actions}
              columnWidth={columnWidth}
            />
          ),
        )}
      </div>
    </div>
  );
}

function dayTop(date: string): { top: string; bottom: string } {
  const h = dayHeading(date);
  return { top: h.weekday, bottom: h.date };
}

export { UNASSIGNED_ROW };
