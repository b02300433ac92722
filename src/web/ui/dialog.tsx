import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorBanner } from './banner';
import { Button } from './button';
import { cn } from './cn';
import { useReturnFocus } from './return-focus';

/** A modal dialog for forms (Add Service Item, Edit Item Price, ...); closing it returns focus to its opener. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  side = 'center',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** 'right': a drawer along the right edge (the dispatch board's Map Filters), full height. */
  side?: 'center' | 'right';
}) {
  const returnFocus = useReturnFocus(open);
  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' }[size];
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixDialog.Content
          className={cn(
            side === 'right'
              ? 'fixed inset-y-0 right-0 z-50 flex w-[calc(100vw-2rem)] flex-col bg-white shadow-xl focus:outline-none'
              : 'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl focus:outline-none',
            width,
          )}
          onCloseAutoFocus={returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-6 py-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700"
              aria-label="Close"
            >
              <X className="h-5 w-5" />
            </RadixDialog.Close>
          </div>
          <div className={cn('overflow-y-auto px-6 py-4', side === 'right' && 'flex-1')}>{children}</div>
          {footer ? <div className="flex justify-end gap-2 border-t border-slate-200 px-6 py-4">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog around one form: the error (kept in the dialog), the fields, and a footer with Cancel and
 * the submit button, which shows `pendingLabel` while the request runs. While pending the dialog
 * cannot be closed, so a request is never left running behind a closed dialog.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  formId,
  submitLabel,
  pendingLabel,
  pending,
  submitDisabled = false,
  tone = 'primary',
  error,
  onSubmit,
  children,
  size,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  formId: string;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  submitDisabled?: boolean;
  tone?: 'primary' | 'danger';
  error: string | null;
  onSubmit: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const close = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={title}
      {...(description ? { description } : {})}
      {...(size ? { size } : {})}
      footer={
        <>
          <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
            Cancel
          </Button>
          <Button
            {...(tone === 'danger' ? { variant: 'danger' as const } : {})}
            type="submit"
            form={formId}
            disabled={pending || submitDisabled}
          >
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {error ? <ErrorBanner message={error} /> : null}
        {children}
      </form>
    </Dialog>
  );
}
