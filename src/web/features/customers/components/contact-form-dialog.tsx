import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { NAME_SUGGESTION_MIN_CHARS } from '../../../../domain/companies';
import {
  CONTACT_ROLE_LABELS,
  CONTACT_ROLES,
  contactInput,
  type Contact,
  type ContactFormValues,
  type ContactInput,
} from '../../../../domain/contacts';
import { errorMessage } from '../../../lib/api-client';
import { useSaveContact } from '../../../lib/contact-queries';
import { useCompanySuggestions, useLocations } from '../../../lib/customer-queries';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useDebounced } from '../../../lib/use-debounced';
import { FormDialog } from '../../../ui/dialog';
import { Checkbox, FormField, SelectInput, TextArea, TextInput } from '../../../ui/form-field';
import { SearchPicker, type PickerOption } from '../../../ui/search-picker';
import { toast } from '../../../ui/toast';
import { CONTACT_TEXTS } from '../contact-texts';

/** What the dialog starts from: a contact to edit, or a company (and location) a new one belongs to. */
export type ContactDialogTarget =
  | { kind: 'edit'; contact: Contact }
  | { kind: 'new'; company?: { id: string; name: string }; locationId?: string | null };

const EMPTY: ContactFormValues = {
  companyId: '',
  locationId: '',
  name: '',
  title: '',
  email: '',
  officePhone: '',
  mobilePhone: '',
  roles: [],
  isPrimary: false,
  notes: '',
};

function valuesOf(target: ContactDialogTarget): ContactFormValues {
  if (target.kind === 'new')
    return { ...EMPTY, companyId: target.company?.id ?? '', locationId: target.locationId ?? '' };
  const c = target.contact;
  return {
    companyId: c.companyId,
    locationId: c.locationId ?? '',
    name: c.name,
    title: c.title ?? '',
    email: c.email ?? '',
    officePhone: c.officePhone ?? '',
    mobilePhone: c.mobilePhone ?? '',
    roles: c.roles,
    isPrimary: c.isPrimary,
    notes: c.notes ?? '',
  };
}

const FIELDS = Object.keys(EMPTY);

/**
 * Add / Edit Contact: the company (picked by name unless the page gives it), the location (one of
 * the company's, or none for a company-wide contact), name, title, e-mail, phones, roles, Primary
 * and notes. The domain's contactInput checks it here and on the server.
 */
export function ContactFormDialog({
  target,
  onOpenChange,
  onSaved,
}: {
  target: ContactDialogTarget | null;
  onOpenChange: (open: boolean) => void;
  onSaved?: (contact: Contact) => void;
}) {
  const save = useSaveContact();
  const [banner, setBanner] = useState<string | null>(null);
  const editing = target?.kind === 'edit' ? target.contact : null;
  const fixedCompany = target?.kind === 'new' ? target.company : undefined;
  const [company, setCompany] = useState<PickerOption | null>(null);
  const [text, setText] = useState('');

  const form = useForm<ContactFormValues, unknown, ContactInput>({
    resolver: zodResolver(contactInput),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, reset, setValue, setError, watch, control } = form;
  const errors = formState.errors;

  useEffect(() => {
    if (!target) return;
    reset(valuesOf(target));
    setBanner(null);
    setText('');
    if (target.kind === 'edit') setCompany({ id: target.contact.companyId, label: target.contact.companyName });
    else setCompany(target.company ? { id: target.company.id, label: target.company.name } : null);
  }, [target, reset]);

  const searchText = useDebounced(text.trim(), 200);
  const suggestions = useCompanySuggestions(searchText, !company && searchText.length >= NAME_SUGGESTION_MIN_CHARS);
  const options: PickerOption[] = (suggestions.data?.items ?? []).map((c) => ({
    id: c.id,
    label: c.name,
    detail: [c.city, c.state].filter(Boolean).join(', '),
  }));
  const companyId = watch('companyId');
  const locations = useLocations(
    { companyId: companyId || undefined, pageSize: 100 },
    { enabled: Boolean(companyId), keepPrevious: false },
  );
  const locationId = watch('locationId');

  const pick = (option: PickerOption | null) => {
    setCompany(option);
    setValue('companyId', option?.id ?? '', { shouldValidate: formState.isSubmitted });
    setValue('locationId', '');
  };

  const submit = async (input: ContactInput) => {
    setBanner(null);
    try {
      const saved = await save.mutateAsync(editing ? { id: editing.id, input } : { input });
      toast.success(editing ? CONTACT_TEXTS.updated : CONTACT_TEXTS.created);
      onSaved?.(saved);
      onOpenChange(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: FIELDS }))
        setBanner(errorMessage(error, CONTACT_TEXTS.saveFailed));
    }
  };

  return (
    <FormDialog
      open={target !== null}
      onOpenChange={onOpenChange}
      title={editing ? `Edit Contact: ${editing.name}` : 'Add Contact'}
      formId="contact-form"
      submitLabel={editing ? 'Save Contact' : 'Add Contact'}
      pendingLabel="Saving..."
      pending={save.isPending}
      error={banner}
      onSubmit={() => void handleSubmit(submit)()}
      size="lg"
    >
      <input type="hidden" {...register('companyId')} />
      {fixedCompany ? (
        <p className="text-sm text-slate-700">
          Company: <span className="font-medium">{fixedCompany.name}</span>
        </p>
      ) : (
        <FormField
          label="Company"
          required
          error={errors.companyId?.message}
          hint="Type at least 2 characters of the company name, then pick it"
        >
          {(field) => (
            <SearchPicker
              id={field.id}
              describedBy={field['aria-describedby']}
              invalid={field['aria-invalid']}
              label="Company"
              selected={company}
              onSelect={pick}
              text={text}
              onTextChange={setText}
              options={options}
              loading={suggestions.isFetching}
              placeholder="Search companies..."
              emptyText="No companies match"
            />
          )}
        </FormField>
      )}
      <FormField label="Location" error={errors.locationId?.message} hint="None: a contact of the whole company">
        {(field) => (
          <SelectInput {...field} {...register('locationId')} disabled={!companyId}>
            <option value="">None (company-wide)</option>
            {(locations.data?.items ?? []).map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name?.message}>
          {(field) => <TextInput {...field} autoComplete="off" {...register('name')} />}
        </FormField>
        <FormField label="Title" error={errors.title?.message}>
          {(field) => <TextInput {...field} autoComplete="off" {...register('title')} />}
        </FormField>
        <FormField label="Email" error={errors.email?.message}>
          {(field) => <TextInput {...field} type="email" autoComplete="off" {...register('email')} />}
        </FormField>
        <FormField label="Office Phone" error={errors.officePhone?.message}>
          {(field) => <TextInput {...field} type="tel" autoComplete="off" {...register('officePhone')} />}
        </FormField>
        <FormField label="Mobile Phone" error={errors.mobilePhone?.message}>
          {(field) => <TextInput {...field} type="tel" autoComplete="off" {...register('mobilePhone')} />}
        </FormField>
      </div>
      <Controller
        control={control}
        name="roles"
        render={({ field }) => {
          const chosen = field.value ?? [];
          return (
            <fieldset aria-describedby={errors.roles ? 'contact-roles-error' : undefined}>
              <legend className="mb-1 text-sm font-medium text-slate-700">Roles</legend>
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {CONTACT_ROLES.map((kind) => (
                  <Checkbox
                    key={kind}
                    label={CONTACT_ROLE_LABELS[kind]}
                    checked={chosen.includes(kind)}
                    onChange={(e) =>
                      field.onChange(e.target.checked ? [...chosen, kind] : chosen.filter((k) => k !== kind))
                    }
                  />
                ))}
              </div>
              {errors.roles ? (
                <p id="contact-roles-error" className="mt-1 text-sm text-red-700">
                  {errors.roles.message}
                </p>
              ) : null}
            </fieldset>
          );
        }}
      />
      <div>
        <Checkbox
          label="Primary contact of the location"
          disabled={!locationId}
          aria-describedby={errors.isPrimary ? 'contact-primary-error' : undefined}
          {...register('isPrimary')}
        />
        {errors.isPrimary ? (
          <p id="contact-primary-error" role="alert" className="mt-1 text-sm text-red-700">
            {errors.isPrimary.message}
          </p>
        ) : null}
      </div>
      <FormField label="Notes" error={errors.notes?.message}>
        {(field) => <TextArea {...field} rows={3} {...register('notes')} />}
      </FormField>
    </FormDialog>
  );
}
