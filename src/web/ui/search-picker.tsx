import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from './cn';
import { Combobox } from './combobox';

export interface PickerOption {
  id: string;
  label: string;
  detail?: string;
}

/**
 * Pick one record by typing part of its name (a Combobox): the caller runs the search for the
 * typed text and passes the options; once picked, the choice shows with a Change button, which
 * brings the box back with the focus in it.
 */
export function SearchPicker({
  id,
  label,
  selected,
  onSelect,
  text,
  onTextChange,
  options,
  loading,
  minChars = 2,
  placeholder,
  invalid,
  describedBy,
  emptyText = 'No matches',
}: {
  id?: string;
  label: string;
  selected: PickerOption | null;
  onSelect: (option: PickerOption | null) => void;
  text: string;
  onTextChange: (text: string) => void;
  options: PickerOption[];
  loading: boolean;
  minChars?: number;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string | undefined;
  emptyText?: string;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  // After "Change" the box comes back: focus it so the keyboard user carries on typing.
  const [refocus, setRefocus] = useState(false);
  useEffect(() => {
    if (refocus && !selected) {
      inputRef.current?.focus();
      setRefocus(false);
    }
  }, [refocus, selected]);

  if (selected) {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm"
        data-testid="picker-selected"
      >
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{selected.label}</p>
          {selected.detail ? <p className="truncate text-xs text-slate-500">{selected.detail}</p> : null}
        </div>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200"
          onClick={() => {
            onSelect(null);
            setRefocus(true);
          }}
          aria-label={`Change ${label.toLowerCase()}`}
        >
          <X className="h-3.5 w-3.5" aria-hidden /> Change
        </button>
      </div>
    );
  }

  const typed = text.trim();
  const enough = typed.length >= minChars;
  return (
    <Combobox
      value={text}
      onValueChange={onTextChange}
      options={enough ? options : []}
      getKey={(option) => option.id}
      getLabel={(option) => option.label}
      renderOption={(option) => (
        <>
          <span className="block font-medium text-slate-800">{option.label}</span>
          {option.detail ? <span className="block text-xs text-slate-600">{option.detail}</span> : null}
        </>
      )}
      onSelect={onSelect}
      autoSelect
      listLabel={label}
      message={
        !typed
          ? null
          : !enough
            ? `Type at least ${minChars} characters`
            : loading && options.length === 0
              ? 'Searching...'
              : options.length === 0
                ? emptyText
                : null
      }
      icon={
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
      }
      inputProps={{
        id,
        ref: inputRef,
        placeholder,
        'aria-invalid': invalid || undefined,
        'aria-describedby': describedBy,
        className: cn(
          'block w-full rounded-md border bg-white py-2 pr-3 pl-9 text-sm shadow-sm placeholder:text-slate-500 focus:ring-2 focus:outline-none',
          invalid ? 'border-red-400 focus:ring-red-500' : 'border-slate-300 focus:border-blue-500 focus:ring-blue-500',
        ),
      }}
    />
  );
}
