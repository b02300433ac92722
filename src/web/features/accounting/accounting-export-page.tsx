import { zodResolver } from '@hookform/resolvers/zod';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ACCOUNTING_FORMAT_LABELS,
  ACCOUNTING_FORMATS,
  accountingExportInput,
  type AccountingExportFormValues,
  type AccountingExportInput,
  type AccountingExportSummary,
} from '../../../domain/accounting-export';
import { addDays } from '../../../domain/dates';
import { errorMessage } from '../../lib/api-client';
import { useCompanyToday, useFormatDateTime } from '../../lib/company';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { formatCents } from '../../lib/format';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { Checkbox, FormField, SelectInput, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { toast } from '../../ui/toast';
import { exportFileUrl, useCreateExport, useExportLog } from './api/accounting-api';

/** The month before the one `today` is in: [first day, last day]. */
/** "1 invoice ($721.10), 1 payment ($100.00)": what an export reversed, or null when nothing (decision 055). */
function reversalText(e: AccountingExportSummary): string | null {
  const parts = [
    e.reversedInvoiceCount > 0
      ? `${count(e.reversedInvoiceCount, 'invoice', 'invoices')} (${formatCents(e.reversedInvoicesCents)})`
      : null,
    e.reversedPaymentCount > 0
      ? `${count(e.reversedPaymentCount, 'payment', 'payments')} (${formatCents(e.reversedPaymentsCents)})`
      : null,
  ].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

export function previousMonth(today: string): { from: string; to: string } {
  const to = addDays(`${today.slice(0, 7)}-01`, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** A file's short name in the log ("IIF", "Invoices CSV"); the link's accessible name stays the full file name. */
function shortFileLabel(name: string): string {
  if (name.endsWith('.iif')) return 'IIF';
  const kind = /-(invoices|customers|contacts|payments|credit-memos|credit-notes)-\d{4}-/.exec(name)?.[1] ?? 'file';
  const words = kind.split('-').map((w) => `${w[0]!.toUpperCase()}${w.slice(1)}`);
  return `${words.join(' ')} CSV`;
}

function FileLinks({ entry, short = false }: { entry: AccountingExportSummary; short?: boolean }) {
  return (
    <ul className="flex flex-col gap-1">
      {entry.files.map((f, index) => (
        <li key={f.name}>
          <a
            href={exportFileUrl(entry.id, index + 1)}
            download={f.name}
            aria-label={short ? f.name : undefined}
            title={short ? f.name : undefined}
            className={`inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline ${short ? 'whitespace-nowrap' : 'break-all'}`}
          >
            <Download className="h-4 w-4 shrink-0" aria-hidden /> {short ? shortFileLabel(f.name) : f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * /invoices/accounting-export: pick a period and a format, export, download; below, the export log.
 * Admins and managers (policy `accounting.export`); the server refuses others with 403.
 */
export default function AccountingExportPage() {
  const today = useCompanyToday();
  const formatDateTime = useFormatDateTime();
  const log = useExportLog();
  const create = useCreateExport();
  const [latest, setLatest] = useState<AccountingExportSummary | null>(null);
  const form = useForm<AccountingExportFormValues, unknown, AccountingExportInput>({
    resolver: zodResolver(accountingExportInput),
    defaultValues: { ...previousMonth(today), format: 'iif', includeExported: false },
  });
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const done = await create.mutateAsync(values);
      setLatest(done);
      toast.success('Export ready to download');
    } catch (error) {
      setLatest(null);
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        form.setError('root', { message: errorMessage(error, 'Failed to export') });
    }
  });

  const columns: DataTableColumn<AccountingExportSummary>[] = [
    { id: 'at', header: 'Exported', cell: (e) => formatDateTime(e.createdAt) },
    {
      id: 'period',
      header: 'Period',
      cell: (e) => (
        <span>
          {/* "2026-11-01 to" / "2026-11-30" break between the dates on a narrow screen, never inside one */}
          <span className="whitespace-nowrap">{e.from} to</span> <span className="whitespace-nowrap">{e.to}</span>
          {e.includeExported ? <span className="block text-xs text-slate-600">Included already exported</span> : null}
        </span>
      ),
    },
    { id: 'format', header: 'Format', cell: (e) => ACCOUNTING_FORMAT_LABELS[e.format] },
    { id: 'by', header: 'Exported By', priority: 3, cell: (e) => e.createdBy ?? '' },
    {
      id: 'invoices',
      header: 'Invoices',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums',
      cell: (e) => (
        <>
          {count(e.invoiceCount, 'invoice', 'invoices')}, {formatCents(e.invoicesCents)}
          {e.reversedInvoiceCount > 0 ? (
            <span className="block text-xs text-slate-600">
              {count(e.reversedInvoiceCount, 'void reversed', 'voids reversed')}, {formatCents(e.reversedInvoicesCents)}
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'tax',
      header: 'Sales Tax',
      align: 'right',
      priority: 3,
      className: 'whitespace-nowrap tabular-nums',
      cell: (e) => formatCents(e.taxCents),
    },
    {
      id: 'payments',
      header: 'Payments',
      align: 'right',
      priority: 2,
      className: 'whitespace-nowrap tabular-nums',
      cell: (e) => (
        <>
          {count(e.paymentCount, 'payment', 'payments')}, {formatCents(e.paymentsCents)}
          {e.reversedPaymentCount > 0 ? (
            <span className="block text-xs text-slate-600">
              {count(e.reversedPaymentCount, 'void reversed', 'voids reversed')}, {formatCents(e.reversedPaymentsCents)}
            </span>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeader
        title="Accounting Export"
        subtitle="Issued invoices, payments and customers of a period, for QuickBooks or Xero"
        back={{ to: '/invoices', label: 'Back to Invoices' }}
        actions={
          <ButtonLink variant="secondary" to="/settings/accounting">
            Account Mapping
          </ButtonLink>
        }
      />

      <Card>
        <CardHeader title="New Export" />
        <CardBody>
          <form className="space-y-4" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="New export">
            {errors.root?.message ? <ErrorBanner message={errors.root.message} /> : null}
            <div className="grid gap-4 sm:grid-cols-3">
              <FormField label="From" required error={errors.from?.message}>
                {(field) => <TextInput {...field} type="date" {...form.register('from')} />}
              </FormField>
              <FormField label="To" required error={errors.to?.message}>
                {(field) => <TextInput {...field} type="date" {...form.register('to')} />}
              </FormField>
              <FormField label="Format" required error={errors.format?.message}>
                {(field) => (
                  <SelectInput {...field} {...form.register('format')}>
                    {ACCOUNTING_FORMATS.map((f) => (
                      <option key={f} value={f}>
                        {ACCOUNTING_FORMAT_LABELS[f]}
                      </option>
                    ))}
                  </SelectInput>
                )}
              </FormField>
            </div>
            <div className="space-y-1">
              <Checkbox label="Include already exported" {...form.register('includeExported')} />
              <p className="text-xs text-slate-600">
                Invoices are exported by issue date, payments by payment date. Each is exported once; tick this only to
                send the period again (for example to a new company file). An invoice or payment voided after it was
                exported is reversed by the next export, dated as the original.
              </p>
            </div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Exporting...' : 'Export'}
            </Button>
          </form>
          {latest ? (
            <div className="mt-4 rounded-md border border-green-200 bg-green-50 p-3" role="status">
              <p className="text-sm font-medium text-green-900">
                Exported {count(latest.invoiceCount, 'invoice', 'invoices')} ({formatCents(latest.invoicesCents)}),{' '}
                {count(latest.paymentCount, 'payment', 'payments')} ({formatCents(latest.paymentsCents)}) and{' '}
                {count(latest.customerCount, 'customer', 'customers')}.
              </p>
              {reversalText(latest) ? (
                <p className="mt-1 text-sm text-green-900">
                  Reversed what was voided after an earlier export: {reversalText(latest)}.
                </p>
              ) : null}
              <div className="mt-2">
                <FileLinks entry={latest} />
              </div>
            </div>
          ) : null}
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Export Log" />
        {log.isError ? (
          <CardBody>
            <ErrorBanner message={errorMessage(log.error, 'Failed to load the export log')} />
          </CardBody>
        ) : (
          <DataTable
            bare
            label="Export log"
            columns={columns}
            rows={log.data?.items}
            loading={log.isPending}
            busy={log.isFetching}
            getRowKey={(e) => e.id}
            getRowLabel={(e) => `export of ${e.from} to ${e.to}`}
            getRowTestId={() => 'export-log-row'}
            empty="No exports yet."
            actions={{ header: 'Files', cell: (e) => <FileLinks entry={e} short /> }}
          />
        )}
      </Card>
    </div>
  );
}
