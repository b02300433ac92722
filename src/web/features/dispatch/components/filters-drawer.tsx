import { useState } from 'react';
import {
  boardQuery,
  DISPATCH_DATE_FIELDS,
  type DispatchDateField,
  type DispatchOptions,
} from '../../../../domain/dispatch';
import { Button } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Checkbox, FormField, SelectInput, TextInput } from '../../../ui/form-field';
import {
  ALL_OFFICES,
  DATE_FIELD_LABELS,
  DEFAULT_DRAFT,
  normalizeTags,
  RANGE_KINDS,
  RANGE_LABELS,
  type FilterDraft,
  type RangeKind,
} from '../board-filters';
import { DISPATCH_TEXTS } from '../dispatch-texts';

type DraftErrors = Partial<Record<'from' | 'to' | 'minPrice' | 'maxPrice', string>>;

/** The draft checked with the API's own schema, so the drawer says what the server would refuse. */
function validate(draft: FilterDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (draft.range === 'custom') {
    if (!draft.from) errors.from = 'From date is required';
    if (!draft.to) errors.to = 'To date is required';
  }
  if (errors.from || errors.to) return errors;
  const query = {
    range: draft.range,
    ...(draft.range === 'custom' ? { from: draft.from, to: draft.to } : {}),
    ...(draft.price ? { minPrice: draft.minPrice.trim(), maxPrice: draft.maxPrice.trim() } : {}),
  };
  const parsed = boardQuery.safeParse(query);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      if ((key === 'from' || key === 'to' || key === 'minPrice' || key === 'maxPrice') && !errors[key])
        errors[key] = issue.message;
    }
  }
  return errors;
}

/**
 * Map Filters: every filter of the board, applied together with Apply Filters; Clear all filters
 * puts back the defaults (due this month, Main Office) at once. Choices come from the data.
 */
export function FiltersDrawer({
  open,
  onOpenChange,
  initial,
  options,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: FilterDraft;
  options: DispatchOptions | undefined;
  onApply: (draft: FilterDraft) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={DISPATCH_TEXTS.mapFilters} side="right" size="sm">
      {open ? (
        <FiltersForm initial={initial} options={options} onApply={onApply} onClose={() => onOpenChange(false)} />
      ) : null}
    </Dialog>
  );
}

function FiltersForm({
  initial,
  options,
  onApply,
  onClose,
}: {
  initial: FilterDraft;
  options: DispatchOptions | undefined;
  onApply: (draft: FilterDraft) => void;
  onClose: () => void;
}) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const set = <K extends keyof FilterDraft>(key: K, value: FilterDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const offices = options?.offices ?? [DEFAULT_DRAFT.office];
  const chosen = new Set(normalizeTags(draft.tags).toLowerCase().split(','));
  const suggestions = (options?.tags ?? []).filter((t) => !chosen.has(t.toLowerCase())).slice(0, 12);

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const found = validate(draft);
        setErrors(found);
        if (Object.keys(found).length) return;
        onApply(draft);
        onClose();
      }}
    >
      <div className="space-y-1.5">
        <FormField label="Tags" hint="Separate tags with commas; a job matches when it carries any of them">
          {(props) => (
            <TextInput
              {...props}
              value={draft.tags}
              onChange={(e) => set('tags', e.target.value)}
              placeholder="e.g. vip, rooftop"
            />
          )}
        </FormField>
        {suggestions.length ? (
          <ul className="flex flex-wrap gap-1" aria-label="Tags in use">
            {suggestions.map((tag) => (
              <li key={tag}>
                <button
                  type="button"
                  className="rounded-full border border-slate-300 bg-white px-2 py-0.5 text-xs text-slate-700 hover:bg-slate-50"
                  aria-label={`Add tag ${tag}`}
                  onClick={() => set('tags', normalizeTags(`${draft.tags},${tag}`))}
                >
                  + {tag}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <FormField label="Job Office">
        {(props) => (
          <SelectInput {...props} value={draft.office || ALL_OFFICES} onChange={(e) => set('office', e.target.value)}>
            <option value={ALL_OFFICES}>All Offices</option>
            {offices.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="Job Type">
        {(props) => (
          <SelectInput {...props} value={draft.type} onChange={(e) => set('type', e.target.value)}>
            <option value="">All Job Types</option>
            {options?.jobTypes.map((t) => (
              <option key={t.code} value={t.code}>
                {t.name}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="Job Owner">
        {(props) => (
          <SelectInput {...props} value={draft.ownerId} onChange={(e) => set('ownerId', e.target.value)}>
            <option value="">All Job Owners</option>
            {options?.owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="Service Line">
        {(props) => (
          <SelectInput {...props} value={draft.serviceLine} onChange={(e) => set('serviceLine', e.target.value)}>
            <option value="">All Service Lines</option>
            {options?.serviceLines.map((l) => (
              <option key={l.code} value={l.code}>
                {l.name}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="Region">
        {(props) => (
          <SelectInput {...props} value={draft.region} onChange={(e) => set('region', e.target.value)}>
            <option value="">All Regions</option>
            {options?.regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="Filter Map By">
        {(props) => (
          <SelectInput
            {...props}
            value={draft.dateField}
            onChange={(e) => set('dateField', e.target.value as DispatchDateField)}
          >
            {DISPATCH_DATE_FIELDS.map((f) => (
              <option key={f} value={f}>
                {DATE_FIELD_LABELS[f]}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      <FormField label="Filter Date Range By">
        {(props) => (
          <SelectInput {...props} value={draft.range} onChange={(e) => set('range', e.target.value as RangeKind)}>
            {RANGE_KINDS.map((k) => (
              <option key={k} value={k}>
                {RANGE_LABELS[k]}
              </option>
            ))}
          </SelectInput>
        )}
      </FormField>
      {draft.range === 'custom' ? (
        <div className="grid grid-cols-2 gap-3">
          <FormField label="From" error={errors.from} required>
            {(props) => (
              <TextInput {...props} type="date" value={draft.from} onChange={(e) => set('from', e.target.value)} />
            )}
          </FormField>
          <FormField label="To" error={errors.to} required>
            {(props) => (
              <TextInput {...props} type="date" value={draft.to} onChange={(e) => set('to', e.target.value)} />
            )}
          </FormField>
        </div>
      ) : null}
      <fieldset className="space-y-2">
        <legend className="sr-only">Options</legend>
        <Checkbox
          label="Limit by Estimated Price"
          checked={draft.price}
          onChange={(e) => set('price', e.target.checked)}
        />
        {draft.price ? (
          <div className="grid grid-cols-2 gap-3 pl-6">
            <FormField label="Minimum ($)" error={errors.minPrice}>
              {(props) => (
                <TextInput
                  {...props}
                  inputMode="decimal"
                  value={draft.minPrice}
                  onChange={(e) => set('minPrice', e.target.value)}
                />
              )}
            </FormField>
            <FormField label="Maximum ($)" error={errors.maxPrice}>
              {(props) => (
                <TextInput
                  {...props}
                  inputMode="decimal"
                  value={draft.maxPrice}
                  onChange={(e) => set('maxPrice', e.target.value)}
                />
              )}
            </FormField>
          </div>
        ) : null}
        <Checkbox
          label="Show completed jobs"
          checked={draft.showCompleted}
          onChange={(e) => set('showCompleted', e.target.checked)}
          className="flex"
        />
        <Checkbox
          label="Show subcontracted jobs"
          checked={draft.showSubcontracted}
          onChange={(e) => set('showSubcontracted', e.target.checked)}
          className="flex"
        />
      </fieldset>
      <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4">
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(DEFAULT_DRAFT);
            setErrors({});
            onApply(DEFAULT_DRAFT);
          }}
        >
          {DISPATCH_TEXTS.clearAll}
        </Button>
        <Button type="submit">{DISPATCH_TEXTS.apply}</Button>
      </div>
    </form>
  );
}
