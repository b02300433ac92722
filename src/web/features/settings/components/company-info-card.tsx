import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  companySettings,
  DEFAULT_AGREEMENT_LEAD_DAYS,
  type Address,
  type CompanySettings,
} from '../../../../domain/settings';
import { AGREEMENT_INVOICE_STATUS_LABELS, AGREEMENT_INVOICE_STATUSES } from '../../../../domain/agreements/billing';
import { errorMessage } from '../../../lib/api-client';
import type { CompanyInfo } from '../../../lib/company';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { formatPhone } from '../../../lib/format';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Card, CardBody, CardHeader } from '../../../ui/card';
import { FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { Spinner } from '../../../ui/spinner';
import { toast } from '../../../ui/toast';
import { useUpdateCompany } from '../api/settings-queries';

function AddressLines({ address }: { address: Address }) {
  const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  if (!address.street && !cityLine) return <span className="text-slate-600">Not specified</span>;
  return (
    <>
      {address.street ? <span className="block">{address.street}</span> : null}
      {cityLine ? <span className="block">{cityLine}</span> : null}
    </>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Company Information: read-only for everyone; admins and managers can edit it. */
export function CompanyInfoCard({
  company,
  loading,
  canEdit,
}: {
  company: CompanyInfo | undefined;
  loading: boolean;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader
        title="Company Information"
        actions={
          canEdit && company && !editing ? (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              <Pencil className="h-4 w-4" aria-hidden /> Edit
            </Button>
          ) : null
        }
      />
      <CardBody>
        {loading && !company ? (
          <Spinner />
        ) : !company ? null : editing ? (
          <CompanyForm company={company} onDone={() => setEditing(false)} />
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Item label="Company Name">{company.name}</Item>
            <Item label="Phone">
              {formatPhone(company.phone) ?? <span className="text-slate-600">Not specified</span>}
            </Item>
            <Item label="E-mail">{company.email || <span className="text-slate-600">Not specified</span>}</Item>
            <Item label="Time Zone">{company.time_zone}</Item>
            <Item label="Agreement Visits Ahead">
              {company.agreement_lead_days ?? DEFAULT_AGREEMENT_LEAD_DAYS} days
            </Item>
            <Item label="Agreement Invoices">
              {AGREEMENT_INVOICE_STATUS_LABELS[company.agreement_invoice_status ?? 'draft']}
            </Item>
            <Item label="Labor Cost per Hour">
              {company.labor_cost_per_hour ? (
                `$${company.labor_cost_per_hour}`
              ) : (
                <span className="text-slate-600">Not specified</span>
              )}
            </Item>
            <Item label="Physical Address">
              <AddressLines address={company.physical_address} />
            </Item>
            <Item label="Mailing Address">
              <AddressLines address={company.mailing_address} />
            </Item>
          </dl>
        )}
      </CardBody>
    </Card>
  );
}

const addressFields = [
  { key: 'street', label: 'Street' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State', maxLength: 2 },
  { key: 'zip', label: 'Zip', maxLength: 10 },
] as const;

function CompanyForm({ company, onDone }: { company: CompanyInfo; onDone: () => void }) {
  const save = useUpdateCompany();
  const { managementTitle: _title, ...values } = company;
  const form = useForm<CompanySettings>({ resolver: zodResolver(companySettings), defaultValues: values });
  const { register, handleSubmit, formState, setError, getValues, setValue } = form;
  const errors = formState.errors;
  const timeZones = useMemo(() => {
    const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return zones.includes(company.time_zone) ? zones : [company.time_zone, ...zones];
  }, [company.time_zone]);

  const onSubmit = handleSubmit(async (input) => {
    try {
      await save.mutateAsync(input);
      toast.success('Company information saved');
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError);
    }
  });

  const copyPhysical = () => {
    const physical = getValues('physical_address');
    for (const { key } of addressFields) setValue(`mailing_address.${key}`, physical[key], { shouldDirty: true });
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-6" aria-label="Company Information">
      {save.isError ? (
        <ErrorBanner message="Failed to save company information">
          {errorMessage(save.error, 'Please try again.')}
        </ErrorBanner>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Company Name" required error={errors.name?.message}>
          {(a11y) => <TextInput {...a11y} {...register('name')} />}
        </FormField>
        <FormField label="Phone" error={errors.phone?.message}>
          {(a11y) => <TextInput {...a11y} type="tel" {...register('phone')} />}
        </FormField>
        <FormField
          label="E-mail"
          error={errors.email?.message}
          hint="Customers' replies to quote and invoice e-mails go here"
        >
          {(a11y) => <TextInput {...a11y} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <FormField
          label="Agreement Visits Ahead (days)"
          error={errors.agreement_lead_days?.message}
          hint="Service agreement visits become unscheduled jobs this many days before their date"
        >
          {(a11y) => (
            <TextInput
              {...a11y}
              type="number"
              min={1}
              max={365}
              inputMode="numeric"
              {...register('agreement_lead_days', {
                setValueAs: (v: unknown) => (v === '' || v == null ? undefined : Number(v)),
              })}
            />
          )}
        </FormField>
        <FormField
          label="Agreement Invoices"
          error={errors.agreement_invoice_status?.message}
          hint="Invoices the agreement generator creates on each billing plan's schedule"
        >
          {(a11y) => (
            <SelectInput {...a11y} {...register('agreement_invoice_status')}>
              {AGREEMENT_INVOICE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {AGREEMENT_INVOICE_STATUS_LABELS[status]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField
          label="Labor Cost per Hour"
          error={errors.labor_cost_per_hour?.message}
          hint="What an hour of a technician's time costs the company: agreement profitability uses it"
        >
          {(a11y) => (
            <TextInput {...a11y} inputMode="decimal" placeholder="45.00" {...register('labor_cost_per_hour')} />
          )}
        </FormField>
        <FormField label="Time Zone" required error={errors.time_zone?.message}>
          {(a11y) => (
            <SelectInput {...a11y} {...register('time_zone')}>
              {timeZones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
      </div>
      {(['physical_address', 'mailing_address'] as const).map((which) => (
        <fieldset key={which} className="space-y-3">
          <legend className="flex w-full items-center justify-between text-sm font-semibold text-slate-800">
            {which === 'physical_address' ? 'Physical Address' : 'Mailing Address'}
            {which === 'mailing_address' ? (
              <Button variant="ghost" size="sm" onClick={copyPhysical}>
                Same as physical address
              </Button>
            ) : null}
          </legend>
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr_5rem_8rem]">
            {addressFields.map((field) => (
              <FormField
                key={field.key}
                label={`${which === 'physical_address' ? 'Physical' : 'Mailing'} ${field.label}`}
                error={errors[which]?.[field.key]?.message}
              >
                {(a11y) => (
                  <TextInput
                    {...a11y}
                    {...('maxLength' in field ? { maxLength: field.maxLength } : {})}
                    {...register(`${which}.${field.key}`)}
                  />
                )}
              </FormField>
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Company Information'}
        </Button>
      </div>
    </form>
  );
}
