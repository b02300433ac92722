import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  webhookEndpointInput,
  type WebhookEndpoint,
  type WebhookEndpointInput,
} from '../../../../domain/webhooks';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { FormDialog } from '../../../ui/dialog';
import { Checkbox, FormField, TextInput } from '../../../ui/form-field';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_TEXTS } from '../webhooks-texts';

type FormInput = z.input<typeof webhookEndpointInput>;
type FormOutput = z.output<typeof webhookEndpointInput>;

const blank: FormInput = { url: '', description: '', events: [], enabled: true };

/**
 * Add Endpoint / Edit Endpoint: the URL, a description, the events (at least one) and, when
 * editing, whether it is enabled. The domain's schema checks the form; the server checks the
 * URL's address rules (they depend on its setting) and its message lands under the URL.
 */
export function EndpointFormDialog({
  open,
  onOpenChange,
  endpoint,
  allowPrivateUrls,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the endpoint being edited; none: Add Endpoint */
  endpoint?: WebhookEndpoint;
  allowPrivateUrls: boolean;
  onSave: (input: WebhookEndpointInput) => Promise<unknown>;
}) {
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(webhookEndpointInput),
    defaultValues: blank,
  });
  const { register, handleSubmit, formState, reset, setError, getValues } = form;

  useEffect(() => {
    if (!open) return;
    setBanner(null);
    reset(
      endpoint
        ? { url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: endpoint.enabled }
        : blank,
    );
  }, [open, endpoint, reset]);

  const save = handleSubmit(async (values) => {
    setBanner(null);
    try {
      await onSave(values);
      onOpenChange(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: getValues() }))
        setBanner(errorMessage(error, WEBHOOK_TEXTS.saveFailed));
    }
  });

  const eventsError = formState.errors.events?.message ?? formState.errors.events?.root?.message;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={endpoint ? 'Edit Endpoint' : WEBHOOK_TEXTS.add}
      formId="webhook-endpoint-form"
      submitLabel={endpoint ? 'Save Endpoint' : WEBHOOK_TEXTS.add}
      pendingLabel="Saving..."
      pending={formState.isSubmitting}
      error={banner}
      onSubmit={() => void save()}
      size="lg"
    >
      <FormField
        label="Endpoint URL"
        required
        error={formState.errors.url?.message}
        hint={allowPrivateUrls ? WEBHOOK_TEXTS.httpLocalAllowed : WEBHOOK_TEXTS.httpsOnly}
      >
        {(a11y) => (
          <TextInput
            {...a11y}
            {...register('url')}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/webhooks"
            maxLength={WEBHOOK_LIMITS.urlLength}
          />
        )}
      </FormField>
      <FormField label="Description" error={formState.errors.description?.message}>
        {(a11y) => <TextInput {...a11y} {...register('description')} maxLength={WEBHOOK_LIMITS.descriptionLength} />}
      </FormField>
      <fieldset aria-describedby={eventsError ? 'webhook-events-error' : undefined}>
        <legend className="text-sm font-medium text-slate-700">
          Events
          <span className="ml-0.5 text-red-600" aria-hidden>
            *
          </span>
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <Checkbox
              key={type}
              value={type}
              {...register('events')}
              label={
                <span>
                  {WEBHOOK_EVENT_LABELS[type]} <code className="text-xs text-slate-600">{type}</code>
                </span>
              }
            />
          ))}
        </div>
        {eventsError ? (
          <p id="webhook-events-error" className="mt-1 text-xs text-red-600">
            {eventsError}
          </p>
        ) : null}
      </fieldset>
      {endpoint ? <Checkbox {...register('enabled')} label="Enabled: send new events to this endpoint" /> : null}
    </FormDialog>
  );
}
