/**
 * Orders type-ahead results for the typed text: labels that start with it first, then labels with
 * a word that starts with it, then the ones that only contain it somewhere; otherwise the order
 * given (the server's, usually by name) is kept. Case and surrounding spaces do not count.
 */
export function rankByText<T>(items: readonly T[], text: string, labelOf: (item: T) => string): T[] {
  const needle = text.trim().toLocaleLowerCase('en-US');
  if (!needle) return [...items];
  const tier = (item: T): number => {
    const label = labelOf(item).trim().toLocaleLowerCase('en-US');
    if (label.startsWith(needle)) return 0;
    if (label.split(/[\s\-/,.()#]+/).some((word) => word.startsWith(needle))) return 1;
    return 2;
  };
  return items
    .map((item, index) => ({ item, index, tier: tier(item) }))
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map(({ item }) => item);
}
