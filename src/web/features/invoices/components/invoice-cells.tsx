import { Eye } from 'lucide-react';
import { Link } from 'react-router';
// The rule's own file, not the invoices barrel (which builds the schemas): the lists load no zod (057).
import { invoiceBillsLabel, type BilledThing } from '../../../../domain/invoices/agreement-invoices';
import { formatDate } from '../../../lib/format';
import { cn } from '../../../ui/cn';

/**
 * "Job #1042: Rooftop unit PM", linked to the job; an agreement's advance invoice has no job and
 * names its agreement and billing period instead, linked to the agreement (decision 052).
 */
export function JobCell({
  invoice,
}: {
  invoice: BilledThing & { jobId: string | null; agreement: { id: string } | null };
}) {
  const to = invoice.jobId
    ? `/jobs/${invoice.jobId}`
    : invoice.agreement
      ? `/agreements/${invoice.agreement.id}`
      : null;
  const label = invoiceBillsLabel(invoice);
  return to ? (
    <Link to={to} className="text-slate-800 hover:text-blue-700 hover:underline">
      {label}
    </Link>
  ) : (
    <span>{label}</span>
  );
}

/** The customer's company with the location beneath. */
export function CustomerCell({
  companyName,
  locationName,
}: {
  companyName: string | null;
  locationName: string | null;
}) {
  return (
    <div>
      <div className="text-slate-800">{companyName ?? '—'}</div>
      {locationName ? <div className="text-xs text-slate-600">{locationName}</div> : null}
    </div>
  );
}

/** The invoice number linked to its page. */
export function InvoiceNumberCell({ id, invoiceNumber }: { id: string; invoiceNumber: string }) {
  return (
    <Link to={`/invoices/${id}`} className="font-medium whitespace-nowrap text-blue-700 hover:underline">
      {invoiceNumber}
    </Link>
  );
}

/** A due date; an issued invoice's past due date (the server decides, in the company's time zone) is red with "Overdue". */
export function DueDateCell({ dueDate, overdue }: { dueDate: string | null; overdue: boolean }) {
  if (!dueDate) return <span className="text-slate-600">—</span>;
  return (
    <span className={cn('whitespace-nowrap', overdue ? 'font-medium text-red-700' : 'text-slate-700')}>
      {formatDate(dueDate)}
      {overdue ? <span className="ml-1 block text-xs font-semibold text-red-700">Overdue</span> : null}
    </span>
  );
}

export function DateCell({ value }: { value: string | null }) {
  return value ? (
    <span className="whitespace-nowrap text-slate-700">{formatDate(value)}</span>
  ) : (
    <span className="text-slate-600">—</span>
  );
}

type InvoiceRow = { id: string; invoiceNumber: string };

/** The row wiring every invoice table shares: key, the row's name for screen readers, test id. */
export const invoiceRowProps = {
  getRowKey: (invoice: InvoiceRow) => invoice.id,
  getRowLabel: (invoice: InvoiceRow) => `invoice ${invoice.invoiceNumber}`,
  getRowTestId: (invoice: InvoiceRow) => `invoice-${invoice.invoiceNumber}`,
};

/** The invoice lists' rows open the invoice. */
export const invoiceRowHref = (invoice: InvoiceRow) => `/invoices/${invoice.id}`;

/** The View action of an invoice row. */
export function ViewInvoiceLink({ invoice }: { invoice: InvoiceRow }) {
  return (
    <Link
      to={invoiceRowHref(invoice)}
      className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline"
      aria-label={`View invoice ${invoice.invoiceNumber}`}
    >
      <Eye className="h-3.5 w-3.5" aria-hidden /> View
    </Link>
  );
}
