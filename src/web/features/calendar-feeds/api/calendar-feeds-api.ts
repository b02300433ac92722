import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedsOverview, MyCalendarFeed } from '../../../../domain/calendar-feeds';
import { api } from '../../../lib/api-client';

/** Only this screen reads the feeds: its own root. */
const feedKeys = {
  all: ['calendar-feeds'] as const,
  mine: ['calendar-feeds', 'mine'] as const,
  overview: ['calendar-feeds', 'overview'] as const,
};

export function useMyFeed(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.mine,
    queryFn: () => api.get<MyCalendarFeed>('/api/calendar-feeds/mine'),
    enabled,
  });
}

export function useFeedsOverview(enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.overview,
    queryFn: () => api.get<CalendarFeedsOverview>('/api/calendar-feeds'),
    enabled,
  });
}

function useFeedMutation<T, R>(mutationFn: (value: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: feedKeys.all }) });
}

export const usePutMyFeed = () =>
  useFeedMutation((_: void) => api.post<CalendarFeedCreated>('/api/calendar-feeds/mine'));
export const useRemoveMyFeed = () => useFeedMutation((_: void) => api.delete<null>('/api/calendar-feeds/mine'));
export const usePutOfficeFeed = () =>
  useFeedMutation((office: string) => api.post<CalendarFeedCreated>('/api/calendar-feeds/offices', { office }));
export const useRemoveFeed = () => useFeedMutation((id: string) => api.delete<null>(`/api/calendar-feeds/${id}`));
