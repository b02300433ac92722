import { useEffect, useRef, useState, type FormEvent } from 'react';
import { QUOTE_MESSAGES, quoteNumberFor } from '../../../../domain/quotes';
import type { QuoteType } from '../../../../domain/quote-templates';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormField, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useNextQuoteNumber, useSendQuote } from '../api/job-quotes-api';
import { QUOTE_TYPE_TITLES } from '../quote-texts';

/**
 * The send dialog of the Quotes card: the customer's e-mail (prefilled from the job's contact) and
 * the quote number (a free QT-{jobNumber}-{4 digits}). Errors stay in the dialog; on success
 * "Quote sent successfully!" and the dialog closes.
 */
export function SendQuoteDialog({
  open,
  onOpenChange,
  jobId,
  jobNumber,
  type,
  defaultEmail,
  actionLabel,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jobId: string;
  jobNumber: number;
  type: QuoteType;
  defaultEmail: string;
  actionLabel: string;
  onSent: () => void;
}) {
  const send = useSendQuote(jobId);
  // As FormDialog: while the send runs the dialog cannot be closed, so its outcome is never lost.
  const close = (next: boolean) => {
    if (!send.isPending) onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close} title={`${actionLabel}: ${QUOTE_TYPE_TITLES[type]}`} description="The quote PDF is attached to the e-mail, with buttons to approve or deny it.">
      {open ? <SendQuoteForm send={send} jobId={jobId} jobNumber={jobNumber} type={type} defaultEmail={defaultEmail} actionLabel={actionLabel} onDone={() => onOpenChange(false)} onSent={onSent} /> : null}
    </Dialog>
  );
}

function SendQuoteForm({
  send,
  jobId,
  jobNumber,
  type,
  defaultEmail,
  actionLabel,
  onDone,
  onSent,
}: {
  send: ReturnType<typeof useSendQuote>;
  jobId: string;
  jobNumber: number;
  type: QuoteType;
  defaultEmail: string;
  actionLabel: string;
  onDone: () => void;
  onSent: () => void;
}) {
  const next = useNextQuoteNumber(jobId, true);
  const [email, setEmail] = useState(defaultEmail);
  const [number, setNumber] = useState('');
  const [numberTouched, setNumberTouched] = useState(false);
  const [errors, setErrors] = useState<{ email?: string | undefined; number?: string | undefined }>({});
  const [banner, setBanner] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const numberInput = useRef<HTMLInputElement>(null);

  // The server's free number when it answers; a local one in the same format if it cannot.
  useEffect(() => {
    if (numberTouched) return;
    if (next.data) setNumber(next.data.number);
    else if (next.isError) setNumber(quoteNumberFor(jobNumber, Math.random()));
  }, [next.data, next.isError, numberTouched, jobNumber]);

  const sending = send.isPending;
  const canSend = email.trim() !== '' && !sending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    if (!email.trim()) {
      setErrors({ email: QUOTE_MESSAGES.emailRequired });
      emailInput.current?.focus();
      return;
    }
    if (!number.trim()) {
      setErrors({ number: QUOTE_MESSAGES.numberRequired });
      numberInput.current?.focus();
      return;
    }
    setErrors({});
    try {
      await send.mutateAsync({ type, email: email.trim(), number: number.trim() });
      toast.success(QUOTE_MESSAGES.sent);
      onSent();
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (fields.email || fields.number) {
        setErrors({ email: fields.email, number: fields.number });
        (fields.email ? emailInput : numberInput).current?.focus();
      } else {
        setBanner(errorMessage(error, QUOTE_MESSAGES.sendFailed));
      }
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${actionLabel} form`} className="space-y-4">
      {banner ? <ErrorBanner message={banner} /> : null}
      <FormField label="Customer Email" required error={errors.email}>
        {(a11y) => (
          <TextInput
            {...a11y}
            ref={emailInput}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (errors.email) setErrors((x) => ({ ...x, email: undefined }));
            }}
          />
        )}
      </FormField>
      <FormField label="Quote Number" required error={errors.number} hint="QT-{job number}-{4 digits}; any unused number may be typed">
        {(a11y) => (
          <TextInput
            {...a11y}
            ref={numberInput}
            value={number}
            maxLength={40}
            autoComplete="off"
            placeholder={next.isPending ? 'Choosing a number...' : undefined}
            onChange={(e) => {
              setNumberTouched(true);
              setNumber(e.target.value);
              if (errors.number) setErrors((x) => ({ ...x, number: undefined }));
            }}
          />
        )}
      </FormField>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onDone} disabled={sending}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSend}>
          {sending ? 'Sending...' : actionLabel}
        </Button>
      </div>
    </form>
  );
}
