import { FilePlus2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { formatCents, formatDate } from '../../lib/format';
import { ErrorBanner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { cn } from '../../ui/cn';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { FormDialog } from '../../ui/dialog';
import { FormField, TextArea } from '../../ui/form-field';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import type { DoubleBilledLine, InvoiceCreateOption, InvoiceListItem, InvoiceType } from '../../../domain/invoices';
import { useCreateInvoice, useInvoice, useJobInvoices } from './api/invoices-api';
import { DateCell, invoiceRowProps } from './components/invoice-cells';
import { InvoiceActionBar } from './components/invoice-action-bar';
import { InvoiceStatusBadge } from './components/invoice-status-badge';
import { INVOICE_EMPTY, INVOICE_MESSAGES, INVOICE_TYPE_HINTS, INVOICE_TYPE_LABELS } from './invoice-texts';
import { useInvoicePermissions } from './invoice-permissions';

const REBILL_REASON_REQUIRED = 'A reason is required to bill these items again';

/** The lines a new invoice would bill again, as the server's 409 lists them (issue 27). */
function doubleBilledOf(error: unknown): DoubleBilledLine[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const lines = error.details.doubleBilled;
  return Array.isArray(lines) && lines.length ? (lines as DoubleBilledLine[]) : null;
}

/** The double-billing warning: each job item already on another invoice, with that invoice's number and status. */
function DoubleBillingWarning({ message, lines }: { message: string; lines: DoubleBilledLine[] }) {
  return (
    <div
      role="alert"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      data-testid="double-billing-warning"
    >
      <p className="font-semibold">Already billed</p>
      <p>{message}</p>
      <table className="w-full text-left">
        <caption className="sr-only">Job items already on another invoice</caption>
        <thead>
          <tr className="border-b border-amber-200 text-xs tracking-wide uppercase">
            <th scope="col" className="py-1 pr-2 font-semibold">
              Item
            </th>
            <th scope="col" className="py-1 pr-2 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="py-1 pr-2 font-semibold">
              Invoice
            </th>
            <th scope="col" className="py-1 font-semibold">
              Status
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={`${line.invoiceId}-${line.jobItemId}`} className="border-b border-amber-100 align-top">
              <td className="py-1 pr-2">{line.name}</td>
              <td className="py-1 pr-2 text-right tabular-nums">{line.quantity}</td>
              <td className="py-1 pr-2 font-mono text-xs break-all">{line.invoiceNumber}</td>
              <td className="py-1">
                <InvoiceStatusBadge status={line.invoiceStatus} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Create Invoice: the four types with the amount the server computed for each; a type with nothing
 * to bill is disabled with its reason. The invoice is created as a draft due in 30 days. When the
 * type bills job items another invoice of the job already bills, the server answers with those lines:
 * the dialog lists them and creates the invoice only with a reason (a deliberate rebill).
 */
function CreateInvoiceDialog({
  jobId,
  options,
  open,
  onOpenChange,
  onCreated,
}: {
  jobId: string;
  options: InvoiceCreateOption[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (id: string) => void;
}) {
  const firstAvailable = options.find((o) => o.available)?.type ?? 'standard';
  const [type, setType] = useState<InvoiceType>(firstAvailable);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<{ message: string; lines: DoubleBilledLine[] } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>(undefined);
  const create = useCreateInvoice(jobId);
  const reasonBox = useRef<HTMLDivElement>(null);
  // The warning grows the dialog: bring the reason it asks for into view (it already has the focus).
  useEffect(() => {
    if (warning) reasonBox.current?.scrollIntoView({ block: 'nearest' });
  }, [warning]);
  useEffect(() => {
    if (!open) return;
    setType(firstAvailable);
    setError(null);
    setWarning(null);
    setReason('');
    setReasonError(undefined);
  }, [open, firstAvailable]);
  const chosen = options.find((o) => o.type === type);
  const choose = (next: InvoiceType) => {
    setType(next);
    // Another type bills other items: the warning was about the previous one.
    setWarning(null);
    setReasonError(undefined);
    setError(null);
  };
  const submit = async () => {
    if (!chosen?.available) {
      setError(chosen?.reason ?? INVOICE_MESSAGES.cannotCreate);
      return;
    }
    if (warning && !reason.trim()) {
      setReasonError(REBILL_REASON_REQUIRED);
      return;
    }
    setError(null);
    setReasonError(undefined);
    try {
      const invoice = await create.mutateAsync(warning ? { type, rebillReason: reason.trim() } : { type });
      onOpenChange(false);
      toast.success(`Invoice ${invoice.invoiceNumber} created as a draft`);
      onCreated(invoice.id);
    } catch (e) {
      const lines = doubleBilledOf(e);
      if (lines) setWarning({ message: (e as ApiError).message, lines });
      else setError(errorMessage(e, INVOICE_MESSAGES.createFailed));
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Create Invoice"
      description="The invoice copies the job's items for the chosen type. It is created as a draft, due in 30 days (Net 30)."
      formId="create-invoice-form"
      submitLabel={warning ? 'Create Invoice Anyway' : 'Create Invoice'}
      pendingLabel="Creating..."
      pending={create.isPending}
      submitDisabled={!chosen?.available}
      error={error}
      onSubmit={() => void submit()}
    >
      <fieldset className="space-y-2">
        <legend className="mb-2 text-sm font-medium text-slate-700">Invoice type</legend>
        {options.map((option) => (
          <label
            key={option.type}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm',
              option.type === type ? 'border-blue-500 bg-blue-50' : 'border-slate-200',
              !option.available && 'cursor-not-allowed bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="invoice-type"
              value={option.type}
              checked={option.type === type}
              onChange={() => choose(option.type)}
              className="mt-0.5 h-4 w-4"
            />
            <span className="flex-1">
              <span className="flex flex-wrap justify-between gap-2">
                <span className="font-medium text-slate-900">{INVOICE_TYPE_LABELS[option.type]}</span>
                <span className="text-slate-800 tabular-nums">
                  {option.available ? formatCents(option.amountCents) : '—'}
                </span>
              </span>
              <span className="block text-slate-600">{INVOICE_TYPE_HINTS[option.type]}</span>
              {!option.available && option.reason ? (
                <span className="mt-1 block font-medium text-amber-800">{option.reason}</span>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      {chosen && !chosen.available ? (
        <p className="text-sm text-slate-700" role="status">
          Create Invoice is disabled: {chosen.reason ?? 'nothing to bill for this type'}.
        </p>
      ) : null}
      {warning ? (
        <div ref={reasonBox} className="space-y-4">
          <DoubleBillingWarning message={warning.message} lines={warning.lines} />
          <FormField
            label="Reason for billing again"
            required
            error={reasonError}
            hint="Kept on the new invoice and in its history"
          >
            {(field) => (
              <TextArea
                {...field}
                rows={2}
                maxLength={500}
                autoFocus
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </FormField>
        </div>
      ) : null}
    </FormDialog>
  );
}

function SelectedInvoice({ id }: { id: string }) {
  const invoice = useInvoice(id);
  if (invoice.isPending) return <Spinner label="Loading invoice..." />;
  if (invoice.isError) return <ErrorBanner message={errorMessage(invoice.error, INVOICE_MESSAGES.fetchDetail)} />;
  const i = invoice.data;
  return (
    <section
      aria-label={`Invoice ${i.invoiceNumber} details`}
      className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-4"
      data-testid="invoice-details"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          Invoice {i.invoiceNumber} <InvoiceStatusBadge status={i.status} />
        </h3>
        <span className="text-lg font-semibold text-slate-900 tabular-nums">{formatCents(i.amountCents)}</span>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-slate-600">Type:</dt>
          <dd className="text-slate-900">{INVOICE_TYPE_LABELS[i.invoiceType]}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Terms:</dt>
          <dd className="text-slate-900">{i.terms}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Issued:</dt>
          <dd className="text-slate-900">{i.issuedDate ? formatDate(i.issuedDate) : 'Not issued'}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">Due:</dt>
          <dd className={i.dueState === 'overdue' ? 'font-medium text-red-700' : 'text-slate-900'}>
            {i.dueDate ? formatDate(i.dueDate) : '—'}
            {i.dueState === 'overdue' ? ' (Overdue)' : ''}
          </dd>
        </div>
        {i.paidDate ? (
          <div className="flex gap-2">
            <dt className="text-slate-600">Paid:</dt>
            <dd className="text-slate-900">{formatDate(i.paidDate)}</dd>
          </div>
        ) : null}
        {i.email && i.status !== 'draft' ? (
          <div className="flex gap-2">
            <dt className="text-slate-600">Sent to:</dt>
            <dd className="text-slate-900">{i.email}</dd>
          </div>
        ) : null}
        {i.rebillReason ? (
          <div className="flex gap-2 sm:col-span-2">
            <dt className="text-slate-600">Rebill reason:</dt>
            <dd className="text-slate-900">{i.rebillReason}</dd>
          </div>
        ) : null}
        {i.voidReason ? (
          <div className="flex gap-2 sm:col-span-2">
            <dt className="text-slate-600">Void reason:</dt>
            <dd className="text-slate-900">{i.voidReason}</dd>
          </div>
        ) : null}
      </dl>
      <ul className="divide-y divide-slate-200 text-sm" aria-label="Invoice lines">
        {i.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 py-1">
            <span className="text-slate-800">
              {line.name} <span className="text-slate-600">× {line.quantity}</span>
            </span>
            <span className="text-slate-800 tabular-nums">{formatCents(line.totalCents)}</span>
          </li>
        ))}
      </ul>
      <InvoiceActionBar invoice={i} defaultEmail={i.defaultEmail} showView locationId={i.locationId} />
    </section>
  );
}

/** The job page's Invoices card: the job's invoices, the selected one's details and actions, Create Invoice. */
export function JobInvoicesCard({ job, onChanged }: { job: { id: string }; onChanged?: () => void }) {
  const invoices = useJobInvoices(job.id);
  const { canBill } = useInvoicePermissions();
  const [selected, setSelected] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const items = invoices.data?.items;
  const current = selected && items?.some((i) => i.id === selected) ? selected : (items?.[0]?.id ?? null);

  const columns: DataTableColumn<InvoiceListItem>[] = [
    {
      id: 'number',
      header: 'Invoice #',
      cell: (i) => (
        <button
          type="button"
          className="font-medium whitespace-nowrap text-blue-700 hover:underline"
          aria-pressed={i.id === current}
          onClick={() => setSelected(i.id)}
        >
          {i.invoiceNumber}
        </button>
      ),
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
    { id: 'issued', header: 'Issued', priority: 2, cell: (i) => <DateCell value={i.issuedDate} /> },
    { id: 'due', header: 'Due', priority: 2, cell: (i) => <DateCell value={i.dueDate} /> },
    { id: 'paid', header: 'Paid', priority: 3, cell: (i) => <DateCell value={i.paidDate} /> },
  ];

  return (
    <Card data-testid="job-invoices-card">
      <CardHeader
        title="Invoices"
        actions={
          canBill && invoices.data ? (
            <Button size="sm" onClick={() => setCreating(true)}>
              <FilePlus2 className="h-4 w-4" aria-hidden /> Create Invoice
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-4">
        {invoices.isError ? <ErrorBanner message={errorMessage(invoices.error, INVOICE_MESSAGES.fetchFailed)} /> : null}
        <DataTable
          bare
          label="Job invoices"
          columns={columns}
          rows={items}
          loading={invoices.isPending}
          loadingLabel="Loading invoices..."
          {...invoiceRowProps}
          rowClassName={(i) => (i.id === current ? 'bg-blue-50' : undefined)}
          empty={INVOICE_EMPTY.job}
        />
        {current ? <SelectedInvoice id={current} /> : null}
      </CardBody>
      {invoices.data ? (
        <CreateInvoiceDialog
          jobId={job.id}
          options={invoices.data.createOptions}
          open={creating}
          onOpenChange={setCreating}
          onCreated={(id) => {
            setSelected(id);
            onChanged?.();
          }}
        />
      ) : null}
    </Card>
  );
}
