import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateTechnicianInput, TechnicianDetail, UpdateTechnicianInput } from '../../../../domain/technicians';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';

const technicianKey = (id: string) => ['technicians', id] as const;

export function useTechnician(id: string, enabled: boolean) {
  return useQuery({
    queryKey: technicianKey(id),
    queryFn: () => api.get<TechnicianDetail>(`/api/technicians/${id}`),
    enabled,
  });
}

export function useCreateTechnician() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateTechnicianInput) => api.post<{ id: string; username: string }>('/api/technicians', input),
    onSuccess: () => client.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useUpdateTechnician(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTechnicianInput) => api.put<TechnicianDetail>(`/api/technicians/${id}`, input),
    onSuccess: async (saved) => {
      client.setQueryData(technicianKey(id), saved);
      await client.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
