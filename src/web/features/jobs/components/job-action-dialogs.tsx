import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { toast } from '../../../ui/toast';
import { completeJobDescription, completionNoticeRecipient } from '../../../../domain/jobs/completion-notice';
import { useCancelJob, useCompleteJob, useDeleteJob, useJob } from '../api/jobs-api';
import { JOB_TEXTS } from '../job-texts';

type JobRef = { id: string; number: number; name: string };
type Open = { kind: 'complete' | 'delete' | 'cancel'; job: JobRef; refusal?: string } | null;

/**
 * Complete, Delete and Cancel Job with their confirmation dialogs, shared by the list and the job
 * page. A delete the server refuses (the customer answered its quote, or an invoice is no longer a
 * draft: 409) turns into the offer to cancel the job instead, with the server's reason.
 */
export function useJobActions({ onDeleted }: { onDeleted?: (job: JobRef) => void } = {}) {
  const [open, setOpen] = useState<Open>(null);
  const [error, setError] = useState<string | null>(null);
  const complete = useCompleteJob();
  const remove = useDeleteJob();
  const cancel = useCancelJob();
  // Who the completion notice goes to is the job's contact e-mail (the server's own rule); the list
  // has no contact, so the dialog reads the job (the job page has it already).
  const completing = useJob(open?.kind === 'complete' ? open.job.id : undefined);
  const completeDescription = completing.data
    ? completeJobDescription(completionNoticeRecipient(completing.data))
    : completing.isError
      ? JOB_TEXTS.completeDescription
      : JOB_TEXTS.completeChecking;

  const show = (kind: NonNullable<Open>['kind'], job: JobRef) => {
    setError(null);
    setOpen({ kind, job });
  };
  const close = () => {
    setOpen(null);
    setError(null);
  };

  const dialogs = (
    <>
      <ConfirmDialog
        open={open?.kind === 'complete'}
        onOpenChange={(next) => !next && close()}
        title={open ? `Complete Job #${open.job.number}?` : 'Complete Job'}
        description={completeDescription}
        confirmLabel="Complete Job"
        pendingLabel="Completing..."
        tone="primary"
        error={error}
        onConfirm={async () => {
          if (!open) return;
          try {
            await complete.mutateAsync(open.job.id);
            toast.success(`Job #${open.job.number} completed`);
            close();
          } catch (e) {
            setError(errorMessage(e, JOB_TEXTS.completeFailed));
          }
        }}
      />
      <ConfirmDialog
        open={open?.kind === 'delete'}
        onOpenChange={(next) => !next && close()}
        title={open ? `Delete Job #${open.job.number}?` : 'Delete Job'}
        description="This permanently deletes the job with its items, technicians, inspections and repairs. This cannot be undone."
        confirmLabel="Delete Job"
        pendingLabel="Deleting..."
        error={error}
        onConfirm={async () => {
          if (!open) return;
          const job = open.job;
          try {
            await remove.mutateAsync(job.id);
            toast.success(`Job #${job.number} deleted`);
            close();
            onDeleted?.(job);
          } catch (e) {
            if (e instanceof ApiError && e.status === 409) {
              setError(null);
              setOpen({ kind: 'cancel', job, refusal: e.message });
            } else setError(errorMessage(e, JOB_TEXTS.deleteFailed));
          }
        }}
      />
      <ConfirmDialog
        open={open?.kind === 'cancel'}
        onOpenChange={(next) => !next && close()}
        title={open ? `Cancel Job #${open.job.number}?` : 'Cancel Job'}
        description={
          <>
            {open?.refusal ? <span className="mb-2 block font-medium text-slate-800">{open.refusal}</span> : null}
            The job stays with its quotes, invoices and items, and its status becomes cancelled.
          </>
        }
        confirmLabel="Cancel Job"
        pendingLabel="Cancelling..."
        error={error}
        onConfirm={async () => {
          if (!open) return;
          try {
            await cancel.mutateAsync(open.job.id);
            toast.success(`Job #${open.job.number} cancelled`);
            close();
          } catch (e) {
            setError(errorMessage(e, JOB_TEXTS.cancelFailed));
          }
        }}
      />
    </>
  );

  return {
    dialogs,
    complete: (job: JobRef) => show('complete', job),
    remove: (job: JobRef) => show('delete', job),
    cancel: (job: JobRef) => show('cancel', job),
  };
}
