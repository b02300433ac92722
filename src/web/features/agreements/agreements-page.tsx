import { Plus } from 'lucide-react';
import { Link } from 'react-router';
// The zod-free files, not the agreements barrel (which builds the API's schemas): the list's first
// paint loads no zod (decision 057).
import type { AgreementListItem } from '../../../domain/agreements';
import { BILLING_PLAN_LABELS } from '../../../domain/agreements/constants';
import { agreementListFilters } from '../../../domain/agreements/list-filters';
import { AGREEMENT_STATUS_LABELS, AGREEMENT_STATUSES } from '../../../domain/agreements/status';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { CompanyDate } from '../../lib/company-date';
import { formatCents, formatDate } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { FormField, SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { agreementExportUrl, useAgreements } from './api/agreements-api';
import { AGREEMENT_TEXTS } from './agreement-texts';
import { AgreementStatusBadge } from './components/agreement-status-badge';
import { AgreementReportLinks } from './components/agreement-report-links';
import { CompanyFilter } from '../../lib/company-filter';
import { GenerateVisitsButton } from './components/generate-visits-button';

const COLUMNS: DataTableColumn<AgreementListItem>[] = [
  {
    id: 'name',
    header: 'Agreement',
    className: 'min-w-[12rem]',
    cell: (x) => (
      <span>
        <Link to={`/agreements/${x.id}`} className="font-medium text-blue-700 hover:underline">
          {x.name}
        </Link>
        <span className="block text-xs text-slate-600">#{x.number}</span>
      </span>
    ),
  },
  { id: 'company', header: 'Company', cell: (x) => x.companyName },
  { id: 'status', header: 'Status', cell: (x) => <AgreementStatusBadge status={x.status} /> },
  {
    id: 'term',
    header: 'Term',
    priority: 2,
    className: 'whitespace-nowrap',
    cell: (x) => `${formatDate(x.startDate)} to ${formatDate(x.endDate)}`,
  },
  {
    id: 'price',
    header: 'Price',
    priority: 2,
    className: 'whitespace-nowrap tabular-nums',
    cell: (x) => `${formatCents(x.priceCents)} (${BILLING_PLAN_LABELS[x.billingPlan]})`,
  },
  {
    id: 'next',
    header: 'Next Visit',
    priority: 3,
    className: 'whitespace-nowrap',
    cell: (x) => (x.nextVisitOn ? <CompanyDate value={x.nextVisitOn} /> : <span className="text-slate-600">None</span>),
  },
];

/** /agreements: status, company and ending-before filters, Export to Spreadsheet, Generate visits now. */
export default function AgreementsPage() {
  const { values, update, replaceAll } = useUrlFilters(agreementListFilters);
  const agreements = useAgreements(values);
  const canEdit = useCan('agreements.edit');
  const { page: _page, pageSize: _pageSize, ...filters } = values;
  const anyFilter = Boolean(values.status || values.companyId || values.endingBefore);

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/agreements"
        actions={
          <>
            <ExportLink href={agreementExportUrl(filters)} />
            <AgreementReportLinks />
            <GenerateVisitsButton />
            {canEdit ? (
              <ButtonLink to="/agreements/create">
                <Plus className="h-4 w-4" aria-hidden /> New Agreement
              </ButtonLink>
            ) : null}
          </>
        }
      />
      <Card className="mb-6 p-4">
        <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Status">
            {(field) => (
              <SelectInput
                {...field}
                value={values.status ?? ''}
                onChange={(e) => update({ status: e.target.value || undefined, page: undefined })}
              >
                <option value="">All statuses</option>
                {AGREEMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {AGREEMENT_STATUS_LABELS[s]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <CompanyFilter
            companyId={values.companyId}
            onChange={(companyId) => update({ companyId, page: undefined })}
          />
          <FormField label="Ending before">
            {(field) => (
              <TextInput
                {...field}
                type="date"
                value={values.endingBefore ?? ''}
                onChange={(e) => update({ endingBefore: e.target.value || undefined, page: undefined })}
              />
            )}
          </FormField>
          <div className="flex justify-end pb-2 text-sm">
            <button
              type="button"
              className="font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline"
              disabled={!anyFilter}
              onClick={() => replaceAll({})}
            >
              Reset filters
            </button>
          </div>
        </div>
      </Card>
      {agreements.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(agreements.error, AGREEMENT_TEXTS.fetchList)} />
      ) : null}
      <DataTable
        label="Service agreements"
        columns={COLUMNS}
        rows={agreements.data?.items}
        loading={agreements.isPending}
        loadingLabel="Loading agreements..."
        busy={agreements.isFetching}
        getRowKey={(x) => x.id}
        getRowLabel={(x) => `agreement ${x.name}`}
        getRowTestId={() => 'agreement-row'}
        rowHref={(x) => `/agreements/${x.id}`}
        empty={AGREEMENT_TEXTS.empty}
        emptyAction={
          canEdit && !anyFilter ? <Link to="/agreements/create">Create your first agreement</Link> : undefined
        }
      />
      {agreements.data ? (
        <Pager
          page={values.page}
          pageSize={values.pageSize}
          total={agreements.data.total}
          totalCapped={agreements.data.totalCapped}
          onPage={(page) => update({ page: page === 1 ? undefined : page })}
        />
      ) : null}
    </div>
  );
}
