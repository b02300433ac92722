import { ChevronRight, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { addDays, dateInZone, formatDateTimeInZone, formatTimeInZone } from '../../../domain/dates';
import type { FieldJob } from '../../../domain/field';
import { Badge } from '../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Spinner } from '../../ui/spinner';
import { useFieldBundle, useFieldQueueSync } from './api/field-api';
import { QueueStatus } from './components/queue-status';
import { dayHeading, FIELD_TEXTS, mapsUrl, telUrl } from './field-texts';

const STATUS_TONE = { completed: 'green', scheduled: 'blue', cancelled: 'red' } as const;

function JobCard({ job, timeZone }: { job: FieldJob; timeZone: string }) {
  const address = [job.location.address, job.location.city, `${job.location.state} ${job.location.zip}`];
  const done = job.checklist.filter((c) => c.done).length;
  return (
    <li>
      <article aria-labelledby={`job-${job.id}`} className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="space-y-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <p className="text-lg font-semibold text-slate-900">
              {job.scheduleStart ? formatTimeInZone(job.scheduleStart, timeZone) : 'Any time'}
            </p>
            <Badge tone={STATUS_TONE[job.status as keyof typeof STATUS_TONE] ?? 'gray'}>{job.status}</Badge>
          </div>
          <h3 id={`job-${job.id}`} className="text-base font-semibold text-slate-900">
            #{job.number} {job.name}
          </h3>
          <p className="text-sm text-slate-700">
            {job.companyName} · {job.location.name}
            {job.unit ? ` · Unit ${job.unit.unitNumber}` : ''}
          </p>
          <p className="line-clamp-2 text-sm text-slate-700">{job.description}</p>
          <p className="text-sm text-slate-700">
            Checklist: {done} of {job.checklist.length} done
          </p>
        </div>
        <div className="grid grid-cols-2 border-t border-slate-200">
          <a
            href={mapsUrl(address)}
            target="_blank"
            rel="noreferrer"
            className="flex min-h-12 items-center justify-center gap-2 px-3 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
          >
            <MapPin className="h-5 w-5 shrink-0" aria-hidden />
            <span className="truncate">
              <span className="sr-only">Directions to </span>
              {job.location.address}
            </span>
          </a>
          {job.contactPhone ? (
            <a
              href={telUrl(job.contactPhone)}
              className="flex min-h-12 items-center justify-center gap-2 border-l border-slate-200 px-3 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600"
            >
              <Phone className="h-5 w-5 shrink-0" aria-hidden />
              <span className="truncate">Call {job.contactName ?? job.contactPhone}</span>
            </a>
          ) : (
            <span className="flex min-h-12 items-center justify-center border-l border-slate-200 px-3 text-sm text-slate-600">
              No contact phone
            </span>
          )}
        </div>
        <Link
          to={`/field/jobs/${job.id}`}
          className="flex min-h-14 items-center justify-between rounded-b-xl border-t border-slate-200 bg-blue-600 px-4 text-base font-semibold text-white hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        >
          Open job #{job.number}
          <ChevronRight className="h-5 w-5" aria-hidden />
        </Link>
      </article>
    </li>
  );
}

/**
 * /field, My Day (issue 30): the signed-in technician's jobs of today and the next days, in
 * schedule order, grouped by day; a phone screen first (one column, 48 px and larger touch
 * targets). Read from the bundle, which is kept on the phone for reading without a connection.
 */
export default function MyDayPage() {
  useFieldQueueSync();
  const query = useFieldBundle();

  if (query.isPending) return <Spinner label="Loading your jobs..." />;
  if (query.isError) return <ErrorBanner message={FIELD_TEXTS.loadFailed} />;
  const { bundle, fromCache } = query.data;
  const tomorrow = addDays(bundle.today, 1);
  const days = new Map<string, FieldJob[]>();
  for (const job of bundle.jobs) {
    const day = job.scheduleStart ? dateInZone(new Date(job.scheduleStart), bundle.timeZone) : bundle.today;
    days.set(day, [...(days.get(day) ?? []), job]);
  }

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{FIELD_TEXTS.myDay}</h1>
        <p className="text-sm text-slate-600">{dayHeading(bundle.today, bundle.today, tomorrow)} and the next days</p>
      </div>
      <QueueStatus />
      {fromCache ? (
        <InfoBanner>{FIELD_TEXTS.offlineCopy(formatDateTimeInZone(bundle.generatedAt, bundle.timeZone))}</InfoBanner>
      ) : null}
      {bundle.jobs.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-center text-slate-700">
          {FIELD_TEXTS.noJobs(bundle.days)}
        </p>
      ) : (
        [...days].map(([day, jobs]) => (
          <section key={day} aria-labelledby={`day-${day}`} className="space-y-3">
            <h2 id={`day-${day}`} className="text-lg font-semibold text-slate-900">
              {dayHeading(day, bundle.today, tomorrow)}
            </h2>
            <ul className="space-y-3">
              {jobs.map((job) => (
                <JobCard key={job.id} job={job} timeZone={bundle.timeZone} />
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
