import { useState } from 'react';
import { cancelConsequences, type AgreementDetail } from '../../../../domain/agreements';
import { api, errorMessage } from '../../../lib/api-client';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useCancelPreview, useInvalidateAgreements } from '../api/agreements-api';

/** Cancel Agreement: says what happens to the visits before anything changes. */
export function CancelAgreementDialog({
  agreement,
  open,
  onOpenChange,
}: {
  agreement: AgreementDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const preview = useCancelPreview(agreement.id, open);
  const invalidate = useInvalidateAgreements();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await api.post<{ visitsRemoved: number }>(`/api/agreements/${agreement.id}/cancel`);
      await invalidate();
      toast.success(
        `Agreement cancelled; ${answer.visitsRemoved} unscheduled ${answer.visitsRemoved === 1 ? 'visit' : 'visits'} removed`,
      );
      onOpenChange(false);
    } catch (e) {
      setError(errorMessage(e, 'Cancelling the agreement failed; please try again.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={`Cancel agreement ${agreement.name}?`}
      footer={
        <>
          <Button variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            Keep Agreement
          </Button>
          <Button variant="danger" disabled={pending || !preview.data} onClick={() => void confirm()}>
            {pending ? 'Cancelling...' : 'Cancel Agreement'}
          </Button>
        </>
      }
    >
      {error ? <ErrorBanner className="mb-4" message={error} /> : null}
      {preview.isError ? (
        <ErrorBanner message={errorMessage(preview.error, 'Could not work out what cancelling would change.')} />
      ) : !preview.data ? (
        <Spinner label="Counting the visits..." />
      ) : (
        <p className="text-sm text-slate-700" data-testid="cancel-consequences">
          {cancelConsequences(preview.data)} The agreement makes no more visits.
        </p>
      )}
    </Dialog>
  );
}
