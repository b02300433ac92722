import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  DEFAULT_ITEM_CATEGORY,
  itemPriceCreateInput,
  laborPriceCreateInput,
  PRICE_VALUES,
  SKILL_LEVEL_LABELS,
  SKILL_LEVELS,
  type ItemPriceRecord,
  type ItemPriceValues,
  type LaborPriceRecord,
  type LaborPriceValues,
} from '../../../../domain/price-book';
import { Checkbox, FormField, SelectInput, TextInput } from '../../../ui/form-field';
import {
  CommonFields,
  commonFieldProps,
  FormFooter,
  NumberField,
  SubmitButton,
  usePriceSubmit,
  type PriceFormProps,
} from './price-form-fields';

/** Section 5 (edit): Save stays disabled while the name is empty or the unit cost is not above 0. */
function editSaveAllowed(name: unknown, unitCost: unknown): boolean {
  return (
    typeof name === 'string' &&
    name.trim() !== '' &&
    typeof unitCost === 'number' &&
    Number.isFinite(unitCost) &&
    unitCost > 0
  );
}

export function LaborPriceForm({ mode, record, serviceLines, onDone, onCancel }: PriceFormProps<LaborPriceRecord>) {
  const form = useForm<LaborPriceValues, unknown, z.output<typeof laborPriceCreateInput>>({
    resolver: zodResolver(laborPriceCreateInput),
    defaultValues: record ? PRICE_VALUES.labor.of(record) : PRICE_VALUES.labor.empty,
  });
  const { register, handleSubmit, control, formState } = form;
  const errors = formState.errors;
  const { submit, pending, banner } = usePriceSubmit('labor', mode, record, form, onDone);
  const [name, unitCost] = useWatch({ control, name: ['name', 'unitCost'] });

  return (
    <form
      onSubmit={handleSubmit((data) => submit(data))}
      noValidate
      aria-label={mode === 'edit' ? 'Edit labor price' : 'Add labor price'}
    >
      {banner}
      <CommonFields
        mode={mode}
        {...commonFieldProps(form)}
        serviceLines={serviceLines}
        currentServiceLine={record?.serviceLine}
      />
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <NumberField
          label="Unit Cost"
          money
          required
          registration={register('unitCost', { valueAsNumber: true })}
          error={errors.unitCost?.message}
        />
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
        <NumberField
          label="Duration (hours)"
          min="0.1"
          registration={register('durationHours', { valueAsNumber: true })}
          error={errors.durationHours?.message}
          hint="At least 0.1"
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox label="Overtime" {...register('isOvertime')} />
        <Checkbox label="Emergency" {...register('isEmergency')} />
      </div>
      <FormFooter onCancel={onCancel} pending={pending}>
        <SubmitButton
          mode={mode}
          pending={pending}
          disabled={mode === 'edit' && !editSaveAllowed(name, unitCost)}
          label="Add Labor"
        />
      </FormFooter>
    </form>
  );
}

export function ItemPriceForm({
  mode,
  record,
  serviceLines,
  categories,
  onDone,
  onCancel,
}: PriceFormProps<ItemPriceRecord> & { categories: string[] }) {
  const listId = useId();
  const form = useForm<ItemPriceValues, unknown, z.output<typeof itemPriceCreateInput>>({
    resolver: zodResolver(itemPriceCreateInput),
    defaultValues: record ? PRICE_VALUES.item.of(record) : PRICE_VALUES.item.empty,
  });
  const { register, handleSubmit, control, formState } = form;
  const errors = formState.errors;
  const { submit, pending, banner } = usePriceSubmit('item', mode, record, form, onDone);
  const [name, unitCost] = useWatch({ control, name: ['name', 'unitCost'] });

  return (
    <form
      onSubmit={handleSubmit((data) => submit(data))}
      noValidate
      aria-label={mode === 'edit' ? 'Edit item price' : 'Add item price'}
    >
      {banner}
      <CommonFields
        mode={mode}
        {...commonFieldProps(form)}
        serviceLines={serviceLines}
        currentServiceLine={record?.serviceLine}
      />
      <div className="mt-4 grid gap-4 sm:grid-cols-3">
        <NumberField
          label="Unit Cost"
          money
          required
          registration={register('unitCost', { valueAsNumber: true })}
          error={errors.unitCost?.message}
        />
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
        <SubmitButton
          mode={mode}
          pending={pending}
          disabled={mode === 'edit' && !editSaveAllowed(name, unitCost)}
          label="Add Item"
        />
      </FormFooter>
    </form>
  );
}
