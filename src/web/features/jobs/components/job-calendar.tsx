import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { dateInZone, formatDuration } from '../../../../domain/dates';
import { Button } from '../../../ui/button';
import { Card, CardHeader } from '../../../ui/card';
import { cn } from '../../../ui/cn';
import { Spinner } from '../../../ui/spinner';
import { calendarRange, periodTitle, type CalendarView } from './calendar-range';
import { ZoneNote } from '../../../lib/zone-note';

/** What the calendar needs of a job (the list item and the calendar answer both carry it). */
export interface CalendarJob {
  id: string;
  number: number;
  name: string;
  status: string;
  scheduleStart: string | null;
  scheduleDuration: number;
  locationName?: string | null;
  technicians?: readonly { name: string }[];
  timePeriodStart?: string;
  timePeriodDue?: string;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const STATUS_STYLE: Record<string, string> = {
  scheduled: 'border-blue-200 bg-blue-50 text-blue-800 hover:bg-blue-100',
  completed: 'border-green-200 bg-green-50 text-green-800 hover:bg-green-100',
  cancelled: 'border-slate-200 bg-slate-100 text-slate-700 line-through hover:bg-slate-200',
  unscheduled: 'border-amber-200 bg-amber-50 text-amber-900 hover:bg-amber-100',
};

const timeOf = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone });
const dayLabel = (isoDate: string) =>
  new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Groups scheduled jobs by their calendar day in the company's time zone, each day in time order. */
export function jobsByDay<J extends CalendarJob>(jobs: readonly J[], timeZone: string): Map<string, J[]> {
  const days = new Map<string, J[]>();
  const sorted = jobs.filter((j) => j.scheduleStart).sort((a, b) => a.scheduleStart!.localeCompare(b.scheduleStart!));
  for (const job of sorted) {
    const day = dateInZone(new Date(job.scheduleStart!), timeZone);
    const list = days.get(day);
    if (list) list.push(job);
    else days.set(day, [job]);
  }
  return days;
}

function JobChip({ job, timeZone, detailed }: { job: CalendarJob; timeZone: string; detailed?: boolean }) {
  const time = job.scheduleStart ? timeOf(job.scheduleStart, timeZone) : '';
  return (
    <Link
      to={`/jobs/${job.id}`}
      data-testid="calendar-job"
      className={cn(
        'block rounded border px-1.5 py-1 text-xs leading-tight focus-visible:outline-2 focus-visible:outline-blue-600',
        STATUS_STYLE[job.status] ?? STATUS_STYLE.scheduled,
      )}
      aria-label={`Job #${job.number} ${job.name}${time ? `, ${time}` : ''}, ${job.status}`}
    >
      <span className="font-semibold tabular-nums">{time}</span> <span className="font-mono">#{job.number}</span>
      <span className={cn('block', detailed ? '' : 'truncate')}>{job.name}</span>
      {detailed ? (
        <span className="mt-0.5 block text-[11px] opacity-90">
          {formatDuration(job.scheduleDuration)} h{job.locationName ? ` · ${job.locationName}` : ''}
          {job.technicians?.length ? ` · ${job.technicians.map((t) => t.name).join(', ')}` : ''}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * How many jobs a day shows before "+N more": 3 in a month cell ("+N more" opens that week), 10 in
 * a week column ("+N more" opens the jobs list of that schedule day). The server sends only these
 * (perDay) and every day's total, so a busy month is a few hundred jobs, not thousands.
 */
export const calendarCellLimit = (view: CalendarView): number => (view === 'month' ? 3 : 10);

/**
 * The jobs calendar: a month (weeks from Sunday) or a week of scheduled jobs, placed on their day
 * in the company's time zone; each job opens on click. Beside it, the period's unscheduled jobs.
 */
export function JobCalendar({
  view,
  anchor,
  today,
  timeZone,
  scheduled,
  dayTotals,
  unscheduled,
  unscheduledTotal,
  loading,
  onView,
  onAnchor,
  onPrevious,
  onNext,
}: {
  view: CalendarView;
  anchor: string;
  today: string;
  timeZone: string;
  scheduled: readonly CalendarJob[] | undefined;
  /** each day's number of scheduled jobs, when `scheduled` holds only the first of them */
  dayTotals?: readonly { day: string; total: number }[];
  unscheduled: readonly CalendarJob[] | undefined;
  unscheduledTotal?: number;
  loading: boolean;
  onView: (view: CalendarView) => void;
  onAnchor: (anchor: string) => void;
  onPrevious: () => void;
  onNext: () => void;
}) {
  const range = calendarRange(view, anchor);
  const byDay = jobsByDay(scheduled ?? [], timeZone);
  const totals = new Map((dayTotals ?? []).map((d) => [d.day, d.total]));
  const limit = calendarCellLimit(view);
  const month = anchor.slice(0, 7);
  const title = periodTitle(view, anchor);

  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_18rem]">
      <Card aria-busy={loading}>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-4 py-3">
          <div className="flex items-center gap-1">
            <Button
              variant="secondary"
              size="sm"
              onClick={onPrevious}
              aria-label={view === 'month' ? 'Previous month' : 'Previous week'}
            >
              <ChevronLeft className="h-4 w-4" aria-hidden />
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onAnchor(today)}>
              Today
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={onNext}
              aria-label={view === 'month' ? 'Next month' : 'Next week'}
            >
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
            <h2 className="ml-2 text-base font-semibold text-slate-900" aria-live="polite" data-testid="calendar-title">
              {title}
            </h2>
            <span className="ml-2">
              <ZoneNote timeZone={timeZone} />
            </span>
          </div>
          <div
            role="group"
            aria-label="Calendar period"
            className="inline-flex rounded-md border border-slate-300 p-0.5"
          >
            {(['month', 'week'] as const).map((v) => (
              <button
                key={v}
                type="button"
                aria-pressed={view === v}
                onClick={() => onView(v)}
                className={cn(
                  'rounded px-3 py-1 text-sm font-medium',
                  view === v ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                )}
              >
                {v === 'month' ? 'Month' : 'Week'}
              </button>
            ))}
          </div>
        </div>
        {loading && !scheduled ? <Spinner label="Loading calendar..." /> : null}
        <table className="w-full table-fixed border-collapse" aria-label={`Scheduled jobs, ${title}`}>
          <thead>
            <tr>
              {WEEKDAYS.map((d, i) => (
                <th
                  key={d}
                  scope="col"
                  className="border-b border-slate-200 px-1 py-2 text-center text-xs font-semibold tracking-wide text-slate-600 uppercase"
                >
                  <span className="hidden lg:inline">{d}</span>
                  <span className="lg:hidden" aria-hidden>
                    {d.slice(0, 3)}
                  </span>
                  <span className="sr-only lg:hidden">{d}</span>
                  {view === 'week' ? (
                    <span className="block text-sm font-semibold tracking-normal text-slate-900 normal-case">
                      {Number(range.weeks[0]![i]!.slice(8))}
                    </span>
                  ) : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {range.weeks.map((week) => (
              <tr key={week[0]}>
                {week.map((day) => {
                  const jobs = byDay.get(day) ?? [];
                  const outside = view === 'month' && day.slice(0, 7) !== month;
                  const shown = jobs.slice(0, limit);
                  const more = Math.max(totals.get(day) ?? jobs.length, jobs.length) - shown.length;
                  return (
                    <td
                      key={day}
                      data-date={day}
                      className={cn(
                        'border border-slate-200 p-1 align-top',
                        view === 'month' ? 'h-28' : 'h-72',
                        outside ? 'bg-slate-50' : 'bg-white',
                        day === today ? 'ring-2 ring-blue-500 ring-inset' : '',
                      )}
                    >
                      {view === 'month' ? (
                        <span
                          className={cn(
                            'mb-1 block text-right text-xs font-medium',
                            outside ? 'text-slate-500' : 'text-slate-700',
                          )}
                        >
                          <span className="sr-only">{dayLabel(day)}</span>
                          <span aria-hidden>{Number(day.slice(8))}</span>
                        </span>
                      ) : (
                        <span className="sr-only">{dayLabel(day)}</span>
                      )}
                      <ul className="space-y-1">
                        {shown.map((job) => (
                          <li key={job.id}>
                            <JobChip job={job} timeZone={timeZone} detailed={view === 'week'} />
                          </li>
                        ))}
                      </ul>
                      {more > 0 && view === 'month' ? (
                        <button
                          type="button"
                          className="mt-1 text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                          onClick={() => {
                            onAnchor(day);
                            onView('week');
                          }}
                          aria-label={`${more} more jobs on ${dayLabel(day)}: show the week`}
                        >
                          +{more} more
                        </button>
                      ) : null}
                      {more > 0 && view === 'week' ? (
                        <Link
                          to={`/jobs?dateField=schedule&from=${day}&to=${day}&sort=schedule&dir=asc`}
                          className="mt-1 block text-xs font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                          aria-label={`${more} more jobs on ${dayLabel(day)}: show them in the jobs list`}
                        >
                          +{more} more
                        </Link>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <Card className="self-start">
        <CardHeader
          title="Unscheduled"
          actions={<span className="text-sm text-slate-600">{unscheduledTotal ?? unscheduled?.length ?? 0}</span>}
        />
        <div className="max-h-[36rem] overflow-y-auto p-3">
          {!unscheduled ? (
            <Spinner />
          ) : unscheduled.length === 0 ? (
            <p className="py-4 text-center text-sm text-slate-500">No unscheduled jobs in this period</p>
          ) : (
            <ul className="space-y-2" aria-label="Unscheduled jobs in this period">
              {unscheduled.map((job) => (
                <li key={job.id}>
                  <Link
                    to={`/jobs/${job.id}`}
                    className="block rounded-md border border-amber-200 bg-amber-50 px-2 py-1.5 text-sm hover:bg-amber-100"
                    data-testid="calendar-unscheduled-job"
                  >
                    <span className="font-mono text-xs font-semibold text-amber-900">#{job.number}</span>{' '}
                    <span className="font-medium text-slate-900">{job.name}</span>
                    {job.timePeriodStart && job.timePeriodDue ? (
                      <span className="block text-xs text-slate-600">
                        {formatPeriod(job.timePeriodStart, job.timePeriodDue)}
                        {job.locationName ? ` · ${job.locationName}` : ''}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
              {unscheduledTotal !== undefined && unscheduledTotal > unscheduled.length ? (
                <li className="text-xs text-slate-500">
                  Showing {unscheduled.length} of {unscheduledTotal}
                </li>
              ) : null}
            </ul>
          )}
        </div>
      </Card>
    </div>
  );
}

function formatPeriod(start: string, due: string): string {
  const d = (iso: string) => `${Number(iso.slice(5, 7))}/${Number(iso.slice(8))}`;
  return start === due ? `Due ${d(due)}` : `${d(start)} – ${d(due)}`;
}
