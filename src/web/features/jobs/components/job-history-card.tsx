import {
  formatDurationHm,
  JOB_CHANGE_KINDS,
  JOB_FIELD_LABELS,
  type JobChange,
  type JobChangeValue,
} from '../../../../domain/jobs';
import { formatDate, formatTime } from '../../../lib/format';
import { Badge } from '../../../ui/badge';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { Spinner } from '../../../ui/spinner';
import { useJobHistory } from '../api/jobs-api';
import { CONTACT_TYPE_LABELS, JOB_TEXTS } from '../job-texts';

/** A date and time in the company's zone, with its short name ("3/10/2026 11:00 AM EDT"). */
function when(at: string, timeZone: string): string {
  return `${new Date(at).toLocaleDateString('en-US', { timeZone })} ${formatTime(at, timeZone)}`;
}

/** One value as a person reads it: the name a reference had, dates in US format, times in the company's zone. */
export function changeValueText(change: JobChange, side: 'old' | 'new', timeZone: string): string {
  const value: JobChangeValue = change[side];
  const label = side === 'old' ? change.oldLabel : change.newLabel;
  if (label) return label;
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '(none)';
  switch (JOB_CHANGE_KINDS[change.field]) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'date':
      return formatDate(String(value));
    case 'instant':
      return when(String(value), timeZone);
    case 'minutes':
      return typeof value === 'number' ? formatDurationHm(value) : String(value);
    case 'list':
      return Array.isArray(value) ? value.join(', ') : String(value);
    default:
      if (change.field === 'contactType')
        return CONTACT_TYPE_LABELS[value as keyof typeof CONTACT_TYPE_LABELS] ?? String(value);
      if (change.field === 'status') return String(value).replace(/^./, (c) => c.toUpperCase());
      // A reference whose name could not be read (removed since): say so rather than show an id.
      if (['locationId', 'unitId'].includes(change.field)) return '(removed)';
      return String(value);
  }
}

/** The job's history on its page: who changed which fields when, old → new. */
export function JobHistoryCard({ jobId }: { jobId: string }) {
  const history = useJobHistory(jobId);
  const data = history.data;
  return (
    <Card>
      <CardHeader title="History" />
      <CardBody>
        {history.isPending ? (
          <Spinner label="Loading history..." />
        ) : history.isError || !data ? (
          <p className="text-sm text-red-700">Failed to load the history</p>
        ) : data.items.length === 0 ? (
          <p className="text-sm text-slate-600">{JOB_TEXTS.historyEmpty}</p>
        ) : (
          <ol className="space-y-4" aria-label="Job history">
            {data.items.map((entry) => (
              <li key={entry.id} className="border-l-2 border-slate-200 pl-3 text-sm">
                <p className="text-slate-600">
                  <span className="font-medium text-slate-900">{entry.user?.name ?? 'A removed user'}</span>
                  {' · '}
                  <time dateTime={entry.at}>{when(entry.at, data.timeZone)}</time>
                  {entry.quoteRelevant ? (
                    <>
                      {' '}
                      <Badge tone="amber">Quote details</Badge>
                    </>
                  ) : null}
                </p>
                <dl className="mt-1 space-y-1">
                  {entry.changes.map((change) => (
                    <div key={change.field} className="break-words">
                      <dt className="inline font-medium text-slate-700">{JOB_FIELD_LABELS[change.field]}: </dt>
                      <dd className="inline text-slate-900">
                        <span className="text-slate-600 line-through decoration-slate-400">
                          {changeValueText(change, 'old', data.timeZone)}
                        </span>
                        <span aria-hidden> → </span>
                        <span className="sr-only"> changed to </span>
                        {changeValueText(change, 'new', data.timeZone)}
                      </dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ol>
        )}
        {data && data.total > data.items.length ? (
          <p className="mt-3 text-xs text-slate-600">
            The latest {data.items.length} of {data.total} changes are shown.
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
