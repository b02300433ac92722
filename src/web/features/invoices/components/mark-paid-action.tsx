import { useState } from 'react';
import type { PaymentMethod } from '../../../../domain/invoices/payments';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { SelectInput, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useMarkInvoicePaid } from '../api/invoices-api';
import { INVOICE_MESSAGES } from '../invoice-texts';
import { PaymentMethodOptions } from './payment-method-options';

/**
 * Mark Paid (issued invoices only): asks the method (and a reference) first, then records one
 * payment of the balance dated today (issue 27), which makes the invoice paid. The failure shows
 * in the dialog, which stays open.
 */
export function MarkPaidAction({
  invoice,
  label = 'Mark Paid',
  failure = INVOICE_MESSAGES.markPaidFailed,
  size = 'sm',
  variant = 'secondary',
  onPaid,
}: {
  invoice: { id: string; invoiceNumber: string };
  label?: string;
  failure?: string;
  size?: 'sm' | 'md';
  variant?: 'primary' | 'secondary';
  onPaid?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [method, setMethod] = useState<PaymentMethod>('check');
  const [reference, setReference] = useState('');
  const markPaid = useMarkInvoicePaid();
  return (
    <>
      <Button
        size={size}
        variant={variant}
        aria-label={label === 'Mark Paid' ? `Mark invoice ${invoice.invoiceNumber} paid` : undefined}
        onClick={() => {
          setError(null);
          setMethod('check');
          setReference('');
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        tone="primary"
        title="Mark as Paid"
        description={
          <>
            {`Record a payment of the balance of invoice ${invoice.invoiceNumber}, dated today; the invoice becomes paid.`}
            <span className="mt-4 block">
              <label className="block text-sm font-medium text-slate-800" htmlFor={`mark-paid-method-${invoice.id}`}>
                Method
              </label>
              <SelectInput
                id={`mark-paid-method-${invoice.id}`}
                className="mt-1"
                value={method}
                onChange={(e) => setMethod(e.target.value as PaymentMethod)}
              >
                <PaymentMethodOptions />
              </SelectInput>
            </span>
            <span className="mt-3 block">
              <label className="block text-sm font-medium text-slate-800" htmlFor={`mark-paid-ref-${invoice.id}`}>
                Reference (optional)
              </label>
              <TextInput
                id={`mark-paid-ref-${invoice.id}`}
                className="mt-1"
                maxLength={100}
                placeholder="Check number or transaction id"
                value={reference}
                onChange={(e) => setReference(e.target.value)}
              />
            </span>
          </>
        }
        confirmLabel="Mark as Paid"
        pendingLabel="Marking..."
        error={error}
        onConfirm={async () => {
          try {
            await markPaid.mutateAsync({ id: invoice.id, method, reference: reference.trim() || null });
            setOpen(false);
            toast.success(`Invoice ${invoice.invoiceNumber} marked as paid`);
            onPaid?.();
          } catch (e) {
            setError(errorMessage(e, failure));
          }
        }}
      />
    </>
  );
}
