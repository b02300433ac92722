import { CalendarDays, CheckCircle2, List, Plus, Search, Trash2, X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { dateInZone, DEFAULT_TIME_ZONE } from '../../../domain/dates';
// Not the domain/jobs index: it builds the job schemas, and the list loads no zod (decision 042).
import type { JobListItem } from '../../../domain/jobs';
import { DEFAULT_JOB_PAGE_SIZE, JOB_PAGE_SIZES, JOB_STATUSES } from '../../../domain/jobs/constants';
import { jobListFilters, UNASSIGNED } from '../../../domain/jobs/list-filters';
import { canComplete } from '../../../domain/jobs/rules';
import { isAssignedTo, mayWorkOnJob } from '../../../domain/policy';
import { errorMessage } from '../../lib/api-client';
import { formatDate, formatTime } from '../../lib/format';
import { useLiveFilters } from '../../lib/live-filters';
import { useCan } from '../../lib/can';
import { useSession } from '../../lib/session';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { cn } from '../../ui/cn';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { FormField, SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { jobsExportHref, useJobCalendar, useJobOptions, useJobs } from './api/jobs-api';
import { anchorOr, calendarRange, shiftAnchor, type CalendarView } from './components/calendar-range';
import { CostBadge, JobStatusBadge, JobTypeBadge, TrainingBadge } from './components/job-badges';
import { calendarCellLimit, JobCalendar } from './components/job-calendar';
import { useJobActions } from './components/job-action-dialogs';
import { JOB_QUEUE_LABELS, JOB_STATUS_LABELS, JOB_TEXTS } from './job-texts';

const TEXT_FILTERS = ['q'] as const;
const FILTER_KEYS = [
  'q',
  'status',
  'type',
  'serviceLine',
  'technicianId',
  'office',
  'from',
  'to',
  'queue',
  'companyId',
  'locationId',
  'unitId',
] as const;
const DATE_FIELD_LABELS = {
  due: 'Due date',
  schedule: 'Schedule date',
  created: 'Created date',
  'quote-sent': 'Quote sent date',
} as const;

function scheduleCell(job: JobListItem, timeZone: string | undefined) {
  return (
    <span className="block text-sm">
      <span className="block text-slate-900">
        {job.scheduleStart
          ? `${new Date(job.scheduleStart).toLocaleDateString('en-US', { timeZone })} ${formatTime(job.scheduleStart, timeZone)}`
          : 'Not scheduled'}
      </span>
      <span className="block text-xs text-slate-600">
        Due {formatDate(job.timePeriodStart)} – {formatDate(job.timePeriodDue)}
      </span>
    </span>
  );
}

function columns(timeZone: string | undefined): DataTableColumn<JobListItem>[] {
  return [
    {
      id: 'job',
      header: 'Job',
      sortKey: 'number',
      className: 'min-w-[12rem]',
      cell: (job) => (
        <span className="block min-w-0">
          <Link to={`/jobs/${job.id}`} className="font-medium text-blue-700 hover:underline">
            <span className="font-mono">#{job.number}</span> {job.name}
          </Link>
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (job) => (
        <span className="flex flex-wrap gap-1">
          <JobStatusBadge status={job.status} />
          <JobTypeBadge type={job.type} typeName={job.typeName} />
          {job.isTraining ? <TrainingBadge /> : null}
        </span>
      ),
    },
    {
      id: 'customer',
      header: 'Company / Location / Unit',
      priority: 2,
      // company names are long: keep whole words instead of letting the column shrink to a few letters
      className: 'min-w-[11rem]',
      cell: (job) => (
        <span className="block text-sm">
          <Link
            to={`/companies/${job.companyId}`}
            className="block py-0.5 text-slate-900 hover:text-blue-700 hover:underline"
          >
            {job.companyName}
          </Link>
          <span className="block text-xs text-slate-600">
            <Link to={`/locations/${job.locationId}`} className="hover:text-blue-700 hover:underline">
              {job.locationName}
            </Link>
            {job.unitId && job.unitNumber ? (
              <>
                {' · '}
                <Link to={`/units/${job.unitId}`} className="hover:text-blue-700 hover:underline">
                  Unit {job.unitNumber}
                </Link>
              </>
            ) : null}
          </span>
        </span>
      ),
    },
    {
      id: 'schedule',
      header: 'Schedule / Due',
      sortKey: 'schedule',
      priority: 2,
      cell: (job) => scheduleCell(job, timeZone),
    },
    {
      id: 'technicians',
      header: 'Technicians',
      priority: 3,
      cell: (job) =>
        job.technicians.length === 0 ? (
          <span className="text-slate-600">Unassigned</span>
        ) : (
          <span className="text-sm text-slate-800">
            {job.technicians.map((t) => (t.isPrimary ? `${t.name} (primary)` : t.name)).join(', ')}
          </span>
        ),
    },
    { id: 'cost', header: 'Cost', align: 'right', cell: (job) => <CostBadge cents={job.costTotalCents} /> },
  ];
}

/** /jobs: the filtered list (filters in the URL) or the month/week calendar of scheduled jobs. */
export default function JobsPage() {
  const { values, update, replaceAll, params } = useUrlFilters(jobListFilters);
  const [, setParams] = useSearchParams();
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const options = useJobOptions();
  const session = useSession();
  const timeZone = options.data?.timeZone ?? DEFAULT_TIME_ZONE;
  const today = options.data?.today ?? dateInZone(new Date(), timeZone);

  const view = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const calView: CalendarView = params.get('period') === 'week' ? 'week' : 'month';
  const anchor = anchorOr(params.get('date') ?? undefined, today);
  const range = calendarRange(calView, anchor);

  const jobs = useJobs(values, { enabled: view === 'list' });
  const calendar = useJobCalendar(range.from, range.to, calendarCellLimit(calView), view === 'calendar');
  const actions = useJobActions();
  const role = session.data?.role;
  const mayDelete = useCan('jobs.edit');
  const mayCreate = mayDelete;

  const setParam = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };

  const applied =
    FILTER_KEYS.filter((k) => k !== 'q' && values[k] !== undefined).length + (live.draft.q.trim() ? 1 : 0);
  const queue = values.queue;

  return (
    <div className="mx-auto max-w-full">
      <PageHeader
        screen="/jobs"
        actions={
          <>
            <div
              role="group"
              aria-label="View"
              className="inline-flex rounded-md border border-slate-300 bg-white p-0.5 shadow-sm"
            >
              {(
                [
                  ['list', 'List', List],
                  ['calendar', 'Calendar', CalendarDays],
                ] as const
              ).map(([value, label, Icon]) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={view === value}
                  onClick={() => setParam({ view: value === 'calendar' ? 'calendar' : undefined })}
                  className={cn(
                    'inline-flex items-center gap-1.5 rounded px-3 py-1.5 text-sm font-medium',
                    view === value ? 'bg-blue-600 text-white' : 'text-slate-700 hover:bg-slate-100',
                  )}
                >
                  <Icon className="h-4 w-4" aria-hidden /> {label}
                </button>
              ))}
            </div>
            <ExportLink href={jobsExportHref(values)} />
            {mayCreate ? (
              <ButtonLink to="/jobs/create">
                <Plus className="h-4 w-4" aria-hidden /> Create Job
              </ButtonLink>
            ) : null}
          </>
        }
      />

      {view === 'calendar' ? (
        <>
          {calendar.isError ? (
            <ErrorBanner className="mb-4" message={errorMessage(calendar.error, JOB_TEXTS.fetchData)} />
          ) : null}
          <JobCalendar
            view={calView}
            anchor={anchor}
            today={today}
            timeZone={calendar.data?.timeZone ?? timeZone}
            scheduled={calendar.data?.scheduled}
            dayTotals={calendar.data?.dayTotals}
            unscheduled={calendar.data?.unscheduled}
            unscheduledTotal={calendar.data?.unscheduledTotal}
            loading={calendar.isFetching}
            onView={(v) => setParam({ period: v === 'week' ? 'week' : undefined })}
            onAnchor={(d) => setParam({ date: d === today ? undefined : d })}
            onPrevious={() => setParam({ date: shiftAnchor(calView, anchor, -1) })}
            onNext={() => setParam({ date: shiftAnchor(calView, anchor, 1) })}
          />
        </>
      ) : (
        <>
          <Card className="mb-6 space-y-3 p-4">
            <div className="relative">
              <Search
                className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
                aria-hidden
              />
              <TextInput
                type="search"
                aria-label="Search jobs"
                placeholder="Search job number, name, company, location or unit..."
                className="pl-9"
                value={live.draft.q}
                onChange={(e) => live.change('q', e.target.value)}
              />
            </div>
            <div className="grid items-end gap-3 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-6">
              <FormField label="Status">
                {(field) => (
                  <SelectInput
                    {...field}
                    value={values.status ?? ''}
                    onChange={(e) => update({ status: e.target.value, page: undefined })}
                  >
                    <option value="">All statuses</option>
                    {JOB_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {JOB_STATUS_LABELS[s]}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
              <FormField label="Job Type">
                {(field) => (
                  <SelectInput
                    {...field}
                    value={values.type ?? ''}
                    onChange={(e) => update({ type: e.target.value, page: undefined })}
                  >
                    <option value="">All types</option>
                    {(options.data?.jobTypes ?? []).map((t) => (
                      <option key={t.code} value={t.code}>
                        {t.name}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
              <FormField label="Service Line">
                {(field) => (
                  <SelectInput
                    {...field}
                    value={values.serviceLine ?? ''}
                    onChange={(e) => update({ serviceLine: e.target.value, page: undefined })}
                  >
                    <option value="">All service lines</option>
                    {(options.data?.serviceLines ?? []).map((s) => (
                      <option key={s.code} value={s.code}>
                        {s.name}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
              <FormField label="Technician">
                {(field) => (
                  <SelectInput
                    {...field}
                    value={values.technicianId ?? ''}
                    onChange={(e) => update({ technicianId: e.target.value, page: undefined })}
                  >
                    <option value="">All technicians</option>
                    <option value={UNASSIGNED}>Unassigned</option>
                    {(options.data?.technicians ?? []).map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
              <FormField label="Office">
                {(field) => (
                  <SelectInput
                    {...field}
                    value={values.office ?? ''}
                    onChange={(e) => update({ office: e.target.value, page: undefined })}
                  >
                    <option value="">All offices</option>
                    {(options.data?.offices ?? []).map((o) => (
                      <option key={o} value={o}>
                        {o}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
              <FormField label="Per page">
                {(field) => (
                  <SelectInput
                    {...field}
                    value={values.pageSize}
                    onChange={(e) =>
                      update({
                        pageSize: Number(e.target.value) === DEFAULT_JOB_PAGE_SIZE ? undefined : e.target.value,
                        page: undefined,
                      })
                    }
                  >
                    {JOB_PAGE_SIZES.map((size) => (
                      <option key={size} value={size}>
                        {size}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
            </div>
            <fieldset className="grid items-end gap-3 sm:grid-cols-3 xl:max-w-3xl">
              <legend className="sr-only">Date range</legend>
              <FormField label="Date">
                {(field) => (
                  <SelectInput
                    {...field}
                    value={values.dateField}
                    onChange={(e) =>
                      update({ dateField: e.target.value === 'due' ? undefined : e.target.value, page: undefined })
                    }
                  >
                    {Object.entries(DATE_FIELD_LABELS).map(([value, label]) => (
                      <option key={value} value={value}>
                        {label}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
              <FormField label="From">
                {(field) => (
                  <TextInput
                    {...field}
                    type="date"
                    value={values.from ?? ''}
                    onChange={(e) => update({ from: e.target.value, page: undefined })}
                  />
                )}
              </FormField>
              <FormField label="To">
                {(field) => (
                  <TextInput
                    {...field}
                    type="date"
                    value={values.to ?? ''}
                    onChange={(e) => update({ to: e.target.value, page: undefined })}
                  />
                )}
              </FormField>
            </fieldset>
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-slate-600" data-testid="filters-applied">
                  {applied === 1 ? '1 filter applied' : `${applied} filters applied`}
                </span>
                {queue ? (
                  <span
                    className="inline-flex items-center gap-1 rounded-full bg-blue-50 px-2.5 py-1 text-xs font-medium text-blue-800 ring-1 ring-blue-200 ring-inset"
                    data-testid="queue-chip"
                  >
                    {JOB_QUEUE_LABELS[queue]}
                    <button
                      type="button"
                      className="rounded-full p-0.5 hover:bg-blue-100"
                      aria-label={`Remove filter: ${JOB_QUEUE_LABELS[queue]}`}
                      onClick={() => update({ queue: undefined, page: undefined })}
                    >
                      <X className="h-3 w-3" aria-hidden />
                    </button>
                  </span>
                ) : null}
              </div>
              <button
                type="button"
                className="font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline"
                disabled={applied === 0}
                onClick={() => {
                  live.clear();
                  replaceAll({ pageSize: values.pageSize === DEFAULT_JOB_PAGE_SIZE ? undefined : values.pageSize });
                }}
              >
                Reset filters
              </button>
            </div>
          </Card>

          {jobs.isError ? (
            <ErrorBanner className="mb-4" message={errorMessage(jobs.error, JOB_TEXTS.fetchData)} />
          ) : null}
          <DataTable
            label="Jobs"
            columns={columns(timeZone)}
            rows={jobs.data?.items}
            loading={jobs.isPending}
            loadingLabel="Loading jobs..."
            busy={jobs.isFetching}
            getRowKey={(job) => job.id}
            getRowLabel={(job) => `job ${job.number}`}
            getRowTestId={() => 'job-row'}
            rowHref={(job) => `/jobs/${job.id}`}
            empty={JOB_TEXTS.emptyList}
            emptyAction={
              mayCreate ? (
                <Link to="/jobs/create" className="font-medium text-blue-700 hover:underline">
                  Create Job
                </Link>
              ) : null
            }
            sort={{ key: values.sort, direction: values.dir }}
            onSortChange={(s) =>
              update({
                sort: s.key === 'created' ? undefined : s.key,
                dir: s.direction === 'desc' ? undefined : s.direction,
                page: undefined,
              })
            }
            actions={{
              cell: (job) => (
                <span className="flex justify-end gap-1">
                  {canComplete(job.status) && mayWorkOnJob(role, isAssignedTo(job.technicians, session.data?.id)) ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => actions.complete(job)}
                      aria-label={`Complete job ${job.number}`}
                    >
                      <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> Complete
                    </Button>
                  ) : null}
                  {mayDelete ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => actions.remove(job)}
                      aria-label={`Delete job ${job.number}`}
                    >
                      <Trash2 className="h-3.5 w-3.5" aria-hidden /> Delete
                    </Button>
                  ) : null}
                </span>
              ),
            }}
          />
          {jobs.data && jobs.data.items.length > 0 ? (
            <Pager
              page={values.page}
              pageSize={values.pageSize}
              total={jobs.data.total}
              totalCapped={jobs.data.totalCapped}
              onPage={(page) => update({ page: page === 1 ? undefined : page })}
            />
          ) : null}
        </>
      )}
      {actions.dialogs}
    </div>
  );
}
