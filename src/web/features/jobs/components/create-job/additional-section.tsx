import { useState } from 'react';
import { useController } from 'react-hook-form';
import { DEFAULT_OFFICE, type JobOptions } from '../../../../../domain/jobs';
import { Checkbox, FormField, SelectInput } from '../../../../ui/form-field';
import { tagsError } from '../../job-form-values';
import { TAGS_HINT, TagsInput } from '../tags-input';
import { FormSection, type JobForm } from './form-section';

/** Additional Details: the office, the tags (the dispatch board's filter) and Subcontracted. */
export function AdditionalSection({ form, options }: { form: JobForm; options: JobOptions | undefined }) {
  const tagsField = useController({ control: form.control, name: 'tags' });
  // What is being typed in the tags box and cannot be added (too long, too many).
  const [tagsTyping, setTagsTyping] = useState<string | null>(null);
  return (
    <FormSection title="Additional Details">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Office" error={form.formState.errors.office?.message}>
          {(field) => (
            <SelectInput {...field} {...form.register('office')}>
              {(options?.offices.length ? options.offices : [DEFAULT_OFFICE]).map((o) => (
                <option key={o} value={o}>
                  {o}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <FormField label="Tags" error={tagsTyping ?? tagsError(form.formState.errors.tags)} hint={TAGS_HINT}>
          {(field) => (
            <TagsInput
              id={field.id}
              value={tagsField.field.value ?? []}
              onChange={(tags) => tagsField.field.onChange(tags)}
              invalid={field['aria-invalid'] || Boolean(tagsTyping)}
              describedBy={field['aria-describedby']}
              onError={setTagsTyping}
            />
          )}
        </FormField>
      </div>
      <Checkbox label="Subcontracted job" {...form.register('subcontracted')} />
    </FormSection>
  );
}
