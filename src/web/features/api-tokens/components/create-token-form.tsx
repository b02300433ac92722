import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  API_TOKEN_ROLES,
  createApiTokenInput,
  DEFAULT_API_TOKEN_EXPIRY_DAYS,
  type CreateApiTokenInput,
} from '../../../../domain/api-tokens';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { useCreateApiToken } from '../api/api-tokens-api';
import { API_TOKEN_TEXTS, EXPIRY_CHOICES, ROLE_HINTS, ROLE_LABELS } from '../api-tokens-texts';

const expiryValue = (value: unknown): number | null => (value === 'never' || value === null ? null : Number(value));

/** Name, role and expiry of a new token (react-hook-form on the API's own schema). */
export function CreateTokenForm({ onCreated }: { onCreated: (name: string, token: string) => void }) {
  const create = useCreateApiToken();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<z.input<typeof createApiTokenInput>, unknown, CreateApiTokenInput>({
    resolver: zodResolver(createApiTokenInput),
    defaultValues: { name: '', role: 'read-only', expiresInDays: DEFAULT_API_TOKEN_EXPIRY_DAYS },
  });
  const { errors } = form.formState;
  const role = form.watch('role');

  const submit = form.handleSubmit(async (input) => {
    setBanner(null);
    try {
      const created = await create.mutateAsync(input);
      form.reset();
      onCreated(created.apiToken.name, created.token);
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() })) {
        setBanner(errorMessage(error, API_TOKEN_TEXTS.createFailed));
      }
    }
  });

  return (
    <Card>
      <CardHeader title={API_TOKEN_TEXTS.createTitle} />
      <CardBody>
        {banner ? <ErrorBanner className="mb-4" message={banner} /> : null}
        <form
          onSubmit={submit}
          noValidate
          className="grid gap-4 md:grid-cols-[minmax(12rem,1fr)_12rem_10rem_auto] md:items-start"
        >
          <FormField label="Name" required error={errors.name?.message} hint="What uses it, e.g. QuickBooks sync">
            {(p) => <TextInput {...p} maxLength={100} autoComplete="off" {...form.register('name')} />}
          </FormField>
          <FormField label="Role" required error={errors.role?.message} hint={role ? ROLE_HINTS[role] : undefined}>
            {(p) => (
              <SelectInput {...p} {...form.register('role')}>
                {API_TOKEN_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="Expires" required error={errors.expiresInDays?.message}>
            {(p) => (
              <SelectInput {...p} {...form.register('expiresInDays', { setValueAs: expiryValue })}>
                {EXPIRY_CHOICES.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <Button type="submit" className="md:mt-6" disabled={create.isPending}>
            {create.isPending ? API_TOKEN_TEXTS.creating : API_TOKEN_TEXTS.create}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
