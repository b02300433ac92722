import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CreateJobInput } from '../../../../../domain/jobs';
import { Card, CardBody, CardHeader } from '../../../../ui/card';
import { FormField, TextInput } from '../../../../ui/form-field';
import type { JobFormValues } from '../../job-form-values';

export type JobForm = UseFormReturn<JobFormValues, unknown, CreateJobInput>;

/** One card of the Create Job form. */
export function FormSection({
  title,
  children,
  description,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody className="space-y-4">
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
        {children}
      </CardBody>
    </Card>
  );
}

type TextName = {
  [K in keyof JobFormValues]-?: NonNullable<JobFormValues[K]> extends string ? K : never;
}[keyof JobFormValues];

/** A text field of the form, with its label and the field's error; read-only fields are filled from a choice. */
export function JobTextField({
  form,
  name,
  label,
  required,
  type = 'text',
  readOnly,
  autoComplete = 'off',
}: {
  form: JobForm;
  name: TextName;
  label: string;
  required?: boolean;
  type?: string;
  readOnly?: boolean;
  autoComplete?: string;
}) {
  return (
    <FormField label={label} required={required} error={form.formState.errors[name]?.message}>
      {(field) => (
        <TextInput
          {...field}
          {...form.register(name)}
          type={type}
          readOnly={readOnly}
          autoComplete={autoComplete}
          className={readOnly ? 'read-only:bg-slate-50 read-only:text-slate-700' : undefined}
        />
      )}
    </FormField>
  );
}
