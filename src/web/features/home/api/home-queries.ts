import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DailySchedule, HomeFilters, HomeOptions, HomeStats } from '../../../../domain/home';
import { api } from '../../../lib/api-client';

export function useHomeStats(filters: HomeFilters) {
  return useQuery({
    queryKey: ['home', 'stats', filters],
    queryFn: () => api.get<HomeStats>('/api/home/stats', { ...filters }),
    placeholderData: keepPreviousData,
  });
}

export function useHomeOptions() {
  return useQuery({ queryKey: ['home', 'options'], queryFn: () => api.get<HomeOptions>('/api/home/options'), staleTime: 5 * 60_000 });
}

export function useDailySchedule(date: string, technicianId: string | undefined) {
  return useQuery({
    queryKey: ['home', 'schedule', date, technicianId],
    queryFn: () => api.get<DailySchedule>('/api/home/schedule', { date, technicianId }),
    placeholderData: keepPreviousData,
  });
}
