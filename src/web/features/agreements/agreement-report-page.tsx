import { Link } from 'react-router';
import {
  AGREEMENT_STATUS_LABELS,
  AGREEMENT_STATUSES,
  agreementReportQuery,
  formatPermille,
  type AgreementReportItem,
  type AgreementReportSort,
} from '../../../domain/agreements';
import { errorMessage } from '../../lib/api-client';
import { formatCents, formatCount } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { FormField, SelectInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { agreementReportExportUrl, useAgreementReport } from './api/agreement-reports-api';
import { AGREEMENT_REPORT_TEXTS } from './agreement-report-texts';
import { AgreementStatusBadge } from './components/agreement-status-badge';
import { CompanyFilter } from '../../lib/company-filter';

const money = 'whitespace-nowrap tabular-nums';

const COLUMNS: DataTableColumn<AgreementReportItem>[] = [
  {
    id: 'name',
    header: 'Agreement',
    sortKey: 'number',
    className: 'min-w-[10rem]',
    cell: (x) => (
      <span>
        <Link to={`/agreements/${x.id}`} className="font-medium text-blue-700 hover:underline">
          {x.name}
        </Link>
        <span className="block text-xs text-slate-600">
          #{x.number} · {x.companyName}
        </span>
      </span>
    ),
  },
  { id: 'status', header: 'Status', priority: 3, cell: (x) => <AgreementStatusBadge status={x.status} /> },
  {
    id: 'end',
    header: 'Ends',
    sortKey: 'endDate',
    priority: 3,
    className: 'whitespace-nowrap',
    cell: (x) => x.endDate,
  },
  {
    id: 'visits',
    header: 'Visits Done',
    sortKey: 'visitsDone',
    priority: 2,
    className: money,
    cell: (x) =>
      `${formatCount(x.visitsDone)} of ${formatCount(x.visitsPlannedToDate)} (${formatCount(x.visitsPlannedTerm)})`,
  },
  {
    id: 'approved',
    header: 'Repairs Approved',
    sortKey: 'repairsApproved',
    priority: 2,
    className: money,
    cell: (x) => formatCents(x.repairsApprovedCents),
  },
  {
    id: 'price',
    header: 'Price',
    sortKey: 'price',
    priority: 3,
    className: money,
    cell: (x) => formatCents(x.agreementRevenueCents),
  },
  {
    id: 'repairRevenue',
    header: 'Repair Revenue',
    sortKey: 'repairRevenue',
    className: money,
    cell: (x) => formatCents(x.repairRevenueCents),
  },
  {
    id: 'costs',
    header: 'Labor + Parts',
    priority: 3,
    className: money,
    cell: (x) => formatCents(x.laborCostCents + x.partsCostCents),
  },
  {
    id: 'profit',
    header: 'Profit',
    sortKey: 'profit',
    className: money,
    cell: (x) => (
      <span>
        {formatCents(x.profitCents)}
        {x.marginPermille !== null ? (
          <span className="block text-xs text-slate-600">{formatPermille(x.marginPermille)}</span>
        ) : null}
      </span>
    ),
  },
];

/** /agreements/report: each agreement's pull-through and profit, sortable, filtered, exported (admin, manager). */
export default function AgreementReportPage() {
  const { values, update } = useUrlFilters(agreementReportQuery);
  const report = useAgreementReport(values);
  const { page: _page, pageSize: _pageSize, ...filters } = values;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Agreement Pull-through"
        subtitle="Visits done against planned, repairs sold on the visits, and what each agreement earns"
        back={{ to: '/agreements', label: 'Back to Agreements' }}
        actions={<ExportLink href={agreementReportExportUrl(filters)} />}
      />
      <Card className="mb-6 p-4">
        <div className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-3">
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
        </div>
      </Card>
      {report.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(report.error, AGREEMENT_REPORT_TEXTS.fetchReport)} />
      ) : null}
      <DataTable
        label="Agreement pull-through"
        columns={COLUMNS}
        rows={report.data?.items}
        loading={report.isPending}
        loadingLabel="Loading the report..."
        busy={report.isFetching}
        getRowKey={(x) => x.id}
        getRowLabel={(x) => `agreement ${x.name}`}
        getRowTestId={() => 'report-row'}
        rowHref={(x) => `/agreements/${x.id}`}
        empty={AGREEMENT_REPORT_TEXTS.reportEmpty}
        sort={{ key: values.sort, direction: values.dir }}
        onSortChange={(sort) =>
          update({
            sort: sort.key === 'endDate' ? undefined : (sort.key as AgreementReportSort),
            dir: sort.direction === 'asc' ? undefined : sort.direction,
            page: undefined,
          })
        }
      />
      {report.data ? (
        <Pager
          page={values.page}
          pageSize={values.pageSize}
          total={report.data.total}
          totalCapped={report.data.totalCapped}
          onPage={(page) => update({ page: page === 1 ? undefined : page })}
        />
      ) : null}
    </div>
  );
}
