import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookEndpointDetail,
  WebhookEndpointInput,
  WebhookEndpointList,
  WebhookSecret,
} from '../../../../domain/webhooks';
import { api } from '../../../lib/api-client';

export const webhookKeys = {
  all: ['webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  endpoint: (id: string) => [...webhookKeys.all, 'endpoint', id] as const,
  secret: (id: string) => [...webhookKeys.all, 'secret', id] as const,
};

export function useWebhookEndpoints(options: { enabled: boolean }) {
  return useQuery({
    queryKey: webhookKeys.list(),
    queryFn: () => api.get<WebhookEndpointList>('/api/webhooks'),
    enabled: options.enabled,
    refetchInterval: 15_000,
  });
}

export function useWebhookEndpoint(id: string | undefined) {
  return useQuery({
    queryKey: webhookKeys.endpoint(id ?? ''),
    queryFn: () => api.get<WebhookEndpointDetail>(`/api/webhooks/${id}`),
    enabled: Boolean(id),
    // The worker delivers on its own: keep the deliveries and their attempts current.
    refetchInterval: 5_000,
  });
}

export function useWebhookSecret(id: string, enabled: boolean) {
  return useQuery({
    queryKey: webhookKeys.secret(id),
    queryFn: () => api.get<WebhookSecret>(`/api/webhooks/${id}/secret`),
    enabled,
    staleTime: Infinity,
    gcTime: 60_000,
  });
}

export function useCreateWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) =>
      api.post<WebhookEndpointDetail & { secret: string }>('/api/webhooks', input),
    onSuccess: (created) => {
      client.setQueryData(webhookKeys.secret(created.id), { secret: created.secret });
      return client.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

export function useUpdateWebhookEndpoint(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointInput) => api.put<WebhookEndpointDetail>(`/api/webhooks/${id}`, input),
    onSuccess: (saved) => {
      client.setQueryData(webhookKeys.endpoint(id), saved);
      return client.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}

export function useDeleteWebhookEndpoint() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/webhooks/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: webhookKeys.list() }),
  });
}

export function useRotateWebhookSecret(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<WebhookSecret>(`/api/webhooks/${id}/secret/rotate`),
    onSuccess: (secret) => client.setQueryData(webhookKeys.secret(id), secret),
  });
}

export function useReplayWebhookDelivery(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<WebhookEndpointDetail>(`/api/webhooks/${id}/deliveries/${deliveryId}/replay`),
    onSuccess: (detail) => {
      client.setQueryData(webhookKeys.endpoint(id), detail);
      return client.invalidateQueries({ queryKey: webhookKeys.list() });
    },
  });
}
