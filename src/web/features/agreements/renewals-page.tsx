import { Link } from 'react-router';
import { renewalsQuery, RENEWAL_WINDOWS, type RenewalItem } from '../../../domain/agreements';
import { errorMessage } from '../../lib/api-client';
import { useCan } from '../../lib/can';
import { formatCents, formatCount, formatDate } from '../../lib/format';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { useRenewals } from './api/agreement-reports-api';
import { AGREEMENT_REPORT_TEXTS } from './agreement-report-texts';

const money = 'whitespace-nowrap tabular-nums';

const columns = (canRenew: boolean): DataTableColumn<RenewalItem>[] => [
  {
    id: 'name',
    header: 'Agreement',
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
  {
    id: 'ends',
    header: 'Ends',
    className: 'whitespace-nowrap',
    cell: (x) => (
      <span>
        {formatDate(x.endDate)}
        <span className="block text-xs text-slate-600">
          {x.daysLeft === 0 ? 'today' : x.daysLeft === 1 ? 'in 1 day' : `in ${x.daysLeft} days`}
        </span>
      </span>
    ),
  },
  { id: 'price', header: 'Value', className: money, cell: (x) => formatCents(x.priceCents) },
  {
    id: 'renewal',
    header: 'Renewal Price',
    priority: 2,
    className: money,
    cell: (x) => (
      <span>
        {formatCents(x.renewalPriceCents)}
        <span className="block text-xs text-slate-600">+{x.escalatorPercent} %</span>
      </span>
    ),
  },
  {
    id: 'visits',
    header: 'Visits Done',
    priority: 3,
    className: money,
    cell: (x) => `${formatCount(x.visitsDone)} of ${formatCount(x.visitsPlannedToDate)}`,
  },
  {
    id: 'repairs',
    header: 'Repair Revenue',
    priority: 2,
    className: money,
    cell: (x) => formatCents(x.repairRevenueCents),
  },
  { id: 'auto', header: 'Auto-Renew', priority: 3, cell: (x) => (x.autoRenew ? 'Yes' : 'No') },
  ...(canRenew
    ? [
        {
          id: 'renew',
          header: 'Renew',
          cell: (x: RenewalItem) => (
            <Link
              to={`/agreements/${x.id}?renew=1`}
              className="font-medium whitespace-nowrap text-blue-700 hover:underline"
              aria-label={`Renew ${x.name}`}
            >
              Renew
            </Link>
          ),
        },
      ]
    : []),
];

/** /agreements/renewals: active agreements not yet renewed that end in the next 60 or 90 days. */
export default function RenewalsPage() {
  const { values, update } = useUrlFilters(renewalsQuery);
  const renewals = useRenewals(values);
  const canRenew = useCan('agreements.edit');

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Renewals"
        subtitle="Agreements ending soon that have no next term yet, with their value, renewal price and pull-through"
        back={{ to: '/agreements', label: 'Back to Agreements' }}
      />
      <Card className="mb-6 p-4">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">Ending within</legend>
          <div className="inline-flex rounded-md border border-slate-300" role="radiogroup" aria-label="Ending within">
            {RENEWAL_WINDOWS.map((days) => (
              <label
                key={days}
                className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm has-[:checked]:bg-blue-600 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-blue-600"
              >
                <input
                  type="radio"
                  name="days"
                  className="sr-only"
                  checked={values.days === days}
                  onChange={() => update({ days: days === 60 ? undefined : days, page: undefined })}
                />
                {days} days
              </label>
            ))}
          </div>
        </fieldset>
      </Card>
      {renewals.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(renewals.error, AGREEMENT_REPORT_TEXTS.fetchRenewals)} />
      ) : null}
      <DataTable
        label="Agreements to renew"
        columns={columns(canRenew)}
        rows={renewals.data?.items}
        loading={renewals.isPending}
        loadingLabel="Loading renewals..."
        busy={renewals.isFetching}
        getRowKey={(x) => x.id}
        getRowLabel={(x) => `agreement ${x.name}`}
        getRowTestId={() => 'renewal-row'}
        rowHref={(x) => `/agreements/${x.id}`}
        empty={AGREEMENT_REPORT_TEXTS.renewalsEmpty(values.days)}
      />
      {renewals.data ? (
        <Pager
          page={values.page}
          pageSize={values.pageSize}
          total={renewals.data.total}
          totalCapped={renewals.data.totalCapped}
          onPage={(page) => update({ page: page === 1 ? undefined : page })}
        />
      ) : null}
    </div>
  );
}
