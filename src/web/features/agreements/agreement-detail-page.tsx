import { CheckCircle2, Pencil, RotateCw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  activateRefusal,
  agreementEditRefusal,
  BILLING_PLAN_LABELS,
  cancelRefusal,
  renewRefusal,
  type AgreementDetail,
  type AgreementVisit,
} from '../../../domain/agreements';
import { formatDuration } from '../../../domain/dates';
import { api, errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useCompanyToday } from '../../lib/company';
import { formatCents, formatDate, formatDateTime } from '../../lib/format';
import { Badge } from '../../ui/badge';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { DetailScreen, validId } from '../../ui/detail-screen';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import { useAgreement, useAgreementVisits, useInvalidateAgreements } from './api/agreements-api';
import { AGREEMENT_TEXTS, VISIT_STATE_LABELS } from './agreement-texts';
import { AgreementStatusBadge } from './components/agreement-status-badge';
import { AgreementInvoicesCard } from './components/agreement-invoices-card';
import { CancelAgreementDialog } from './components/cancel-agreement-dialog';
import { GenerateVisitsButton } from './components/generate-visits-button';
import { PullThroughCard } from './components/pull-through-card';
import { RenewAgreementDialog } from './components/renew-agreement-dialog';

const BACK = { to: '/agreements', label: 'Back to Agreements' };

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function VisitsCard({ agreement }: { agreement: AgreementDetail }) {
  const visits = useAgreementVisits(agreement.id);
  const zone = visits.data?.timeZone;
  const columns: DataTableColumn<AgreementVisit>[] = [
    { id: 'date', header: 'Visit Date', className: 'whitespace-nowrap', cell: (v) => formatDate(v.visitDate) },
    { id: 'location', header: 'Location', cell: (v) => v.locationName },
    {
      id: 'job',
      header: 'Job',
      cell: (v) =>
        v.jobId ? (
          <Link to={`/jobs/${v.jobId}`} className="text-blue-700 hover:underline">
            Job #{v.jobNumber}
          </Link>
        ) : (
          <span className="text-slate-600">None</span>
        ),
    },
    {
      id: 'state',
      header: 'Status',
      cell: (v) => (
        <Badge tone={v.state === 'completed' ? 'green' : v.state === 'scheduled' ? 'blue' : 'gray'}>
          {VISIT_STATE_LABELS[v.state]}
        </Badge>
      ),
    },
    {
      id: 'window',
      header: 'Due By',
      priority: 2,
      className: 'whitespace-nowrap',
      cell: (v) => formatDate(v.windowEnd),
    },
    {
      id: 'scheduled',
      header: 'Scheduled For',
      priority: 3,
      className: 'whitespace-nowrap',
      cell: (v) =>
        v.scheduleStart ? formatDateTime(v.scheduleStart, zone) : <span className="text-slate-600">Not yet</span>,
    },
  ];
  return (
    <Card>
      <CardHeader title="Visits" />
      <CardBody>
        {visits.isError ? <ErrorBanner message={errorMessage(visits.error, 'Failed to load the visits')} /> : null}
        <DataTable
          bare
          label="Visits"
          columns={columns}
          rows={visits.data?.items}
          loading={visits.isPending}
          loadingLabel="Loading visits..."
          getRowKey={(v) => v.id}
          getRowLabel={(v) => `visit of ${formatDate(v.visitDate)} at ${v.locationName}`}
          getRowTestId={() => 'visit-row'}
          empty={AGREEMENT_TEXTS.noVisits}
        />
      </CardBody>
    </Card>
  );
}

function AgreementView({ agreement }: { agreement: AgreementDetail }) {
  const today = useCompanyToday();
  const canEdit = useCan('agreements.edit');
  const canCancel = useCan('agreements.cancel');
  const invalidate = useInvalidateAgreements();
  const [cancelling, setCancelling] = useState(false);
  // The renewals list's Renew opens the dialog at once (?renew=1).
  const [renewing, setRenewing] = useState(() => new URLSearchParams(window.location.search).get('renew') === '1');
  const [activating, setActivating] = useState(false);
  const a = agreement;

  const activate = async () => {
    setActivating(true);
    try {
      await api.post(`/api/agreements/${a.id}/activate`);
      await invalidate();
      toast.success('Agreement activated: its visits become jobs as their dates come near');
    } catch (e) {
      toast.error(errorMessage(e, 'Activating the agreement failed; please try again.'));
    } finally {
      setActivating(false);
    }
  };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={a.name}
        subtitle={
          <span className="inline-flex flex-wrap items-center gap-2">
            Agreement #{a.number} with {a.companyName} <AgreementStatusBadge status={a.status} />
          </span>
        }
        back={BACK}
        actions={
          <>
            <GenerateVisitsButton />
            {canEdit && !agreementEditRefusal(a.status) ? (
              <ButtonLink to={`/agreements/${a.id}/edit`} variant="secondary">
                <Pencil className="h-4 w-4" aria-hidden /> Edit
              </ButtonLink>
            ) : null}
            {canEdit && !activateRefusal(a.status, a.endDate, today) ? (
              <Button disabled={activating} onClick={() => void activate()}>
                <CheckCircle2 className="h-4 w-4" aria-hidden /> {activating ? 'Activating...' : 'Activate'}
              </Button>
            ) : null}
            {canEdit && !renewRefusal(a.status, a.renewedById) ? (
              <Button variant="secondary" onClick={() => setRenewing(true)}>
                <RotateCw className="h-4 w-4" aria-hidden /> Renew
              </Button>
            ) : null}
            {canCancel && !cancelRefusal(a.status) ? (
              <Button variant="danger" onClick={() => setCancelling(true)}>
                <XCircle className="h-4 w-4" aria-hidden /> Cancel Agreement
              </Button>
            ) : null}
          </>
        }
      />
      <div className="space-y-6">
        <Card>
          <CardHeader title="Agreement" />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Item label="Company">
                <Link to={`/companies/${a.companyId}`} className="text-blue-700 hover:underline">
                  {a.companyName}
                </Link>
              </Item>
              <Item label="Term">
                {formatDate(a.startDate)} to {formatDate(a.endDate)}
              </Item>
              <Item label="Price">
                {formatCents(a.priceCents)}, billed {BILLING_PLAN_LABELS[a.billingPlan].toLowerCase()}
              </Item>
              <Item label="Not-to-Exceed for Repairs">
                {a.notToExceedCents === null ? 'None: every repair needs approval' : formatCents(a.notToExceedCents)}
              </Item>
              <Item label="Renewal">
                {a.autoRenew ? 'Renews automatically' : 'Renewed by hand'}, price escalator {Number(a.escalatorPercent)}
                %
              </Item>
              <Item label="Terms">
                {a.renewedFromId ? (
                  <Link to={`/agreements/${a.renewedFromId}`} className="block text-blue-700 hover:underline">
                    Previous term
                  </Link>
                ) : null}
                {a.renewedById ? (
                  <Link to={`/agreements/${a.renewedById}`} className="block text-blue-700 hover:underline">
                    Next term
                  </Link>
                ) : null}
                {!a.renewedFromId && !a.renewedById ? 'First term' : null}
              </Item>
            </dl>
            {a.notes ? <p className="mt-4 text-sm whitespace-pre-line text-slate-700">{a.notes}</p> : null}
          </CardBody>
        </Card>
        <Card>
          <CardHeader title="Visit Plan" />
          <CardBody>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              <Item label="Visits">{a.planText}</Item>
              <Item label="Next Visit">{a.nextVisitOn ? formatDate(a.nextVisitOn) : 'None planned'}</Item>
              <Item label="Visit Window">{a.windowDays} days</Item>
              <Item label="Preferred Technician">{a.technicianName ?? 'None'}</Item>
              <Item label="Job Type">{a.jobTypeName ?? a.jobType}</Item>
              <Item label="Service Line">{a.serviceLineName ?? a.serviceLine}</Item>
              <Item label="Visit Duration">{formatDuration(a.visitDuration)}</Item>
              <Item label="Units Covered">
                <ul>
                  {a.units.map((u) => (
                    <li key={u.id}>
                      <Link to={`/units/${u.id}`} className="text-blue-700 underline hover:no-underline">
                        {u.unitNumber}
                      </Link>{' '}
                      <span className="text-slate-600">at {u.locationName}</span>
                    </li>
                  ))}
                </ul>
              </Item>
              <Item label="Checklist">
                {a.checklist.length ? (
                  <ul className="list-disc pl-5">
                    {a.checklist.map((task, i) => (
                      <li key={i}>{task}</li>
                    ))}
                  </ul>
                ) : (
                  'No tasks'
                )}
              </Item>
            </dl>
          </CardBody>
        </Card>
        <VisitsCard agreement={a} />
        <PullThroughCard agreementId={a.id} />
        <AgreementInvoicesCard agreementId={a.id} />
      </div>
      {canCancel ? <CancelAgreementDialog agreement={a} open={cancelling} onOpenChange={setCancelling} /> : null}
      {canEdit ? <RenewAgreementDialog agreement={a} open={renewing} onOpenChange={setRenewing} /> : null}
    </div>
  );
}

/** /agreements/{id}: the agreement, its plan, its visits and their jobs; Edit, Renew, Cancel. */
export default function AgreementDetailPage() {
  const { id } = useParams();
  const agreement = useAgreement(validId(id));
  return (
    <DetailScreen
      id={id}
      query={agreement}
      invalidMessage={AGREEMENT_TEXTS.invalidId}
      notFoundMessage={AGREEMENT_TEXTS.notFound}
      errorMessage={AGREEMENT_TEXTS.fetchAgreement}
      loadingLabel="Loading agreement..."
      back={BACK}
    >
      {(a) => <AgreementView agreement={a} />}
    </DetailScreen>
  );
}
