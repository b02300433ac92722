import { Briefcase, Building2, CalendarClock, MapPin, Pencil, Plus, QrCode } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CUSTOMER_MESSAGES } from '../../../domain/customers';
import type { UnitJob } from '../../../domain/units';
import { unitLabelCode } from '../../../domain/unit-labels';
import { createJobForUnitPath, unitLabelPdfPath } from './customer-paths';
import { UNIT_MESSAGES } from './customer-texts';
import { errorMessage } from '../../lib/api-client';
import { useCompanyInfo } from '../../lib/company';
import { formatCents, formatDate, formatPhone, formatTime } from '../../lib/format';
import { Badge, type BadgeTone } from '../../ui/badge';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink, buttonClass } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { detailGate, validId } from '../../ui/detail-screen';
import { Spinner } from '../../ui/spinner';
import { useUnit } from '../../lib/customer-queries';
import { useMyOpenJobOnUnit, useUnitJobs } from './api/customers-api';
import { DeficienciesCard, ServiceHistoryCard } from './components/unit-history-cards';
import { FieldList } from './components/field-list';
import { ConfiguredMap } from './components/map-card';
import { UnitStatusBadge } from './components/status-badge';
import { useCustomerPermissions } from '../../lib/permissions';
import { useCan, useRole } from '../../lib/can';
import { isTechnicianRole } from '../../../domain/policy';

const JOB_STATUS_TONES: Record<UnitJob['status'], BadgeTone> = {
  scheduled: 'blue',
  unscheduled: 'amber',
  completed: 'green',
  cancelled: 'gray',
};
// Services and Deficiencies are the unit's history across visits (components/unit-history-cards.tsx).
const PLACEHOLDERS = [
  { title: 'Assets', action: 'Add Asset' },
  { title: 'Quotes', action: 'Create Quote' },
  { title: 'Contracts', action: 'Add Contract' },
  { title: 'Comments', action: 'Add Comment' },
  { title: 'Attachments', action: 'Upload' },
];

function JobItem({ job, timeZone }: { job: UnitJob; timeZone: string | undefined }) {
  return (
    <li className="space-y-1 py-3" data-testid="unit-job">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold text-slate-700">#{job.number}</span>
        <Badge tone={JOB_STATUS_TONES[job.status]}>{job.status}</Badge>
        <Badge tone="purple">{job.typeName ?? job.type}</Badge>
        {job.isTraining ? <Badge tone="amber">training</Badge> : null}
        <Badge tone="green">{formatCents(job.totalCostCents)}</Badge>
      </div>
      <Link to={`/jobs/${job.id}`} className="block font-medium text-blue-700 hover:underline">
        {job.name}
      </Link>
      <p className="text-xs text-slate-500">Service line: {job.serviceLineName ?? job.serviceLine}</p>
      {job.description ? <p className="line-clamp-2 text-sm text-slate-600">{job.description}</p> : null}
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-500">
        <span>
          Period: {formatDate(job.timePeriodStart)} – {formatDate(job.timePeriodDue)}
        </span>
        <span className="inline-flex items-center gap-1">
          <CalendarClock className="h-3.5 w-3.5" aria-hidden />
          {job.scheduleStart
            ? `Scheduled ${formatDate(new Date(job.scheduleStart).toLocaleDateString('en-CA', timeZone ? { timeZone } : {}))} ${formatTime(job.scheduleStart, timeZone)}`
            : 'Not scheduled'}
        </span>
      </div>
    </li>
  );
}

/** /units/{id}: details, billing, location, jobs, job statistics, the cards still to come, and quick actions. */
export default function UnitDetailPage() {
  const { id = '' } = useParams();
  const unit = useUnit(validId(id));
  const [jobsPage, setJobsPage] = useState(1);
  const jobs = useUnitJobs(unit.isSuccess ? id : undefined, jobsPage);
  const company = useCompanyInfo();
  const { canEdit } = useCustomerPermissions();
  const canPrintLabel = useCan('unitLabels.print');
  const technician = isTechnicianRole(useRole());
  const myJob = useMyOpenJobOnUnit(unit.isSuccess && technician ? id : undefined);

  const wait = detailGate({
    id,
    query: unit,
    invalidMessage: CUSTOMER_MESSAGES.invalidUnitId,
    notFoundMessage: CUSTOMER_MESSAGES.unitNotFound,
    errorMessage: UNIT_MESSAGES.fetchDetail,
    loadingLabel: 'Loading unit...',
    back: { to: '/units', label: 'Back to Units' },
  });
  if (wait || !unit.data) return wait;
  const u = unit.data;
  const statistics = jobs.data?.statistics;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={`Unit ${u.unitNumber}`}
        back={{ to: '/units', label: 'Back to Units' }}
        actions={
          <>
            {canPrintLabel ? (
              <a href={unitLabelPdfPath(u.id)} download className={buttonClass('secondary')}>
                <QrCode className="h-4 w-4" aria-hidden /> Print QR label
              </a>
            ) : null}
            {canEdit ? (
              <ButtonLink to={`/units/${u.id}/edit`} variant="secondary">
                <Pencil className="h-4 w-4" aria-hidden /> Edit Unit
              </ButtonLink>
            ) : null}
          </>
        }
      />
      {myJob.data ? (
        <p className="mb-6 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-900">
          Your open job on this unit:{' '}
          <Link to={`/jobs/${myJob.data.id}`} className="font-medium text-blue-800 underline">
            #{myJob.data.number} {myJob.data.name}
          </Link>
        </p>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <CardHeader title="Unit Details" />
              <CardBody className="py-1">
                <FieldList
                  fields={[
                    { label: 'Unit Number', value: u.unitNumber },
                    {
                      label: 'Unit Code',
                      value: <span className="font-mono whitespace-nowrap">{unitLabelCode(u.id)}</span>,
                    },
                    { label: 'Status', value: <UnitStatusBadge status={u.status} /> },
                    { label: 'Primary Contact Type', value: u.primaryContactType },
                    { label: 'Primary Contact Email', value: u.primaryContactEmail },
                    { label: 'Primary Contact Phone', value: formatPhone(u.primaryContactPhone) },
                    { label: 'Phone', value: formatPhone(u.phone) },
                  ]}
                />
              </CardBody>
            </Card>
            <Card>
              <CardHeader title="Billing Information" />
              <CardBody className="py-1">
                <FieldList
                  fields={[
                    { label: 'Billing Entity', value: u.billingEntity },
                    { label: 'Billing Email', value: u.billingEmail },
                    { label: 'Billing City', value: u.billingCity },
                    { label: 'Billing State', value: u.billingState },
                    { label: 'Billing Zip', value: u.billingZip },
                    { label: 'Office', value: u.office || 'Main Office' },
                    { label: 'Taxable', value: u.taxable ? 'Yes' : 'No' },
                    { label: 'Tax Group Name', value: u.taxGroupName },
                    { label: 'Tax Group Code', value: u.taxGroupCode },
                  ]}
                />
              </CardBody>
            </Card>
          </div>

          <Card>
            <CardHeader title="Location Information" />
            <CardBody className="grid gap-6 md:grid-cols-2">
              <div className="space-y-2 text-sm">
                <Link
                  to={`/locations/${u.location.id}`}
                  className="flex items-center gap-1.5 font-medium text-blue-700 hover:underline"
                >
                  <MapPin className="h-4 w-4" aria-hidden /> {u.location.name}
                </Link>
                <p className="text-slate-600">{u.location.buildingName}</p>
                <p className="text-slate-600">{u.location.address}</p>
                <p className="text-slate-600">
                  {u.location.city}, {u.location.state} {u.location.zip}
                </p>
                <Link
                  to={`/companies/${u.company.id}`}
                  className="flex items-center gap-1.5 font-medium text-blue-700 hover:underline"
                >
                  <Building2 className="h-4 w-4" aria-hidden /> {u.company.name}
                </Link>
              </div>
              <ConfiguredMap
                label={`${u.location.name}: unit ${u.unitNumber}`}
                latitude={u.location.latitude}
                longitude={u.location.longitude}
              />
            </CardBody>
          </Card>

          <Card>
            <CardHeader
              title={
                <span className="flex items-center gap-2">
                  Jobs <Badge tone="gray">{jobs.data?.total ?? 0}</Badge>
                </span>
              }
              actions={
                canEdit ? (
                  <ButtonLink to={createJobForUnitPath(u.id)} size="sm">
                    <Plus className="h-4 w-4" aria-hidden /> Create Job
                  </ButtonLink>
                ) : null
              }
            />
            <CardBody className="py-0">
              {jobs.isError ? (
                <ErrorBanner className="my-3" message={errorMessage(jobs.error, UNIT_MESSAGES.fetchDetail)} />
              ) : null}
              {jobs.isPending ? (
                <Spinner />
              ) : jobs.data && jobs.data.items.length === 0 ? (
                <p className="py-6 text-center text-sm text-slate-500">No jobs found for this unit</p>
              ) : jobs.data ? (
                <>
                  <ul className="divide-y divide-slate-100">
                    {jobs.data.items.map((job) => (
                      <JobItem key={job.id} job={job} timeZone={company.data?.time_zone} />
                    ))}
                  </ul>
                  {jobs.data.total > jobs.data.pageSize ? (
                    <Pager page={jobsPage} pageSize={jobs.data.pageSize} total={jobs.data.total} onPage={setJobsPage} />
                  ) : null}
                </>
              ) : null}
            </CardBody>
          </Card>

          <div className="grid gap-6 md:grid-cols-2">
            <ServiceHistoryCard unitId={u.id} />
            <DeficienciesCard unitId={u.id} />
            {PLACEHOLDERS.map((placeholder) => (
              <Card key={placeholder.title}>
                <CardHeader
                  title={placeholder.title}
                  actions={
                    <Button size="sm" variant="secondary" disabled title="Not available yet">
                      {placeholder.action}
                    </Button>
                  }
                />
                <CardBody>
                  <p className="text-sm text-slate-600">No {placeholder.title.toLowerCase()} recorded for this unit.</p>
                </CardBody>
              </Card>
            ))}
          </div>
        </div>

        <div className="space-y-6">
          <Card>
            <CardHeader title="Quick Actions" />
            <CardBody className="flex flex-col gap-2">
              {canEdit ? (
                <ButtonLink to={createJobForUnitPath(u.id)} className="justify-start">
                  <Briefcase className="h-4 w-4" aria-hidden /> Create Job
                </ButtonLink>
              ) : null}
              {['Schedule Service', 'Add Deficiency', 'Create Quote', 'Upload Attachment'].map((label) => (
                <Button key={label} variant="secondary" className="justify-start" disabled title="Not available yet">
                  {label}
                </Button>
              ))}
            </CardBody>
          </Card>
          {statistics && statistics.total > 0 ? (
            <Card>
              <CardHeader title="Job Statistics" />
              <CardBody className="py-1">
                <FieldList
                  fields={[
                    { label: 'Total Jobs', value: String(statistics.total) },
                    { label: 'Completed', value: String(statistics.completed) },
                    { label: 'Scheduled', value: String(statistics.scheduled) },
                    { label: 'Unscheduled', value: String(statistics.unscheduled) },
                    { label: 'Total Cost', value: formatCents(statistics.totalCostCents) },
                  ]}
                />
              </CardBody>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}
