import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { formatCents } from '../../../../domain/money';
import {
  partPriceCreateInput,
  partPriceFigures,
  partPriceInputOf,
  PRICE_VALUES,
  type PartPriceRecord,
  type PartPriceValues,
} from '../../../../domain/price-book';
import { computePartPrice, explainPartPrice, PRICING_DEFAULTS } from '../../../../domain/pricing';
import { Checkbox } from '../../../ui/form-field';
import {
  CommonFields,
  commonFieldProps,
  FormFooter,
  NumberField,
  SubmitButton,
  usePriceSubmit,
  type PriceFormProps,
} from './price-form-fields';

/**
 * The Part tab: the formula's inputs, and as the user types the computed base, both flat rates and
 * the unit cost, with each step spelled out ("why this price"). The server computes the same
 * figures with the same function and stores its own; nothing shown here is sent as a price.
 */
export function PartPriceForm({ mode, record, serviceLines, onDone, onCancel }: PriceFormProps<PartPriceRecord>) {
  const form = useForm<PartPriceValues, unknown, z.output<typeof partPriceCreateInput>>({
    resolver: zodResolver(partPriceCreateInput),
    defaultValues: record ? PRICE_VALUES.part.of(record) : PRICE_VALUES.part.empty,
  });
  const { register, handleSubmit, control, formState } = form;
  const errors = formState.errors;
  const { submit, pending, banner } = usePriceSubmit('part', mode, record, form, onDone);

  const values = useWatch({ control });
  const figures = partPriceFigures.safeParse(values);
  const input = figures.success ? partPriceInputOf(figures.data) : null;
  const price = input ? computePartPrice(input) : null;
  const name = (values.name ?? '').trim();
  const canSave = mode === 'add' || (name !== '' && price !== null && price.unitCostCents > 0);

  return (
    <form
      onSubmit={handleSubmit((data) => submit(data))}
      noValidate
      aria-label={mode === 'edit' ? 'Edit part price' : 'Add part price'}
    >
      {banner}
      <CommonFields
        mode={mode}
        {...commonFieldProps(form)}
        serviceLines={serviceLines}
        currentServiceLine={record?.serviceLine}
      />

      <h3 className="mt-6 text-sm font-semibold text-slate-900">Flat-rate pricing</h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <NumberField
          label="Parts Cost"
          money
          registration={register('partsCost', { valueAsNumber: true })}
          error={errors.partsCost?.message}
        />
        <NumberField
          label="Estimated Hours"
          step="0.25"
          registration={register('estimatedHours', { valueAsNumber: true })}
          error={errors.estimatedHours?.message}
        />
        <NumberField
          label="Complexity Multiplier"
          min="0.1"
          registration={register('complexityMultiplier', { valueAsNumber: true })}
          error={errors.complexityMultiplier?.message}
          hint="1 = typical; at least 0.1"
        />
        <NumberField
          label="Labor Rate (per hour)"
          money
          registration={register('laborRate', { valueAsNumber: true })}
          error={errors.laborRate?.message}
        />
        <NumberField
          label="Truck Fee"
          money
          registration={register('truckFee', { valueAsNumber: true })}
          error={errors.truckFee?.message}
        />
        <NumberField
          label="Roof Access Fee"
          money
          registration={register('roofAccessFee', { valueAsNumber: true })}
          error={errors.roofAccessFee?.message}
        />
      </div>
      <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
        <Checkbox
          label={`Multiple technicians (+${formatCents(PRICING_DEFAULTS.multiTechnicianMarkupCents)} per hour)`}
          {...register('multiTechnician')}
        />
        <Checkbox label="Include roof access fee" {...register('includeRoofAccess')} />
      </div>

      <section aria-label="Computed price" className="mt-5 rounded-md border border-slate-200 bg-slate-50 p-4">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <Figure label="Total Base Cost" value={price ? formatCents(price.totalBaseCents) : null} />
          <Figure label="Flat Rate (Non-Contract)" value={price ? formatCents(price.flatRateNonContractCents) : null} />
          <Figure label="Flat Rate (PM Contract)" value={price ? formatCents(price.flatRatePmContractCents) : null} />
          <Figure label="Unit Cost" value={price ? formatCents(price.unitCostCents) : null} strong />
        </dl>
        <div className="mt-4 border-t border-slate-200 pt-3">
          <h4 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">Why this price</h4>
          {input && price ? (
            <ul className="mt-2 space-y-1 text-xs text-slate-600" data-testid="why-this-price">
              {explainPartPrice(input, price).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-xs text-slate-500">Enter valid figures above to see the price.</p>
          )}
        </div>
        {price && price.unitCostCents <= 0 ? (
          <p className="mt-2 text-xs text-red-600">
            The flat rate must be greater than $0: enter a parts cost, hours or a truck fee.
          </p>
        ) : null}
      </section>

      <FormFooter onCancel={onCancel} pending={pending}>
        <SubmitButton mode={mode} pending={pending} disabled={!canSave} label="Add Part" />
      </FormFooter>
    </form>
  );
}

function Figure({ label, value, strong }: { label: string; value: string | null; strong?: boolean }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd
        className={strong ? 'text-lg font-semibold text-slate-900' : 'text-base font-medium text-slate-800'}
        aria-label={label}
      >
        {value ?? '—'}
      </dd>
    </div>
  );
}
