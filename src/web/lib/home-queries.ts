import { useQuery } from '@tanstack/react-query';
import type { HomeOptions } from '../../domain/home';
import { api } from './api-client';
import { homeKeys } from './query-keys';

/** Home's Office and Technician choices; the lists opened from Home name their technician with it. */
export function useHomeOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: homeKeys.options,
    queryFn: () => api.get<HomeOptions>('/api/home/options'),
    staleTime: 5 * 60_000,
    enabled,
  });
}
