import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';
import { useMarkInvoicePaid } from '../api/invoices-api';
import { INVOICE_MESSAGES } from '../invoice-texts';

/**
 * Mark Paid (issued invoices only): asks first, then sets the paid date to today. The failure shows
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
  const markPaid = useMarkInvoicePaid();
  return (
    <>
      <Button
        size={size}
        variant={variant}
        aria-label={label === 'Mark Paid' ? `Mark invoice ${invoice.invoiceNumber} paid` : undefined}
        onClick={() => {
          setError(null);
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
        description={`Mark invoice ${invoice.invoiceNumber} as paid? The paid date will be today.`}
        confirmLabel="Mark as Paid"
        pendingLabel="Marking..."
        error={error}
        onConfirm={async () => {
          try {
            await markPaid.mutateAsync({ id: invoice.id });
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
