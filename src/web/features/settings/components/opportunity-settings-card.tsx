import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  DEFAULT_REPLACEMENT_AGE_YEARS,
  REPEAT_REPAIR_JOBS,
  REPEAT_REPAIR_MONTHS,
  REPLACEMENT_AGE_LIMITS,
  opportunitySettings,
  type OpportunitySettings,
} from '../../../../domain/opportunities';
import { api, errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { opportunityKeys } from '../../../lib/query-keys';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { FormField, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';

/**
 * Service Opportunities: the unit age (from its latest inspection) from which a unit is a
 * replacement candidate. Everyone may read it; admins and managers change it.
 */
export function OpportunitySettingsCard({ canEdit }: { canEdit: boolean }) {
  const client = useQueryClient();
  const current = useQuery({
    queryKey: opportunityKeys.settings,
    queryFn: () => api.get<OpportunitySettings>('/api/settings/opportunities'),
  });
  const save = useMutation({
    mutationFn: (body: OpportunitySettings) => api.put<OpportunitySettings>('/api/settings/opportunities', body),
    onSuccess: () => client.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
  const form = useForm<z.input<typeof opportunitySettings>, unknown, OpportunitySettings>({
    resolver: zodResolver(opportunitySettings),
    defaultValues: { replacementAgeYears: DEFAULT_REPLACEMENT_AGE_YEARS },
  });
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset(current.data);
  }, [current.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Service Opportunities settings saved');
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError))
        form.setError('root', { message: errorMessage(error, 'Failed to save the settings') });
    }
  });
  const years = current.data?.replacementAgeYears ?? DEFAULT_REPLACEMENT_AGE_YEARS;
  const hint = `Units whose latest inspection states this age or more are replacement candidates, as are units with repairs on ${REPEAT_REPAIR_JOBS} or more jobs in ${REPEAT_REPAIR_MONTHS} months.`;
  return (
    <Card>
      <CardHeader title="Service Opportunities" />
      <CardBody>
        {current.isError ? <ErrorBanner message="Failed to load the Service Opportunities settings" /> : null}
        {canEdit ? (
          <form className="flex flex-wrap items-end gap-3" noValidate onSubmit={(e) => void onSubmit(e)}>
            {form.formState.errors.root?.message ? <ErrorBanner message={form.formState.errors.root.message} /> : null}
            <FormField
              label="Replacement age (years)"
              required
              className="max-w-xl"
              hint={hint}
              error={form.formState.errors.replacementAgeYears?.message}
            >
              {(field) => (
                <div className="w-32">
                  <TextInput
                    {...field}
                    type="number"
                    inputMode="numeric"
                    min={REPLACEMENT_AGE_LIMITS.min}
                    max={REPLACEMENT_AGE_LIMITS.max}
                    {...form.register('replacementAgeYears')}
                  />
                </div>
              )}
            </FormField>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </form>
        ) : (
          <p className="text-sm text-slate-700">
            Replacement age: <span className="font-medium">{years} years</span>. {hint}
          </p>
        )}
      </CardBody>
    </Card>
  );
}
