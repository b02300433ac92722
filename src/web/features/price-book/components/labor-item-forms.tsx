import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  DEFAULT_ITEM_CATEGORY,
  DEFAULT_LABOR_DURATION_HOURS,
  DEFAULT_SERVICE_LINE,
  DEFAULT_SKILL_LEVEL,
  itemPriceCreateInput,
  laborPriceCreateInput,
  SKILL_LEVEL_LABELS,
  SKILL_LEVELS,
  type ItemPriceRecord,
  type LaborPriceRecord,
} from '../../../../domain/price-book';
import { Checkbox, FormField, SelectInput, TextInput } from '../../../ui/form-field';
import { CommonFields, commonFieldProps, FormFooter, NumberField, SubmitButton, usePriceSubmit, type PriceFormProps } from './price-form-fields';

/** Section 5 (edit): Save stays disabled while the name is empty or the unit cost is not above 0. */
function editSaveAllowed(name: unknown, unitCost: unknown): boolean {
  return typeof name === 'string' && name.trim() !== '' && typeof unitCost === 'number' && Number.isFinite(unitCost) && unitCost > 0;
}

type LaborFormValues = z.input<typeof laborPriceCreateInput>;

export function LaborPriceForm({ mode, record, serviceLines, onDone, onCancel }: PriceFormProps<LaborPriceRecord>) {
  const form = useForm<LaborFormValues, unknown, z.output<typeof laborPriceCreateInput>>({
    resolver: zodResolver(laborPriceCreateInput),
    defaultValues: record
      ? {
          code: record.code,
          name: record.name,
          description: record.description ?? '',
          serviceLine: record.serviceLine,
          unitCost: record.unitCostCents / 100,
          skillLevel: record.skillLevel,
          durationHours: record.durationHours,
          isOvertime: record.isOvertime,
          isEmergency: record.isEmergency,
        }
      : { code: '', name: '', description: '', serviceLine: DEFAULT_SERVICE_LINE, skillLevel: DEFAULT_SKILL_LEVEL, durationHours: DEFAULT_LABOR_DURATION_HOURS, isOvertime: false, isEmergency: false },
  });
  const { register, handleSubmit, control, formState } = form;
  const errors = formState.errors;
  const { submit, pending, banner } = usePriceSubmit('labor', mode, record, form, onDone);
  const [name, unitCost] = useWatch({ control, name: ['name', 'unitCost'] });

  return (
    <form onSubmit={handleSubmit((data) => submit(data))} noValidate aria-label={mode === 'edit' ? 'Edit labor price' : 'Add labor price'}>
      {banner}
      <CommonFields
        mode={mode}
        {...commonFieldProps(form)}
        serviceLines={serviceLines}
        currentServiceLine={record?.serviceLine}
      />
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <NumberField label="Unit Cost" money required registration={register('unitCost', { valueAsNumber: true })} error={errors.unitCost?.message} />
        <FormField label="Skill Level" error={errors.skillLevel?.message}>
          {(a11y) => (
            <SelectInput {...a11y} {...register('skillLevel')}>
              {SKILL_LEVELS.map((level) => (
                <option key={level} value={level}>
                  {SKILL_LEVEL_LABELS[level]}
                </option>
              ))}
            </SelectInput>
          )}
        </FormField>
        <NumberField label="Duration (hours)" min="0.1" registration={register('durationHours', { valueAsNumber: true })} error={errors.durationHours?.message} hint="At least 0.1" />
      </div>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox label="Overtime" {...register('isOvertime')} />
        <Checkbox label="Emergency" {...register('isEmergency')} />
      </div>
      <FormFooter onCancel={onCancel} pending={pending}>
        <SubmitButton mode={mode} pending={pending} disabled={mode === 'edit' && !editSaveAllowed(name, unitCost)} label="Add Labor" />
      </FormFooter>
    </form>
  );
}

type ItemFormValues = z.input<typeof itemPriceCreateInput>;

export function ItemPriceForm({ mode, record, serviceLines, categories, onDone, onCancel }: PriceFormProps<ItemPriceRecord> & { categories: string[] }) {
  const listId = useId();
  const form = useForm<ItemFormValues, unknown, z.output<typeof itemPriceCreateInput>>({
    resolver: zodResolver(itemPriceCreateInput),
    defaultValues: record
      ? {
          code: record.code,
          name: record.name,
          description: record.description ?? '',
          serviceLine: record.serviceLine,
          unitCost: record.unitCostCents / 100,
          category: record.category,
          isTaxable: record.isTaxable,
        }
      : { code: '', name: '', description: '', serviceLine: DEFAULT_SERVICE_LINE, category: DEFAULT_ITEM_CATEGORY, isTaxable: true },
  });
  const { register, handleSubmit, control, formState } = form;
  const errors = formState.errors;
  const { submit, pending, banner } = usePriceSubmit('item', mode, record, form, onDone);
  const [name, unitCost] = useWatch({ control, name: ['name', 'unitCost'] });

  return (
    <form onSubmit={handleSubmit((data) => submit(data))} noValidate aria-label={mode === 'edit' ? 'Edit item price' : 'Add item price'}>
      {banner}
      <CommonFields
        mode={mode}
        {...commonFieldProps(form)}
        serviceLines={serviceLines}
        currentServiceLine={record?.serviceLine}
      />
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <NumberField label="Unit Cost" money required registration={register('unitCost', { valueAsNumber: true })} error={errors.unitCost?.message} />
        <FormField label="Category" error={errors.category?.message} hint={`Blank means "${DEFAULT_ITEM_CATEGORY}"`}>
          {(a11y) => <TextInput {...a11y} {...register('category')} list={listId} autoComplete="off" maxLength={100} />}
        </FormField>
        <div className="flex items-end pb-2">
          <Checkbox label="Taxable" {...register('isTaxable')} />
        </div>
      </div>
      <datalist id={listId}>
        {categories.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <FormFooter onCancel={onCancel} pending={pending}>
        <SubmitButton mode={mode} pending={pending} disabled={mode === 'edit' && !editSaveAllowed(name, unitCost)} label="Add Item" />
      </FormFooter>
    </form>
  );
}
