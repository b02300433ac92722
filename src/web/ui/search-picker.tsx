import { Search, X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from './cn';
import { useCombobox } from './use-combobox';

export interface PickerOption {
  id: string;
  label: string;
  detail?: string;
}

/**
 * Pick one record by typing part of its name (a combobox): the caller runs the search for the
 * typed text and passes the options; once picked, the choice shows with a Change button.
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
  emptyText?: ReactNode;
}) {
  const listId = useId();
  const choose = (option: PickerOption) => {
    onSelect(option);
    setOpen(false);
  };
  const { open, setOpen, active, setActive, boxRef, onKeyDown } = useCombobox(options, choose);

  if (selected) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm" data-testid="picker-selected">
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{selected.label}</p>
          {selected.detail ? <p className="truncate text-xs text-slate-500">{selected.detail}</p> : null}
        </div>
        <button
          type="button"
          className="inline-flex items-center gap-1 rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-200"
          onClick={() => {
            onSelect(null);
            setOpen(true);
          }}
          aria-label={`Change ${label.toLowerCase()}`}
        >
          <X className="h-3.5 w-3.5" aria-hidden /> Change
        </button>
      </div>
    );
  }

  const enough = text.trim().length >= minChars;
  return (
    <div ref={boxRef} className="relative">
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded={open && enough}
        aria-controls={listId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder={placeholder}
        className={cn(
          'block w-full rounded-md border bg-white py-2 pl-9 pr-3 text-sm shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2',
          invalid ? 'border-red-400 focus:ring-red-500' : 'border-slate-300 focus:border-blue-500 focus:ring-blue-500',
        )}
        value={text}
        onChange={(e) => {
          onTextChange(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {open && text.trim().length > 0 ? (
        <div id={listId} role="listbox" aria-label={label} className="absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {!enough ? (
            <p className="px-3 py-2 text-sm text-slate-500">Type at least {minChars} characters</p>
          ) : loading && options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">Searching...</p>
          ) : options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">{emptyText}</p>
          ) : (
            options.map((option, index) => (
              <button
                key={option.id}
                type="button"
                role="option"
                aria-selected={index === active}
                className={cn('block w-full px-3 py-1.5 text-left text-sm', index === active ? 'bg-blue-50' : 'hover:bg-slate-50')}
                onMouseEnter={() => setActive(index)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(option)}
              >
                <span className="block font-medium text-slate-800">{option.label}</span>
                {option.detail ? <span className="block text-xs text-slate-500">{option.detail}</span> : null}
              </button>
            ))
          )}
        </div>
      ) : null}
    </div>
  );
}
