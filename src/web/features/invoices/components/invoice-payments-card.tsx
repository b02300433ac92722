import { lazy, Suspense, useState } from 'react';
import type { InvoiceDetail, InvoicePayment } from '../../../../domain/invoices';
import { PAYMENT_METHOD_LABELS } from '../../../../domain/invoices/payments';
import { formatCents, formatDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { useOpenedOnce } from '../../../lib/use-opened-once';

// The payment forms check with the API's schemas: loaded when first opened (decision 057).
const RecordPaymentDialog = lazy(() => import('./payment-dialogs').then((m) => ({ default: m.RecordPaymentDialog })));
const VoidPaymentDialog = lazy(() => import('./payment-dialogs').then((m) => ({ default: m.VoidPaymentDialog })));

/** The invoice page's Payments card: balance due, the payments (voided ones struck), Record Payment, Void. */
export function InvoicePaymentsCard({ invoice }: { invoice: InvoiceDetail }) {
  const [recording, setRecording] = useState(false);
  const [voiding, setVoiding] = useState<InvoicePayment | null>(null);
  const formsUsed = useOpenedOnce(recording || voiding !== null);
  if (invoice.status === 'draft') return null;
  return (
    <Card className="print:hidden">
      <CardHeader
        title="Payments"
        actions={
          invoice.actions.recordPayment ? (
            <Button size="sm" onClick={() => setRecording(true)}>
              Record Payment
            </Button>
          ) : null
        }
      />
      <CardBody className="space-y-4">
        <dl className="flex flex-wrap gap-x-8 gap-y-2">
          <div>
            <dt className="text-sm text-slate-600">Balance Due</dt>
            <dd className="text-2xl font-bold text-slate-900" data-testid="balance-due">
              {formatCents(invoice.balanceCents)}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Paid</dt>
            <dd className="text-lg font-semibold text-slate-800">{formatCents(invoice.amountPaidCents)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-600">Invoice Total</dt>
            <dd className="text-lg font-semibold text-slate-800">{formatCents(invoice.amountCents)}</dd>
          </div>
        </dl>
        {invoice.payments.length === 0 ? (
          <p className="text-sm text-slate-600">No payments recorded.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Payments of invoice {invoice.invoiceNumber}</caption>
              <thead className="text-slate-600">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Method
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Reference
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    Recorded By
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {invoice.payments.map((p) => (
                  <tr key={p.id} className={p.voidedAt ? 'text-slate-500' : 'text-slate-900'}>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(p.paymentDate)}</td>
                    <td className="py-2 pr-3">{PAYMENT_METHOD_LABELS[p.method]}</td>
                    <td className="py-2 pr-3">
                      {p.reference ?? ''}
                      {p.note ? <span className="block text-xs text-slate-600">{p.note}</span> : null}
                    </td>
                    <td className={`py-2 pr-3 text-right tabular-nums ${p.voidedAt ? 'line-through' : ''}`}>
                      {formatCents(p.amountCents)}
                    </td>
                    <td className="py-2 pr-3">{p.recordedByName ?? ''}</td>
                    <td className="py-2 text-right">
                      {p.voidedAt ? (
                        <span className="text-xs font-medium text-slate-700" title={p.voidReason ?? undefined}>
                          Void{p.voidReason ? `: ${p.voidReason}` : ''}
                        </span>
                      ) : invoice.actions.voidPayment ? (
                        <Button
                          size="sm"
                          variant="secondary"
                          aria-label={`Void payment of ${formatCents(p.amountCents)} dated ${formatDate(p.paymentDate)}`}
                          onClick={() => setVoiding(p)}
                        >
                          Void
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
      {formsUsed ? (
        <Suspense fallback={null}>
          <RecordPaymentDialog invoice={invoice} open={recording} onOpenChange={setRecording} />
          <VoidPaymentDialog invoice={invoice} payment={voiding} onClose={() => setVoiding(null)} />
        </Suspense>
      ) : null}
    </Card>
  );
}
