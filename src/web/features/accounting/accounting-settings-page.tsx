import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type FieldErrors, type UseFormRegisterReturn } from 'react-hook-form';
import {
  accountingSettings,
  type AccountingSettings,
  type AccountingSettingsFormValues,
} from '../../../domain/accounting-export';
import type { ReferenceType } from '../../../domain/reference-types';
import { errorMessage } from '../../lib/api-client';
import { applyServerFieldErrors } from '../../lib/form-errors';
import { ErrorBanner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card, CardBody, CardHeader } from '../../ui/card';
import { FormField, TextInput } from '../../ui/form-field';
import { PageHeader } from '../../ui/page-header';
import { Spinner } from '../../ui/spinner';
import { toast } from '../../ui/toast';
import { useAccountingSettings, useSaveAccountingSettings, useServiceLines } from './api/accounting-api';

type FixedKey = 'receivable' | 'undepositedFunds' | 'salesTaxPayable' | 'discounts' | 'defaultIncome';
const FIXED: { key: FixedKey; label: string; hint: string }[] = [
  { key: 'receivable', label: 'Accounts Receivable', hint: 'Debited with each invoice total; credited by payments.' },
  { key: 'undepositedFunds', label: 'Undeposited Funds', hint: 'Where payments wait until they are deposited.' },
  { key: 'salesTaxPayable', label: 'Sales Tax Payable', hint: 'Credited with the sales tax of each tax group.' },
  { key: 'discounts', label: 'Discounts', hint: 'Debited with invoice discounts.' },
  { key: 'defaultIncome', label: 'Default Income', hint: 'Income of a service line without an account of its own.' },
];

/** The form's values: every service line has a row (a blank name uses the default income account). */
function formValues(settings: AccountingSettings, lines: readonly ReferenceType[]): AccountingSettingsFormValues {
  const mapped = new Map(settings.income.map((m) => [m.serviceLine, m.account]));
  const codes = [...new Set([...lines.map((l) => l.code), ...mapped.keys()])];
  return {
    ...settings,
    income: codes.map((serviceLine) => ({ serviceLine, account: mapped.get(serviceLine) ?? { name: '', code: '' } })),
  };
}

function AccountFields({
  label,
  hint,
  names,
  errors,
  register,
}: {
  label: string;
  hint: string;
  names: { name: string; code: string };
  errors: { name?: { message?: string }; code?: { message?: string } } | undefined;
  register: (name: string) => UseFormRegisterReturn;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-[2fr_1fr]">
      <legend className="sr-only">{label}</legend>
      <FormField label={`${label}: account name`} hint={hint} error={errors?.name?.message}>
        {(field) => <TextInput {...field} {...register(names.name)} />}
      </FormField>
      <FormField label={`${label}: account code`} hint="Xero's account code" error={errors?.code?.message}>
        {(field) => <TextInput {...field} {...register(names.code)} />}
      </FormField>
    </fieldset>
  );
}

/** /settings/accounting: the accounts the accounting export posts to (admins and managers). */
export default function AccountingSettingsPage() {
  const current = useAccountingSettings();
  const lines = useServiceLines();
  const save = useSaveAccountingSettings();
  const form = useForm<AccountingSettingsFormValues, unknown, AccountingSettings>({
    resolver: zodResolver(accountingSettings),
  });
  const { reset } = form;
  useEffect(() => {
    if (current.data && lines.data) reset(formValues(current.data, lines.data));
  }, [current.data, lines.data, reset]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      reset(formValues(saved, lines.data ?? []));
      toast.success('Account mapping saved');
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        form.setError('root', { message: errorMessage(error, 'Failed to save the account mapping') });
    }
  });
  const errors = form.formState.errors as FieldErrors<AccountingSettingsFormValues>;
  const register = (name: string): UseFormRegisterReturn => form.register(name as never);
  const lineName = new Map((lines.data ?? []).map((l) => [l.code, l.name]));
  const income = form.watch('income') ?? [];

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Accounting"
        subtitle="The accounts the accounting export posts to: names as in QuickBooks, codes as in Xero"
        back={{ to: '/settings', label: 'Back to Settings' }}
        actions={
          <ButtonLink variant="secondary" to="/invoices/accounting-export">
            Accounting Export
          </ButtonLink>
        }
      />
      {current.isError || lines.isError ? <ErrorBanner message="Failed to load the account mapping" /> : null}
      {current.isPending || lines.isPending ? (
        <Spinner />
      ) : (
        <form className="space-y-6" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Account mapping">
          {errors.root?.message ? <ErrorBanner message={errors.root.message} /> : null}
          <Card>
            <CardHeader title="Accounts" />
            <CardBody className="space-y-4">
              {FIXED.map((f) => (
                <AccountFields
                  key={f.key}
                  label={f.label}
                  hint={f.hint}
                  names={{ name: `${f.key}.name`, code: `${f.key}.code` }}
                  errors={errors[f.key]}
                  register={register}
                />
              ))}
            </CardBody>
          </Card>
          <Card>
            <CardHeader title="Income by Service Line" />
            <CardBody className="space-y-4">
              {income.length === 0 ? <p className="text-sm text-slate-600">No service lines yet.</p> : null}
              {income.map((m, index) => (
                <AccountFields
                  key={m.serviceLine}
                  label={`${lineName.get(m.serviceLine) ?? m.serviceLine} (${m.serviceLine})`}
                  hint="Leave blank to use the default income account."
                  names={{ name: `income.${index}.account.name`, code: `income.${index}.account.code` }}
                  errors={errors.income?.[index]?.account}
                  register={register}
                />
              ))}
            </CardBody>
          </Card>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </form>
      )}
    </div>
  );
}
