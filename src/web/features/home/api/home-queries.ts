import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DailySchedule, HomeFilters, HomeStats } from '../../../../domain/home';
import { api } from '../../../lib/api-client';
import { homeKeys } from '../../../lib/query-keys';

export function useHomeStats(filters: HomeFilters) {
  return useQuery({
    queryKey: [...homeKeys.all, 'stats', filters],
    queryFn: () => api.get<HomeStats>('/api/home/stats', { ...filters }),
    placeholderData: keepPreviousData,
  });
}

export function useDailySchedule(date: string, technicianId: string | undefined) {
  return useQuery({
    queryKey: [...homeKeys.all, 'schedule', date, technicianId],
    queryFn: () => api.get<DailySchedule>('/api/home/schedule', { date, technicianId }),
    placeholderData: keepPreviousData,
  });
}
