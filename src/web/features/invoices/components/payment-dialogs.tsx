import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  PAYMENT_MESSAGES,
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
import { FormDialog } from '../../../ui/dialog';
import { FormField, SelectInput, TextArea, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useRecordPayment, useVoidPayment } from '../api/invoices-api';
import { PaymentMethodOptions } from './payment-method-options';

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
              <PaymentMethodOptions />
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
export function VoidPaymentDialog({
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
