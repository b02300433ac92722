import { Link } from 'react-router';
import type { PaymentListItem } from '../../../domain/invoices';
// Not the area's index, which builds its schemas: the list reads its URL without zod (decision 057).
import { paymentUrlFilters } from '../../../domain/invoices/list-filters';
import { PAYMENT_MESSAGES, PAYMENT_METHOD_LABELS } from '../../../domain/invoices/payments';
import { errorMessage } from '../../lib/api-client';
import { formatCents, formatCount } from '../../lib/format';
import { useLiveFilters } from '../../lib/live-filters';
import { useUrlFilters } from '../../lib/url-state';
import { ErrorBanner } from '../../ui/banner';
import { Card } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { ExportLink } from '../../ui/export-link';
import { Checkbox, FormField, SelectInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Pager } from '../../ui/pager';
import { invoiceExportUrl, usePayments } from './api/invoices-api';
import { DateCell } from './components/invoice-cells';
import { DateRangeFields, ListFilters } from './components/list-filters';
import { PaymentMethodOptions } from './components/payment-method-options';

const TEXT_FILTERS = ['q'] as const;

const COLUMNS: DataTableColumn<PaymentListItem>[] = [
  { id: 'date', header: 'Payment Date', cell: (p) => <DateCell value={p.paymentDate} /> },
  {
    id: 'invoice',
    header: 'Invoice #',
    cell: (p) => (
      <Link className="font-medium text-blue-700 hover:underline" to={`/invoices/${p.invoiceId}`}>
        {p.invoiceNumber}
      </Link>
    ),
  },
  { id: 'customer', header: 'Customer', priority: 2, cell: (p) => p.companyName ?? '' },
  { id: 'method', header: 'Method', cell: (p) => PAYMENT_METHOD_LABELS[p.method] },
  { id: 'reference', header: 'Reference', priority: 3, cell: (p) => p.reference ?? '' },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    className: 'whitespace-nowrap tabular-nums',
    cell: (p) =>
      p.voidedAt ? (
        <s aria-label={`${formatCents(p.amountCents)}, void`}>{formatCents(p.amountCents)}</s>
      ) : (
        formatCents(p.amountCents)
      ),
  },
  { id: 'recorded', header: 'Recorded By', priority: 3, cell: (p) => p.recordedByName ?? '' },
  { id: 'void', header: 'Void', priority: 2, cell: (p) => (p.voidedAt ? `Void: ${p.voidReason ?? ''}` : '') },
];

/** /invoices/payments: every payment received, newest first; date range, method, search, voided too. */
export default function PaymentsPage() {
  const { values, update, replaceAll } = useUrlFilters(paymentUrlFilters);
  const live = useLiveFilters(TEXT_FILTERS, values, (next) => update({ ...next, page: undefined }, { replace: true }));
  const { page, pageSize, ...filters } = values;
  const payments = usePayments({ ...filters, includeVoided: filters.includeVoided || undefined, page, pageSize });
  const summary = payments.data?.summary;
  const applied = [live.draft.q.trim(), values.from, values.to, values.method, values.includeVoided].filter(
    Boolean,
  ).length;
  const exportFilters = { ...filters, includeVoided: filters.includeVoided || undefined };

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        screen="/invoices/payments"
        actions={<ExportLink href={invoiceExportUrl('/api/invoices/payments/export', exportFilters)} />}
      />

      <div className="mb-6 grid gap-4 sm:grid-cols-2">
        <Card className="p-4" aria-busy={payments.isFetching}>
          <h2 className="text-sm font-medium text-slate-700">Total Received</h2>
          <p className="mt-2 text-3xl font-semibold text-green-800 tabular-nums" data-testid="payments-total">
            {summary ? formatCents(summary.amountCents) : '–'}
          </p>
        </Card>
        <Card className="p-4" aria-busy={payments.isFetching}>
          <h2 className="text-sm font-medium text-slate-700">Payments</h2>
          <p className="mt-2 text-3xl font-semibold text-slate-900 tabular-nums" data-testid="payments-count">
            {summary ? formatCount(summary.count) : '–'}
          </p>
        </Card>
      </div>

      <ListFilters
        search={live.draft.q}
        onSearch={(v) => live.change('q', v)}
        placeholder="Search invoice number, company or reference..."
        applied={applied}
        onReset={() => {
          live.clear();
          replaceAll({});
        }}
      >
        <DateRangeFields labels={['Paid from', 'Paid to']} from={values.from} to={values.to} onChange={update} />
        <FormField label="Method">
          {(field) => (
            <SelectInput
              {...field}
              value={values.method ?? ''}
              onChange={(e) => update({ method: (e.target.value || undefined) as never, page: undefined })}
            >
              <option value="">All Methods</option>
              <PaymentMethodOptions />
            </SelectInput>
          )}
        </FormField>
        <Checkbox
          className="self-end pb-2"
          label="Include voided"
          checked={values.includeVoided}
          onChange={(e) => update({ includeVoided: (e.target.checked || undefined) as never, page: undefined })}
        />
      </ListFilters>

      {payments.isError ? (
        <ErrorBanner className="mb-4" message={errorMessage(payments.error, PAYMENT_MESSAGES.fetchFailed)} />
      ) : null}
      <DataTable
        label="Payments"
        columns={COLUMNS}
        rows={payments.data?.items}
        loading={payments.isPending}
        loadingLabel="Loading payments..."
        busy={payments.isFetching}
        getRowKey={(p) => p.id}
        getRowLabel={(p) => `Payment of ${formatCents(p.amountCents)} on invoice ${p.invoiceNumber}`}
        empty={PAYMENT_MESSAGES.emptyList}
      />
      {payments.data && payments.data.items.length > 0 ? (
        <Pager
          page={page}
          pageSize={pageSize}
          total={payments.data.total}
          totalCapped={payments.data.totalCapped}
          onPage={(p) => update({ page: p === 1 ? undefined : p })}
        />
      ) : null}
    </div>
  );
}
