import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The behaviour every type-ahead box shares: open while typing or focused, closed by Escape or a
 * click outside; ArrowUp/ArrowDown move the active option (back to the first when the options
 * change); Enter chooses it.
 */
export function useCombobox<T>(options: readonly T[], onChoose: (option: T) => void) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const boxRef = useRef<HTMLDivElement>(null);
  useEffect(() => setActive(0), [options]);
  useEffect(() => {
    const close = (event: MouseEvent) => {
      if (boxRef.current && !boxRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') setOpen(false);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, options.length - 1));
    }
    if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    }
    const current = options[active];
    if (e.key === 'Enter' && open && current !== undefined) {
      e.preventDefault();
      onChoose(current);
    }
  };

  return { open, setOpen, active, setActive, boxRef, onKeyDown };
}
