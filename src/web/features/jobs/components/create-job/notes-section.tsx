import { TextArea, FormField } from '../../../../ui/form-field';
import { FormSection, type JobForm } from './form-section';

/** Notes: the office's notes on the job, the one field a completed or cancelled job still lets change. */
export function NotesSection({ form }: { form: JobForm }) {
  return (
    <FormSection title="Notes">
      <FormField label="Notes" error={form.formState.errors.notes?.message}>
        {(field) => <TextArea {...field} rows={3} {...form.register('notes')} />}
      </FormField>
    </FormSection>
  );
}
