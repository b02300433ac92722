import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import {
  useController,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldPath,
  type UseFormRegister,
} from 'react-hook-form';
import { INSPECTION_MESSAGES } from '../../../../domain/inspections';
import {
  parseCostText,
  REPAIR_LIMITS,
  REPAIR_PHASE_LABELS,
  REPAIR_PHASES,
  repairCostsFromForm,
  repairFormValues,
  repairInput,
  repairPayloadFromForm,
  repairTotalCents,
  stripLeadingZeros,
  type Repair,
  type RepairFormValues,
  type RepairPayload,
} from '../../../../domain/repairs';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { cn } from '../../../ui/cn';
import { Checkbox, FormField, TextArea, TextInput } from '../../../ui/form-field';
import { toast } from '../../../ui/toast';
import { INSPECTION_TEXTS } from '../inspections-texts';
import { CostSummary } from './cost-summary';

type CostPath = Extract<
  FieldPath<RepairFormValues>,
  | 'labor'
  | 'refrigerationRecovery'
  | 'startUpCosts'
  | 'thermostatStartup'
  | 'removalCost'
  | 'permitCost'
  | `${string}.cost`
>;

/**
 * A cost: a text field in numeric mode ($ before it) that drops leading zeros while typing. What
 * is not an amount counts as $0.00 and says so under the field.
 */
function CostField({
  control,
  name,
  label,
  className,
}: {
  control: Control<RepairFormValues>;
  name: CostPath;
  label: string;
  className?: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const text = String(field.value ?? '');
  const parsed = parseCostText(text);
  const error = fieldState.error?.message ?? (parsed.valid ? undefined : INSPECTION_TEXTS.invalidCost);
  return (
    <FormField label={label} error={error} className={className}>
      {(p) => (
        <div className="relative">
          <span
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-slate-500"
            aria-hidden
          >
            $
          </span>
          <TextInput
            {...p}
            ref={field.ref}
            name={field.name}
            value={text}
            onBlur={field.onBlur}
            onChange={(event) => field.onChange(stripLeadingZeros(event.target.value))}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            className="h-11 pl-7 text-right tabular-nums"
          />
        </div>
      )}
    </FormField>
  );
}

const COSTS: { name: CostPath; label: string }[] = [
  { name: 'labor', label: 'Labor' },
  { name: 'refrigerationRecovery', label: 'Refrigeration Recovery' },
  { name: 'startUpCosts', label: 'Start-up Costs' },
  { name: 'thermostatStartup', label: 'Thermostat Startup' },
  { name: 'removalCost', label: 'Removal Cost' },
  { name: 'permitCost', label: 'Permit Cost' },
];

/** Accessories or additional items: rows of name and cost; the first row cannot be removed. */
function LineList({
  control,
  register,
  name,
  title,
  one,
  addLabel,
  errors,
}: {
  control: Control<RepairFormValues>;
  register: UseFormRegister<RepairFormValues>;
  name: 'accessories' | 'additionalItems';
  title: string;
  one: string;
  addLabel: string;
  errors: { name?: { message?: string } }[] | undefined;
}) {
  const { fields, append, remove } = useFieldArray({ control, name });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">{title}</legend>
      {fields.map((row, index) => (
        <div
          key={row.id}
          className="grid grid-cols-[1fr_9rem_2.75rem] items-start gap-2 sm:grid-cols-[1fr_11rem_2.75rem]"
        >
          <FormField label={`${one} ${index + 1}`} error={errors?.[index]?.name?.message}>
            {(p) => (
              <TextInput
                {...p}
                className="h-11"
                autoComplete="off"
                maxLength={REPAIR_LIMITS.lineNameLength}
                {...register(`${name}.${index}.name`)}
              />
            )}
          </FormField>
          <CostField control={control} name={`${name}.${index}.cost`} label={`${one} ${index + 1} cost`} />
          {index === 0 ? (
            <span aria-hidden />
          ) : (
            <Button
              variant="ghost"
              className="mt-6 h-11 w-11 px-0 text-red-700 hover:bg-red-50 hover:text-red-800"
              aria-label={`Remove ${one.toLowerCase()} ${index + 1}`}
              onClick={() => remove(index)}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
            </Button>
          )}
        </div>
      ))}
      {fields.length < REPAIR_LIMITS.maxLines ? (
        <Button
          variant="secondary"
          className="h-11"
          onClick={() => append({ name: '', cost: '' }, { shouldFocus: true })}
        >
          <Plus className="h-4 w-4" aria-hidden />
          {addLabel}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** The live total from the domain rule while typing (the saved figure is the server's). */
function LiveCostSummary({ control }: { control: Control<RepairFormValues> }) {
  const values = useWatch({ control }) as RepairFormValues;
  const costs = repairCostsFromForm(values);
  return <CostSummary costs={costs} totalCents={repairTotalCents(costs)} live />;
}

/**
 * The per-inspection repair form: needs crane, the three options (description and cost) and the
 * chosen one, the other costs, accessories and additional items, warranty, and the cost summary
 * with the total. Validated with the API's own schema before sending.
 */
export function RepairForm({
  repair,
  label,
  onSave,
  onCancel,
  onDirtyChange,
  autoFocus,
}: {
  repair: Repair | null;
  label: string;
  onSave: (input: RepairPayload) => Promise<Repair>;
  /** offered when there is a saved record to go back to */
  onCancel?: (() => void) | undefined;
  /** told when the form gets or loses changes not yet saved (so leaving it can ask first) */
  onDirtyChange?: ((dirty: boolean) => void) | undefined;
  /** the form just replaced the saved summary (Edit Repair Details): its first field takes the focus */
  autoFocus?: boolean;
}) {
  const form = useForm<RepairFormValues>({ defaultValues: repairFormValues(repair) });
  const { control, register, handleSubmit, setError, setFocus, formState, watch } = form;
  const [banner, setBanner] = useState<string | null>(null);
  const selected = watch('selectedPhase');
  const dirty = formState.isDirty;
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  useEffect(() => {
    if (autoFocus) setFocus('needsCrane');
  }, [autoFocus, setFocus]);

  const submit = handleSubmit(async (values) => {
    setBanner(null);
    const payload = repairPayloadFromForm(values);
    const checked = repairInput.safeParse(payload);
    if (!checked.success) {
      let first = true;
      for (const issue of checked.error.issues) {
        setError(
          issue.path.join('.') as FieldPath<RepairFormValues>,
          { type: 'schema', message: issue.message },
          { shouldFocus: first },
        );
        first = false;
      }
      setBanner(checked.error.issues[0]?.message ?? INSPECTION_MESSAGES.repairSaveFailed);
      return;
    }
    try {
      await onSave(payload);
      toast.success(INSPECTION_MESSAGES.repairSaved);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: values }))
        setBanner(errorMessage(error, INSPECTION_MESSAGES.repairSaveFailed));
    }
  });

  const errors = formState.errors;
  return (
    <form noValidate onSubmit={submit} className="space-y-6" aria-label={`Repair details of ${label}`}>
      {banner ? <ErrorBanner message={banner} /> : null}
      <Checkbox label="Needs Crane" className="min-h-11" {...register('needsCrane')} />

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Repair Options</legend>
        <p className="text-sm text-slate-600">The chosen option goes into the total; the customer sees all three.</p>
        <div className="grid gap-3 md:grid-cols-3">
          {REPAIR_PHASES.map((phase) => (
            <div
              key={phase}
              className={cn(
                'space-y-3 rounded-md border p-3',
                selected === phase ? 'border-blue-500 bg-blue-50/60 ring-1 ring-blue-500' : 'border-slate-200',
              )}
            >
              <div className="flex items-center gap-2">
                <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm font-semibold text-slate-900">
                  <input
                    type="radio"
                    value={phase}
                    className="h-5 w-5 text-blue-600 focus:ring-blue-500"
                    {...register('selectedPhase')}
                  />
                  {REPAIR_PHASE_LABELS[phase]}
                </label>
                {selected === phase ? <span className="text-xs text-blue-800">(chosen)</span> : null}
              </div>
              <FormField
                label={`${REPAIR_PHASE_LABELS[phase]} description`}
                error={errors[phase]?.description?.message}
              >
                {(p) => (
                  <TextArea
                    {...p}
                    rows={3}
                    maxLength={REPAIR_LIMITS.phaseDescriptionLength}
                    {...register(`${phase}.description`)}
                  />
                )}
              </FormField>
              <CostField control={control} name={`${phase}.cost`} label={`${REPAIR_PHASE_LABELS[phase]} cost`} />
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-slate-900">Costs</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {COSTS.map((c) => (
            <CostField key={c.name} control={control} name={c.name} label={c.label} />
          ))}
        </div>
      </fieldset>

      <LineList
        control={control}
        register={register}
        name="accessories"
        title="Accessories"
        one="Accessory"
        addLabel="Add Accessory"
        errors={errors.accessories as never}
      />
      <LineList
        control={control}
        register={register}
        name="additionalItems"
        title="Additional Items"
        one="Additional item"
        addLabel="Add Additional Item"
        errors={errors.additionalItems as never}
      />

      <FormField label="Warranty" error={errors.warranty?.message} hint="e.g. 1 year parts, 90 days labor">
        {(p) => <TextArea {...p} rows={2} maxLength={REPAIR_LIMITS.warrantyLength} {...register('warranty')} />}
      </FormField>

      <LiveCostSummary control={control} />

      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button variant="secondary" className="h-11" onClick={onCancel} disabled={formState.isSubmitting}>
            {INSPECTION_TEXTS.cancelEdit}
          </Button>
        ) : null}
        <Button type="submit" className="h-11" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? INSPECTION_TEXTS.saving : INSPECTION_TEXTS.saveRepair}
        </Button>
      </div>
    </form>
  );
}
