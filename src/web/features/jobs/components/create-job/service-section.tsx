import { DEFAULT_JOB_TYPE, SERVICE_CONTRACTS, type JobOptions } from '../../../../../domain/jobs';
import { Checkbox, FormField, SelectInput, TextArea } from '../../../../ui/form-field';
import { FormSection, JobTextField, type JobForm } from './form-section';

/** Service: job type, service line, name, descriptions, customer PO, the service contract (or Non-Contract) and Training. */
export function ServiceSection({ form, options }: { form: JobForm; options: JobOptions | undefined }) {
  const { register, setValue } = form;
  const errors = form.formState.errors;
  const nonContract = form.watch('nonContract');
  return (
    <FormSection title="Service">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Job Type" required error={errors.type?.message}>
          {(field) => (
            <SelectInput {...field} {...register('type')}>
              {(options?.jobTypes ?? [{ code: DEFAULT_JOB_TYPE, name: 'Preventative Maintenance' }]).map((t) => (
                <option key={t.code} value={t.code}>
                  {t.name}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Service Line" required error={errors.serviceLine?.message}>
          {(field) => (
            <SelectInput {...field} {...register('serviceLine')}>
              <option value="">Select a service line</option>
              {(options?.serviceLines ?? []).map((s) => (
                <option key={s.code} value={s.code}>
                  {s.name}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <div className="md:col-span-2">
          <JobTextField form={form} name="name" label="Job Name" required />
        </div>
        <FormField label="Description" required error={errors.description?.message} className="md:col-span-2">
          {(field) => <TextArea {...field} rows={3} {...register('description')} />}
        </FormField>
        <FormField label="Problem Description" error={errors.problemDescription?.message} className="md:col-span-2">
          {(field) => <TextArea {...field} rows={3} {...register('problemDescription')} />}
        </FormField>
        <JobTextField form={form} name="customerPo" label="Customer PO" />
        <div className="space-y-2">
          <FormField label="Service Contract" error={errors.serviceContract?.message}>
            {(field) => (
              <SelectInput {...field} {...register('serviceContract')} disabled={Boolean(nonContract)}>
                <option value="">{nonContract ? 'Non-Contract' : 'No contract'}</option>
                {SERVICE_CONTRACTS.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <Checkbox
            label="Non-Contract"
            {...register('nonContract', {
              onChange: (e: { target: { checked: boolean } }) => {
                if (e.target.checked) setValue('serviceContract', '');
              },
            })}
          />
        </div>
        <Checkbox label="Training job" {...register('isTraining')} />
      </div>
    </FormSection>
  );
}
