import { useState } from 'react';
import type { Contact } from '../../../../domain/contacts';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteContact } from '../../../lib/contact-queries';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';
import { CONTACT_TEXTS, deleteContactConfirmation } from '../contact-texts';

/**
 * Delete a contact after asking; the server's refusal (a job names the contact: "This contact is the
 * primary contact of 2 jobs (Job #1004, Job #1010) and cannot be deleted") stays in the dialog.
 */
export function ContactDeleteDialog({ contact, onClose }: { contact: Contact | null; onClose: () => void }) {
  const remove = useDeleteContact();
  const [error, setError] = useState<string | null>(null);
  return (
    <ConfirmDialog
      open={contact !== null}
      onOpenChange={(open) => {
        if (!open) {
          setError(null);
          onClose();
        }
      }}
      title="Delete Contact"
      description={contact ? deleteContactConfirmation(contact.name) : ''}
      confirmLabel="Delete Contact"
      pendingLabel="Deleting..."
      error={error}
      onConfirm={async () => {
        if (!contact) return;
        try {
          await remove.mutateAsync(contact.id);
          toast.success(CONTACT_TEXTS.deleted);
          setError(null);
          onClose();
        } catch (e) {
          setError(errorMessage(e, CONTACT_TEXTS.deleteFailed));
        }
      }}
    />
  );
}
