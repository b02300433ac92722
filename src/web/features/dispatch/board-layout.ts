import { zonedDateTimeToInstant } from '../../../domain/dates';
import type { BoardJob, BoardTechnician } from '../../../domain/dispatch';
import { placeBlock } from '../../../domain/dispatch-board';
import { clockValue, weekday } from './board-period';

/** The row of jobs with no technician. */
export const UNASSIGNED_ROW = 'unassigned';
/** Width of one hour in the day view; a 1-hour block is this wide, a shorter one at least 80px. */
export const HOUR_WIDTH_PX = 96;
/** The day view snaps a dropped block to quarter hours. */
export const SNAP_MINUTES = 15;
/** An unscheduled job dropped on a day column starts at the technician's availability, else 9:00 AM. */
export const DEFAULT_START_MINUTES = 9 * 60;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const wallClocks = new WeakMap<BoardJob, { key: string; date: string; minutes: number }>();
/** The job's start as a wall-clock date and minutes since midnight in the company's time zone (memoized per job object). */
export function wallClock(job: BoardJob, timeZone: string): { date: string; minutes: number } | null {
  if (!job.scheduleStart) return null;
  const key = `${job.scheduleStart}|${timeZone}`;
  const cached = wallClocks.get(job);
  if (cached?.key === key) return cached;
  const parts = formatterFor(timeZone).formatToParts(new Date(job.scheduleStart));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  const value = {
    key,
    date: `${get('year')}-${get('month')}-${get('day')}`,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
  };
  wallClocks.set(job, value);
  return value;
}

/** The instant (ISO) of a wall-clock date and minutes in the company's time zone. */
export function instantOf(date: string, minutes: number, timeZone: string): string {
  return zonedDateTimeToInstant(date, clockValue(minutes), timeZone).toISOString();
}

/** The rows a job is drawn in: each of its technicians on the board, or the Unassigned row. */
export function rowsOf(job: BoardJob): string[] {
  return job.technicianIds.length ? job.technicianIds : [UNASSIGNED_ROW];
}

/**
 * The scheduled jobs of the shown days, by row and day: `cells.get(rowId)?.get(date)`, sorted by
 * start. Jobs only of technicians who are not on the board (another office) are left out.
 */
export function jobsByRowAndDay(
  jobs: readonly BoardJob[],
  days: readonly string[],
  timeZone: string,
): Map<string, Map<string, BoardJob[]>> {
  const shown = new Set(days);
  const cells = new Map<string, Map<string, BoardJob[]>>();
  for (const job of jobs) {
    const at = wallClock(job, timeZone);
    if (!at || !shown.has(at.date)) continue;
    for (const row of rowsOf(job)) {
      let byDay = cells.get(row);
      if (!byDay) cells.set(row, (byDay = new Map()));
      const list = byDay.get(at.date);
      if (list) list.push(job);
      else byDay.set(at.date, [job]);
    }
  }
  for (const byDay of cells.values())
    for (const list of byDay.values())
      list.sort((a, b) =>
        a.scheduleStart! < b.scheduleStart! ? -1 : a.scheduleStart! > b.scheduleStart! ? 1 : a.number - b.number,
      );
  return cells;
}

export interface PlacedBlock {
  job: BoardJob;
  leftPx: number;
  widthPx: number;
  /** 0 for the first line of the row; overlapping blocks go to the next free line */
  lane: number;
}

/**
 * The blocks of one row in the day view: placed by wall-clock start and duration (the domain's
 * placeBlock: default 1 hour, at least 80px, cut at midnight), overlapping blocks on separate lines.
 */
export function placeRow(
  jobs: readonly BoardJob[],
  timeZone: string,
  hourWidthPx = HOUR_WIDTH_PX,
): { blocks: PlacedBlock[]; lanes: number } {
  const laneEnds: number[] = [];
  const blocks = jobs.map((job) => {
    const { leftPx, widthPx } = placeBlock({
      start: new Date(job.scheduleStart!),
      durationMinutes: job.scheduleDuration,
      timeZone,
      hourWidthPx,
    });
    let lane = laneEnds.findIndex((end) => end <= leftPx);
    if (lane === -1) lane = laneEnds.push(0) - 1;
    laneEnds[lane] = leftPx + widthPx;
    return { job, leftPx, widthPx, lane };
  });
  return { blocks, lanes: Math.max(1, laneEnds.length) };
}

/** The technician's available hours on the weekday of `date` (minutes), or null when nothing is recorded. */
export function availableIntervals(
  technician: Pick<BoardTechnician, 'availability'>,
  date: string,
): { start: number; end: number }[] | null {
  if (technician.availability.length === 0) return null;
  const day = weekday(date);
  return technician.availability
    .filter((a) => a.dayOfWeek === day && a.isAvailable)
    .map((a) => ({ start: toMinutes(a.startTime), end: toMinutes(a.endTime) }))
    .filter((a) => a.end > a.start)
    .sort((a, b) => a.start - b.start);
}

/** The hours outside the technician's availability on that day (the day view shades them). */
export function unavailableIntervals(
  technician: Pick<BoardTechnician, 'availability'>,
  date: string,
): { start: number; end: number }[] {
  const open = availableIntervals(technician, date);
  if (open === null) return [];
  const gaps: { start: number; end: number }[] = [];
  let cursor = 0;
  for (const a of open) {
    if (a.start > cursor) gaps.push({ start: cursor, end: a.start });
    cursor = Math.max(cursor, a.end);
  }
  if (cursor < 1440) gaps.push({ start: cursor, end: 1440 });
  return gaps;
}

function toMinutes(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/**
 * The technicians after a move between rows, as the server applies it: the technician the block
 * left is replaced by the one it landed on (primary kept); from the Unassigned row or the tray the
 * landing technician is added; to the Unassigned row the technician it left is removed.
 */
export function nextTechnicianIds(
  current: readonly string[],
  from: string | null | undefined,
  to: string | null | undefined,
): string[] {
  if (from === undefined || to === undefined || from === to) return [...current];
  if (from === null) {
    if (to === null || current.includes(to)) return [...current];
    return current.length > 0 ? [...current, to] : [to];
  }
  if (!current.includes(from)) return [...current];
  if (to === null || current.includes(to)) return current.filter((t) => t !== from);
  return current.map((t) => (t === from ? to : t));
}

/** A row id as the move API names it: null for the Unassigned row. */
export const technicianOfRow = (row: string): string | null => (row === UNASSIGNED_ROW ? null : row);

/** Minutes since midnight at x pixels into the day track, snapped to quarter hours and kept inside the day. */
export function minutesAt(x: number, hourWidthPx = HOUR_WIDTH_PX): number {
  const raw = (x / hourWidthPx) * 60;
  const snapped = Math.round(raw / SNAP_MINUTES) * SNAP_MINUTES;
  return Math.min(Math.max(snapped, 0), 24 * 60 - SNAP_MINUTES);
}
