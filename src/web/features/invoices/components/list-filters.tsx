import { Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormField, TextInput } from '../../../ui/form-field';
import { Card } from '../../../ui/card';
import { filtersAppliedText } from '../invoice-texts';

/** The filter card of the invoice lists: the search box, the list's own fields, "Filters applied: n" and Reset filters. */
export function ListFilters({
  search,
  onSearch,
  placeholder,
  applied,
  onReset,
  chips,
  children,
}: {
  search: string;
  onSearch: (value: string) => void;
  placeholder: string;
  applied: number;
  onReset: () => void;
  /** Filters the list was opened with that have no field of their own (Home's selects), removable. */
  chips?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="mb-6 space-y-3 p-4 print:hidden">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
        <TextInput
          type="search"
          aria-label={placeholder.replace(/\.\.\.$/, '')}
          placeholder={placeholder}
          className="pl-9"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      </div>
      {children ? <div className="grid items-end gap-3 sm:grid-cols-3">{children}</div> : null}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-slate-600" data-testid="filters-applied">
            {filtersAppliedText(applied)}
          </span>
          {chips}
        </div>
        <button
          type="button"
          className="font-medium text-blue-700 hover:underline disabled:text-slate-500 disabled:no-underline"
          disabled={applied === 0}
          onClick={onReset}
        >
          Reset filters
        </button>
      </div>
    </Card>
  );
}

/** The from and to date fields of an invoice list's filters (issued or paid dates); a change goes back to page 1. */
export function DateRangeFields({
  labels,
  from,
  to,
  onChange,
}: {
  labels: readonly [string, string];
  from: string | undefined;
  to: string | undefined;
  onChange: (change: { from?: string | undefined; to?: string | undefined; page: undefined }) => void;
}) {
  return (
    <>
      <FormField label={labels[0]}>
        {(field) => (
          <TextInput
            {...field}
            type="date"
            value={from ?? ''}
            onChange={(e) => onChange({ from: e.target.value || undefined, page: undefined })}
          />
        )}
      </FormField>
      <FormField label={labels[1]}>
        {(field) => (
          <TextInput
            {...field}
            type="date"
            value={to ?? ''}
            onChange={(e) => onChange({ to: e.target.value || undefined, page: undefined })}
          />
        )}
      </FormField>
    </>
  );
}
