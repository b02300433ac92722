import { Download, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { OutboxMessage } from '../../../domain/quote-outbox';
import { errorMessage } from '../../lib/api-client';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { DetailScreen, validId } from '../../ui/detail-screen';
import { PageHeader } from '../../ui/page-header';
import { Tabs } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { useOutboxMessage, useRetryOutboxMessage } from './api/outbox-api';
import { OutboxStatusBadge } from './components/outbox-status-badge';
import { OUTBOX_TEXTS } from './outbox-texts';
import { useFormatDateTime } from '../../lib/company';

const BACK = { to: '/settings/outbox', label: 'Back to Outbox' };

/** One outbox message as sent: its headers, the HTML and text bodies, the attachments; Retry when it failed. */
export default function OutboxMessagePage() {
  const { id } = useParams();
  const message = useOutboxMessage(validId(id));
  return (
    <DetailScreen
      id={id}
      query={message}
      invalidMessage={OUTBOX_TEXTS.invalidId}
      notFoundMessage={OUTBOX_TEXTS.notFound}
      errorMessage={OUTBOX_TEXTS.messageLoadFailed}
      loadingLabel="Loading message..."
      back={BACK}
    >
      {(m) => <MessageView message={m} />}
    </DetailScreen>
  );
}

function formatBytes(size: number | null): string {
  if (size === null) return 'missing';
  return size >= 1024 * 1024 ? `${(size / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(size / 1024))} KB`;
}

function MessageView({ message }: { message: OutboxMessage }) {
  const formatDateTime = useFormatDateTime();
  const retry = useRetryOutboxMessage();
  const [banner, setBanner] = useState<string | null>(null);
  const [view, setView] = useState<'html' | 'text'>(message.html ? 'html' : 'text');

  const facts: [string, React.ReactNode][] = [
    ['To', message.to],
    ['Reply-To', message.replyTo ?? 'The sender'],
    ['Status', <OutboxStatusBadge key="s" status={message.status} />],
    ['Attempts', message.attempts],
    ['Created', formatDateTime(message.createdAt)],
    ['Sent', message.sentAt ? formatDateTime(message.sentAt) : 'Not yet'],
  ];
  if (message.status === 'pending' && message.nextAttemptAt)
    facts.push(['Next attempt', formatDateTime(message.nextAttemptAt)]);
  if (message.lastError)
    facts.push([
      'Last error',
      <span key="e" className="break-words text-red-800">
        {message.lastError}
      </span>,
    ]);

  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title={message.subject}
        subtitle={`E-mail to ${message.to}`}
        back={BACK}
        actions={
          message.status === 'failed' ? (
            <Button
              disabled={retry.isPending}
              onClick={async () => {
                setBanner(null);
                try {
                  await retry.mutateAsync(message.id);
                  toast.success(OUTBOX_TEXTS.retried);
                } catch (error) {
                  setBanner(errorMessage(error, OUTBOX_TEXTS.retryFailed));
                }
              }}
            >
              <RotateCw className="h-4 w-4" aria-hidden /> {retry.isPending ? 'Retrying...' : 'Retry'}
            </Button>
          ) : null
        }
      />
      {banner ? <ErrorBanner className="mb-4" message={banner} /> : null}
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="grid content-start gap-6 md:grid-cols-2 lg:grid-cols-1">
          <Card>
            <CardHeader title="Delivery" />
            <CardBody>
              <dl className="space-y-2 text-sm">
                {facts.map(([label, value]) => (
                  <div key={label}>
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="break-all text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Attachments" />
            <CardBody>
              {message.attachments.length === 0 ? (
                <p className="text-sm text-slate-600">No attachments</p>
              ) : (
                <ul className="space-y-2 text-sm">
                  {message.attachments.map((a) => (
                    <li key={a.index}>
                      <a
                        href={a.url}
                        download={a.fileName}
                        className="inline-flex items-start gap-1.5 font-medium break-all text-blue-700 hover:underline"
                      >
                        <Download className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                        <span>
                          {a.fileName} <span className="font-normal text-slate-600">({formatBytes(a.size)})</span>
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </CardBody>
          </Card>
        </div>
        <Card>
          <CardHeader title="Message" />
          <CardBody className="space-y-3">
            {message.html ? (
              <Tabs
                label="Message format"
                value={view}
                onChange={setView}
                tabs={[
                  { value: 'html', label: 'As sent (HTML)' },
                  { value: 'text', label: 'Plain text' },
                ]}
              />
            ) : null}
            <div
              role={message.html ? 'tabpanel' : undefined}
              aria-label={message.html ? (view === 'html' ? 'HTML' : 'Plain text') : undefined}
            >
              {view === 'html' && message.html ? (
                <iframe
                  title="Message as sent"
                  referrerPolicy="no-referrer"
                  srcDoc={message.html}
                  className="h-[640px] w-full rounded border border-slate-200 bg-slate-100"
                />
              ) : (
                <pre className="max-h-[640px] overflow-auto rounded border border-slate-200 bg-slate-50 p-4 font-sans text-sm break-words whitespace-pre-wrap text-slate-900">
                  {message.text}
                </pre>
              )}
            </div>
          </CardBody>
        </Card>
      </div>
    </div>
  );
}
