import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { useCompanySuggestions } from '../../lib/customer-queries';
import { formatCents, formatCount, formatDate } from '../../lib/format';
import { useHomeOptions } from '../../lib/home-queries';
import { useDebounced } from '../../lib/use-debounced';
import { useUrlFilters } from '../../lib/url-state';
import { Badge } from '../../ui/badge';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { Checkbox, FormField, SelectInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { SearchPicker, type PickerOption } from '../../ui/search-picker';
import { toast } from '../../ui/toast';
import {
  OPPORTUNITY_AGE_LABELS,
  OPPORTUNITY_AGES,
  OPPORTUNITY_KIND_LABELS,
  OPPORTUNITY_KINDS,
  OPPORTUNITY_MESSAGES,
  opportunityUrlFilters,
  type OpportunityKind,
} from '../../../domain/opportunity-rules';
import type { Opportunity } from '../../../domain/opportunities';
import { opportunityExportUrl, useOpportunities, useRestoreOpportunity } from './api/opportunities-api';
// The dialogs check their forms with the API's schemas: loaded when first opened (decision 057).
const FollowUpDialog = lazy(() =>
  import('./components/opportunity-dialogs').then((m) => ({ default: m.FollowUpDialog })),
);
const DismissDialog = lazy(() =>
  import('./components/opportunity-dialogs').then((m) => ({ default: m.DismissDialog })),
);
import { ageText, KIND_TONES, opportunityDetailText, opportunityTitle } from './opportunity-texts';

const linkClass = 'font-medium text-blue-700 hover:underline';
const actionButton =
  'inline-flex min-h-9 items-center rounded px-2 text-sm font-medium text-blue-700 hover:bg-blue-50 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600';

/** The row's main action: send a quote (the job's Quotes card) or create a job for the unit. */
function MainAction({ o }: { o: Opportunity }) {
  if (o.kind === 'replacement' && o.unitId)
    return (
      <Link
        className={actionButton}
        to={`/jobs/create?unitId=${o.unitId}`}
        aria-label={`Create job for unit ${o.unitNumber ?? ''}`}
      >
        Create Job
      </Link>
    );
  if (!o.jobId) return null;
  const label =
    o.kind === 'awaiting_customer' ? 'Resend Quote' : o.kind === 'declined_quote' ? 'New Quote' : 'Send Quote';
  return (
    <Link className={actionButton} to={`/jobs/${o.jobId}#quotes`} aria-label={`${label}: job ${o.jobNumber ?? ''}`}>
      {label}
    </Link>
  );
}

function KindTile({
  kind,
  count,
  valueCents,
  pressed,
  onToggle,
}: {
  kind: OpportunityKind;
  count: number | undefined;
  valueCents: number | undefined;
  pressed: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      data-testid={`total-${kind}`}
      className={`rounded-md border border-slate-200 bg-white p-3 text-left hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${pressed ? 'ring-2 ring-blue-600' : ''}`}
    >
      <span className="block text-sm font-medium text-slate-700">{OPPORTUNITY_KIND_LABELS[kind]}</span>
      <span className="mt-1 block text-xl font-semibold text-slate-900 tabular-nums">
        {count === undefined ? '–' : formatCount(count)}
      </span>
      <span className="block text-sm text-slate-600 tabular-nums">
        {kind === 'replacement' ? 'Not priced yet' : valueCents === undefined ? '–' : formatCents(valueCents)}
      </span>
      <span className="sr-only">{pressed ? ' (showing only these)' : ' (show only these)'}</span>
    </button>
  );
}

/** /jobs/opportunities: the work not yet sold, with value and age, totals by kind, and an action on each row. */
export default function OpportunitiesPage() {
  const allowed = useCan('opportunities.manage');
  const { values, update, replaceAll, params } = useUrlFilters(opportunityUrlFilters);
  const { page, ...filters } = values;
  const list = useOpportunities(values, allowed);
  const restore = useRestoreOpportunity();
  const technicians = useHomeOptions({ enabled: allowed });

  const [companyText, setCompanyText] = useState('');
  const debouncedCompany = useDebounced(companyText.trim(), 250);
  const companyName = params.get('companyName');
  const selectedCompany: PickerOption | null = values.companyId
    ? { id: values.companyId, label: companyName ?? 'Chosen company' }
    : null;
  const suggestions = useCompanySuggestions(debouncedCompany, debouncedCompany.length >= 2 && !selectedCompany);

  const [dialog, setDialog] = useState<{ kind: 'follow-up' | 'dismiss'; row: Opportunity } | null>(null);
  const showingDismissed = values.dismissed === '1';
  const applied = [values.companyId, values.technicianId, values.kind, values.age, showingDismissed].filter(
    Boolean,
  ).length;
  const totals = list.data?.totals;

  if (!allowed)
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeader title="Service Opportunities" />
        <InfoBanner>Service Opportunities are kept by the office.</InfoBanner>
      </div>
    );

  const columns: DataTableColumn<Opportunity>[] = [
    {
      id: 'opportunity',
      header: 'Opportunity',
      cell: (o) => (
        <div className="space-y-1">
          <Badge tone={KIND_TONES[o.kind]}>{OPPORTUNITY_KIND_LABELS[o.kind]}</Badge>
          <div>
            {o.kind === 'replacement' && o.unitId ? (
              <Link className={linkClass} to={`/units/${o.unitId}`}>
                Unit {o.unitNumber}
              </Link>
            ) : o.jobId ? (
              <Link className={linkClass} to={`/jobs/${o.jobId}`}>
                Job #{o.jobNumber}
              </Link>
            ) : null}
          </div>
          <p className="text-sm text-slate-600">{opportunityDetailText(o)}</p>
        </div>
      ),
    },
    {
      id: 'customer',
      header: 'Customer',
      priority: 2,
      cell: (o) => (
        <div>
          <Link className={linkClass} to={`/companies/${o.companyId}`}>
            {o.companyName}
          </Link>
          <p className="text-sm text-slate-600">
            {o.locationName}
            {o.unitNumber && o.kind !== 'replacement' ? ` · Unit ${o.unitNumber}` : ''}
          </p>
        </div>
      ),
    },
    {
      id: 'technicians',
      header: 'Technicians',
      priority: 3,
      cell: (o) => (o.technicians.length ? o.technicians.join(', ') : <span className="text-slate-500">None</span>),
    },
    {
      id: 'value',
      header: 'Value',
      sortKey: 'value',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (o) =>
        o.valueCents === null ? <span className="text-slate-500">Not priced</span> : formatCents(o.valueCents),
    },
    { id: 'age', header: 'Age', sortKey: 'age', className: 'whitespace-nowrap', cell: (o) => ageText(o.ageDays) },
    {
      id: 'followUp',
      header: showingDismissed ? 'Dismissed' : 'Follow Up On',
      priority: 2,
      cell: (o) =>
        showingDismissed ? (
          <p className="text-sm">{o.dismissReason}</p>
        ) : o.followUpOn ? (
          <div>
            <span className="whitespace-nowrap">{formatDate(o.followUpOn)}</span>
            {o.followUpNote ? <p className="text-sm text-slate-600">{o.followUpNote}</p> : null}
          </div>
        ) : (
          <span className="text-slate-500">Not set</span>
        ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader screen="/jobs/opportunities" actions={<ExportLink href={opportunityExportUrl(filters)} />} />

      <section
        aria-label="Totals by kind"
        className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4"
        aria-busy={list.isFetching}
      >
        {OPPORTUNITY_KINDS.map((kind) => {
          const t = totals?.find((x) => x.kind === kind);
          return (
            <KindTile
              key={kind}
              kind={kind}
              count={t?.count}
              valueCents={t?.valueCents}
              pressed={values.kind === kind}
              onToggle={() => update({ kind: values.kind === kind ? undefined : kind, page: undefined })}
            />
          );
        })}
      </section>

      <Card className="mb-6 space-y-3 p-4">
        <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Company">
            {(field) => (
              <SearchPicker
                id={field.id}
                label="Company"
                selected={selectedCompany}
                onSelect={(c) => {
                  setCompanyText('');
                  update({ companyId: c?.id, companyName: c?.label, page: undefined });
                }}
                text={companyText}
                onTextChange={setCompanyText}
                options={(suggestions.data?.items ?? []).slice(0, 5).map((c) => ({ id: c.id, label: c.name }))}
                loading={suggestions.isFetching || debouncedCompany !== companyText.trim()}
                placeholder="Search companies..."
                emptyText="No companies found"
              />
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
                {(technicians.data?.technicians ?? []).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Kind">
            {(field) => (
              <SelectInput
                {...field}
                value={values.kind ?? ''}
                onChange={(e) => update({ kind: e.target.value, page: undefined })}
              >
                <option value="">All kinds</option>
                {OPPORTUNITY_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {OPPORTUNITY_KIND_LABELS[k]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Age">
            {(field) => (
              <SelectInput
                {...field}
                value={values.age ?? ''}
                onChange={(e) => update({ age: e.target.value, page: undefined })}
              >
                <option value="">Any age</option>
                {OPPORTUNITY_AGES.map((a) => (
                  <option key={a} value={a}>
                    {OPPORTUNITY_AGE_LABELS[a]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Checkbox
            label="Show dismissed"
            checked={showingDismissed}
            onChange={(e) => update({ dismissed: e.target.checked ? '1' : undefined, page: undefined })}
          />
          <span className="text-slate-600" data-testid="filters-applied">
            {applied === 0 ? 'No filters applied' : `Filters applied: ${applied}`}
          </span>
          <button
            type="button"
            className="min-h-9 font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline"
            disabled={applied === 0}
            onClick={() => {
              setCompanyText('');
              replaceAll({
                sort: values.sort === 'age' ? undefined : values.sort,
                dir: values.dir === 'desc' ? undefined : values.dir,
              });
            }}
          >
            Reset filters
          </button>
        </div>
      </Card>

      {list.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(list.error, 'Failed to load service opportunities')} />
      ) : null}
      <DataTable
        label="Service opportunities"
        columns={columns}
        rows={list.data?.items}
        loading={list.isPending}
        loadingLabel="Loading service opportunities..."
        busy={list.isFetching}
        getRowKey={(o) => `${o.kind}:${o.sourceId}`}
        getRowLabel={(o) => opportunityTitle(o)}
        getRowTestId={(o) => `opportunity-${o.kind}-${o.sourceId}`}
        empty={OPPORTUNITY_MESSAGES.empty}
        sort={{ key: values.sort, direction: values.dir }}
        onSortChange={(s) => update({ sort: s.key, dir: s.direction, page: undefined })}
        actions={{
          cell: (o) => (
            <div className="flex flex-wrap items-center justify-end gap-1">
              {showingDismissed ? (
                <button
                  type="button"
                  className={actionButton}
                  disabled={restore.isPending}
                  onClick={() =>
                    restore.mutate(o, {
                      onSuccess: () => toast.success(OPPORTUNITY_MESSAGES.restored),
                      onError: (e) => toast.error(errorMessage(e, 'Failed to restore the opportunity')),
                    })
                  }
                  aria-label={`Restore: ${opportunityTitle(o)}`}
                >
                  Restore
                </button>
              ) : (
                <>
                  <MainAction o={o} />
                  <button
                    type="button"
                    className={actionButton}
                    onClick={() => setDialog({ kind: 'follow-up', row: o })}
                    aria-label={`Set follow-up: ${opportunityTitle(o)}`}
                  >
                    Follow Up
                  </button>
                  <button
                    type="button"
                    className={actionButton}
                    onClick={() => setDialog({ kind: 'dismiss', row: o })}
                    aria-label={`Dismiss: ${opportunityTitle(o)}`}
                  >
                    Dismiss
                  </button>
                </>
              )}
            </div>
          ),
        }}
      />
      {list.data && list.data.items.length > 0 ? (
        <Pager
          page={page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          totalCapped={list.data.totalCapped}
          onPage={(p) => update({ page: p === 1 ? undefined : p })}
        />
      ) : null}

      <Suspense fallback={null}>
        {dialog?.kind === 'follow-up' ? (
          <FollowUpDialog opportunity={dialog.row} open onOpenChange={(open) => !open && setDialog(null)} />
        ) : null}
        {dialog?.kind === 'dismiss' ? (
          <DismissDialog opportunity={dialog.row} open onOpenChange={(open) => !open && setDialog(null)} />
        ) : null}
      </Suspense>
    </div>
  );
}
