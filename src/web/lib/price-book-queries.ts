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
  {
    enabled = true,
    keepPrevious = true,
    staleTime,
    abortStale = false,
  }: {
    enabled?: boolean;
    keepPrevious?: boolean;
    staleTime?: number;
    /** cancel the request of a query no longer shown (a search as one types) */ abortStale?: boolean;
  } = {},
) {
  return useQuery({
    queryKey: priceBookKeys.list(query),
    queryFn: ({ signal }) => api.get<PriceList>('/api/price-book', { ...query }, abortStale ? { signal } : undefined),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(staleTime === undefined ? {} : { staleTime }),
    enabled,
  });
}
