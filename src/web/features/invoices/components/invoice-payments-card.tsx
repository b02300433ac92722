import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  recordPaymentForm,
  type InvoiceDetail,
  type InvoicePayment,
  type RecordPaymentFormValues,
  type RecordPaymentInput,
  voidPaymentInput,
  type VoidPaymentInput,
} from '../../../../domain/invoices';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCompanyToday } from '../../../lib/company';
import { formatCents, formatDate } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { FormDialog } from '../../../ui/dialog';
import { FormField, SelectInput, TextArea, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useRecordPayment, useVoidPayment } from '../api/invoices-api';

/** Record Payment (issued invoices): date (today), amount (the balance), method, reference, note. */
export function RecordPaymentDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: InvoiceDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const today = useCompanyToday();
  const balance = (invoice.balanceCents / 100).toFixed(2);
  const [banner, setBanner] = useState<string | null>(null);
  const record = useRecordPayment();
  const blank = useCallback(
    (): RecordPaymentFormValues => ({
      paymentDate: today,
      amountCents: balance,
      method: 'check',
      reference: '',
      note: '',
    }),
    [today, balance],
  );
  const form = useForm<RecordPaymentFormValues, unknown, RecordPaymentInput>({
    resolver: zodResolver(recordPaymentForm),
    defaultValues: blank(),
  });
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    setBanner(null);
    reset(blank());
  }, [open, blank, reset]);
  const submit = form.handleSubmit(async (body) => {
    setBanner(null);
    try {
      await record.mutateAsync({ id: invoice.id, body });
      onOpenChange(false);
      toast.success(`Payment of ${formatCents(body.amountCents)} recorded on invoice ${invoice.invoiceNumber}`);
    } catch (e) {
      applyServerFieldErrors(e, form.setError, { known: form.getValues() });
      setBanner(errorMessage(e, PAYMENT_MESSAGES.recordFailed));
    }
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Record Payment"
      description={`Invoice ${invoice.invoiceNumber}: balance due ${formatCents(invoice.balanceCents)} of ${formatCents(invoice.amountCents)}.`}
      formId="record-payment-form"
      submitLabel="Record Payment"
      pendingLabel="Recording..."
      pending={record.isPending}
      error={banner}
      onSubmit={() => void submit()}
    >
      <p className="rounded-md bg-blue-50 px-3 py-2 text-base font-semibold text-blue-900">
        Balance Due: {formatCents(invoice.balanceCents)}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Payment Date" required error={errors.paymentDate?.message}>
          {(field) => <TextInput {...field} type="date" max={today} {...form.register('paymentDate')} />}
        </FormField>
        <FormField label="Amount ($)" required error={errors.amountCents?.message}>
          {(field) => <TextInput {...field} inputMode="decimal" {...form.register('amountCents')} />}
        </FormField>
        <FormField label="Method" required error={errors.method?.message}>
          {(field) => (
            <SelectInput {...field} {...form.register('method')}>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {PAYMENT_METHOD_LABELS[m]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Reference" hint="Check number or transaction id" error={errors.reference?.message}>
          {(field) => <TextInput {...field} maxLength={100} {...form.register('reference')} />}
        </FormField>
      </div>
      <FormField label="Note" error={errors.note?.message}>
        {(field) => <TextArea {...field} rows={2} maxLength={1000} {...form.register('note')} />}
      </FormField>
    </FormDialog>
  );
}

/** Void a payment (admin, manager): a reason is required; the balance reopens. */
function VoidPaymentDialog({
  invoice,
  payment,
  onClose,
}: {
  invoice: InvoiceDetail;
  payment: InvoicePayment | null;
  onClose: () => void;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const voidPayment = useVoidPayment();
  const form = useForm<VoidPaymentInput>({ resolver: zodResolver(voidPaymentInput), defaultValues: { reason: '' } });
  const { reset } = form;
  useEffect(() => {
    setBanner(null);
    reset({ reason: '' });
  }, [payment, reset]);
  const submit = form.handleSubmit(async ({ reason }) => {
    if (!payment) return;
    setBanner(null);
    try {
      await voidPayment.mutateAsync({ id: invoice.id, paymentId: payment.id, reason });
      onClose();
      toast.success(`Payment of ${formatCents(payment.amountCents)} voided`);
    } catch (e) {
      applyServerFieldErrors(e, form.setError, { known: form.getValues() });
      setBanner(errorMessage(e, 'Failed to void the payment. Please try again.'));
    }
  });
  return (
    <FormDialog
      open={payment !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Void Payment"
      description={
        payment
          ? `Void the payment of ${formatCents(payment.amountCents)} dated ${formatDate(payment.paymentDate)}? The balance due reopens; this cannot be undone.`
          : ''
      }
      formId="void-payment-form"
      submitLabel="Void Payment"
      pendingLabel="Voiding..."
      pending={voidPayment.isPending}
      tone="danger"
      error={banner}
      onSubmit={() => void submit()}
    >
      <FormField label="Reason" required error={form.formState.errors.reason?.message}>
        {(field) => <TextArea {...field} rows={3} maxLength={1000} {...form.register('reason')} />}
      </FormField>
    </FormDialog>
  );
}

/** The invoice page's Payments card: balance due, the payments (voided ones struck), Record Payment, Void. */
export function InvoicePaymentsCard({ invoice }: { invoice: InvoiceDetail }) {
  const [recording, setRecording] = useState(false);
  const [voiding, setVoiding] = useState<InvoicePayment | null>(null);
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
      <RecordPaymentDialog invoice={invoice} open={recording} onOpenChange={setRecording} />
      <VoidPaymentDialog invoice={invoice} payment={voiding} onClose={() => setVoiding(null)} />
    </Card>
  );
}
