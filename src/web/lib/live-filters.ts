import { useEffect, useRef, useState } from 'react';

type Values<K extends string> = Record<K, string>;

function normalized<K extends string>(keys: readonly K[], values: Partial<Record<K, string | undefined>>): string {
  const kept: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = values[key]?.trim();
    if (value) kept[key] = value;
  }
  return JSON.stringify(kept);
}

/**
 * Text filters that apply as the user types: the boxes hold a draft, and `apply` runs once typing
 * pauses for `delayMs`. When the applied values change from outside (Back, a shared link, Reset),
 * the boxes follow them.
 */
export function useLiveFilters<K extends string>(
  /** a list defined once per screen (module constant) */
  keys: readonly K[],
  applied: Partial<Record<K, string | undefined>>,
  apply: (next: Values<K>) => void,
  delayMs = 300,
) {
  const fill = (from: Partial<Record<K, string | undefined>>) =>
    Object.fromEntries(keys.map((k) => [k, from[k] ?? ''])) as Values<K>;
  const appliedText = normalized(keys, applied);
  const [draft, setDraft] = useState<Values<K>>(() => fill(applied));
  const lastApplied = useRef(appliedText);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const applyRef = useRef(apply);
  useEffect(() => {
    applyRef.current = apply;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (appliedText === lastApplied.current) return;
    lastApplied.current = appliedText;
    clearTimeout(timer.current);
    const parsed = JSON.parse(appliedText) as Partial<Record<K, string>>;
    setDraft(Object.fromEntries(keys.map((k) => [k, parsed[k] ?? ''])) as Values<K>);
  }, [appliedText, keys]);

  const change = (key: K, value: string) => {
    const next = { ...draft, [key]: value };
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const text = normalized(keys, next);
      if (text === lastApplied.current) return;
      lastApplied.current = text;
      applyRef.current(next);
    }, delayMs);
  };

  /** Empties the boxes at once (the caller clears the applied filters). */
  const clear = () => {
    clearTimeout(timer.current);
    lastApplied.current = normalized(keys, {});
    setDraft(fill({}));
  };

  return { draft, change, clear };
}
