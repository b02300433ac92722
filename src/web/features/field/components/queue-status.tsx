import { CheckCircle2, CloudOff, Loader2 } from 'lucide-react';
import { discardChange, flushQueue, retryChange, useFieldQueue } from '../../../lib/field-queue';
import { Button } from '../../../ui/button';
import { FIELD_TEXTS } from '../field-texts';

/**
 * What waits to be sent, always on screen (issue 30): "All changes sent", or how many changes wait
 * (with Send now), and each refused change with the server's reason, Retry and Discard.
 * `jobId` shows only that job's changes in the list (the count stays the whole queue's).
 */
export function QueueStatus({ jobId }: { jobId?: string }) {
  const queue = useFieldQueue();
  const waiting = queue.items.filter((c) => !c.refused);
  const refused = queue.items.filter((c) => c.refused && (!jobId || c.jobId === jobId));
  const listed = jobId ? waiting.filter((c) => c.jobId === jobId) : [];
  return (
    <section aria-label="Changes waiting to send" className="space-y-2">
      <div
        role="status"
        className={
          waiting.length
            ? 'flex items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900'
            : 'flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900'
        }
      >
        {waiting.length ? (
          <>
            <span className="flex items-center gap-2 font-medium">
              {queue.sending ? (
                <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
              ) : (
                <CloudOff className="h-5 w-5" aria-hidden />
              )}
              {FIELD_TEXTS.waiting(waiting.length)}
            </span>
            <Button variant="secondary" className="min-h-12" onClick={() => void flushQueue()} disabled={queue.sending}>
              {FIELD_TEXTS.sendNow}
            </Button>
          </>
        ) : (
          <span className="flex items-center gap-2 font-medium">
            <CheckCircle2 className="h-5 w-5" aria-hidden />
            {FIELD_TEXTS.allSent}
          </span>
        )}
      </div>
      {queue.offline && waiting.length ? <p className="text-sm text-slate-700">{FIELD_TEXTS.offline}</p> : null}
      {listed.length ? (
        <ul className="space-y-1 text-sm text-slate-700" aria-label="Waiting to send">
          {listed.map((c) => (
            <li key={c.seq} className="rounded border border-slate-200 bg-white px-3 py-2">
              {c.label} <span className="text-slate-600">(waiting to send)</span>
            </li>
          ))}
        </ul>
      ) : null}
      {refused.length ? (
        <div className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900" role="alert">
          <p className="font-medium">{FIELD_TEXTS.refused(refused.length)}</p>
          <ul className="mt-2 space-y-2">
            {refused.map((c) => (
              <li key={c.seq} className="space-y-1">
                <p>
                  <span className="font-medium">{c.label}:</span> {c.refused}
                </p>
                <div className="flex gap-2">
                  <Button variant="secondary" className="min-h-12 min-w-24" onClick={() => void retryChange(c.seq!)}>
                    Retry
                  </Button>
                  <Button variant="ghost" className="min-h-12 min-w-24" onClick={() => void discardChange(c.seq!)}>
                    Discard
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
