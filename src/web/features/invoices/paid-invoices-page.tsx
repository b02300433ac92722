import { Link } from 'react-router';
import { buttonClass } from '../../ui/button';
import { errorMessage } from '../../lib/api-client';
import { formatCents, formatCount } from '../../lib/format';
import { useLiveFilters } from '../../lib/live-filters';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
// The plain URL reader, not the domain/invoices index: the index builds the invoice schemas (zod),
// which a list screen does not need on its first load (decision 042).
import type { InvoiceListItem } from '../../../domain/invoices';
import { paidInvoiceUrlFilters } from '../../../domain/invoices/list-filters';
import { invoiceExportUrl, usePaidInvoices } from './api/invoices-api';
import { BarList } from './components/bar-list';
import {
  CustomerCell,
  DateCell,
  InvoiceNumberCell,
  invoiceRowHref,
  invoiceRowProps,
  JobCell,
  ViewInvoiceLink,
} from './components/invoice-cells';
import { DateRangeFields, ListFilters } from './components/list-filters';
import { INVOICE_EMPTY, INVOICE_MESSAGES, monthLabel, summaryCappedText } from './invoice-texts';

const TEXT_FILTERS = ['q'] as const;

const COLUMNS: DataTableColumn<InvoiceListItem>[] = [
  { id: 'number', header: 'Invoice #', cell: (i) => <InvoiceNumberCell id={i.id} invoiceNumber={i.invoiceNumber} /> },
  { id: 'job', header: 'Job', cell: (i) => <JobCell invoice={i} /> },
  {
    id: 'customer',
    header: 'Customer',
    priority: 2,
    cell: (i) => <CustomerCell companyName={i.companyName} locationName={i.locationName} />,
  },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (i) => formatCents(i.amountCents),
  },
  { id: 'issued', header: 'Issued Date', priority: 3, cell: (i) => <DateCell value={i.issuedDate} /> },
  { id: 'paid', header: 'Paid Date', cell: (i) => <DateCell value={i.paidDate} /> },
];

/** /invoices/paid: paid invoices newest first, Total Paid and the Monthly Breakdown by paid month. */
export default function PaidInvoicesPage() {
  const { values, update, replaceAll } = useUrlFilters(paidInvoiceUrlFilters);
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const { page, pageSize, ...filters } = values;
  const paid = usePaidInvoices({ ...filters, page, pageSize });
  const summary = paid.data?.summary;
  const applied = [live.draft.q.trim(), values.from, values.to].filter(Boolean).length;

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/invoices/paid"
        actions={
          <>
            <Link to="/invoices/payments" className={buttonClass('secondary')}>
              Payments
            </Link>
            <ExportLink href={invoiceExportUrl('/api/invoices/paid/export', filters)} />
          </>
        }
      />

      <div className="mb-6 grid gap-4 lg:grid-cols-3">
        <Card className="p-4" aria-busy={paid.isFetching}>
          <h2 className="text-sm font-medium text-slate-700">Total Paid</h2>
          <p className="mt-2 text-3xl font-semibold text-green-800 tabular-nums" data-testid="total-paid">
            {summary ? formatCents(summary.totalPaid.amountCents) : '–'}
          </p>
          <p className="mt-1 text-sm text-slate-600" data-testid="total-paid-count">
            {summary
              ? `${formatCount(summary.totalPaid.count)} ${summary.totalPaid.count === 1 ? 'invoice' : 'invoices'}`
              : '–'}
          </p>
        </Card>
        <Card className="lg:col-span-2">
          <CardHeader title="Monthly Breakdown" />
          <CardBody
            className="max-h-72 overflow-y-auto focus-visible:outline-2 focus-visible:outline-blue-600"
            data-testid="monthly-breakdown"
            tabIndex={0}
            role="region"
            aria-label="Monthly Breakdown, paid by month"
          >
            {summary && summary.monthly.length > 0 ? (
              <BarList
                label="Paid by month"
                color="green"
                rows={summary.monthly.map((m) => ({
                  key: m.month,
                  label: monthLabel(m.month),
                  amountCents: m.amountCents,
                  detail: `${formatCount(m.count)} paid`,
                }))}
              />
            ) : (
              <p className="text-sm text-slate-600">
                {summary
                  ? INVOICE_EMPTY.paid
                  : paid.data
                    ? summaryCappedText(formatCount(paid.data.total))
                    : 'Loading...'}
              </p>
            )}
          </CardBody>
        </Card>
      </div>

      <ListFilters
        search={live.draft.q}
        onSearch={(v) => live.change('q', v)}
        placeholder="Search paid invoices..."
        applied={applied}
        onReset={() => {
          live.clear();
          replaceAll({});
        }}
      >
        <DateRangeFields labels={['Paid from', 'Paid to']} from={values.from} to={values.to} onChange={update} />
      </ListFilters>

      {paid.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(paid.error, INVOICE_MESSAGES.fetchPaidFailed)} />
      ) : null}
      <DataTable
        label="Paid invoices"
        columns={COLUMNS}
        rows={paid.data?.items}
        loading={paid.isPending}
        loadingLabel="Loading paid invoices..."
        busy={paid.isFetching}
        {...invoiceRowProps}
        rowHref={invoiceRowHref}
        empty={INVOICE_EMPTY.paid}
        actions={{
          cell: (i) => <ViewInvoiceLink invoice={i} />,
        }}
      />
      {paid.data && paid.data.items.length > 0 ? (
        <Pager
          page={page}
          pageSize={pageSize}
          total={paid.data.total}
          totalCapped={paid.data.totalCapped}
          onPage={(p) => update({ page: p === 1 ? undefined : p })}
        />
      ) : null}
    </div>
  );
}
