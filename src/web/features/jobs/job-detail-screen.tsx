import { Building2, CheckCircle2, Pencil, Trash2, Users, XCircle } from 'lucide-react';
import { lazy, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { JobDetail } from '../../../domain/jobs';
import { canCancel, canComplete } from '../../../domain/jobs/rules';
import { formatDuration } from '../../../domain/dates';
import { decisionBadgeText } from '../../../domain/quote-badges';
import { errorMessage } from '../../lib/api-client';
import { useClientConfig } from '../../lib/client-config';
import { useFormatDate } from '../../lib/company';
import { formatDate, formatPhone, formatTime } from '../../lib/format';
import { AddressMap } from '../../ui/address-map';
import { Badge } from '../../ui/badge';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { Dialog } from '../../ui/dialog';
import { ErrorBanner } from '../../ui/banner';
import { Checkbox, FormField } from '../../ui/form-field';
import { detailGate, validId } from '../../ui/detail-screen';
import { AfterFirstPaint } from '../../ui/after-first-paint';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { Tabs } from '../../ui/tabs';
import { toast } from '../../ui/toast';
import { useAssignTechnicians, useInvalidateJobs, useJob, useJobOptions, useUpdateJob } from './api/jobs-api';
import { CostBadge, JobStatusBadge, JobTypeBadge, TrainingBadge } from './components/job-badges';
import { useJobActions } from './components/job-action-dialogs';
import { TAGS_HINT, TagsInput } from './components/tags-input';
import { TechnicianPickerDialog } from './components/technician-picker-dialog';
import { CONTACT_TYPE_LABELS, JOB_TEXTS } from './job-texts';

// Drawn after the page's first paint (decision 062): the Items tab is not the one shown first, and
// the history is at the foot of the side column.
const ItemsTab = lazy(() => import('./components/items-tab').then((m) => ({ default: m.ItemsTab })));
const JobHistoryCard = lazy(() => import('./components/job-history-card').then((m) => ({ default: m.JobHistoryCard })));

/** What a slot of the job page gets besides the job: `refresh()` reloads the job (and the lists, the Home counts). */
export interface JobSlotContext {
  refresh: () => void;
}
export type JobSlot = (job: JobDetail, context: JobSlotContext) => ReactNode;

/**
 * The parts of the job page other features fill (composed in app/screens/job-detail-page.tsx):
 * the Service card's Inspection/Repair tab, the Quotes card and the Invoices card. A slot that is
 * not given leaves no trace on the page. All but the agreement note are drawn from the task after
 * the page's first paint (AfterFirstPaint, decision 062), so a slot may be a component loaded on
 * first use: its code is fetched once the Summary is on the screen.
 */
export interface JobDetailSlots {
  inspectionTab?: JobSlot | undefined;
  quotesCard?: JobSlot | undefined;
  invoicesCard?: JobSlot | undefined;
  /** Above the Summary card: the service agreement a visit's job belongs to (features/agreements). */
  agreementNote?: JobSlot | undefined;
  /** The technicians' field work: timesheet, times, notes, signatures, conflicts (decision 045). */
  fieldCard?: JobSlot | undefined;
}

const BACK = { to: '/jobs', label: 'Back to Jobs' };

/** Label and value rows; an empty value is left out unless `keepEmpty`. */
function Facts({ rows }: { rows: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="divide-y divide-slate-100 text-sm">
      {rows.map((row) => (
        <div key={row.label} className="grid grid-cols-[9rem_1fr] gap-3 py-2">
          <dt className="font-medium text-slate-500">{row.label}</dt>
          <dd className="min-w-0 break-words text-slate-900">
            {row.value === null || row.value === undefined || row.value === '' ? (
              <span className="text-slate-600">Not specified</span>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const present = (...values: (string | null | undefined)[]) =>
  values.some((v) => v !== null && v !== undefined && v.trim() !== '');

function scheduleText(job: JobDetail, timeZone: string | undefined): string {
  if (!job.scheduleStart) return 'Not scheduled';
  const day = new Date(job.scheduleStart).toLocaleDateString('en-US', {
    timeZone,
    weekday: 'short',
    month: 'numeric',
    day: 'numeric',
    year: 'numeric',
  });
  return `${day} ${formatTime(job.scheduleStart, timeZone)} · ${formatDuration(job.scheduleDuration)} h`;
}

/** The Summary card: name, badges (status, type, quote and repair decisions, training), description. */
function SummaryCard({ job, timeZone }: { job: JobDetail; timeZone: string | undefined }) {
  return (
    <Card>
      <CardHeader title="Summary" />
      <CardBody className="space-y-3">
        <div className="flex flex-wrap items-center gap-2" data-testid="job-badges">
          <JobStatusBadge status={job.status} />
          <JobTypeBadge type={job.type} typeName={job.typeName} />
          {job.quoteSent ? <Badge tone="blue">Quote Sent</Badge> : null}
          {job.quoteConfirmed ? <Badge tone="green">Quote Confirmed</Badge> : null}
          {/* Each decision stands on its own (issue 26): an approval and a later decline both show. */}
          {job.approvedQuoteTypes.length ? (
            <Badge tone="green">{decisionBadgeText('approved', job.approvedQuoteTypes)}</Badge>
          ) : null}
          {job.declinedQuoteTypes.length ? (
            <Badge tone="red">{decisionBadgeText('declined', job.declinedQuoteTypes)}</Badge>
          ) : null}
          {job.isTraining ? <TrainingBadge /> : null}
          {job.subcontracted ? <Badge tone="purple">Subcontracted</Badge> : null}
          <CostBadge cents={job.costTotalCents} />
        </div>
        <h2 className="text-lg font-semibold text-slate-900">{job.name}</h2>
        <p className="text-sm whitespace-pre-line text-slate-700">{job.description}</p>
        {job.problemDescription ? (
          <div>
            <h3 className="text-sm font-medium text-slate-500">Problem Description</h3>
            <p className="text-sm whitespace-pre-line text-slate-700">{job.problemDescription}</p>
          </div>
        ) : null}
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-slate-500">Period</dt>
            <dd className="text-slate-900">
              {formatDate(job.timePeriodStart)} – {formatDate(job.timePeriodDue)}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Schedule</dt>
            <dd className="text-slate-900">{scheduleText(job, timeZone)}</dd>
          </div>
          <div>
            <dt className="font-medium text-slate-500">Office</dt>
            <dd className="text-slate-900">{job.office}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}

/** Location and contact: the service location, the job's contact, and the unit's contact and billing blocks when they hold anything. */
function LocationContactCard({ job }: { job: JobDetail }) {
  const unit = job.unit;
  const hasContact = present(job.contactName, job.contactPhone, job.contactEmail);
  return (
    <Card>
      <CardHeader title="Location & Contact" />
      <CardBody className="space-y-4 text-sm">
        <section aria-label="Service location">
          <h3 className="mb-1 font-medium text-slate-500">Service Location</h3>
          {job.location ? (
            <div className="text-slate-900">
              <Link to={`/locations/${job.location.id}`} className="font-medium text-blue-700 hover:underline">
                {job.location.name}
              </Link>
              {job.location.buildingName ? <p className="text-slate-600">{job.location.buildingName}</p> : null}
              <p>{job.location.address}</p>
              <p>
                {job.location.city}, {job.location.state} {job.location.zip}
              </p>
            </div>
          ) : (
            <p className="text-slate-600">{JOB_TEXTS.noLocation}</p>
          )}
        </section>
        <section aria-label="Job contact">
          <h3 className="mb-1 font-medium text-slate-500">Contact</h3>
          {hasContact ? (
            <div className="space-y-0.5 text-slate-900">
              {job.contactName ? (
                <p>
                  {job.contactName} <Badge tone="gray">{CONTACT_TYPE_LABELS[job.contactType]}</Badge>
                </p>
              ) : null}
              {job.contactPhone ? (
                <p>
                  <a className="text-blue-700 hover:underline" href={`tel:${job.contactPhone}`}>
                    {formatPhone(job.contactPhone)}
                  </a>
                </p>
              ) : null}
              {job.contactEmail ? (
                <p>
                  <a className="break-all text-blue-700 hover:underline" href={`mailto:${job.contactEmail}`}>
                    {job.contactEmail}
                  </a>
                </p>
              ) : null}
            </div>
          ) : (
            <p className="text-slate-600">{JOB_TEXTS.noContact}</p>
          )}
        </section>
        {unit && present(unit.primaryContactType, unit.primaryContactEmail, unit.primaryContactPhone) ? (
          <section aria-label="Unit contact">
            <h3 className="mb-1 font-medium text-slate-500">Unit Contact</h3>
            {unit.primaryContactType ? <p className="text-slate-900 capitalize">{unit.primaryContactType}</p> : null}
            {unit.primaryContactEmail ? <p className="break-all text-slate-900">{unit.primaryContactEmail}</p> : null}
            {unit.primaryContactPhone ? (
              <p className="text-slate-900">{formatPhone(unit.primaryContactPhone)}</p>
            ) : null}
          </section>
        ) : null}
        {unit &&
        present(unit.billingEntity, unit.billingEmail, unit.billingCity, unit.billingState, unit.billingZip) ? (
          <section aria-label="Billing">
            <h3 className="mb-1 font-medium text-slate-500">Billing</h3>
            {unit.billingEntity ? <p className="text-slate-900">{unit.billingEntity}</p> : null}
            {unit.billingEmail ? <p className="break-all text-slate-900">{unit.billingEmail}</p> : null}
            {present(unit.billingCity, unit.billingState, unit.billingZip) ? (
              <p className="text-slate-900">
                {[unit.billingCity, [unit.billingState, unit.billingZip].filter(Boolean).join(' ')]
                  .filter(Boolean)
                  .join(', ')}
              </p>
            ) : null}
          </section>
        ) : null}
      </CardBody>
    </Card>
  );
}

function TechniciansCard({ job }: { job: JobDetail }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const options = useJobOptions();
  const assign = useAssignTechnicians();
  return (
    <Card>
      <CardHeader
        title="Technicians"
        actions={
          job.can.assign ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setError(null);
                setOpen(true);
              }}
            >
              <Users className="h-4 w-4" aria-hidden /> Assign Technicians
            </Button>
          ) : null
        }
      />
      <CardBody>
        {job.technicians.length === 0 ? (
          <p className="py-2 text-sm text-slate-600">{JOB_TEXTS.noTechniciansAssigned}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="Assigned technicians">
            {job.technicians.map((t) => (
              <li key={t.id} className="py-2 text-sm">
                <p className="flex items-center gap-2 font-medium text-slate-900">
                  {t.name} {t.isPrimary ? <Badge tone="blue">Primary</Badge> : null}
                </p>
                <p className="text-xs text-slate-600">{[t.email, formatPhone(t.phone)].filter(Boolean).join(' · ')}</p>
              </li>
            ))}
          </ul>
        )}
      </CardBody>
      {job.can.assign ? (
        <TechnicianPickerDialog
          open={open}
          onOpenChange={setOpen}
          title="Assign Technicians"
          technicians={options.data?.technicians}
          loading={options.isPending}
          error={options.isError ? JOB_TEXTS.fetchTechnicians : error}
          selected={job.technicians.map((t) => t.id)}
          requireOne
          confirmLabel="Save Technicians"
          onConfirm={async (ids) => {
            try {
              await assign.mutateAsync({ id: job.id, input: { technicianIds: ids } });
              toast.success('Technicians updated');
              setOpen(false);
            } catch (e) {
              setError(errorMessage(e, JOB_TEXTS.updateTechnicians));
            }
          }}
        />
      ) : null}
    </Card>
  );
}

function UnitCard({ job }: { job: JobDetail }) {
  return (
    <Card>
      <CardHeader title="Unit Information" />
      <CardBody>
        <Facts
          rows={[
            {
              label: 'Unit',
              value: job.unit ? (
                <Link to={`/units/${job.unit.id}`} className="font-medium text-blue-700 hover:underline">
                  {job.unit.unitNumber}
                </Link>
              ) : (
                'No unit'
              ),
            },
            { label: 'Unit Status', value: job.unit?.status },
            {
              label: 'Location',
              value: (
                <Link to={`/locations/${job.location.id}`} className="font-medium text-blue-700 hover:underline">
                  {job.location.name}
                </Link>
              ),
            },
            {
              label: 'Company',
              value: (
                <Link
                  to={`/companies/${job.company.id}`}
                  className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline"
                >
                  <Building2 className="h-4 w-4" aria-hidden /> {job.company.name}
                </Link>
              ),
            },
          ]}
        />
      </CardBody>
    </Card>
  );
}

/** Edit Tags & Subcontracting: the job's labels for the dispatch board (PATCH /api/jobs/:id). */
function EditLabelsDialog({
  job,
  open,
  onOpenChange,
}: {
  job: JobDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateJob();
  const [tags, setTags] = useState<string[]>(job.tags);
  const [subcontracted, setSubcontracted] = useState(job.subcontracted);
  const [typing, setTyping] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (typing) return;
    setError(null);
    try {
      await update.mutateAsync({ id: job.id, input: { tags, subcontracted } });
      toast.success('Job updated');
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e, JOB_TEXTS.updateLabels));
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Edit Tags & Subcontracting"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button onClick={() => void save()} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {error ? <ErrorBanner message={error} /> : null}
        <FormField label="Tags" error={typing ?? undefined} hint={TAGS_HINT}>
          {(field) => (
            <TagsInput
              id={field.id}
              value={tags}
              onChange={setTags}
              invalid={field['aria-invalid']}
              describedBy={field['aria-describedby']}
              onError={setTyping}
            />
          )}
        </FormField>
        <Checkbox
          label="Subcontracted job"
          checked={subcontracted}
          onChange={(e) => setSubcontracted(e.target.checked)}
        />
      </form>
    </Dialog>
  );
}

function JobInformationCard({ job, tileUrl }: { job: JobDetail; tileUrl: string | undefined }) {
  const formatCompanyDate = useFormatDate();
  const [editing, setEditing] = useState(false);
  // A new dialog (fresh values) each time it opens; kept mounted while closing so focus returns to Edit Tags.
  const [opened, setOpened] = useState(0);
  return (
    <Card>
      <CardHeader
        title="Job Information"
        actions={
          job.can.edit ? (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                setOpened((n) => n + 1);
                setEditing(true);
              }}
            >
              <Pencil className="h-4 w-4" aria-hidden /> Edit Tags
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-4">
        <Facts
          rows={[
            { label: 'Job Number', value: <span className="font-mono">#{job.number}</span> },
            { label: 'Status', value: <JobStatusBadge status={job.status} /> },
            { label: 'Type', value: job.typeName ?? job.type },
            {
              label: 'Service Line',
              value: job.serviceLineName ? `${job.serviceLineName} (${job.serviceLine})` : job.serviceLine,
            },
            {
              label: 'Created',
              value: `${formatCompanyDate(job.createdAt)}${job.createdBy ? ` by ${job.createdBy.name}` : ''}`,
            },
            { label: 'Customer PO', value: job.customerPo },
            { label: 'Service Contract', value: job.serviceContract },
            {
              label: 'Tags',
              value: job.tags.length ? (
                <ul className="flex flex-wrap gap-1" aria-label="Job tags">
                  {job.tags.map((tag) => (
                    <li key={tag}>
                      <Badge>{tag}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-slate-600">No tags</span>
              ),
            },
            { label: 'Subcontracted', value: job.subcontracted ? 'Yes' : 'No' },
          ]}
        />
        {job.can.edit ? <EditLabelsDialog key={opened} job={job} open={editing} onOpenChange={setEditing} /> : null}
        <AddressMap
          latitude={job.location.latitude}
          longitude={job.location.longitude}
          tileUrl={tileUrl}
          label={`${job.location.name}: job #${job.number}`}
        />
      </CardBody>
    </Card>
  );
}

type ServiceTab = 'inspection' | 'items';

/** A card of another feature below the Service card, drawn after the first paint. */
function LaterSection({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <AfterFirstPaint fallback={<Spinner />}>{children}</AfterFirstPaint>
    </section>
  );
}

/**
 * /jobs/{id}: header (Job #number, Complete Job, Delete Job), Summary, Location & Contact,
 * Technicians, Unit Information, the Service card (Inspection/Repair and Items tabs), the Quotes and
 * Invoices cards, and the side Job Information card with the map. The slots are filled by
 * app/screens/job-detail-page.tsx.
 */
export function JobDetailScreen({ inspectionTab, quotesCard, invoicesCard, agreementNote, fieldCard }: JobDetailSlots) {
  const { id } = useParams();
  const job = useJob(validId(id));
  const options = useJobOptions();
  const config = useClientConfig();
  const navigate = useNavigate();
  const refresh = useInvalidateJobs();
  const [params, setParams] = useSearchParams();
  const actions = useJobActions({ onDeleted: () => void navigate('/jobs') });

  const wait = detailGate({
    id,
    query: job,
    invalidMessage: JOB_TEXTS.invalidJobId,
    notFoundMessage: JOB_TEXTS.jobNotFound,
    errorMessage: JOB_TEXTS.fetchJob,
    loadingLabel: 'Loading job...',
    back: BACK,
  });
  if (wait || !job.data) return wait;
  const j = job.data;
  const context: JobSlotContext = { refresh };
  const tabs: { value: ServiceTab; label: string }[] = [
    ...(inspectionTab ? [{ value: 'inspection' as const, label: 'Inspection/Repair' }] : []),
    { value: 'items', label: 'Items' },
  ];
  const requested = params.get('tab');
  const tab: ServiceTab = inspectionTab && requested !== 'items' ? 'inspection' : 'items';
  const ref = { id: j.id, number: j.number, name: j.name };
  const timeZone = options.data?.timeZone;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={`Job #${j.number}`}
        subtitle={j.name}
        back={BACK}
        actions={
          <>
            {j.can.edit ? (
              <ButtonLink to={`/jobs/${j.id}/edit`} variant="secondary">
                <Pencil className="h-4 w-4" aria-hidden /> Edit Job
              </ButtonLink>
            ) : null}
            {j.can.complete && canComplete(j.status) ? (
              <Button onClick={() => actions.complete(ref)}>
                <CheckCircle2 className="h-4 w-4" aria-hidden /> Complete Job
              </Button>
            ) : null}
            {j.can.cancel && canCancel(j.status) ? (
              <Button variant="secondary" onClick={() => actions.cancel(ref)}>
                <XCircle className="h-4 w-4" aria-hidden /> Cancel Job
              </Button>
            ) : null}
            {j.can.delete ? (
              <Button variant="danger" onClick={() => actions.remove(ref)}>
                <Trash2 className="h-4 w-4" aria-hidden /> Delete Job
              </Button>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6 xl:grid-cols-3">
        <div className="min-w-0 space-y-6 xl:col-span-2">
          {agreementNote?.(j, context)}
          <SummaryCard job={j} timeZone={timeZone} />
          <div className="grid gap-6 md:grid-cols-2">
            <LocationContactCard job={j} />
            <TechniciansCard job={j} />
          </div>
          <UnitCard job={j} />
          <Card>
            <CardHeader title="Service" />
            <div className="px-4 pt-2">
              <Tabs
                label="Service"
                tabs={tabs}
                value={tab}
                onChange={(next) => {
                  const p = new URLSearchParams(params);
                  if (next === 'items' && inspectionTab) p.set('tab', 'items');
                  else p.delete('tab');
                  setParams(p, { replace: true });
                }}
              />
            </div>
            <div role="tabpanel" aria-label={tab === 'items' ? 'Items' : 'Inspection/Repair'} className="p-4">
              <AfterFirstPaint fallback={<Spinner />}>
                {tab === 'items' ? (
                  <ItemsTab job={j} serviceLines={options.data?.serviceLines} />
                ) : (
                  inspectionTab?.(j, context)
                )}
              </AfterFirstPaint>
            </div>
          </Card>
          {quotesCard ? <LaterSection label="Quotes">{quotesCard(j, context)}</LaterSection> : null}
          {invoicesCard ? <LaterSection label="Invoices">{invoicesCard(j, context)}</LaterSection> : null}
          {fieldCard ? <LaterSection label="Field Work">{fieldCard(j, context)}</LaterSection> : null}
        </div>
        <aside className="min-w-0 space-y-6" aria-label="Job information">
          <JobInformationCard job={j} tileUrl={config.data?.mapTileUrl} />
          {j.notes ? (
            <Card>
              <CardHeader title="Notes" />
              <CardBody>
                <p className="text-sm break-words whitespace-pre-line text-slate-800">{j.notes}</p>
              </CardBody>
            </Card>
          ) : null}
          <AfterFirstPaint fallback={<Spinner />}>
            <JobHistoryCard jobId={j.id} />
          </AfterFirstPaint>
        </aside>
      </div>
      {actions.dialogs}
    </div>
  );
}
