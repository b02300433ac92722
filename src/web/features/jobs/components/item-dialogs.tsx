import { useEffect, useState } from 'react';
import {
  JOB_ITEM_TYPES,
  jobItemInput,
  partUnitPriceCents,
  updateJobItemInput,
  type JobDetail,
  type JobItem,
  type JobItemType,
  type JobOptions,
} from '../../../../domain/jobs';
import type { PriceRecord } from '../../../../domain/price-book';
import { errorMessage } from '../../../lib/api-client';
import { formatCents } from '../../../lib/format';
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
import { ApiError } from '../../../lib/api-client';

type Errors = Partial<Record<'code' | 'name' | 'serviceLine' | 'quantity' | 'unitPrice', string>>;

/** The first message per field of a failed zod parse. */
function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out as Errors;
}
const serverErrors = (error: unknown): Errors => (error instanceof ApiError ? (error.fields as Errors) : {});
const num = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

interface Draft {
  priceBookItemId: string | null;
  code: string;
  name: string;
  serviceLine: string;
  quantity: string;
  unitPrice: string;
}
const emptyDraft = (serviceLine: string): Draft => ({ priceBookItemId: null, code: '', name: '', serviceLine, quantity: '1', unitPrice: '' });

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
  const [kind, setKind] = useState<JobItemType>('part');
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(job.serviceLine));
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 250);
  const prices = usePriceSearch(kind, debounced, open && debounced.length >= 2);
  const add = useAddJobItem();

  useEffect(() => {
    if (open) {
      setKind('part');
      setDraft(emptyDraft(job.serviceLine));
      setErrors({});
      setBanner(null);
      setSearch('');
    }
  }, [open, job.serviceLine]);

  const switchKind = (next: JobItemType) => {
    setKind(next);
    setDraft(emptyDraft(job.serviceLine));
    setErrors({});
    setBanner(null);
    setSearch('');
  };
  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const pick = (record: PriceRecord) => {
    const cents = record.kind === 'part' ? partUnitPriceCents(record, job.serviceContract) : record.unitCostCents;
    setDraft((d) => ({ ...d, priceBookItemId: record.id, code: record.code, name: record.name, serviceLine: record.serviceLine, unitPrice: (cents / 100).toFixed(2) }));
    setErrors({});
    setSearch('');
  };

  const submit = async () => {
    const body = {
      type: kind,
      priceBookItemId: draft.priceBookItemId,
      code: draft.code,
      name: draft.name,
      serviceLine: draft.serviceLine || null,
      quantity: num(draft.quantity),
      unitPrice: draft.unitPrice.trim() === '' ? null : num(draft.unitPrice),
    };
    const parsed = jobItemInput.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    try {
      await add.mutateAsync({ id: job.id, input: body });
      toast.success(`${draft.name || draft.code} added`);
      onOpenChange(false);
    } catch (error) {
      const fields = serverErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setBanner(errorMessage(error, JOB_TEXTS.savePriceItem));
    }
  };

  const options = debounced.length >= 2 ? (prices.data?.items ?? []) : [];
  const fromBook = draft.priceBookItemId !== null;
  const priceOf = (record: PriceRecord) => formatCents(record.kind === 'part' ? partUnitPriceCents(record, job.serviceContract) : record.unitCostCents);

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
          <Button onClick={submit} disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add Item'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        className="space-y-4"
      >
        <Tabs label="Kind of item" tabs={JOB_ITEM_TYPES.map((t) => ({ value: t, label: ITEM_TYPE_TABS[t] }))} value={kind} onChange={switchKind} />
        {banner ? <ErrorBanner message={banner} /> : null}
        {prices.isError ? <ErrorBanner message={JOB_TEXTS.loadItemPrices} /> : null}
        <FormField label="Search the price book" hint="Type at least 2 characters of a code or name, or fill in a custom line below">
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
                    <span className="font-mono text-xs text-slate-600">{r.code}</span> <span className="text-slate-900">{r.name}</span>
                  </span>
                  <span className="tabular-nums text-slate-700">{priceOf(r)}</span>
                </span>
              )}
              onSelect={pick}
              autoSelect
              message={search.trim().length < 2 ? null : prices.isFetching || debounced !== search.trim() ? 'Searching...' : 'No matches'}
              inputProps={{ id: field.id, 'aria-describedby': field['aria-describedby'], className: textInputClass(false), placeholder: `Search ${ITEM_TYPE_TABS[kind].toLowerCase()} prices...` }}
            />
          )}
        </FormField>
        {fromBook ? (
          <p className="flex items-center justify-between gap-2 rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-900">
            <span>
              From the price book: <span className="font-mono">{draft.code}</span>
            </span>
            <button type="button" className="font-medium text-blue-700 hover:underline" onClick={() => setDraft(emptyDraft(job.serviceLine))}>
              Use a custom line
            </button>
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField label="Code" required error={errors.code}>
            {(field) => <TextInput {...field} value={draft.code} readOnly={fromBook} onChange={(e) => set('code', e.target.value)} />}
          </FormField>
          <FormField label="Name" required={kind !== 'part'} error={errors.name}>
            {(field) => <TextInput {...field} value={draft.name} readOnly={fromBook} onChange={(e) => set('name', e.target.value)} />}
          </FormField>
          <FormField label="Service Line" error={errors.serviceLine}>
            {(field) => (
              <SelectInput {...field} value={draft.serviceLine} onChange={(e) => set('serviceLine', e.target.value)}>
                {(serviceLines ?? []).some((s) => s.code === draft.serviceLine) ? null : <option value={draft.serviceLine}>{draft.serviceLine}</option>}
                {(serviceLines ?? []).map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.name}
                  </option>
                ))}
              </SelectInput>
            )}
          </FormField>
          <div className="grid grid-cols-2 gap-3">
            <FormField label="Quantity" required error={errors.quantity}>
              {(field) => <TextInput {...field} type="number" min={1} step={1} inputMode="numeric" value={draft.quantity} onChange={(e) => set('quantity', e.target.value)} />}
            </FormField>
            <FormField label="Unit Price" required error={errors.unitPrice}>
              {(field) => <TextInput {...field} type="number" min={0} step={0.01} inputMode="decimal" value={draft.unitPrice} onChange={(e) => set('unitPrice', e.target.value)} />}
            </FormField>
          </div>
        </div>
        {Number.isFinite(num(draft.quantity)) && Number.isFinite(num(draft.unitPrice)) ? (
          <p className="text-right text-sm text-slate-700">
            Line total: <span className="font-semibold tabular-nums">{formatCents(Math.round(num(draft.quantity) * Math.round(num(draft.unitPrice) * 100)))}</span>
          </p>
        ) : null}
        <button type="submit" hidden tabIndex={-1} aria-hidden />
      </form>
    </Dialog>
  );
}

/** Edit Item: quantity and unit price of one line; the server computes the total. */
export function EditItemDialog({ jobId, item, onOpenChange }: { jobId: string; item: JobItem | null; onOpenChange: (open: boolean) => void }) {
  const [quantity, setQuantity] = useState('');
  const [unitPrice, setUnitPrice] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<string | null>(null);
  const update = useUpdateJobItem();
  useEffect(() => {
    if (item) {
      setQuantity(String(item.quantity));
      setUnitPrice((item.unitCostCents / 100).toFixed(2));
      setErrors({});
      setBanner(null);
    }
  }, [item]);

  const submit = async () => {
    if (!item) return;
    const body = { quantity: num(quantity), unitPrice: num(unitPrice) };
    const parsed = updateJobItemInput.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    try {
      await update.mutateAsync({ id: jobId, itemId: item.id, input: parsed.data });
      toast.success(`${item.name} updated`);
      onOpenChange(false);
    } catch (error) {
      const fields = serverErrors(error);
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setBanner(errorMessage(error, JOB_TEXTS.updateItemRetry));
    }
  };

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
          <Button onClick={submit} disabled={update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        {banner ? <ErrorBanner message={banner} /> : null}
        <div className="grid grid-cols-2 gap-3">
          <FormField label="Quantity" required error={errors.quantity}>
            {(field) => <TextInput {...field} type="number" min={1} step={1} inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />}
          </FormField>
          <FormField label="Unit Price" required error={errors.unitPrice}>
            {(field) => <TextInput {...field} type="number" min={0} step={0.01} inputMode="decimal" value={unitPrice} onChange={(e) => setUnitPrice(e.target.value)} />}
          </FormField>
        </div>
        <button type="submit" hidden tabIndex={-1} aria-hidden />
      </form>
    </Dialog>
  );
}
