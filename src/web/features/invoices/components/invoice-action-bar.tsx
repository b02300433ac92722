import { Ban, Eye, Pencil, Send } from 'lucide-react';
import { useState } from 'react';
import { Button, ButtonLink } from '../../../ui/button';
import type { InvoiceStatus } from '../../../../domain/invoices';
import { useInvoicePermissions } from '../invoice-permissions';

// Send and Void check with the API's schemas: loaded when first opened (decision 057).
const SendInvoiceDialog = lazyDialog(() => import('./invoice-dialogs'), 'SendInvoiceDialog');
const VoidInvoiceDialog = lazyDialog(() => import('./invoice-dialogs'), 'VoidInvoiceDialog');
import { MarkPaidAction } from './mark-paid-action';
import { lazyDialog } from '../../../lib/lazy-dialog';

/**
 * The actions an invoice's status allows, for the signed-in role: Send Invoice and Edit (draft),
 * Mark as Paid and Void (issued; Void for admin and manager only), and View Invoice when asked.
 */
export function InvoiceActionBar({
  invoice,
  defaultEmail,
  showView = false,
  locationId,
}: {
  invoice: { id: string; invoiceNumber: string; status: InvoiceStatus };
  defaultEmail: string | null;
  showView?: boolean;
  /** For the Send Invoice dialog's billing-contact suggestions. */
  locationId?: string | null | undefined;
}) {
  const { canBill, canVoid } = useInvoicePermissions();
  const [sending, setSending] = useState(false);
  const [voiding, setVoiding] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-2 print:hidden">
      {showView ? (
        <ButtonLink to={`/invoices/${invoice.id}`} variant="secondary" size="sm">
          <Eye className="h-4 w-4" aria-hidden /> View Invoice
        </ButtonLink>
      ) : null}
      {canBill && invoice.status === 'draft' ? (
        <>
          <ButtonLink to={`/invoices/${invoice.id}/edit`} variant="secondary" size="sm">
            <Pencil className="h-4 w-4" aria-hidden /> Edit
          </ButtonLink>
          <Button size="sm" onClick={() => setSending(true)}>
            <Send className="h-4 w-4" aria-hidden /> Send Invoice
          </Button>
          <SendInvoiceDialog
            invoice={invoice}
            defaultEmail={defaultEmail}
            open={sending}
            onOpenChange={setSending}
            locationId={locationId}
          />
        </>
      ) : null}
      {canBill && invoice.status === 'issued' ? (
        <MarkPaidAction invoice={invoice} label="Mark as Paid" variant="primary" />
      ) : null}
      {canVoid && invoice.status === 'issued' ? (
        <>
          <Button size="sm" variant="secondary" className="text-red-700" onClick={() => setVoiding(true)}>
            <Ban className="h-4 w-4" aria-hidden /> Void
          </Button>
          <VoidInvoiceDialog invoice={invoice} open={voiding} onOpenChange={setVoiding} />
        </>
      ) : null}
    </div>
  );
}
