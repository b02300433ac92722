import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  JOB_ITEM_TYPES,
  jobItemInput,
  partUnitPriceCents,
  updateJobItemInput,
  type JobDetail,
  type JobItem,
  type JobItemFormValues,
  type JobItemType,
  type JobOptions,
} from '../../../../domain/jobs';
import type { PriceRecord } from '../../../../domain/price-book';
import { errorMessage } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useDebounced } from '../../../lib/use-debounced';
import { ErrorBanner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Combobox } from '../../../ui/combobox';
import { Dialog } from '../../../ui/dialog';
import { FormField, SelectInput, TextInput, textInputClass } from '../../../ui/form-field';
import { Tabs } from '../../../ui/tabs';
import { toast } from '../../../ui/toast';
import { useAddJobItem, usePriceSearch, useUpdateJobItem } from '../api/jobs-api';
import { ITEM_TYPE_TABS, JOB_TEXTS } from '../job-texts';

const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** The Add Pricing form as typed (numbers are the inputs' text); `bodyOf` makes it the API's payload. */
interface Draft {
  type: JobItemType;
  priceBookItemId: string | null;
  code: string;
  name: string;
  serviceLine: string;
  quantity: string;
  unitPrice: string;
}
const emptyDraft = (type: JobItemType, serviceLine: string): Draft => ({
  type,
  priceBookItemId: null,
  code: '',
  name: '',
  serviceLine,
  quantity: '1',
  unitPrice: '',
});
const bodyOf = (draft: Draft): JobItemFormValues => ({
  type: draft.type,
  priceBookItemId: draft.priceBookItemId,
  code: draft.code,
  name: draft.name,
  serviceLine: draft.serviceLine || null,
  quantity: num(draft.quantity),
  unitPrice: draft.unitPrice.trim() === '' ? null : num(draft.unitPrice),
});
/** The form is checked with the API's own schema (jobItemInput) on the payload it would send. */
const draftSchema = z.custom<Draft>().transform(bodyOf).pipe(jobItemInput);
const DRAFT_FIELDS = ['code', 'name', 'serviceLine', 'quantity', 'unitPrice'] as const;

/** Edit Item as typed, checked with updateJobItemInput on its numbers. */
interface ItemEdit {
  quantity: string;
  unitPrice: string;
}
const itemEditSchema = z
  .custom<ItemEdit>()
  .transform((v) => ({ quantity: num(v.quantity), unitPrice: num(v.unitPrice) }))
  .pipe(updateJobItemInput);

/**
 * Add Pricing: Part, Labor and Item tabs. Search the price book (code or name) to fill code, name,
 * service line and unit price (a part at its PM-contract flat rate when the job has a service
 * contract, else its non-contract flat rate), or type a custom line. The server computes the total.
 */
export function AddPricingDialog({
  open,
  onOpenChange,
  job,
  serviceLines,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  job: Pick<JobDetail, 'id' | 'serviceLine' | 'serviceContract'>;
  serviceLines: JobOptions['serviceLines'] | undefined;
}) {
  const form = useForm<Draft, unknown, z.output<typeof draftSchema>>({
    resolver: zodResolver(draftSchema),
    defaultValues: emptyDraft('part', job.serviceLine),
  });
  const { register, reset, getValues, setError, formState, watch } = form;
  const errors = formState.errors;
  const kind = watch('type');
  const draft = watch();
  const [banner, setBanner] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 250);
  const prices = usePriceSearch(kind, debounced, open && debounced.length >= 2);
  const add = useAddJobItem();

  useEffect(() => {
    if (open) {
      reset(emptyDraft('part', job.serviceLine));
      setBanner(null);
      setSearch('');
    }
  }, [open, job.serviceLine, reset]);

  const switchKind = (next: JobItemType) => {
    reset(emptyDraft(next, job.serviceLine));
    setBanner(null);
    setSearch('');
  };

  const pick = (record: PriceRecord) => {
    const cents = record.kind === 'part' ? partUnitPriceCents(record, job.serviceContract) : record.unitCostCents;
    reset({
      ...getValues(),
      priceBookItemId: record.id,
      code: record.code,
      name: record.name,
      serviceLine: record.serviceLine,
      unitPrice: (cents / 100).toFixed(2),
    });
    setSearch('');
  };

  const submit = form.handleSubmit(async () => {
    const values = getValues();
    try {
      await add.mutateAsync({ id: job.id, input: bodyOf(values) });
      toast.success(`${values.name || values.code} added`);
      onOpenChange(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: DRAFT_FIELDS }))
        setBanner(errorMessage(error, JOB_TEXTS.savePriceItem));
    }
  });

  const options = debounced.length >= 2 ? (prices.data?.items ?? []) : [];
  const fromBook = draft.priceBookItemId !== null;
  const priceOf = (record: PriceRecord) =>
    formatCents(record.kind === 'part' ? partUnitPriceCents(record, job.serviceContract) : record.unitCostCents);

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !add.isPending && onOpenChange(next)}
      title="Add Pricing"
      size="lg"
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={add.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Item'}
          </Button>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        <Tabs
          label="Kind of item"
          tabs={JOB_ITEM_TYPES.map((t) => ({ value: t, label: ITEM_TYPE_TABS[t] }))}
          value={kind}
          onChange={switchKind}
        />
        {banner ? <ErrorBanner message={banner} /> : null}
        {prices.isError ? <ErrorBanner message={JOB_TEXTS.loadItemPrices} /> : null}
        <FormField
          label="Search the price book"
          hint="Type at least 2 characters of a code or name, or fill in a custom line below"
        >
          {(field) => (
            <Combobox
              value={search}
              onValueChange={setSearch}
              options={options}
              getKey={(r) => r.id}
              getLabel={(r) => `${r.code} ${r.name}`}
              renderOption={(r) => (
                <span className="flex w-full items-center justify-between gap-3">
                  <span className="min-w-0">
                    <span className="font-mono text-xs text-slate-600">{r.code}</span>{' '}
                    <span className="text-slate-900">{r.name}</span>
                  </span>
                  <span className="text-slate-700 tabular-nums">{priceOf(r)}</span>
                </span>
              )}
              onSelect={pick}
              autoSelect
              message={
                search.trim().length < 2
                  ? null
                  : prices.isFetching || debounced !== search.trim()
                    ? 'Searching...'
                    : 'No matches'
              }
              inputProps={{
                id: field.id,
                'aria-describedby': field['aria-describedby'],
                className: textInputClass(false),
                placeholder: `Search ${ITEM_TYPE_TABS[kind].toLowerCase()} prices...`,
              }}
            />
          )}
        </FormField>
        {fromBook ? (
          <p className="flex items-center justify-between gap-2 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
            <span>
              From the price book: <span className="font-mono">{draft.code}</span>
            </span>
            <button
              type="button"
              className="font-medium text-blue-700 hover:underline"
              onClick={() => reset(emptyDraft(kind, job.serviceLine), { keepErrors: true })}
            >
              Use a custom line
            </button>
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Code" required error={errors.code?.message}>
            {(field) => <TextInput {...field} {...register('code')} readOnly={fromBook} />}
          </FormField>
          <FormField label="Name" required={kind !== 'part'} error={errors.name?.message}>
            {(field) => <TextInput {...field} {...register('name')} readOnly={fromBook} />}
          </FormField>
          <FormField label="Service Line" error={errors.serviceLine?.message}>
            {(field) => (
              <SelectInput {...field} {...register('serviceLine')} value={draft.serviceLine}>
                {(serviceLines ?? []).some((s) => s.code === draft.serviceLine) ? null : (
                  <option value={draft.serviceLine}>{draft.serviceLine}</option>
                )}
                {(serviceLines ?? []).map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField
              label={kind === 'labor' ? 'Hours' : 'Quantity'}
              required
              error={errors.quantity?.message}
              hint={kind === 'labor' ? 'In steps of 0.25 (1.5 = an hour and a half)' : undefined}
            >
              {(field) => (
                <TextInput
                  {...field}
                  type="number"
                  min={kind === 'labor' ? 0.25 : 1}
                  step={kind === 'labor' ? 0.25 : 1}
                  inputMode={kind === 'labor' ? 'decimal' : 'numeric'}
                  {...register('quantity')}
                />
              )}
            </FormField>
            <FormField label="Unit Price" required error={errors.unitPrice?.message}>
              {(field) => (
                <TextInput
                  {...field}
                  type="number"
                  min={0}
                  step={0.01}
                  inputMode="decimal"
                  {...register('unitPrice')}
                />
              )}
            </FormField>
          </div>
        </div>
        {Number.isFinite(num(draft.quantity)) && Number.isFinite(num(draft.unitPrice)) ? (
          <p className="text-right text-sm text-slate-700">
            Line total:{' '}
            <span className="font-semibold tabular-nums">
              {formatCents(Math.round(num(draft.quantity) * Math.round(num(draft.unitPrice) * 100)))}
            </span>
          </p>
        ) : null}
        <button type="submit" hidden tabIndex={-1} aria-hidden />
      </form>
    </Dialog>
  );
}

/** Edit Item: quantity and unit price of one line; the server computes the total. */
export function EditItemDialog({
  jobId,
  item,
  onOpenChange,
}: {
  jobId: string;
  item: JobItem | null;
  onOpenChange: (open: boolean) => void;
}) {
  const form = useForm<ItemEdit, unknown, z.output<typeof itemEditSchema>>({
    resolver: zodResolver(itemEditSchema),
    defaultValues: { quantity: '', unitPrice: '' },
  });
  const { register, reset, setError, formState } = form;
  const errors = formState.errors;
  const [banner, setBanner] = useState<string | null>(null);
  const update = useUpdateJobItem();
  useEffect(() => {
    if (item) {
      reset({ quantity: String(item.quantity), unitPrice: (item.unitCostCents / 100).toFixed(2) });
      setBanner(null);
    }
  }, [item, reset]);

  const submit = form.handleSubmit(async (input) => {
    if (!item) return;
    try {
      await update.mutateAsync({ id: jobId, itemId: item.id, input });
      toast.success(`${item.name} updated`);
      onOpenChange(false);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, { known: ['quantity', 'unitPrice'] }))
        setBanner(errorMessage(error, JOB_TEXTS.updateItemRetry));
    }
  });

  return (
    <Dialog
      open={item !== null}
      onOpenChange={(next) => !update.isPending && onOpenChange(next)}
      title="Edit Item"
      description={item ? `${item.name} (${item.code})` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={update.isPending}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <form noValidate className="space-y-4" onSubmit={(e) => void submit(e)}>
        {banner ? <ErrorBanner message={banner} /> : null}
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Quantity" required error={errors.quantity?.message}>
            {(field) => (
              <TextInput
                {...field}
                type="number"
                min={item?.type === 'labor' ? 0.25 : 1}
                step={item?.type === 'labor' ? 0.25 : 1}
                inputMode={item?.type === 'labor' ? 'decimal' : 'numeric'}
                {...register('quantity')}
              />
            )}
          </FormField>
          <FormField label="Unit Price" required error={errors.unitPrice?.message}>
            {(field) => (
              <TextInput {...field} type="number" min={0} step={0.01} inputMode="decimal" {...register('unitPrice')} />
            )}
          </FormField>
        </div>
        <button type="submit" hidden tabIndex={-1} aria-hidden />
      </form>
    </Dialog>
  );
}
