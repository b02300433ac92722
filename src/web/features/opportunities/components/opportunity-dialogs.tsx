import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../../lib/api-client';
import { useCompanyToday } from '../../../lib/company';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { FormDialog } from '../../../ui/dialog';
import { FormField, TextArea, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import {
  DISMISS_REASON_MAX,
  dismissInput,
  followUpInput,
  OPPORTUNITY_MESSAGES,
  OPPORTUNITY_NOTE_MAX,
  type DismissInput,
  type FollowUpInput,
  type Opportunity,
} from '../../../../domain/opportunities';
import { useDismissOpportunity, useSetFollowUp } from '../api/opportunities-api';
import { opportunityTitle } from '../opportunity-texts';

/** Set follow-up: a "follow up on" date (required) and a note; saving again replaces them. */
export function FollowUpDialog({
  opportunity,
  open,
  onOpenChange,
}: {
  opportunity: Opportunity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const today = useCompanyToday();
  const save = useSetFollowUp();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<z.input<typeof followUpInput>, unknown, FollowUpInput>({
    resolver: zodResolver(followUpInput),
    defaultValues: { followUpOn: opportunity.followUpOn ?? '', note: opportunity.followUpNote ?? '' },
  });
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    setBanner(null);
    reset({ followUpOn: opportunity.followUpOn ?? '', note: opportunity.followUpNote ?? '' });
  }, [open, opportunity.followUpOn, opportunity.followUpNote, reset]);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await save.mutateAsync({ ref: opportunity, body: values });
      onOpenChange(false);
      toast.success(OPPORTUNITY_MESSAGES.followUpSaved);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        setBanner(errorMessage(error, 'Failed to save the follow-up'));
    }
  });
  const errors = form.formState.errors;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Set Follow-up"
      description={opportunityTitle(opportunity)}
      formId="follow-up-form"
      submitLabel="Save Follow-up"
      pendingLabel="Saving..."
      pending={save.isPending}
      error={banner}
      onSubmit={() => void submit()}
    >
      <FormField label="Follow up on" required error={errors.followUpOn?.message}>
        {(field) => <TextInput {...field} type="date" min={today} {...form.register('followUpOn')} />}
      </FormField>
      <FormField label="Note" error={errors.note?.message}>
        {(field) => <TextArea {...field} rows={3} maxLength={OPPORTUNITY_NOTE_MAX} {...form.register('note')} />}
      </FormField>
    </FormDialog>
  );
}

/** Dismiss: a reason is required; the row leaves the list (Show dismissed brings it back). */
export function DismissDialog({
  opportunity,
  open,
  onOpenChange,
}: {
  opportunity: Opportunity;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const dismiss = useDismissOpportunity();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<DismissInput>({ resolver: zodResolver(dismissInput), defaultValues: { reason: '' } });
  const { reset } = form;
  useEffect(() => {
    if (!open) return;
    setBanner(null);
    reset({ reason: '' });
  }, [open, reset]);

  const submit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await dismiss.mutateAsync({ ref: opportunity, body: values });
      onOpenChange(false);
      toast.success(OPPORTUNITY_MESSAGES.dismissed);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        setBanner(errorMessage(error, 'Failed to dismiss the opportunity'));
    }
  });
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Dismiss Opportunity"
      description={`${opportunityTitle(opportunity)}. It leaves the list; "Show dismissed" brings it back.`}
      formId="dismiss-opportunity-form"
      submitLabel="Dismiss"
      pendingLabel="Dismissing..."
      pending={dismiss.isPending}
      tone="danger"
      error={banner}
      onSubmit={() => void submit()}
    >
      <FormField label="Reason" required error={form.formState.errors.reason?.message}>
        {(field) => <TextArea {...field} rows={3} maxLength={DISMISS_REASON_MAX} {...form.register('reason')} />}
      </FormField>
    </FormDialog>
  );
}
