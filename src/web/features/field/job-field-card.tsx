import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDuration, formatDateTimeInZone } from '../../../domain/dates';
import { errorMessage } from '../../lib/api-client';
import { invalidateJob } from '../../lib/query-keys';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Spinner } from '../../ui/spinner';
import { resolveConflict, useJobFieldWork } from './api/field-api';
import { FIELD_TEXTS, TIME_EVENT_LABELS } from './field-texts';

/**
 * The job page's Field Work card (issue 30): each technician's timesheet per day, the time events
 * (the phone's time, and when the server got it), their notes, the customer's signatures, and the
 * conflicts between a technician's change and the office's, which the office settles here. It
 * reads every 10 seconds and refreshes the whole job page when a technician's change lands.
 */
export function JobFieldCard({ jobId }: { jobId: string }) {
  const query = useJobFieldWork(jobId);
  const client = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (query.isPending)
    return (
      <Card>
        <CardHeader title="Field Work" />
        <CardBody>
          <Spinner label="Loading field work..." />
        </CardBody>
      </Card>
    );
  if (query.isError)
    return (
      <Card>
        <CardHeader title="Field Work" />
        <CardBody>
          <ErrorBanner message="Failed to load the field work" />
        </CardBody>
      </Card>
    );
  const work = query.data;
  const zone = work.timeZone;
  const open = work.conflicts.filter((c) => c.resolvedAt === null);
  const settle = async (id: string, keep: 'office' | 'field') => {
    setBusy(true);
    setError(null);
    try {
      await resolveConflict(id, keep);
      await invalidateJob(client, jobId);
    } catch (caught) {
      setError(errorMessage(caught, 'Failed to settle the conflict'));
    } finally {
      setBusy(false);
    }
  };
  const empty =
    work.events.length === 0 &&
    work.notes.length === 0 &&
    work.signatures.length === 0 &&
    work.photos.length === 0 &&
    work.conflicts.length === 0;

  return (
    <Card>
      <CardHeader title="Field Work" />
      <CardBody className="space-y-5">
        <ErrorBanner message={error} />
        {empty ? <p className="text-sm text-slate-600">No field work recorded yet.</p> : null}
        {open.length ? (
          <div
            className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
            aria-label="Conflicts"
            role="group"
          >
            <p className="text-sm font-medium text-amber-950">{FIELD_TEXTS.officeConflictIntro}</p>
            <ul className="space-y-2">
              {open.map((c) => (
                <li key={c.id} className="text-sm text-slate-900">
                  <p>
                    <span className="font-medium">{c.label}</span> ({c.userName}): office “{c.office ?? 'empty'}”,
                    technician “{c.technician ?? 'empty'}”
                  </p>
                  <div className="mt-1 flex flex-wrap gap-2">
                    <Button size="sm" variant="secondary" disabled={busy} onClick={() => void settle(c.id, 'office')}>
                      Keep office value
                    </Button>
                    <Button size="sm" disabled={busy} onClick={() => void settle(c.id, 'field')}>
                      Use technician’s value
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {work.timesheet.length ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="mb-1 text-left font-medium text-slate-900">Timesheet</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Technician
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    Travel
                  </th>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    On site
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Work
                  </th>
                </tr>
              </thead>
              <tbody className="text-slate-900">
                {work.timesheet.map((d) => (
                  <tr key={`${d.date}-${d.userId}`} className="border-t border-slate-100">
                    <td className="py-1 pr-3">{d.date}</td>
                    <td className="py-1 pr-3">{d.userName}</td>
                    <td className="py-1 pr-3">{formatDuration(d.travelMinutes)}</td>
                    <td className="py-1 pr-3">{formatDuration(d.onSiteMinutes)}</td>
                    <td className="py-1">{formatDuration(d.workMinutes)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {work.events.length ? (
          <div>
            <h3 className="text-sm font-medium text-slate-900">Times</h3>
            <ul className="mt-1 space-y-1 text-sm text-slate-800" aria-label="Time events">
              {work.events.map((e) => (
                <li key={e.id}>
                  {TIME_EVENT_LABELS[e.kind]}: {formatDateTimeInZone(e.deviceAt, zone)} by {e.userName}
                  <span className="text-slate-600"> (received {formatDateTimeInZone(e.serverAt, zone)})</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {work.notes.length ? (
          <div>
            <h3 className="text-sm font-medium text-slate-900">Technician notes</h3>
            <ul className="mt-1 space-y-2 text-sm" aria-label="Technician notes">
              {work.notes.map((n) => (
                <li key={n.id} className="rounded bg-slate-50 px-3 py-2">
                  <p className="whitespace-pre-wrap text-slate-900">{n.body}</p>
                  <p className="text-xs text-slate-600">
                    {n.userName}, {formatDateTimeInZone(n.deviceAt, zone)}
                  </p>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {work.photos.length ? (
          <div>
            <h3 className="text-sm font-medium text-slate-900">Photos from the field</h3>
            <ul className="mt-1 flex flex-wrap gap-2" aria-label="Field photos">
              {work.photos.map((p, i) => (
                <li key={p.id}>
                  <a href={`/api/jobs/${jobId}/field/photos/${p.id}`} target="_blank" rel="noreferrer">
                    <img
                      src={`/api/jobs/${jobId}/field/photos/${p.id}`}
                      alt={`Field photo ${i + 1} by ${p.userName}, ${formatDateTimeInZone(p.deviceAt, zone)}`}
                      className="h-20 w-20 rounded border border-slate-200 object-cover"
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {work.signatures.length ? (
          <div>
            <h3 className="text-sm font-medium text-slate-900">Customer sign-off</h3>
            <ul className="mt-1 space-y-2 text-sm text-slate-800">
              {work.signatures.map((s) => (
                <li key={s.id}>
                  Signed by {s.signerName}, {formatDateTimeInZone(s.deviceAt, zone)} (technician {s.userName})
                  {s.hasImage ? (
                    <img
                      src={`/api/jobs/${jobId}/field/signatures/${s.id}`}
                      alt={`Signature of ${s.signerName}`}
                      className="mt-1 h-20 rounded border border-slate-200 bg-white"
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardBody>
    </Card>
  );
}
