import { Link } from 'react-router';
import { dueVisitsQuery, type DueVisit } from '../../../domain/agreements';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { useDueVisits } from './api/agreement-reports-api';
import { AGREEMENT_REPORT_TEXTS } from './agreement-report-texts';

const COLUMNS: DataTableColumn<DueVisit>[] = [
  {
    id: 'job',
    header: 'Job',
    className: 'whitespace-nowrap',
    cell: (x) => (
      <Link to={`/jobs/${x.jobId}`} className="font-medium text-blue-700 hover:underline">
        Job #{x.jobNumber}
      </Link>
    ),
  },
  {
    id: 'window',
    header: 'Window',
    className: 'whitespace-nowrap',
    cell: (x) => `${formatDate(x.visitDate)} to ${formatDate(x.windowEnd)}`,
  },
  {
    id: 'agreement',
    header: 'Agreement',
    cell: (x) => (
      <span>
        <Link to={`/agreements/${x.agreementId}`} className="text-blue-700 hover:underline">
          {x.agreementName}
        </Link>
        <span className="block text-xs text-slate-600">
          #{x.agreementNumber} · {x.companyName}
        </span>
      </span>
    ),
  },
  { id: 'location', header: 'Location', priority: 2, cell: (x) => x.locationName },
];

/** /agreements/visits-due: this month's agreement visits whose jobs nobody scheduled yet (Home's card opens it). */
export default function VisitsDuePage() {
  const { values, update } = useUrlFilters(dueVisitsQuery);
  const visits = useDueVisits(values);
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Visits Due This Month, Not Scheduled"
        subtitle="Agreement visits whose window falls in this month and whose job has no appointment yet"
        back={{ to: '/agreements', label: 'Back to Agreements' }}
        actions={
          <Link to="/jobs/dispatch" className="text-sm font-medium text-blue-700 hover:underline">
            Open the dispatch board
          </Link>
        }
      />
      {visits.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(visits.error, AGREEMENT_REPORT_TEXTS.fetchDueVisits)} />
      ) : null}
      <DataTable
        label="Visits due this month, not scheduled"
        columns={COLUMNS}
        rows={visits.data?.items}
        loading={visits.isPending}
        loadingLabel="Loading visits..."
        busy={visits.isFetching}
        getRowKey={(x) => x.visitId}
        getRowLabel={(x) => `job ${x.jobNumber}`}
        getRowTestId={() => 'due-visit-row'}
        rowHref={(x) => `/jobs/${x.jobId}`}
        empty={AGREEMENT_REPORT_TEXTS.dueVisitsEmpty}
      />
      {visits.data ? (
        <Pager
          page={values.page}
          pageSize={values.pageSize}
          total={visits.data.total}
          totalCapped={visits.data.totalCapped}
          onPage={(page) => update({ page: page === 1 ? undefined : page })}
        />
      ) : null}
    </div>
  );
}
