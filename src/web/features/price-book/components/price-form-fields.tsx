import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import {
  updateBodyOf,
  type PriceFormData,
  type PriceKind,
  type PriceRecord,
  type ServiceLineOption,
} from '../../../../domain/price-book';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { FormField, SelectInput, TextArea, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { useCreatePrice, useUpdatePrice } from '../api/price-book-queries';

export type PriceFormMode = 'add' | 'edit';

export interface PriceFormProps<R extends PriceRecord> {
  mode: PriceFormMode;
  /** the price being edited (edit mode) */
  record?: R;
  serviceLines: ServiceLineOption[];
  onDone: () => void;
  onCancel: () => void;
}

/**
 * The service lines a form offers: the active ones, plus the price's own line when it has been
 * made inactive since (so editing a price never silently moves it).
 */
export function serviceLineChoices(lines: ServiceLineOption[], current?: string): ServiceLineOption[] {
  return lines.filter((l) => l.isActive || l.code === current);
}

/** The registrations and messages CommonFields needs, from any of the three kinds' forms. */
export function commonFieldProps<T extends FieldValues>(form: UseFormReturn<T, unknown, FieldValues>) {
  const field = (name: string) => form.register(name as Path<T>) as unknown as UseFormRegisterReturn;
  const errors = form.formState.errors as Record<string, { message?: string } | undefined>;
  return {
    fields: {
      code: field('code'),
      name: field('name'),
      description: field('description'),
      serviceLine: field('serviceLine'),
    },
    errors: {
      code: errors.code?.message,
      name: errors.name?.message,
      description: errors.description?.message,
      serviceLine: errors.serviceLine?.message,
    },
  };
}

/** Code, name, description and service line: the fields every kind has. */
export function CommonFields({
  mode,
  fields,
  errors,
  serviceLines,
  currentServiceLine,
  nameRequired = true,
}: {
  mode: PriceFormMode;
  fields: {
    code: UseFormRegisterReturn;
    name: UseFormRegisterReturn;
    description: UseFormRegisterReturn;
    serviceLine: UseFormRegisterReturn;
  };
  errors: Partial<Record<'code' | 'name' | 'description' | 'serviceLine', string | undefined>>;
  serviceLines: ServiceLineOption[];
  currentServiceLine?: string | undefined;
  nameRequired?: boolean;
}) {
  const choices = serviceLineChoices(serviceLines, currentServiceLine);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        label="Code"
        required
        error={errors.code}
        hint={mode === 'edit' ? 'Item code cannot be changed' : undefined}
      >
        {(a11y) => (
          <TextInput
            {...a11y}
            {...fields.code}
            readOnly={mode === 'edit'}
            className="read-only:bg-slate-100 read-only:text-slate-600"
            autoComplete="off"
            maxLength={50}
          />
        )}
      </FormField>
      <FormField label="Service Line" required error={errors.serviceLine}>
        {(a11y) => (
          <SelectInput {...a11y} {...fields.serviceLine}>
            {choices.length === 0 ? <option value="HVACGEN">HVACGEN</option> : null}
            {choices.map((line) => (
              <option key={line.code} value={line.code}>
                {line.name} ({line.code}){line.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="Name" required={nameRequired} error={errors.name} className="sm:col-span-2">
        {(a11y) => <TextInput {...a11y} {...fields.name} autoComplete="off" maxLength={200} />}
      </FormField>
      <FormField label="Description" error={errors.description} className="sm:col-span-2">
        {(a11y) => <TextArea {...a11y} {...fields.description} rows={2} maxLength={2000} />}
      </FormField>
    </div>
  );
}

/** A number input: money ($, steps of 0.01) or a plain decimal (hours, multipliers). */
export function NumberField({
  label,
  registration,
  error,
  money,
  step = money ? '0.01' : '0.1',
  min = '0',
  required,
  hint,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  money?: boolean;
  step?: string;
  min?: string;
  required?: boolean;
  hint?: ReactNode;
}) {
  return (
    <FormField label={label} error={error} required={required} hint={hint}>
      {(a11y) => (
        <div className="relative">
          {money ? (
            <span className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-600">
              $
            </span>
          ) : null}
          <TextInput
            {...a11y}
            {...registration}
            type="number"
            inputMode="decimal"
            step={step}
            min={min}
            className={money ? 'pl-7' : undefined}
          />
        </div>
      )}
    </FormField>
  );
}

export function SubmitButton({
  mode,
  pending,
  disabled,
  label,
}: {
  mode: PriceFormMode;
  pending: boolean;
  disabled?: boolean;
  label: string;
}) {
  return (
    <Button type="submit" disabled={pending || disabled}>
      {pending ? 'Saving...' : mode === 'edit' ? 'Save Changes' : label}
    </Button>
  );
}

/** Cancel and Save, kept in view at the bottom of the dialog while the form scrolls. */
export function FormFooter({
  children,
  onCancel,
  pending,
}: {
  children: ReactNode;
  onCancel: () => void;
  pending: boolean;
}) {
  return (
    <div className="sticky -bottom-4 -mx-6 mt-6 flex justify-end gap-2 border-t border-slate-200 bg-white px-6 py-4">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      {children}
    </div>
  );
}

/**
 * Saving a form: add or edit, the server's field errors onto the fields, the screen's wording for
 * other failures ("Failed to save price item. Please try again." on add, "Failed to update item" on edit).
 */
export function usePriceSubmit<T extends FieldValues>(
  kind: PriceKind,
  mode: PriceFormMode,
  record: PriceRecord | undefined,
  form: UseFormReturn<T>,
  onDone: () => void,
) {
  const create = useCreatePrice();
  const update = useUpdatePrice();
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const submit = async (values: PriceFormData) => {
    setError(null);
    try {
      if (mode === 'edit' && record) {
        await update.mutateAsync({ kind, id: record.id, body: updateBodyOf(values) });
        toast.success('Price item updated');
      } else {
        await create.mutateAsync({ kind, body: values });
        toast.success('Price item added');
      }
      onDone();
    } catch (caught) {
      // A problem shown at its field needs no banner; anything else gets the screen's wording.
      const atFields = applyServerFieldErrors(caught, form.setError, { known: form.getValues() });
      setError(
        atFields
          ? null
          : errorMessage(
              caught,
              mode === 'edit' ? 'Failed to update item' : 'Failed to save price item. Please try again.',
            ),
      );
    }
  };

  const banner = error ? <ErrorBanner className="mb-4" message={error} /> : null;
  return { submit, pending, banner };
}
