import type { PriceKind } from '../../../domain/price-book';

/** The list's Type filter: its value in the URL and its label. */
export const PRICE_TYPE_FILTERS: { value: PriceKind | ''; label: string }[] = [
  { value: '', label: 'All Types' },
  { value: 'part', label: 'Parts' },
  { value: 'labor', label: 'Labor' },
  { value: 'item', label: 'Items' },
];
