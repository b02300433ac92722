import { Paperclip, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { OUTBOX_STATUSES, outboxListQuery, type OutboxSummary } from '../../../domain/quote-outbox';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useSession } from '../../lib/session';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { FormField, SelectInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { toast } from '../../ui/toast';
import { useOutbox, useRetryOutboxMessage } from './api/outbox-api';
import { OutboxStatusBadge } from './components/outbox-status-badge';
import { OUTBOX_STATUS_LABELS, OUTBOX_TEXTS, outboxMessagePath } from './outbox-texts';
import { useFormatDateTime } from '../../lib/company';

/** Settings > Outbox (admin and manager): the e-mail messages newest first; open one; Retry a failed one. */
export default function OutboxPage() {
  const formatDateTime = useFormatDateTime();
  const role = useSession().data?.role;
  const mayManage = useCan('outbox.manage');
  const { values, update } = useUrlFilters(outboxListQuery);
  const outbox = useOutbox(values);
  const retry = useRetryOutboxMessage();
  const [banner, setBanner] = useState<string | null>(null);
  const forbidden = (role && !mayManage) || (outbox.error instanceof ApiError && outbox.error.status === 403);

  const retryMessage = async (message: OutboxSummary) => {
    setBanner(null);
    try {
      await retry.mutateAsync(message.id);
      toast.success(OUTBOX_TEXTS.retried);
    } catch (error) {
      setBanner(errorMessage(error, OUTBOX_TEXTS.retryFailed));
    }
  };

  const columns: DataTableColumn<OutboxSummary>[] = [
    {
      id: 'to',
      header: 'Recipient',
      className: 'break-all',
      cell: (m) => (
        <Link to={outboxMessagePath(m.id)} className="font-medium text-blue-700 hover:underline">
          {m.to}
        </Link>
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      cell: (m) => (
        <span className="flex items-start gap-1.5">
          {m.subject}
          {m.attachmentCount ? (
            <span
              className="inline-flex shrink-0 items-center text-slate-500"
              title={`${m.attachmentCount} attachment${m.attachmentCount === 1 ? '' : 's'}`}
            >
              <Paperclip className="h-3.5 w-3.5" aria-hidden />
              <span className="sr-only">{`${m.attachmentCount} attachment${m.attachmentCount === 1 ? '' : 's'}`}</span>
            </span>
          ) : null}
        </span>
      ),
    },
    { id: 'status', header: 'Status', cell: (m) => <OutboxStatusBadge status={m.status} /> },
    { id: 'attempts', header: 'Attempts', priority: 2, align: 'right', cell: (m) => m.attempts },
    {
      id: 'lastError',
      header: 'Last Error',
      priority: 2,
      className: 'max-w-xs break-words text-red-800',
      cell: (m) => m.lastError ?? '',
    },
    {
      id: 'created',
      header: 'Created',
      priority: 3,
      className: 'whitespace-nowrap',
      cell: (m) => (
        <span>
          {formatDateTime(m.createdAt)}
          {m.sentAt ? <span className="block text-xs text-slate-500">Sent {formatDateTime(m.sentAt)}</span> : null}
        </span>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={OUTBOX_TEXTS.title}
        subtitle={OUTBOX_TEXTS.subtitle}
        back={{ to: '/settings', label: 'Back to Settings' }}
      />
      {forbidden ? (
        <ErrorBanner message={OUTBOX_TEXTS.forbidden} />
      ) : (
        <div className="space-y-4">
          {outbox.data?.deliveryNote ? <InfoBanner>{outbox.data.deliveryNote}</InfoBanner> : null}
          {outbox.isError ? <ErrorBanner message={errorMessage(outbox.error, OUTBOX_TEXTS.loadFailed)} /> : null}
          {banner ? <ErrorBanner message={banner} /> : null}
          <div className="flex flex-wrap items-end gap-4">
            <FormField label="Status" className="w-48">
              {(a11y) => (
                <SelectInput
                  {...a11y}
                  value={values.status ?? ''}
                  onChange={(e) => update({ status: e.target.value || null, page: null })}
                >
                  <option value="">All statuses</option>
                  {OUTBOX_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {OUTBOX_STATUS_LABELS[s]}
                    </option>
                  ))}
                </SelectInput>
              )}
            </FormField>
          </div>
          <DataTable
            label="Outbox messages"
            columns={columns}
            rows={outbox.data?.items}
            loading={outbox.isPending}
            loadingLabel="Loading messages..."
            busy={outbox.isFetching && !outbox.isPending}
            getRowKey={(m) => m.id}
            getRowLabel={(m) => `message to ${m.to}`}
            getRowTestId={(m) => `outbox-${m.id}`}
            rowHref={(m) => outboxMessagePath(m.id)}
            empty={values.status ? OUTBOX_TEXTS.emptyFiltered : OUTBOX_TEXTS.empty}
            actions={{
              cell: (m) =>
                m.status === 'failed' ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={retry.isPending}
                    onClick={() => retryMessage(m)}
                    aria-label={`Retry message to ${m.to}: ${m.subject}`}
                  >
                    <RotateCw className="h-3.5 w-3.5" aria-hidden /> Retry
                  </Button>
                ) : null,
            }}
          />
          {outbox.data && outbox.data.total > 0 ? (
            <Pager
              page={values.page}
              pageSize={values.pageSize}
              total={outbox.data.total}
              onPage={(page) => update({ page: page === 1 ? null : page })}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}
