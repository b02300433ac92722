import {
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from './cn';
import { rankByText } from './rank';

export interface ComboboxProps<T> {
  /** The typed text (controlled). */
  value: string;
  onValueChange: (text: string) => void;
  /** The options for the typed text, usually the server's answer; ranked here against `value`. */
  options: readonly T[];
  getKey: (option: T) => string;
  /** The option's name: ranks it against the typed text and names it for screen readers. */
  getLabel: (option: T) => string;
  renderOption?: (option: T, state: { active: boolean }) => ReactNode;
  /** Options with a group are shown under its heading, groups in the order they first appear. */
  getGroup?: (option: T) => string;
  onSelect: (option: T) => void;
  /**
   * Shown in the popup instead of the options when there are none ("Type at least 2 characters",
   * "Searching...", "No matches"); null shows no popup when there are no options.
   */
  message?: ReactNode;
  /** A heading above the options ("Existing companies"). */
  heading?: ReactNode;
  /** The first option is active at once, so Enter takes it (a search box; not a free-text field). */
  autoSelect?: boolean;
  /** Accessible name of the listbox (defaults to the heading or the input's name). */
  listLabel?: string;
  /** Escape with the list already closed empties the box (a search box; not a form field). */
  clearOnEscape?: boolean;
  /** Attributes for the input (id, name, aria-label, aria-describedby, placeholder, ref...). */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'role'> & {
    ref?: Ref<HTMLInputElement>;
  };
  /** Something drawn inside the box before the text (a search icon); the input gets left padding. */
  icon?: ReactNode;
  className?: string;
  popupClassName?: string;
}

/**
 * One type-ahead box with the WAI-ARIA combobox pattern (editable, list autocomplete): the input
 * keeps focus and points at the active option with aria-activedescendant. ArrowDown/ArrowUp open
 * the list and move through it (wrapping), Home/End jump to the first/last option while one is
 * active, Enter takes the active option, Escape closes the list (then, in a search box, clears the text),
 * Tab closes it and moves on in the page's order. Options that start with the typed text come
 * before those that only contain it.
 */
export function Combobox<T>({
  value,
  onValueChange,
  options,
  getKey,
  getLabel,
  renderOption,
  getGroup,
  onSelect,
  message = null,
  heading,
  autoSelect = false,
  listLabel,
  clearOnEscape = false,
  inputProps = {},
  icon,
  className,
  popupClassName,
}: ComboboxProps<T>) {
  const baseId = useId();
  const listId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const boxRef = useRef<HTMLDivElement>(null);

  // Ranked, then gathered by group so the keyboard order is the order on screen.
  const ordered = useMemo(() => {
    const ranked = rankByText(options, value, getLabel);
    if (!getGroup) return ranked;
    const groups = [...new Set(options.map(getGroup))];
    return groups.flatMap((group) => ranked.filter((option) => getGroup(option) === group));
  }, [options, value, getLabel, getGroup]);

  // New options: the first is active (autoSelect) or none is.
  const optionKeys = ordered.map(getKey).join('\u0000');
  useEffect(() => setActive(autoSelect && optionKeys ? 0 : -1), [optionKeys, autoSelect]);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => {
      if (boxRef.current && !boxRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const expanded = open && ordered.length > 0;
  const showMessage = open && ordered.length === 0 && message !== null && message !== undefined && message !== false;

  useLayoutEffect(() => {
    if (!expanded || active < 0) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId is derived from the stable id
  }, [active, expanded]);

  // Opened again (focus, a click): it starts fresh, with no option active unless autoSelect.
  const openList = () => {
    if (open) return;
    setOpen(true);
    setActive(autoSelect && ordered.length ? 0 : -1);
  };

  const choose = (option: T) => {
    setOpen(false);
    onSelect(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    inputProps.onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const last = ordered.length - 1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (!event.altKey && ordered.length) setActive(0);
        } else if (ordered.length) setActive((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (ordered.length) setActive(last);
        } else if (ordered.length) setActive((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Home':
      case 'End':
        // While an option is active the keys move in the list; otherwise they move the caret.
        if (expanded && active >= 0) {
          event.preventDefault();
          setActive(event.key === 'Home' ? 0 : last);
        }
        break;
      case 'Enter': {
        const current = expanded && active >= 0 ? ordered[active] : undefined;
        if (current !== undefined) {
          event.preventDefault();
          choose(current);
        }
        break;
      }
      case 'Escape':
        if (open && (expanded || showMessage)) {
          // Only the list closes, not a dialog around the box.
          event.preventDefault();
          event.stopPropagation();
          setOpen(false);
        } else if (clearOnEscape && value) {
          event.preventDefault();
          event.stopPropagation();
          onValueChange('');
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  const renderOne = (option: T, index: number) => {
    const isActive = index === active;
    return (
      <div
        key={getKey(option)}
        id={optionId(index)}
        role="option"
        aria-selected={isActive}
        className={cn(
          'cursor-pointer px-3 py-1.5 text-left text-sm',
          isActive ? 'bg-blue-50 outline outline-1 -outline-offset-1 outline-blue-300' : 'hover:bg-slate-50',
        )}
        // The input keeps focus while the pointer picks an option.
        onMouseDown={(e) => e.preventDefault()}
        onMouseMove={() => active !== index && setActive(index)}
        onClick={() => choose(option)}
      >
        {renderOption ? (
          renderOption(option, { active: isActive })
        ) : (
          <span className="font-medium text-slate-800">{getLabel(option)}</span>
        )}
      </div>
    );
  };

  const groupedOptions = () => {
    if (!getGroup) return ordered.map(renderOne);
    const groups: { name: string; start: number; items: T[] }[] = [];
    ordered.forEach((option, index) => {
      const name = getGroup(option);
      const current = groups[groups.length - 1];
      if (current && current.name === name) current.items.push(option);
      else groups.push({ name, start: index, items: [option] });
    });
    return groups.map((group) => {
      const headingId = `${baseId}-group-${group.start}`;
      return (
        <div key={group.name} role="group" aria-labelledby={headingId} className="py-1">
          <div
            id={headingId}
            role="presentation"
            className="px-3 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase"
          >
            {group.name}
          </div>
          {group.items.map((option, i) => renderOne(option, group.start + i))}
        </div>
      );
    });
  };

  return (
    <div ref={boxRef} className={cn('relative', className)}>
      {icon}
      <input
        type="text"
        autoComplete="off"
        {...inputProps}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={expanded ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          setOpen(true);
        }}
        onFocus={(e) => {
          inputProps.onFocus?.(e);
          openList();
        }}
        onBlur={(e) => {
          inputProps.onBlur?.(e);
          setOpen(false);
        }}
        onClick={(e) => {
          inputProps.onClick?.(e);
          openList();
        }}
        onKeyDown={onKeyDown}
      />
      {expanded || showMessage ? (
        <div
          className={cn(
            'absolute z-30 mt-1 max-h-80 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg',
            popupClassName,
          )}
        >
          {expanded ? (
            <>
              {heading ? (
                <p className="px-3 pt-1 pb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase" aria-hidden>
                  {heading}
                </p>
              ) : null}
              <div
                id={listId}
                role="listbox"
                aria-label={listLabel ?? (typeof heading === 'string' ? heading : inputProps['aria-label'])}
              >
                {groupedOptions()}
              </div>
            </>
          ) : (
            <p role="status" className="px-3 py-2 text-sm text-slate-600">
              {message}
            </p>
          )}
        </div>
      ) : null}
      {/* Screen readers hear how many options there are as the list changes. */}
      <div aria-live="polite" className="sr-only">
        {expanded ? `${ordered.length} ${ordered.length === 1 ? 'option' : 'options'} available` : ''}
      </div>
    </div>
  );
}
