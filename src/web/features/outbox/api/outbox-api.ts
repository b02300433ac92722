import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OutboxList, OutboxListQuery, OutboxMessage } from '../../../../domain/quote-outbox';
import { api } from '../../../lib/api-client';

const outboxKey = ['outbox'] as const;

export function useOutbox(query: OutboxListQuery) {
  return useQuery({
    queryKey: [...outboxKey, 'list', query],
    queryFn: () => api.get<OutboxList>('/api/outbox', { ...query }),
    placeholderData: keepPreviousData,
    // Messages change state on their own (the worker delivers them): keep the screen current.
    refetchInterval: 15_000,
  });
}

export function useOutboxMessage(id: string | undefined) {
  return useQuery({
    queryKey: [...outboxKey, 'message', id],
    queryFn: () => api.get<OutboxMessage>(`/api/outbox/${id}`),
    enabled: Boolean(id),
  });
}

export function useRetryOutboxMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<OutboxMessage>(`/api/outbox/${id}/retry`),
    onSuccess: () => client.invalidateQueries({ queryKey: outboxKey }),
  });
}
