import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { ContactEmailSuggestions } from '../../../lib/contact-suggestions';
import { FormDialog } from '../../../ui/dialog';
import { FormField, TextArea, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useSendInvoice, useVoidInvoice } from '../api/invoices-api';
import { INVOICE_MESSAGES } from '../invoice-texts';

interface InvoiceRef {
  id: string;
  invoiceNumber: string;
}

/**
 * Send Invoice (drafts): the customer's e-mail (by default Bill To's billing e-mail, else the job's
 * contact e-mail: the server's `defaultEmail`). The invoice
 * becomes issued today and the e-mail with its PDF goes into the outbox. Errors stay in the dialog.
 */
export function SendInvoiceDialog({
  invoice,
  defaultEmail,
  open,
  onOpenChange,
  locationId,
}: {
  invoice: InvoiceRef;
  defaultEmail: string | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The job's location: its billing contacts are offered under the field (decision 038). */
  locationId?: string | null | undefined;
}) {
  const [email, setEmail] = useState(defaultEmail ?? '');
  const [error, setError] = useState<string | null>(null);
  const send = useSendInvoice();
  // Each opening starts from the job's e-mail and no error.
  useEffect(() => {
    if (!open) return;
    setEmail(defaultEmail ?? '');
    setError(null);
  }, [open, defaultEmail]);
  const submit = async () => {
    if (!email.trim()) {
      setError(INVOICE_MESSAGES.emailRequired);
      return;
    }
    setError(null);
    try {
      await send.mutateAsync({ id: invoice.id, email: email.trim() });
      onOpenChange(false);
      toast.success(`Invoice ${invoice.invoiceNumber} sent to ${email.trim()}`);
    } catch (e) {
      setError(errorMessage(e, INVOICE_MESSAGES.sendFailed));
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Send Invoice"
      description={`Invoice ${invoice.invoiceNumber} is e-mailed with its PDF and becomes issued today.`}
      formId="send-invoice-form"
      submitLabel="Send Invoice"
      pendingLabel="Sending..."
      pending={send.isPending}
      submitDisabled={!email.trim()}
      error={error}
      onSubmit={() => void submit()}
    >
      <FormField label="Customer Email" required hint={email.trim() ? undefined : INVOICE_MESSAGES.emailRequired}>
        {(field) => (
          <TextInput
            {...field}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </FormField>
      <ContactEmailSuggestions locationId={locationId} purpose="invoice" current={email} onPick={setEmail} />
    </FormDialog>
  );
}

/** Void (issued invoices, admin or manager): a reason is required; the invoice is then counted only in reports. */
export function VoidInvoiceDialog({
  invoice,
  open,
  onOpenChange,
}: {
  invoice: InvoiceRef;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const voidInvoice = useVoidInvoice();
  useEffect(() => {
    if (!open) return;
    setReason('');
    setError(null);
  }, [open]);
  const submit = async () => {
    if (!reason.trim()) {
      setError(INVOICE_MESSAGES.voidReasonRequired);
      return;
    }
    try {
      await voidInvoice.mutateAsync({ id: invoice.id, reason: reason.trim() });
      onOpenChange(false);
      toast.success(`Invoice ${invoice.invoiceNumber} voided`);
    } catch (e) {
      setError(errorMessage(e, INVOICE_MESSAGES.void));
    }
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Void Invoice"
      description={`Voiding invoice ${invoice.invoiceNumber} cannot be undone. Issue a new invoice to bill the customer again.`}
      formId="void-invoice-form"
      submitLabel="Void Invoice"
      pendingLabel="Voiding..."
      pending={voidInvoice.isPending}
      tone="danger"
      error={error}
      onSubmit={() => void submit()}
    >
      <FormField label="Reason" required>
        {(field) => (
          <TextArea {...field} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        )}
      </FormField>
    </FormDialog>
  );
}
