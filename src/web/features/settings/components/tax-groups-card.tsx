import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  taxGroupInput,
  type TaxGroup,
  type TaxGroupFormValues,
  type TaxGroupInput,
  type TaxGroupList,
} from '../../../../domain/tax-groups';
import { api, errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors, numberOrNull } from '../../../lib/form-errors';
import { companySettingsKey, useCompanyInfo } from '../../../lib/company';
import { taxGroupKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { Checkbox, FormField, TextInput } from '../../../ui/form-field';

// The rate starts empty (the schema refuses it with its message until a number is typed).
const EMPTY: TaxGroupFormValues = { code: '', name: '', rate: null as unknown as number };

/**
 * Settings > Tax Groups (issue 27; admins and managers, policy action taxGroups.manage): list, add,
 * edit and deactivate sales tax groups, and the company's "labor is taxable" setting. An issued
 * invoice keeps the rate it was issued with.
 */
export function TaxGroupsCard() {
  const client = useQueryClient();
  const groups = useQuery({
    queryKey: taxGroupKeys.all,
    queryFn: () => api.get<TaxGroupList>('/api/settings/tax-groups'),
  });
  const company = useCompanyInfo();
  // The group being edited (null: the form adds one).
  const [editing, setEditing] = useState<string | null>(null);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useForm<TaxGroupFormValues, unknown, TaxGroupInput>({
    resolver: zodResolver(taxGroupInput),
    defaultValues: EMPTY,
  });
  const startOver = () => {
    setEditing(null);
    setBanner(null);
    form.reset(EMPTY);
  };
  const refresh = () => client.invalidateQueries({ queryKey: taxGroupKeys.all });
  const save = useMutation({
    // `active` is left out: saving an edit never reactivates a group (Activate does that).
    mutationFn: ({ code, name, rate }: TaxGroupInput) =>
      editing
        ? api.patch<TaxGroup>(`/api/settings/tax-groups/${editing}`, { code, name, rate })
        : api.post<TaxGroup>('/api/settings/tax-groups', { code, name, rate }),
    onSuccess: async () => {
      startOver();
      await refresh();
    },
    onError: (error) => {
      if (!applyServerFieldErrors(error, form.setError, { known: form.getValues() }))
        setBanner(errorMessage(error, 'Failed to save the tax group. Please try again.'));
    },
  });
  const toggle = useMutation({
    mutationFn: (g: TaxGroup) => api.patch<TaxGroup>(`/api/settings/tax-groups/${g.id}`, { active: !g.active }),
    onSuccess: refresh,
  });
  const labor = useMutation({
    mutationFn: (laborTaxable: boolean) => {
      const { managementTitle: _title, ...settings } = company.data!;
      return api.put('/api/settings/company', { ...settings, labor_taxable: laborTaxable });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: companySettingsKey }),
  });

  const submit = form.handleSubmit((values) => {
    setBanner(null);
    save.mutate(values);
  });
  const errors = form.formState.errors;

  return (
    <Card>
      <CardHeader title="Tax Groups" />
      <CardBody>
        <div className="mb-4">
          <Checkbox
            label="Labor is taxable"
            checked={company.data?.labor_taxable ?? false}
            disabled={!company.data || labor.isPending}
            onChange={(e) => labor.mutate(e.target.checked)}
          />
          <p className="mt-1 text-xs text-slate-600">
            Parts and price-book items follow their own Taxable flag; drafts pick this up when next saved.
          </p>
        </div>
        {groups.data?.items.length ? (
          // On a phone the table scrolls sideways inside the card instead of widening the page
          // (relative: its screen-reader-only texts are placed, and clipped, inside it too).
          <div className="relative mb-4 overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Sales tax groups</caption>
              <thead>
                <tr className="border-b border-slate-300 text-left text-xs tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Code
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-semibold">
                    Rate
                  </th>
                  <th scope="col" className="py-2 pr-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {groups.data.items.map((g) => (
                  <tr key={g.id} className="border-b border-slate-100">
                    <td className="py-2 pr-3 font-mono text-xs">{g.code}</td>
                    <td className="py-2 pr-3">{g.name}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{g.rate}%</td>
                    <td className="py-2 pr-3">{g.active ? 'Active' : 'Inactive'}</td>
                    <td className="py-2 text-right whitespace-nowrap">
                      <Button
                        variant="secondary"
                        aria-label={`Edit tax group ${g.code}`}
                        onClick={() => {
                          setEditing(g.id);
                          setBanner(null);
                          form.reset({ code: g.code, name: g.name, rate: Number(g.rate) });
                        }}
                      >
                        Edit
                      </Button>{' '}
                      <Button
                        variant="secondary"
                        aria-label={`${g.active ? 'Deactivate' : 'Activate'} tax group ${g.code}`}
                        disabled={toggle.isPending}
                        onClick={() => toggle.mutate(g)}
                      >
                        {g.active ? 'Deactivate' : 'Activate'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mb-4 text-sm text-slate-600">
            {groups.isPending ? 'Loading tax groups...' : 'No tax groups yet. Invoices carry no sales tax.'}
          </p>
        )}
        <form
          aria-label={editing ? 'Edit tax group' : 'Add tax group'}
          onSubmit={(e) => void submit(e)}
          noValidate
          className="grid gap-3 sm:grid-cols-[8rem_1fr_7rem_auto] sm:items-start"
        >
          <FormField label="Code" required error={errors.code?.message}>
            {(p) => <TextInput {...p} maxLength={50} {...form.register('code')} />}
          </FormField>
          <FormField label="Name" required error={errors.name?.message}>
            {(p) => <TextInput {...p} maxLength={100} {...form.register('name')} />}
          </FormField>
          <FormField label="Rate (%)" required error={errors.rate?.message}>
            {(p) => <TextInput {...p} inputMode="decimal" {...form.register('rate', { setValueAs: numberOrNull })} />}
          </FormField>
          <div className="flex gap-2 sm:mt-6">
            <Button type="submit" disabled={save.isPending}>
              {editing ? 'Save Tax Group' : 'Add Tax Group'}
            </Button>
            {editing ? (
              <Button variant="secondary" onClick={startOver}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
        {banner ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {banner}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
