import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type ReactNode } from 'react';
import { ErrorBanner } from './banner';
import { buttonClass } from './button';
import { useReturnFocus } from './return-focus';

/**
 * A confirmation dialog: Cancel closes it; Confirm runs `onConfirm` and stays open (showing the
 * error) if that fails. Closing it returns focus to what opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = 'Confirm',
  pendingLabel,
  tone = 'danger',
  onConfirm,
  error,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  pendingLabel?: string;
  tone?: 'danger' | 'primary';
  onConfirm: () => Promise<unknown> | void;
  error?: string | null;
}) {
  const [pending, setPending] = useState(false);
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">{description}</AlertDialog.Description>
          {error ? <ErrorBanner className="mt-4" message={error} /> : null}
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass('secondary')} disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              className={buttonClass(tone)}
              disabled={pending}
              onClick={async () => {
                setPending(true);
                try {
                  await onConfirm();
                } finally {
                  setPending(false);
                }
              }}
            >
              {pending ? (pendingLabel ?? `${confirmLabel}...`) : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
