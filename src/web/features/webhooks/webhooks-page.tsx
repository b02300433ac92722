import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { WebhookEndpoint } from '../../../domain/webhooks';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useFormatDateTime } from '../../lib/company';
import { useSession } from '../../lib/session';
import { Badge } from '../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import { useCreateWebhookEndpoint, useWebhookEndpoints } from './api/webhooks-api';
import { DeliveryStatusBadge } from './components/delivery-status-badge';
import { EndpointFormDialog } from './components/endpoint-form-dialog';
import { eventLabel, WEBHOOK_TEXTS, webhookEndpointPath } from './webhooks-texts';

/** Settings > Webhooks (admin): the endpoints, their events and latest delivery; Add Endpoint. */
export default function WebhooksPage() {
  const formatDateTime = useFormatDateTime();
  const role = useSession().data?.role;
  const mayManage = useCan('webhooks.manage');
  const endpoints = useWebhookEndpoints({ enabled: mayManage });
  const create = useCreateWebhookEndpoint();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);

  const columns: DataTableColumn<WebhookEndpoint>[] = [
    {
      id: 'url',
      header: 'Endpoint',
      className: 'break-all',
      cell: (e) => (
        <span>
          <Link to={webhookEndpointPath(e.id)} className="font-medium text-blue-700 hover:underline">
            {e.url}
          </Link>
          {e.description ? <span className="block text-xs text-slate-600">{e.description}</span> : null}
        </span>
      ),
    },
    {
      id: 'events',
      header: 'Events',
      priority: 2,
      cell: (e) => e.events.map(eventLabel).join(', '),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (e) => (e.enabled ? <Badge tone="green">Enabled</Badge> : <Badge>Disabled</Badge>),
    },
    {
      id: 'last',
      header: 'Latest Delivery',
      priority: 2,
      cell: (e) =>
        e.lastDelivery ? (
          <span className="flex flex-col items-start gap-1">
            <DeliveryStatusBadge status={e.lastDelivery.status} />
            <span className="text-xs text-slate-600">
              {eventLabel(e.lastDelivery.eventType)}, {formatDateTime(e.lastDelivery.at)}
            </span>
          </span>
        ) : (
          <span className="text-slate-600">None yet</span>
        ),
    },
    {
      id: 'waiting',
      header: 'Waiting / Failed',
      priority: 3,
      align: 'right',
      cell: (e) => `${e.pendingCount} / ${e.failedCount}`,
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={WEBHOOK_TEXTS.title}
        subtitle={WEBHOOK_TEXTS.subtitle}
        back={{ to: '/settings', label: 'Back to Settings' }}
        actions={
          mayManage ? (
            <Button onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden /> {WEBHOOK_TEXTS.add}
            </Button>
          ) : null
        }
      />
      {role && !mayManage ? (
        <ErrorBanner message={WEBHOOK_TEXTS.forbidden} />
      ) : (
        <div className="space-y-4">
          <InfoBanner>{WEBHOOK_TEXTS.about}</InfoBanner>
          {endpoints.isError ? <ErrorBanner message={errorMessage(endpoints.error, WEBHOOK_TEXTS.loadFailed)} /> : null}
          <DataTable
            label="Webhook endpoints"
            columns={columns}
            rows={endpoints.data?.items}
            loading={endpoints.isPending}
            loadingLabel="Loading endpoints..."
            busy={endpoints.isFetching && !endpoints.isPending}
            getRowKey={(e) => e.id}
            getRowLabel={(e) => `endpoint ${e.url}`}
            getRowTestId={(e) => `webhook-endpoint-${e.id}`}
            rowHref={(e) => webhookEndpointPath(e.id)}
            empty={WEBHOOK_TEXTS.empty}
          />
        </div>
      )}
      <EndpointFormDialog
        open={adding}
        onOpenChange={setAdding}
        allowPrivateUrls={endpoints.data?.allowPrivateUrls ?? false}
        onSave={async (input) => {
          const created = await create.mutateAsync(input);
          toast.success(WEBHOOK_TEXTS.added);
          await navigate(webhookEndpointPath(created.id), { state: { showSecret: true } });
        }}
      />
    </div>
  );
}
