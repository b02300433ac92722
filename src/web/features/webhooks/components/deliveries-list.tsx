import { RotateCw } from 'lucide-react';
import type { WebhookDelivery } from '../../../../domain/webhooks';
import { useFormatDateTime } from '../../../lib/company';
import { Button } from '../../../ui/button';
import { DeliveryStatusBadge } from './delivery-status-badge';
import { eventLabel, WEBHOOK_TEXTS } from '../webhooks-texts';

/**
 * The endpoint's latest deliveries, newest first; each shows its event, webhook-id, state and every
 * attempt (time, status code, duration, error, the start of the answer), and offers Replay once it
 * was delivered or failed.
 */
export function DeliveriesList({
  deliveries,
  canReplay,
  replaying,
  onReplay,
}: {
  deliveries: WebhookDelivery[];
  canReplay: boolean;
  replaying: boolean;
  onReplay: (delivery: WebhookDelivery) => void;
}) {
  const formatDateTime = useFormatDateTime();
  if (deliveries.length === 0) return <p className="text-sm text-slate-600">{WEBHOOK_TEXTS.noDeliveries}</p>;
  return (
    <ol className="space-y-4" aria-label="Deliveries">
      {deliveries.map((d) => {
        const replayable = canReplay && (d.status === 'delivered' || d.status === 'failed');
        return (
          <li
            key={d.id}
            className="rounded-md border border-slate-200 p-3"
            data-testid={`webhook-delivery-${d.id}`}
            aria-label={`${eventLabel(d.eventType)} delivery`}
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                  {eventLabel(d.eventType)} <code className="text-xs text-slate-600">{d.eventType}</code>
                  <DeliveryStatusBadge status={d.status} />
                  {d.replayOf ? <span className="text-xs text-slate-600">(replay)</span> : null}
                </p>
                <p className="mt-1 text-xs break-all text-slate-600">
                  webhook-id <code>{d.webhookId}</code> · event {formatDateTime(d.eventAt)}
                  {d.deliveredAt ? ` · delivered ${formatDateTime(d.deliveredAt)}` : ''}
                  {d.nextAttemptAt && d.attempts > 0 ? ` · next attempt ${formatDateTime(d.nextAttemptAt)}` : ''}
                </p>
              </div>
              {replayable ? (
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={replaying}
                  onClick={() => onReplay(d)}
                  aria-label={`Replay ${eventLabel(d.eventType)} delivery ${d.webhookId}`}
                >
                  <RotateCw className="h-3.5 w-3.5" aria-hidden /> Replay
                </Button>
              ) : null}
            </div>
            {d.attemptList.length === 0 ? (
              <p className="mt-2 text-xs text-slate-600">{WEBHOOK_TEXTS.noAttempts}</p>
            ) : (
              <table className="mt-2 w-full text-xs">
                <caption className="sr-only">Attempts of this delivery</caption>
                <thead>
                  <tr className="border-b border-slate-200 text-left text-slate-600">
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      #
                    </th>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      Time
                    </th>
                    <th scope="col" className="py-1 pr-2 font-semibold">
                      Status
                    </th>
                    <th scope="col" className="py-1 pr-2 text-right font-semibold">
                      Duration
                    </th>
                    <th scope="col" className="py-1 font-semibold">
                      Error / Response
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {d.attemptList.map((a) => (
                    <tr key={a.id} className="border-b border-slate-100 align-top">
                      <td className="py-1 pr-2 tabular-nums">{a.attempt}</td>
                      <td className="py-1 pr-2 whitespace-nowrap">{formatDateTime(a.attemptedAt)}</td>
                      <td className="py-1 pr-2 tabular-nums">{a.statusCode ?? 'No answer'}</td>
                      <td className="py-1 pr-2 text-right tabular-nums">{a.durationMs} ms</td>
                      <td className="py-1 break-all">
                        {a.error ? <span className="block text-red-800">{a.error}</span> : null}
                        {a.responseExcerpt ? <code className="block text-slate-700">{a.responseExcerpt}</code> : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <details className="mt-2 text-xs">
              <summary className="cursor-pointer text-slate-700">Payload</summary>
              <pre className="mt-1 overflow-x-auto rounded bg-slate-50 p-2 whitespace-pre-wrap text-slate-800">
                {prettyJson(d.payload)}
              </pre>
            </details>
          </li>
        );
      })}
    </ol>
  );
}

function prettyJson(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
