import * as Popover from '@radix-ui/react-popover';
import { CalendarDays, ChevronLeft, ChevronRight, Filter, X } from 'lucide-react';
import { Link } from 'react-router';
import { addDays, formatDuration } from '../../../../domain/dates';
import type { HomeOptions } from '../../../../domain/home';
import { formatDateLong, formatTime } from '../../../lib/format';
import { ErrorBanner } from '../../../ui/banner';
import { Badge } from '../../../ui/badge';
import { Button, buttonClass } from '../../../ui/button';
import { Card, CardHeader } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useDailySchedule } from '../api/home-queries';

const STATUS_TONE = { scheduled: 'blue', unscheduled: 'amber', completed: 'green', cancelled: 'red' } as const;

/** The Daily Schedule card: the chosen day's scheduled jobs; Add Filter narrows by technician. */
export function DailyScheduleCard({
  date,
  technicianId,
  technicians,
  onDate,
  onTechnician,
}: {
  date: string;
  technicianId: string | undefined;
  technicians: HomeOptions['technicians'];
  onDate: (date: string) => void;
  onTechnician: (id: string | undefined) => void;
}) {
  const schedule = useDailySchedule(date, technicianId);
  const technician = technicians.find((t) => t.id === technicianId);

  return (
    <Card>
      <CardHeader
        title="Daily Schedule"
        actions={
          <>
            <Button variant="ghost" size="sm" aria-label="Previous day" onClick={() => onDate(addDays(date, -1))}>
              <ChevronLeft className="h-4 w-4" />
            </Button>
            <label className={buttonClass('secondary', 'sm', 'relative')}>
              <CalendarDays className="h-4 w-4" aria-hidden />
              <span>{formatDateLong(date)}</span>
              <input
                type="date"
                aria-label="Schedule date"
                className="absolute inset-0 cursor-pointer opacity-0"
                value={date}
                onChange={(e) => e.target.value && onDate(e.target.value)}
              />
            </label>
            <Button variant="ghost" size="sm" aria-label="Next day" onClick={() => onDate(addDays(date, 1))}>
              <ChevronRight className="h-4 w-4" />
            </Button>
            <Popover.Root>
              <Popover.Trigger className={buttonClass('secondary', 'sm')}>
                <Filter className="h-4 w-4" aria-hidden /> Add Filter
              </Popover.Trigger>
              <Popover.Portal>
                <Popover.Content
                  align="end"
                  sideOffset={6}
                  className="z-30 w-64 rounded-md border border-slate-200 bg-white p-2 shadow-lg"
                >
                  <p className="px-2 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">Technician</p>
                  {technicians.length === 0 ? (
                    <p className="px-2 py-1 text-sm text-slate-500">No technicians found</p>
                  ) : null}
                  {technicians.map((t) => (
                    <Popover.Close key={t.id} asChild>
                      <button
                        type="button"
                        className="block w-full rounded px-2 py-1.5 text-left text-sm hover:bg-slate-100"
                        onClick={() => onTechnician(t.id)}
                      >
                        {t.name}
                      </button>
                    </Popover.Close>
                  ))}
                </Popover.Content>
              </Popover.Portal>
            </Popover.Root>
          </>
        }
      />
      {technician ? (
        <div className="border-b border-slate-100 px-4 py-2">
          <span className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-700">
            Technician: {technician.name}
            <button type="button" aria-label="Remove technician filter" onClick={() => onTechnician(undefined)}>
              <X className="h-3 w-3" />
            </button>
          </span>
        </div>
      ) : null}
      {/* A fixed height, scrolling inside: the counts below do not move when the day's jobs arrive (decision 042). */}
      <div className="h-72 overflow-y-auto p-4">
        {schedule.isError ? (
          <ErrorBanner message="Failed to load the schedule. Please try again." />
        ) : schedule.isPending ? (
          <Spinner />
        ) : schedule.data.jobs.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">No data to display. Try a wider filter set!</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {schedule.data.jobs.map((job) => (
              <li key={job.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5">
                <span className="w-28 shrink-0 text-sm text-slate-600 tabular-nums">
                  {formatTime(job.scheduleStart, schedule.data.timeZone)}
                </span>
                <div className="min-w-0 flex-1">
                  <Link to={`/jobs/${job.id}`} className="text-sm font-medium text-blue-700 hover:underline">
                    #{job.number} {job.name}
                  </Link>
                  <p className="text-xs text-slate-500">
                    {job.locationName ?? 'No location'}
                    {job.unitNumber ? ` · Unit ${job.unitNumber}` : ''} · {formatDuration(job.scheduleDuration)} h
                  </p>
                </div>
                <span className="text-xs text-slate-600">
                  {job.technicians.length ? job.technicians.join(', ') : 'Unassigned'}
                </span>
                <Badge tone={STATUS_TONE[job.status]}>{job.status}</Badge>
              </li>
            ))}
            {schedule.data.total > schedule.data.jobs.length ? (
              <li className="pt-2 text-xs text-slate-500">
                Showing {schedule.data.jobs.length} of {schedule.data.total} jobs
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </Card>
  );
}
