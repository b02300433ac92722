import { JOB_CONTACT_TYPES } from '../../../../../domain/jobs';
import { FormField, SelectInput } from '../../../../ui/form-field';
import { CONTACT_TYPE_LABELS } from '../../job-texts';
import { FormSection, JobTextField, type JobForm } from './form-section';

/** Job Primary Contact: name, type, phone and e-mail (a unit's primary contact fills phone and e-mail). */
export function ContactSection({ form }: { form: JobForm }) {
  return (
    <FormSection title="Job Primary Contact">
      <div className="grid gap-4 md:grid-cols-2">
        <JobTextField form={form} name="contactName" label="Contact Name" autoComplete="name" />
        <FormField label="Contact Type" required error={form.formState.errors.contactType?.message}>
          {(field) => (
            <SelectInput {...field} {...form.register('contactType')}>
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
    </FormSection>
  );
}
