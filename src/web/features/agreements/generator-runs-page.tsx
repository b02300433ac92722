import { generatorRunsQuery, type GeneratorRunRow } from '../../../domain/agreements';
import { errorMessage } from '../../lib/api-client';
import { useCompanyInfo } from '../../lib/company';
import { formatCount, formatDate, formatDateTime } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { Badge } from '../../ui/badge';
import { ErrorBanner } from '../../ui/banner';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { useGeneratorRuns } from './api/agreement-reports-api';
import { AGREEMENT_REPORT_TEXTS } from './agreement-report-texts';
import { GenerateVisitsButton } from './components/generate-visits-button';

const columns = (timeZone: string | undefined): DataTableColumn<GeneratorRunRow>[] => [
  {
    id: 'started',
    header: 'Started',
    className: 'whitespace-nowrap',
    cell: (x) => formatDateTime(x.startedAt, timeZone),
  },
  {
    id: 'trigger',
    header: 'Trigger',
    cell: (x) =>
      x.trigger === 'manual' ? `Run now${x.triggeredByName ? ` by ${x.triggeredByName}` : ''}` : 'Schedule',
  },
  {
    id: 'result',
    header: 'Result',
    cell: (x) =>
      x.error ? (
        <Badge tone="red">Failed</Badge>
      ) : x.finishedAt ? (
        <Badge tone="green">Done</Badge>
      ) : (
        <Badge tone="gray">Running</Badge>
      ),
  },
  { id: 'created', header: 'Visits Created', className: 'tabular-nums', cell: (x) => formatCount(x.visitsCreated) },
  {
    id: 'invoices',
    header: 'Invoices Created',
    className: 'tabular-nums',
    cell: (x) => formatCount(x.invoicesCreated),
  },
  {
    id: 'renewed',
    header: 'Renewed',
    priority: 2,
    className: 'tabular-nums',
    cell: (x) => formatCount(x.agreementsRenewed),
  },
  {
    id: 'expired',
    header: 'Expired',
    priority: 2,
    className: 'tabular-nums',
    cell: (x) => formatCount(x.agreementsExpired),
  },
  {
    id: 'through',
    header: 'Through',
    priority: 2,
    className: 'whitespace-nowrap',
    cell: (x) => (x.throughDate ? formatDate(x.throughDate) : ''),
  },
  {
    id: 'finished',
    header: 'Finished',
    priority: 3,
    className: 'whitespace-nowrap',
    cell: (x) => (x.finishedAt ? formatDateTime(x.finishedAt, timeZone) : ''),
  },
  { id: 'server', header: 'Server', priority: 3, className: 'break-all', cell: (x) => x.server },
  { id: 'error', header: 'Error', priority: 3, className: 'break-words', cell: (x) => x.error ?? '' },
];

/** /agreements/runs: every run of the visit generator, newest first, and Generate visits now (admin, manager). */
export default function GeneratorRunsPage() {
  const { values, update } = useUrlFilters(generatorRunsQuery);
  const runs = useGeneratorRuns(values);
  const company = useCompanyInfo();
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Visit Generator Runs"
        subtitle="Each run makes the agreement visits due within the days ahead into jobs, renews and expires agreements"
        back={{ to: '/agreements', label: 'Back to Agreements' }}
        actions={<GenerateVisitsButton />}
      />
      {runs.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(runs.error, AGREEMENT_REPORT_TEXTS.fetchRuns)} />
      ) : null}
      <DataTable
        label="Visit generator runs"
        columns={columns(company.data?.time_zone)}
        rows={runs.data?.items}
        loading={runs.isPending}
        loadingLabel="Loading runs..."
        busy={runs.isFetching}
        getRowKey={(x) => x.id}
        getRowLabel={(x) => `run started ${formatDateTime(x.startedAt, company.data?.time_zone)}`}
        getRowTestId={() => 'run-row'}
        empty={AGREEMENT_REPORT_TEXTS.runsEmpty}
      />
      {runs.data ? (
        <Pager
          page={values.page}
          pageSize={values.pageSize}
          total={runs.data.total}
          totalCapped={runs.data.totalCapped}
          onPage={(page) => update({ page: page === 1 ? undefined : page })}
        />
      ) : null}
    </div>
  );
}
