import { Pencil, Power, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { WEBHOOK_MESSAGES, type WebhookEndpointDetail } from '../../../domain/webhooks';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useFormatDateTime } from '../../lib/company';
import { useSession } from '../../lib/session';
import { Badge } from '../../ui/badge';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DetailScreen, validId } from '../../ui/detail-screen';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import {
  useDeleteWebhookEndpoint,
  useReplayWebhookDelivery,
  useUpdateWebhookEndpoint,
  useWebhookEndpoint,
} from './api/webhooks-api';
import { DeliveriesList } from './components/deliveries-list';
import { EndpointFormDialog } from './components/endpoint-form-dialog';
import { SecretCard } from './components/secret-card';
import { eventLabel, WEBHOOK_TEXTS, webhooksPath } from './webhooks-texts';

const back = { to: webhooksPath, label: 'Back to Webhooks' };

/** /settings/webhooks/:id (admin): the endpoint, its signing secret, its deliveries with their attempts, Replay. */
export default function WebhookEndpointPage() {
  const { id } = useParams();
  const role = useSession().data?.role;
  const mayManage = useCan('webhooks.manage');
  const endpoint = useWebhookEndpoint(mayManage ? validId(id) : undefined);
  if (role && !mayManage)
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <PageHeader title={WEBHOOK_TEXTS.title} back={{ to: '/settings', label: 'Back to Settings' }} />
        <ErrorBanner message={WEBHOOK_TEXTS.forbidden} />
      </div>
    );
  return (
    <DetailScreen
      id={id}
      query={endpoint}
      invalidMessage={WEBHOOK_MESSAGES.invalidEndpointId}
      notFoundMessage={WEBHOOK_MESSAGES.endpointNotFound}
      errorMessage={WEBHOOK_TEXTS.endpointLoadFailed}
      loadingLabel="Loading endpoint..."
      back={back}
    >
      {(e) => <EndpointScreen endpoint={e} />}
    </DetailScreen>
  );
}

function EndpointScreen({ endpoint }: { endpoint: WebhookEndpointDetail }) {
  const formatDateTime = useFormatDateTime();
  const navigate = useNavigate();
  const location = useLocation();
  const showSecret = Boolean((location.state as { showSecret?: boolean } | null)?.showSecret);
  const update = useUpdateWebhookEndpoint(endpoint.id);
  const remove = useDeleteWebhookEndpoint();
  const replay = useReplayWebhookDelivery(endpoint.id);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);

  const values = {
    url: endpoint.url,
    description: endpoint.description,
    events: endpoint.events,
    enabled: endpoint.enabled,
  };
  const toggle = async () => {
    setBanner(null);
    try {
      await update.mutateAsync({ ...values, enabled: !endpoint.enabled });
      toast.success(endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled');
    } catch (error) {
      setBanner(errorMessage(error, WEBHOOK_TEXTS.saveFailed));
    }
  };

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        title={<span className="break-all">{endpoint.url}</span>}
        subtitle={endpoint.description || undefined}
        back={back}
        actions={
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
            <Button variant="secondary" onClick={() => void toggle()} disabled={update.isPending}>
              <Power className="h-4 w-4" aria-hidden /> {endpoint.enabled ? 'Disable' : 'Enable'}
            </Button>
            <Button variant="danger" onClick={() => setRemoving(true)}>
              <Trash2 className="h-4 w-4" aria-hidden /> Delete
            </Button>
          </>
        }
      />
      {banner ? <ErrorBanner message={banner} /> : null}
      <Card>
        <CardHeader title="Endpoint" />
        <CardBody>
          <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-slate-700">Status</dt>
            <dd>
              {endpoint.enabled ? (
                <Badge tone="green">Enabled</Badge>
              ) : (
                <span className="flex flex-wrap items-center gap-2">
                  <Badge>Disabled</Badge>
                  <span className="text-slate-600">New events are not sent; queued deliveries wait.</span>
                </span>
              )}
            </dd>
            <dt className="font-medium text-slate-700">Events</dt>
            <dd>
              <ul className="flex flex-wrap gap-2">
                {endpoint.events.map((type) => (
                  <li key={type}>
                    <Badge tone="blue">{eventLabel(type)}</Badge>
                  </li>
                ))}
              </ul>
            </dd>
            <dt className="font-medium text-slate-700">Added</dt>
            <dd>{formatDateTime(endpoint.createdAt)}</dd>
            <dt className="font-medium text-slate-700">Waiting / Failed</dt>
            <dd>
              {endpoint.pendingCount} / {endpoint.failedCount}
            </dd>
          </dl>
        </CardBody>
      </Card>
      <SecretCard endpointId={endpoint.id} initiallyShown={showSecret} />
      <Card>
        <CardHeader title="Deliveries" />
        <CardBody>
          {replay.isError ? <ErrorBanner message={errorMessage(replay.error, WEBHOOK_TEXTS.replayFailed)} /> : null}
          <DeliveriesList
            deliveries={endpoint.deliveries}
            canReplay={endpoint.enabled}
            replaying={replay.isPending}
            onReplay={(d) => replay.mutate(d.id, { onSuccess: () => toast.success(WEBHOOK_TEXTS.replayed) })}
          />
        </CardBody>
      </Card>
      <EndpointFormDialog
        open={editing}
        onOpenChange={setEditing}
        endpoint={endpoint}
        allowPrivateUrls={endpoint.allowPrivateUrls}
        onSave={async (input) => {
          await update.mutateAsync(input);
          toast.success(WEBHOOK_TEXTS.saved);
        }}
      />
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Delete this endpoint?"
        description="Its deliveries and their attempts are removed with it; events are no longer sent to this URL."
        confirmLabel="Delete Endpoint"
        pendingLabel="Deleting..."
        error={remove.isError ? errorMessage(remove.error, WEBHOOK_TEXTS.removeFailed) : null}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(endpoint.id);
          } catch {
            return; // the dialog stays open with the error
          }
          setRemoving(false);
          toast.success(WEBHOOK_TEXTS.removed);
          await navigate(webhooksPath);
        }}
      />
    </div>
  );
}
