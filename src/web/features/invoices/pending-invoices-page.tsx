import { Plus } from 'lucide-react';
import { errorMessage } from '../../lib/api-client';
import { formatCents, formatCount } from '../../lib/format';
import { useLiveFilters } from '../../lib/live-filters';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
// The plain URL reader, not the domain/invoices index: the index builds the invoice schemas (zod),
// which a list screen does not need on its first load (decision 042).
import type { AmountCount, InvoiceListItem } from '../../../domain/invoices';
import { pendingInvoiceUrlFilters } from '../../../domain/invoices/list-filters';
import { invoiceExportUrl, usePendingInvoices } from './api/invoices-api';
import {
  CustomerCell,
  DateCell,
  DueDateCell,
  InvoiceNumberCell,
  invoiceRowHref,
  invoiceRowProps,
  JobCell,
  ViewInvoiceLink,
} from './components/invoice-cells';
import { InvoiceStatusBadge } from './components/invoice-status-badge';
import { ListFilters } from './components/list-filters';
import { MarkPaidAction } from './components/mark-paid-action';
import { INVOICE_EMPTY, INVOICE_MESSAGES, summaryCappedText } from './invoice-texts';
import { useInvoicePermissions } from './invoice-permissions';

const TEXT_FILTERS = ['q'] as const;

/** The Overdue and Due Soon tiles: each shows its amount and count, and narrows the list to itself when pressed. */
function Tile({
  title,
  value,
  tone,
  pressed,
  onToggle,
}: {
  title: string;
  value: AmountCount | undefined;
  tone: 'red' | 'amber';
  pressed: boolean;
  onToggle: () => void;
}) {
  const colors =
    tone === 'red' ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-200 bg-amber-50 text-amber-900';
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onToggle}
      className={`rounded-md border p-3 text-left transition-shadow hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${colors} ${pressed ? 'ring-2 ring-offset-1 ' + (tone === 'red' ? 'ring-red-500' : 'ring-amber-500') : ''}`}
      data-testid={`tile-${title}`}
    >
      <span className="block text-sm font-medium">{title}</span>
      <span className="mt-1 block text-xl font-semibold tabular-nums">
        {value ? formatCents(value.amountCents) : '–'}
      </span>
      <span className="block text-sm">
        {value ? `${formatCount(value.count)} ${value.count === 1 ? 'invoice' : 'invoices'}` : '–'}
      </span>
      <span className="sr-only">{pressed ? ' (showing only these)' : ' (show only these)'}</span>
    </button>
  );
}

/** /invoices/pending: issued invoices by due date, with the outstanding total, overdue and due soon. */
export default function PendingInvoicesPage() {
  const { values, update, replaceAll } = useUrlFilters(pendingInvoiceUrlFilters);
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const { page, pageSize, ...filters } = values;
  const pending = usePendingInvoices({ ...filters, page, pageSize });
  const { canBill } = useInvoicePermissions();
  const summary = pending.data?.summary;
  const applied = [live.draft.q.trim(), values.due].filter(Boolean).length;

  const columns: DataTableColumn<InvoiceListItem>[] = [
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
    {
      id: 'balance',
      header: 'Balance Due',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (i) => (i.status === 'issued' || i.status === 'paid' ? formatCents(i.balanceCents) : '–'),
    },
    { id: 'issued', header: 'Issued Date', priority: 3, cell: (i) => <DateCell value={i.issuedDate} /> },
    {
      id: 'due',
      header: 'Due Date',
      cell: (i) => <DueDateCell dueDate={i.dueDate} overdue={i.dueState === 'overdue'} />,
    },
    { id: 'status', header: 'Status', priority: 3, cell: (i) => <InvoiceStatusBadge status={i.status} /> },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/invoices/pending"
        actions={
          <>
            <ExportLink href={invoiceExportUrl('/api/invoices/pending/export', filters)} />
            {canBill ? (
              <ButtonLink to="/jobs">
                <Plus className="h-4 w-4" aria-hidden /> Create Invoice
              </ButtonLink>
            ) : null}
          </>
        }
      />

      {pending.data && !summary ? (
        <InfoBanner className="mb-4">{summaryCappedText(formatCount(pending.data.total))}</InfoBanner>
      ) : null}
      <Card className="mb-6 p-4" aria-busy={pending.isFetching}>
        <section aria-labelledby="total-outstanding" className="grid gap-4 md:grid-cols-3 md:items-center">
          <div>
            <h2 id="total-outstanding" className="text-sm font-medium text-slate-700">
              Total Outstanding
            </h2>
            <p className="mt-1 text-3xl font-semibold text-slate-900 tabular-nums" data-testid="total-outstanding">
              {summary ? formatCents(summary.totalOutstanding.amountCents) : '–'}
            </p>
            <p className="text-sm text-slate-600">
              {summary
                ? `${formatCount(summary.totalOutstanding.count)} ${summary.totalOutstanding.count === 1 ? 'invoice' : 'invoices'}`
                : '–'}
            </p>
          </div>
          <Tile
            title="Overdue"
            value={summary?.overdue}
            tone="red"
            pressed={values.due === 'overdue'}
            onToggle={() => update({ due: values.due === 'overdue' ? undefined : 'overdue', page: undefined })}
          />
          <Tile
            title="Due Soon"
            value={summary?.dueSoon}
            tone="amber"
            pressed={values.due === 'due-soon'}
            onToggle={() => update({ due: values.due === 'due-soon' ? undefined : 'due-soon', page: undefined })}
          />
        </section>
      </Card>

      <ListFilters
        search={live.draft.q}
        onSearch={(v) => live.change('q', v)}
        placeholder="Search pending invoices..."
        applied={applied}
        onReset={() => {
          live.clear();
          replaceAll({});
        }}
      />

      {pending.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(pending.error, INVOICE_MESSAGES.fetchPendingFailed)} />
      ) : null}
      <DataTable
        label="Pending invoices"
        columns={columns}
        rows={pending.data?.items}
        loading={pending.isPending}
        loadingLabel="Loading pending invoices..."
        busy={pending.isFetching}
        {...invoiceRowProps}
        rowHref={invoiceRowHref}
        empty={INVOICE_EMPTY.pending}
        actions={{
          cell: (i) => (
            <div className="flex items-center justify-end gap-3 whitespace-nowrap">
              <ViewInvoiceLink invoice={i} />
              {canBill ? <MarkPaidAction invoice={i} failure={INVOICE_MESSAGES.markPaidFailedPending} /> : null}
            </div>
          ),
        }}
      />
      {pending.data && pending.data.items.length > 0 ? (
        <Pager
          page={page}
          pageSize={pageSize}
          total={pending.data.total}
          totalCapped={pending.data.totalCapped}
          onPage={(p) => update({ page: p === 1 ? undefined : p })}
        />
      ) : null}
    </div>
  );
}
