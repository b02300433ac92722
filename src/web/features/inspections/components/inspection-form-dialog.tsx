import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  INSPECTION_LIMITS,
  INSPECTION_MESSAGES,
  inspectionInput,
  SYSTEM_TYPES,
  UNIT_TYPES,
  type Inspection,
  type InspectionPayload,
} from '../../../../domain/inspections';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { INSPECTION_TEXTS } from '../inspections-texts';

export interface InspectionFormValues {
  modelNumber: string;
  serialNumber: string;
  age: string;
  tonnage: string;
  unitType: string;
  systemType: string;
}

export function inspectionFormValues(saved: Inspection | null): InspectionFormValues {
  return {
    modelNumber: saved?.modelNumber ?? '',
    serialNumber: saved?.serialNumber ?? '',
    age: saved?.age === null || saved?.age === undefined ? '' : String(saved.age),
    tonnage: saved?.tonnage ?? '',
    unitType: saved?.unitType ?? '',
    systemType: saved?.systemType ?? '',
  };
}

/**
 * Age as typed: empty is null; a number (also "-1" or "2.5") goes to the schema so it can say what
 * is wrong with it; anything else is NaN ("Age must be a number of years").
 */
export function ageFromForm(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** The payload the API takes: the same schema checks it here first (age a whole number, 0 or more). */
export function inspectionPayloadFromForm(values: InspectionFormValues): InspectionPayload {
  return {
    modelNumber: values.modelNumber,
    serialNumber: values.serialNumber,
    age: ageFromForm(values.age),
    tonnage: values.tonnage,
    unitType: values.unitType as InspectionPayload['unitType'],
    systemType: values.systemType as InspectionPayload['systemType'],
  };
}

const FIELD_NAMES = ['modelNumber', 'serialNumber', 'age', 'tonnage', 'unitType', 'systemType'] as const;

/**
 * Add Inspection / Edit Inspection: model number, serial number, age (whole years, 0 or more),
 * tonnage (text), unit type (Gas or Electric) and system type (RTU or Split System).
 */
export function InspectionFormDialog({
  open,
  onOpenChange,
  inspection,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** null: a new inspection */
  inspection: Inspection | null;
  onSave: (id: string | null, input: InspectionPayload) => Promise<Inspection>;
}) {
  const form = useForm<InspectionFormValues>({ defaultValues: inspectionFormValues(inspection) });
  const { register, handleSubmit, formState, setError, reset } = form;
  const [banner, setBanner] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      reset(inspectionFormValues(inspection));
      setBanner(null);
    }
  }, [open, inspection, reset]);

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const payload = inspectionPayloadFromForm(values);
    const checked = inspectionInput.safeParse(payload);
    if (!checked.success) {
      let first = true;
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '');
        if ((FIELD_NAMES as readonly string[]).includes(field)) {
          setError(
            field as keyof InspectionFormValues,
            { type: 'schema', message: issue.message },
            { shouldFocus: first },
          );
          first = false;
        }
      }
      return;
    }
    try {
      await onSave(inspection?.id ?? null, payload);
      toast.success(INSPECTION_MESSAGES.inspectionSaved);
      onOpenChange(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: FIELD_NAMES }))
        setBanner(errorMessage(error, INSPECTION_MESSAGES.saveFailed));
    }
  });

  const errors = formState.errors;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !formState.isSubmitting && onOpenChange(next)}
      title={inspection ? INSPECTION_TEXTS.editTitle : INSPECTION_TEXTS.addTitle}
      description="Every field is optional; the customer's quote shows N/A for a missing one."
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={formState.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form="inspection-form" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? INSPECTION_TEXTS.saving : INSPECTION_TEXTS.save}
          </Button>
        </>
      }
    >
      <form id="inspection-form" noValidate onSubmit={submit} className="space-y-4">
        {banner ? <ErrorBanner message={banner} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Model Number" error={errors.modelNumber?.message}>
            {(p) => (
              <TextInput
                {...p}
                autoComplete="off"
                maxLength={INSPECTION_LIMITS.modelNumberLength}
                {...register('modelNumber')}
              />
            )}
          </FormField>
          <FormField label="Serial Number" error={errors.serialNumber?.message}>
            {(p) => (
              <TextInput
                {...p}
                autoComplete="off"
                maxLength={INSPECTION_LIMITS.serialNumberLength}
                {...register('serialNumber')}
              />
            )}
          </FormField>
          <FormField label="Age (years)" error={errors.age?.message} hint="Whole years, 0 or more">
            {(p) => <TextInput {...p} inputMode="numeric" autoComplete="off" {...register('age')} />}
          </FormField>
          <FormField label="Tonnage" error={errors.tonnage?.message} hint='As on the nameplate, e.g. "7.5"'>
            {(p) => (
              <TextInput
                {...p}
                autoComplete="off"
                maxLength={INSPECTION_LIMITS.tonnageLength}
                {...register('tonnage')}
              />
            )}
          </FormField>
          <FormField label="Unit Type" error={errors.unitType?.message}>
            {(p) => (
              <SelectInput {...p} {...register('unitType')}>
                <option value="">Select unit type</option>
                {UNIT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <FormField label="System Type" error={errors.systemType?.message}>
            {(p) => (
              <SelectInput {...p} {...register('systemType')}>
                <option value="">Select system type</option>
                {SYSTEM_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
        </div>
      </form>
    </Dialog>
  );
}
