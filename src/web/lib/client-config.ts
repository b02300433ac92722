import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../domain/customers';
import { api } from './api-client';

/** The server's configuration the browser needs (the map tile URL template). */
export function useClientConfig() {
  return useQuery({
    queryKey: ['config'],
    queryFn: () => api.get<ClientConfig>('/api/config'),
    staleTime: Infinity,
  });
}
