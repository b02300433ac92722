import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  HOME_DEFICIENCIES_PAGE_SIZE,
  homeDeficienciesListQuery,
  type OpenDeficiencies,
  type OpenDeficiency,
} from '../../../domain/home';
import { api, errorMessage } from '../../lib/api-client';
import { formatCents } from '../../lib/format';
import { CompanyDate } from '../../lib/company-date';
import { homeKeys } from '../../lib/query-keys';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { FilterChip } from '../../ui/filter-chip';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { useHomeOptions } from '../../lib/home-queries';
import { HOME_PERIOD_LABELS } from './home-texts';

/**
 * /deficiencies: the repair records Home's Open Deficiencies counts (a job may hold several), with
 * the card's Office, Technician and period (on the records' creation), each removable.
 */
export default function DeficienciesPage() {
  const { values, update } = useUrlFilters(homeDeficienciesListQuery);
  const { page, ...filters } = values;
  const options = useHomeOptions();
  const list = useQuery({
    queryKey: [...homeKeys.all, 'deficiencies', values],
    queryFn: () => api.get<OpenDeficiencies>('/api/home/deficiencies', { ...values }),
    placeholderData: keepPreviousData,
  });
  const technician = filters.technicianId
    ? (options.data?.technicians.find((t) => t.id === filters.technicianId)?.name ?? 'One technician')
    : null;

  const columns: DataTableColumn<OpenDeficiency>[] = [
    {
      id: 'job',
      header: 'Job',
      cell: (d) => (
        <Link to={`/jobs/${d.jobId}`} className="font-medium text-blue-700 hover:underline">
          #{d.jobNumber} {d.jobName}
        </Link>
      ),
    },
    {
      id: 'place',
      header: 'Location / Unit',
      priority: 2,
      cell: (d) => [d.locationName, d.unitNumber].filter(Boolean).join(' · ') || 'Not specified',
    },
    { id: 'option', header: 'Option', cell: (d) => d.optionLabel },
    {
      id: 'total',
      header: 'Total',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (d) => formatCents(d.totalCents),
    },
    {
      id: 'recorded',
      header: 'Recorded',
      priority: 3,
      className: 'whitespace-nowrap',
      cell: (d) => <CompanyDate value={d.createdAt} />,
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Open Deficiencies"
        subtitle="Repair records with a total whose customer decision is still open"
        back={{ to: '/', label: 'Back to Home' }}
      />
      {filters.period !== 'all' || filters.office || technician ? (
        <div role="group" aria-label="Filters" className="mb-4 flex flex-wrap items-center gap-2 text-sm">
          {filters.period !== 'all' ? (
            <FilterChip
              label={`Recorded: ${HOME_PERIOD_LABELS[filters.period]}`}
              onRemove={() => update({ period: 'all', page: undefined })}
            />
          ) : null}
          {filters.office ? (
            <FilterChip
              label={`Office: ${filters.office}`}
              onRemove={() => update({ office: undefined, page: undefined })}
            />
          ) : null}
          {technician ? (
            <FilterChip
              label={`Technician: ${technician}`}
              onRemove={() => update({ technicianId: undefined, page: undefined })}
            />
          ) : null}
        </div>
      ) : null}
      {list.isError ? (
        <ErrorBanner
          className="mb-4"
          message={errorMessage(list.error, 'Failed to load the open deficiencies. Please try again.')}
        />
      ) : null}
      <DataTable
        label="Open Deficiencies"
        columns={columns}
        rows={list.data?.items}
        getRowKey={(d) => d.repairId}
        getRowLabel={(d) => `deficiency of job ${d.jobNumber}`}
        rowHref={(d) => `/jobs/${d.jobId}`}
        loading={list.isPending}
        loadingLabel="Loading open deficiencies..."
        busy={list.isFetching}
        empty="No open deficiencies."
      />
      {list.data && list.data.items.length > 0 ? (
        <Pager
          page={page}
          pageSize={HOME_DEFICIENCIES_PAGE_SIZE}
          total={list.data.total}
          onPage={(p) => update({ page: p === 1 ? undefined : p })}
        />
      ) : null}
    </div>
  );
}
