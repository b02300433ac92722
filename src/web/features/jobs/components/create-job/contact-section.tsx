import { useEffect } from 'react';
import { contactRolesText, type Contact } from '../../../../../domain/contacts';
import { JOB_CONTACT_TYPES } from '../../../../../domain/jobs';
import { useContactOptions } from '../../../../lib/contact-queries';
import { useCustomerPermissions } from '../../../../lib/permissions';
import { Combobox } from '../../../../ui/combobox';
import { Checkbox, FormField, SelectInput, textInputClass } from '../../../../ui/form-field';
import { CONTACT_TYPE_LABELS } from '../../job-texts';
import { FormSection, JobTextField, type JobForm } from './form-section';

const matches = (contact: Contact, text: string) => {
  const needle = text.trim().toLowerCase();
  return !needle || `${contact.name} ${contact.email ?? ''}`.toLowerCase().includes(needle);
};

/**
 * Job Primary Contact: the name is a combobox over the location's contacts (and its company's);
 * picking one fills phone and e-mail and links the job to the contact. A name typed by hand still
 * works, and "Save as a contact" keeps it as a contact of the location (decision 038).
 */
export function ContactSection({ form }: { form: JobForm }) {
  const { watch, setValue, register, formState } = form;
  const locationId = watch('locationId');
  const contactId = watch('contactId') ?? null;
  const name = watch('contactName') ?? '';
  const contacts = useContactOptions(locationId || null);
  const options = contacts.data?.items ?? [];
  const picked = contactId ? options.find((c) => c.id === contactId) : undefined;
  const { canEdit } = useCustomerPermissions();

  // Another location: a contact picked at the previous one no longer applies.
  useEffect(() => {
    if (contactId && contacts.data && !contacts.data.items.some((c) => c.id === contactId)) setValue('contactId', null);
  }, [contactId, contacts.data, setValue]);

  const pick = (contact: Contact) => {
    setValue('contactId', contact.id);
    setValue('contactName', contact.name, { shouldValidate: formState.isSubmitted });
    setValue('contactPhone', contact.officePhone ?? contact.mobilePhone ?? '');
    setValue('contactEmail', contact.email ?? '', { shouldValidate: formState.isSubmitted });
    setValue('saveContact', false);
  };
  const typed = (text: string) => {
    setValue('contactName', text, { shouldValidate: formState.isSubmitted });
    if (picked && text !== picked.name) setValue('contactId', null);
  };
  const shown = picked && name === picked.name ? options : options.filter((c) => matches(c, name));
  // A picked contact the server refuses (another location's, or deleted since) shows on the name.
  const nameError = formState.errors.contactName?.message ?? formState.errors.contactId?.message;
  const message = !locationId
    ? 'Choose a service location to see its contacts'
    : contacts.isPending
      ? 'Loading contacts...'
      : options.length === 0
        ? 'This location has no contacts yet'
        : null;

  return (
    <FormSection title="Job Primary Contact">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          label="Contact Name"
          error={nameError}
          hint={picked ? 'From the location’s contacts' : 'Pick one of the location’s contacts or type a name'}
        >
          {(field) => (
            <Combobox
              value={name}
              onValueChange={typed}
              options={shown}
              getKey={(c) => c.id}
              getLabel={(c) => c.name}
              renderOption={(c) => (
                <span className="block">
                  <span className="font-medium">{c.name}</span>
                  {c.isPrimary ? <span className="ml-1 text-xs text-green-700">Primary</span> : null}
                  <span className="block text-xs text-slate-600">
                    {[contactRolesText(c.roles), c.email].filter(Boolean).join(' · ') || 'No e-mail'}
                  </span>
                </span>
              )}
              onSelect={pick}
              heading="Contacts of this location"
              message={message}
              inputProps={{
                id: field.id,
                'aria-describedby': field['aria-describedby'],
                'aria-invalid': field['aria-invalid'],
                autoComplete: 'off',
                className: textInputClass(Boolean(nameError)),
              }}
            />
          )}
        </FormField>
        <FormField label="Contact Type" required error={formState.errors.contactType?.message}>
          {(field) => (
            <SelectInput {...field} {...register('contactType')}>
              {JOB_CONTACT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {CONTACT_TYPE_LABELS[t]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <JobTextField form={form} name="contactPhone" label="Phone" type="tel" autoComplete="tel" />
        <JobTextField form={form} name="contactEmail" label="Email" type="email" autoComplete="email" />
      </div>
      {canEdit && locationId && !contactId && name.trim() ? (
        <Checkbox label="Save as a contact of this location" {...register('saveContact')} />
      ) : null}
    </FormSection>
  );
}
