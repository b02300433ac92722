import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PriceList, PriceListQuery } from '../../domain/price-book';
import { api } from './api-client';
import { priceBookKeys } from './query-keys';

/**
 * A page of the price book: the Price Book screen and the job's Add Pricing search read it, and
 * every price-book change invalidates `priceBookKeys.all`.
 */
export function usePriceList(
  query: Partial<PriceListQuery>,
  { enabled = true, keepPrevious = true, staleTime }: { enabled?: boolean; keepPrevious?: boolean; staleTime?: number } = {},
) {
  return useQuery({
    queryKey: priceBookKeys.list(query),
    queryFn: ({ signal }) => api.get<PriceList>('/api/price-book', { ...query }, { signal }),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(staleTime === undefined ? {} : { staleTime }),
    enabled,
  });
}
