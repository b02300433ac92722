import { Pencil, Plus } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { formatCents, formatCount, formatDate } from '../../lib/format';
import { useLiveFilters } from '../../lib/live-filters';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner, InfoBanner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { FilterChip } from '../../ui/filter-chip';
import { FormField, SelectInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
// The plain URL reader, not the domain/invoices index: the index builds the invoice schemas (zod),
// which a list screen does not need on its first load (decision 042).
import type { InvoiceListItem } from '../../../domain/invoices';
import { invoiceListUrlFilters } from '../../../domain/invoices/list-filters';
import { invoiceExportUrl, useInvoices, useTechnicianName } from './api/invoices-api';
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
import { DateRangeFields, ListFilters } from './components/list-filters';
import { MarkPaidAction } from './components/mark-paid-action';
import { SummaryTile } from './components/summary-tile';
import {
  INVOICE_EMPTY,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  summaryCappedText,
  type InvoiceStatusName,
} from './invoice-texts';
import { useInvoicePermissions } from './invoice-permissions';

const TEXT_FILTERS = ['q'] as const;

/** /invoices: every invoice with the three summary cards, search, status and date filters. */
export default function InvoicesPage() {
  const { values, update, replaceAll } = useUrlFilters(invoiceListUrlFilters);
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const { page, pageSize, ...filters } = values;
  const invoices = useInvoices({ ...filters, page, pageSize });
  const { canBill } = useInvoicePermissions();
  const technician = useTechnicianName(values.technicianId);
  const applied = [
    live.draft.q.trim(),
    values.status,
    values.from,
    values.to,
    values.office,
    values.technicianId,
    values.createdFrom,
  ].filter(Boolean).length;
  const summary = invoices.data?.summary;

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
    { id: 'status', header: 'Status', cell: (i) => <InvoiceStatusBadge status={i.status} /> },
    { id: 'issued', header: 'Issued Date', priority: 3, cell: (i) => <DateCell value={i.issuedDate} /> },
    {
      id: 'due',
      header: 'Due Date',
      priority: 3,
      cell: (i) => <DueDateCell dueDate={i.dueDate} overdue={i.dueState === 'overdue'} />,
    },
  ];

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/invoices"
        actions={
          <>
            <ExportLink href={invoiceExportUrl('/api/invoices/export', filters)} />
            {canBill ? (
              <ButtonLink to="/jobs">
                <Plus className="h-4 w-4" aria-hidden /> Create Invoice
              </ButtonLink>
            ) : null}
          </>
        }
      />

      {invoices.data?.totalCapped && !summary ? (
        <InfoBanner className="mb-4">{summaryCappedText(formatCount(invoices.data.total))}</InfoBanner>
      ) : null}
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <SummaryTile
          title="Total Invoices"
          amountCents={summary?.total.amountCents}
          count={summary?.total.count}
          loading={invoices.isFetching}
          testId="summary-total"
        />
        <SummaryTile
          title="Paid"
          tone="green"
          amountCents={summary?.paid.amountCents}
          count={summary?.paid.count}
          loading={invoices.isFetching}
          testId="summary-paid"
        />
        <SummaryTile
          title="Outstanding"
          tone="blue"
          amountCents={summary?.outstanding.amountCents}
          count={summary?.outstanding.count}
          loading={invoices.isFetching}
          testId="summary-outstanding"
        />
      </div>

      <ListFilters
        search={live.draft.q}
        onSearch={(v) => live.change('q', v)}
        placeholder="Search invoices..."
        applied={applied}
        onReset={() => {
          live.clear();
          replaceAll({});
        }}
        chips={
          <>
            {values.office ? (
              <FilterChip
                label={`Office: ${values.office}`}
                onRemove={() => update({ office: undefined, page: undefined })}
              />
            ) : null}
            {technician ? (
              <FilterChip
                label={`Technician: ${technician}`}
                onRemove={() => update({ technicianId: undefined, page: undefined })}
              />
            ) : null}
            {values.createdFrom ? (
              <FilterChip
                label={`Created from ${formatDate(values.createdFrom)}`}
                onRemove={() => update({ createdFrom: undefined, page: undefined })}
              />
            ) : null}
          </>
        }
      >
        <FormField label="Status">
          {(field) => (
            <SelectInput
              {...field}
              value={values.status ?? ''}
              onChange={(e) => update({ status: e.target.value || undefined, page: undefined })}
            >
              <option value="">All Statuses</option>
              {(Object.keys(INVOICE_STATUS_LABELS) as InvoiceStatusName[]).map((s) => (
                <option key={s} value={s}>
                  {INVOICE_STATUS_LABELS[s]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <DateRangeFields labels={['From', 'To']} from={values.from} to={values.to} onChange={update} />
      </ListFilters>

      {invoices.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(invoices.error, INVOICE_MESSAGES.fetchFailed)} />
      ) : null}
      <DataTable
        label="Invoices"
        columns={columns}
        rows={invoices.data?.items}
        loading={invoices.isPending}
        loadingLabel="Loading invoices..."
        busy={invoices.isFetching}
        {...invoiceRowProps}
        rowHref={invoiceRowHref}
        empty={INVOICE_EMPTY.list}
        actions={{
          cell: (i) => (
            <div className="flex items-center justify-end gap-3 whitespace-nowrap">
              <ViewInvoiceLink invoice={i} />
              {canBill && i.status === 'draft' ? (
                <Link
                  to={`/invoices/${i.id}/edit`}
                  className="inline-flex items-center gap-1 font-medium text-slate-700 hover:text-slate-900"
                  aria-label={`Edit invoice ${i.invoiceNumber}`}
                >
                  <Pencil className="h-3.5 w-3.5" aria-hidden /> Edit
                </Link>
              ) : null}
              {canBill && i.status === 'issued' ? <MarkPaidAction invoice={i} /> : null}
            </div>
          ),
        }}
      />
      {invoices.data && invoices.data.items.length > 0 ? (
        <Pager
          page={page}
          pageSize={pageSize}
          total={invoices.data.total}
          totalCapped={invoices.data.totalCapped}
          onPage={(p) => update({ page: p === 1 ? undefined : p })}
        />
      ) : null}
    </div>
  );
}
