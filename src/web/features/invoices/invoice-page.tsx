import { Download, Printer } from 'lucide-react';
import { lazy } from 'react';
import { Link, useParams } from 'react-router';
import { formatCents, formatDate, formatPhone } from '../../lib/format';
import { useCompanyInfo, useFormatDateTime } from '../../lib/company';
import { AfterFirstPaint } from '../../ui/after-first-paint';
import { InfoBanner } from '../../ui/banner';
import { Button, buttonClass } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { DetailScreen, validId } from '../../ui/detail-screen';
import { PageHeader } from '../../ui/page-header';
import type { InvoiceDetail } from '../../../domain/invoices';
// Not the area's index, which builds its schemas (decision 057).
import { billingPeriodText } from '../../../domain/invoices/agreement-invoices';
import { cityLine } from '../../../domain/invoices/billing';
import { formatQuantity, totalsRows } from '../../../domain/invoices/totals';

// A draft's discount form checks with the API's schema: loaded for a draft that may be edited (decision
// 057), once the page has painted (decision 062).
const InvoiceDiscounts = lazy(() =>
  import('./components/invoice-discounts').then((m) => ({ default: m.InvoiceDiscounts })),
);
import { useInvoice } from './api/invoices-api';
import { InvoiceActionBar } from './components/invoice-action-bar';
import { InvoicePaymentsCard } from './components/invoice-payments-card';
import { InvoiceStatusBadge } from './components/invoice-status-badge';
import { INVOICE_MESSAGES, INVOICE_TYPE_LABELS } from './invoice-texts';

const BACK = { to: '/invoices', label: 'Back to Invoices' };

function Letterhead() {
  const company = useCompanyInfo().data;
  const address = company?.physical_address;
  const cityLine = address
    ? [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : '';
  return (
    <div>
      <p className="text-xl font-bold text-slate-900">{company?.name ?? ''}</p>
      {address?.street ? <p className="text-sm text-slate-700">{address.street}</p> : null}
      {cityLine ? <p className="text-sm text-slate-700">{cityLine}</p> : null}
      {company?.phone ? <p className="text-sm text-slate-700">{formatPhone(company.phone)}</p> : null}
    </div>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex justify-between gap-4 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** The invoice as a document: what Print Invoice prints and the PDF shows. */
export function InvoiceSheet({ invoice }: { invoice: InvoiceDetail }) {
  const l = invoice.location;
  const b = invoice.billTo;
  const serviceCity = cityLine(l);
  const billCity = cityLine(b);
  return (
    <article
      id="invoice-sheet"
      aria-label={`Invoice ${invoice.invoiceNumber}`}
      className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <header className="flex flex-wrap items-start justify-between gap-6 border-b border-slate-200 pb-6">
        <Letterhead />
        <div className="min-w-56 space-y-1">
          <p className="text-right text-2xl font-bold tracking-wide text-slate-900">INVOICE</p>
          <p className="text-right font-mono text-sm text-slate-800">{invoice.invoiceNumber}</p>
          <p className="text-right">
            <InvoiceStatusBadge status={invoice.status} />
          </p>
          <dl className="mt-3 space-y-1">
            <Field label="Issued">{invoice.issuedDate ? formatDate(invoice.issuedDate) : 'Not issued'}</Field>
            <Field label="Due">{invoice.dueDate ? formatDate(invoice.dueDate) : '—'}</Field>
            {invoice.paidDate ? <Field label="Paid">{formatDate(invoice.paidDate)}</Field> : null}
            <Field label="Terms">{invoice.terms}</Field>
            {invoice.email && invoice.status !== 'draft' ? (
              <Field label="Sent to">
                <span className="break-all">{invoice.email}</span>
              </Field>
            ) : null}
          </dl>
        </div>
      </header>

      <section className="grid gap-6 border-b border-slate-200 py-6 sm:grid-cols-3">
        <div data-testid="invoice-bill-to">
          <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Bill To</h2>
          <p className="mt-1 font-medium text-slate-900">{b.name ?? '—'}</p>
          {b.address ? <p className="text-sm text-slate-700">{b.address}</p> : null}
          {billCity ? <p className="text-sm text-slate-700">{billCity}</p> : null}
          {b.email ? <p className="text-sm break-all text-slate-700">{b.email}</p> : null}
        </div>
        <div data-testid="invoice-service-location">
          <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Service Location</h2>
          <p className="mt-1 font-medium text-slate-900">{l.name ?? '—'}</p>
          {invoice.customer.companyName && invoice.customer.companyName !== l.name ? (
            <p className="text-sm text-slate-700">{invoice.customer.companyName}</p>
          ) : null}
          {l.address ? <p className="text-sm text-slate-700">{l.address}</p> : null}
          {serviceCity ? <p className="text-sm text-slate-700">{serviceCity}</p> : null}
          {l.unitNumber ? <p className="text-sm text-slate-700">Unit {l.unitNumber}</p> : null}
        </div>
        <div>
          <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
            {invoice.job ? 'Job' : 'Service Agreement'}
          </h2>
          {invoice.job ? (
            <>
              <p className="mt-1 font-medium text-slate-900">
                <Link to={`/jobs/${invoice.job.id}`} className="hover:underline">
                  Job #{invoice.job.number}: {invoice.job.name}
                </Link>
              </p>
              {invoice.job.customerPo ? <p className="text-sm text-slate-700">PO {invoice.job.customerPo}</p> : null}
              {invoice.job.contactName ? (
                <p className="text-sm text-slate-700">Contact: {invoice.job.contactName}</p>
              ) : null}
            </>
          ) : null}
          {invoice.agreement ? (
            <p className={invoice.job ? 'text-sm text-slate-700' : 'mt-1 font-medium text-slate-900'}>
              <Link to={`/agreements/${invoice.agreement.id}`} className="hover:underline">
                Agreement #{invoice.agreement.number}: {invoice.agreement.name}
              </Link>
              {billingPeriodText(invoice.agreement) ? (
                <span className="block text-sm font-normal text-slate-700">
                  Billing period {billingPeriodText(invoice.agreement)}
                </span>
              ) : null}
            </p>
          ) : null}
          <p className="text-sm text-slate-700">{INVOICE_TYPE_LABELS[invoice.invoiceType]} invoice</p>
        </div>
      </section>

      {/* The invoice is a document (it prints as it shows), so its lines are a plain table, not a list screen. */}
      <table className="mt-6 w-full text-sm">
        <caption className="sr-only">Invoice lines</caption>
        <thead>
          <tr className="border-b border-slate-300 text-left text-xs tracking-wide text-slate-600 uppercase">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Code
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Description
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Qty
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Unit Price
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line) => (
            <tr key={line.id} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-3 font-mono text-xs text-slate-700">{line.code}</td>
              <td className="py-2 pr-3 text-slate-900">{line.name}</td>
              <td className="py-2 pr-3 text-right text-slate-700 tabular-nums">
                {formatQuantity(line.itemType, line.quantity)}
              </td>
              <td className="py-2 pr-3 text-right text-slate-700 tabular-nums">{formatCents(line.unitPriceCents)}</td>
              <td className="py-2 text-right text-slate-900 tabular-nums">{formatCents(line.totalCents)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {/* Subtotal, discounts, tax by group and total: invoiceTotals' figures (issue 27). */}
          {totalsRows(invoice.totals).map((row, i) =>
            row.kind === 'total' ? (
              <tr key={i}>
                <th scope="row" colSpan={4} className="pt-3 pr-3 text-right text-base font-semibold text-slate-900">
                  Total
                </th>
                <td
                  className="pt-3 text-right text-base font-bold text-slate-900 tabular-nums"
                  data-testid="invoice-total"
                >
                  {formatCents(invoice.totals.totalCents)}
                </td>
              </tr>
            ) : (
              <tr key={i} data-testid={`invoice-${row.kind}`}>
                <th scope="row" colSpan={4} className="pt-2 pr-3 text-right font-normal text-slate-700">
                  {row.label}
                </th>
                <td className="pt-2 text-right text-slate-900 tabular-nums">{formatCents(row.cents)}</td>
              </tr>
            ),
          )}
        </tfoot>
      </table>
      {invoice.totals.exemptReason ? (
        <p className="mt-3 text-right text-sm text-slate-700" data-testid="invoice-exempt">
          {invoice.totals.exemptReason}
        </p>
      ) : null}
      {invoice.status === 'draft' && invoice.totals.taxWarning ? (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 print:hidden">
          {invoice.totals.taxWarning}
        </p>
      ) : null}

      {invoice.notes ? (
        <section className="mt-6">
          <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Notes</h2>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{invoice.notes}</p>
        </section>
      ) : null}
      {invoice.status === 'void' ? (
        <p className="mt-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          Void{invoice.voidedDate ? ` since ${formatDate(invoice.voidedDate)}` : ''}
          {invoice.voidReason ? `: ${invoice.voidReason}` : ''}
        </p>
      ) : null}
      {invoice.signedBy ? <SignedBy signed={invoice.signedBy} /> : null}
      <p className="mt-8 text-sm text-slate-700">
        Payment terms: {invoice.terms}. Please include the invoice number with your payment.
      </p>
    </article>
  );
}

/** The customer's approval of the work this invoice bills: typed name, drawn signature, time (issue 13). */
function SignedBy({ signed }: { signed: NonNullable<InvoiceDetail['signedBy']> }) {
  const formatDateTime = useFormatDateTime();
  return (
    <section
      aria-labelledby="invoice-signed-by"
      className="mt-6 break-inside-avoid rounded-md border border-slate-200 p-4"
      data-testid="invoice-signed-by"
    >
      <h2 id="invoice-signed-by" className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Signed by
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        The customer approved quote {signed.quoteNumber} and signed it online.
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-6">
        <dl className="space-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-slate-600">Name</dt>
            <dd className="font-medium text-slate-900">{signed.signerName}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="text-slate-600">Signed</dt>
            <dd className="text-slate-900">{formatDateTime(signed.signedAt)}</dd>
          </div>
        </dl>
        {signed.signatureUrl ? (
          <img
            src={signed.signatureUrl}
            alt={`Signature of ${signed.signerName}`}
            className="h-16 max-w-60 rounded border border-slate-200 bg-white object-contain"
          />
        ) : null}
      </div>
    </section>
  );
}

const STATUS_VERBS = { draft: 'Created as draft', issued: 'Sent', paid: 'Marked as paid', void: 'Voided' } as const;

function History({ invoice }: { invoice: InvoiceDetail }) {
  const formatDateTime = useFormatDateTime();
  return (
    <Card className="print:hidden">
      <CardHeader title="History" />
      <CardBody>
        {invoice.history.length === 0 ? (
          <p className="text-sm text-slate-600">No status changes recorded.</p>
        ) : (
          <ol className="space-y-3" aria-label="Status changes">
            {invoice.history.map((h) => (
              <li key={h.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-sm">
                <InvoiceStatusBadge status={h.toStatus} />
                <span className="font-medium text-slate-900">
                  {h.note?.startsWith('Payment recorded')
                    ? 'Payment recorded'
                    : h.note?.startsWith('Payment voided')
                      ? 'Payment voided'
                      : STATUS_VERBS[h.toStatus]}
                </span>
                <span className="text-slate-600">
                  {formatDateTime(h.changedAt)}
                  {h.changedByName ? ` by ${h.changedByName}` : ''}
                </span>
                {h.note ? <span className="basis-full text-slate-700">{h.note}</span> : null}
              </li>
            ))}
          </ol>
        )}
      </CardBody>
    </Card>
  );
}

function InvoiceScreen({ invoice }: { invoice: InvoiceDetail }) {
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="print:hidden">
        <PageHeader
          title={`Invoice ${invoice.invoiceNumber}`}
          subtitle={`Job #${invoice.jobNumber}: ${invoice.jobName}`}
          back={BACK}
          actions={
            <>
              <Button variant="secondary" onClick={() => window.print()}>
                <Printer className="h-4 w-4" aria-hidden /> Print Invoice
              </Button>
              <a
                href={`/api/invoices/${invoice.id}/pdf`}
                download={`invoice-${invoice.invoiceNumber}.pdf`}
                className={buttonClass('secondary')}
              >
                <Download className="h-4 w-4" aria-hidden /> Download PDF
              </a>
            </>
          }
        />
        <InvoiceActionBar invoice={invoice} defaultEmail={invoice.defaultEmail} locationId={invoice.location.id} />
        {invoice.rebillReason ? (
          <InfoBanner className="mt-4">
            <p data-testid="invoice-rebill-reason">
              <span className="font-semibold">Rebill:</span> this invoice bills job items another invoice of the job
              already bills. Reason: {invoice.rebillReason}
            </p>
          </InfoBanner>
        ) : null}
      </div>
      <InvoicePaymentsCard invoice={invoice} />
      <InvoiceSheet invoice={invoice} />
      {invoice.actions.edit ? (
        <AfterFirstPaint fallback={null}>
          <InvoiceDiscounts invoice={invoice} />
        </AfterFirstPaint>
      ) : null}
      <History invoice={invoice} />
    </div>
  );
}

/** /invoices/{id}: the printable invoice with its job, customer, lines, history and the actions its status allows. */
export default function InvoicePage() {
  const { id } = useParams();
  const invoice = useInvoice(validId(id));
  return (
    <DetailScreen
      id={id}
      query={invoice}
      invalidMessage={INVOICE_MESSAGES.invalidId}
      notFoundMessage={INVOICE_MESSAGES.notFound}
      errorMessage={INVOICE_MESSAGES.fetchDetail}
      loadingLabel="Loading invoice..."
      back={BACK}
    >
      {(data) => <InvoiceScreen invoice={data} />}
    </DetailScreen>
  );
}
