import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaxGroup, TaxGroupList } from '../../../../domain/tax-groups';
import { api, ApiError } from '../../../lib/api-client';
import { companySettingsKey, useCompanyInfo } from '../../../lib/company';
import { taxGroupKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { Checkbox, FormField, TextInput } from '../../../ui/form-field';

type Draft = { id: string | null; code: string; name: string; rate: string };
const EMPTY: Draft = { id: null, code: '', name: '', rate: '' };

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
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const refresh = () => client.invalidateQueries({ queryKey: taxGroupKeys.all });
  const save = useMutation({
    mutationFn: (d: Draft) => {
      const body = { code: d.code.trim(), name: d.name.trim(), rate: Number(d.rate) };
      return d.id
        ? api.patch<TaxGroup>(`/api/settings/tax-groups/${d.id}`, body)
        : api.post<TaxGroup>('/api/settings/tax-groups', body);
    },
    onSuccess: async () => {
      setDraft(EMPTY);
      setErrors({});
      await refresh();
    },
    onError: (error) => {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setErrors(Object.keys(fields).length ? fields : { form: error.message });
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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!draft.code.trim()) local.code = 'Code is required';
    if (!draft.name.trim()) local.name = 'Name is required';
    if (!/^\d{1,3}(\.\d{1,3})?$/.test(draft.rate.trim()) || Number(draft.rate) > 100)
      local.rate = 'Rate must be a percentage from 0 to 100 with at most 3 decimals';
    setErrors(local);
    if (!Object.keys(local).length) save.mutate(draft);
  };

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
          <table className="mb-4 w-full text-sm">
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
                      onClick={() => setDraft({ id: g.id, code: g.code, name: g.name, rate: g.rate })}
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
        ) : (
          <p className="mb-4 text-sm text-slate-600">
            {groups.isPending ? 'Loading tax groups...' : 'No tax groups yet. Invoices carry no sales tax.'}
          </p>
        )}
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[8rem_1fr_7rem_auto] sm:items-start">
          <FormField label="Code" required error={errors.code}>
            {(p) => (
              <TextInput
                {...p}
                value={draft.code}
                maxLength={50}
                onChange={(e) => setDraft({ ...draft, code: e.target.value })}
              />
            )}
          </FormField>
          <FormField label="Name" required error={errors.name}>
            {(p) => (
              <TextInput
                {...p}
                value={draft.name}
                maxLength={100}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
              />
            )}
          </FormField>
          <FormField label="Rate (%)" required error={errors.rate}>
            {(p) => (
              <TextInput
                {...p}
                inputMode="decimal"
                value={draft.rate}
                onChange={(e) => setDraft({ ...draft, rate: e.target.value })}
              />
            )}
          </FormField>
          <div className="flex gap-2 sm:mt-6">
            <Button type="submit" disabled={save.isPending}>
              {draft.id ? 'Save Tax Group' : 'Add Tax Group'}
            </Button>
            {draft.id ? (
              <Button variant="secondary" onClick={() => setDraft(EMPTY)}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
        {errors.form ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}
