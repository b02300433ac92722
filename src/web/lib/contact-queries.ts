import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '../../domain/api';
import type { Contact, ContactInput, ContactListQuery, ContactOptions } from '../../domain/contacts';
import { api, type QueryValue } from './api-client';
import { customerKeys } from './query-keys';

/**
 * Contacts (decision 038): read by the customer screens (the list, the company and location
 * cards), Create / Edit Job (the Job Primary Contact) and the quote and invoice send dialogs.
 * Their keys sit under `customerKeys`, so a customer change refreshes them.
 */
export function useContacts(query: Partial<ContactListQuery>, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: customerKeys.contacts(query),
    queryFn: ({ signal }) =>
      api.get<Paginated<Contact>>('/api/contacts', query as Record<string, QueryValue>, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A location's contacts and its company's (no location), primary first; nothing without a location. */
export function useContactOptions(locationId: string | null | undefined) {
  return useQuery({
    queryKey: customerKeys.contactOptions(locationId ?? ''),
    queryFn: ({ signal }) => api.get<ContactOptions>('/api/contacts/options', { locationId: locationId! }, { signal }),
    enabled: Boolean(locationId),
    staleTime: 30_000,
  });
}

/** Create or edit a contact; every customer query is stale after it. */
export function useSaveContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: ContactInput }) =>
      id ? api.put<Contact>(`/api/contacts/${id}`, input) : api.post<Contact>('/api/contacts', input),
    onSuccess: () => void client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}

export function useDeleteContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/contacts/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
