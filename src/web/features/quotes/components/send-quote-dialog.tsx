import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { QUOTE_MESSAGES, quoteNumberFor, sendQuoteInput } from '../../../../domain/quotes';
import type { QuoteType } from '../../../../domain/quote-templates';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { ContactEmailSuggestions } from '../../../lib/contact-suggestions';
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
  locationId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  jobId: string;
  jobNumber: number;
  type: QuoteType;
  defaultEmail: string;
  actionLabel: string;
  onSent: () => void;
  /** The job's location: its site, management and owner contacts are offered under the field (decision 038). */
  locationId?: string | null | undefined;
}) {
  const send = useSendQuote(jobId);
  // As FormDialog: while the send runs the dialog cannot be closed, so its outcome is never lost.
  const close = (next: boolean) => {
    if (!send.isPending) onOpenChange(next);
  };
  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={`${actionLabel}: ${QUOTE_TYPE_TITLES[type]}`}
      description="The quote PDF is attached to the e-mail, with buttons to approve or deny it."
    >
      {open ? (
        <SendQuoteForm
          send={send}
          jobId={jobId}
          jobNumber={jobNumber}
          type={type}
          defaultEmail={defaultEmail}
          actionLabel={actionLabel}
          onDone={() => onOpenChange(false)}
          onSent={onSent}
          locationId={locationId}
        />
      ) : null}
    </Dialog>
  );
}

/**
 * The route's own schema (sendQuoteInput) checks the address and the number's characters before
 * anything is sent (issue 26); the dialog adds only that a number must be there (the route would
 * pick one). Uniqueness stays the server's, and its refusal shows on the field.
 */
const sendQuoteForm = sendQuoteInput.pick({ email: true, number: true }).superRefine((values, ctx) => {
  if (!values.number) ctx.addIssue({ code: 'custom', path: ['number'], message: QUOTE_MESSAGES.numberRequired });
});
type SendQuoteValues = z.input<typeof sendQuoteForm>;

function SendQuoteForm({
  send,
  jobId,
  jobNumber,
  type,
  defaultEmail,
  actionLabel,
  onDone,
  onSent,
  locationId,
}: {
  locationId?: string | null | undefined;
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
  const form = useForm<SendQuoteValues, unknown, z.output<typeof sendQuoteForm>>({
    resolver: zodResolver(sendQuoteForm),
    defaultValues: { email: defaultEmail, number: '' },
    // An error stays until the next send; typing in its field clears it.
    reValidateMode: 'onSubmit',
  });
  const { register, handleSubmit, formState, setValue, setError, clearErrors, watch } = form;
  const errors = formState.errors;
  const [numberTouched, setNumberTouched] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);

  // The server's free number when it answers; a local one in the same format if it cannot.
  useEffect(() => {
    if (numberTouched) return;
    if (next.data) setValue('number', next.data.number);
    else if (next.isError) setValue('number', quoteNumberFor(jobNumber, Math.random()));
  }, [next.data, next.isError, numberTouched, jobNumber, setValue]);

  const sending = send.isPending;
  const canSend = watch('email').trim() !== '' && !sending;

  const submit = async ({ email, number }: z.output<typeof sendQuoteForm>) => {
    try {
      await send.mutateAsync({ type, email, number });
      toast.success(QUOTE_MESSAGES.sent);
      onSent();
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: ['email', 'number'] }))
        setBanner(errorMessage(error, QUOTE_MESSAGES.sendFailed));
    }
  };

  return (
    <form
      onSubmit={(event) => {
        setBanner(null);
        void handleSubmit(submit)(event);
      }}
      noValidate
      aria-label={`${actionLabel} form`}
      className="space-y-4"
    >
      {banner ? <ErrorBanner message={banner} /> : null}
      <FormField label="Customer Email" required error={errors.email?.message}>
        {(a11y) => (
          <TextInput
            {...a11y}
            type="email"
            autoComplete="email"
            {...register('email', { onChange: () => clearErrors('email') })}
          />
        )}
      </FormField>
      <ContactEmailSuggestions
        locationId={locationId}
        purpose="quote"
        current={watch('email')}
        onPick={(email) => {
          setValue('email', email);
          clearErrors('email');
        }}
      />
      <FormField
        label="Quote Number"
        required
        error={errors.number?.message}
        hint="QT-{job number}-{4 digits}; any unused number may be typed"
      >
        {(a11y) => (
          <TextInput
            {...a11y}
            maxLength={40}
            autoComplete="off"
            placeholder={next.isPending ? 'Choosing a number...' : undefined}
            {...register('number', {
              onChange: () => {
                setNumberTouched(true);
                clearErrors('number');
              },
            })}
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
