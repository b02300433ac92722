import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery, type QueryValue } from '../../../lib/api-client';
import { opportunityKeys } from '../../../lib/query-keys';
import type { DismissInput, FollowUpInput, OpportunityKind, OpportunityList } from '../../../../domain/opportunities';

const asQuery = (q: object) => q as Record<string, QueryValue>;

export const opportunityExportUrl = (filters: object) => withQuery('/api/opportunities/export', asQuery(filters));

export function useOpportunities(query: object, enabled = true) {
  return useQuery({
    enabled,
    queryKey: opportunityKeys.list(query),
    queryFn: ({ signal }) => api.get<OpportunityList>('/api/opportunities', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

export interface OpportunityRef {
  kind: OpportunityKind;
  sourceId: string;
}
const base = (o: OpportunityRef) => `/api/opportunities/${o.kind}/${o.sourceId}`;

function useOpportunityMutation<V>(call: (v: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: opportunityKeys.all }),
  });
}

export const useSetFollowUp = () =>
  useOpportunityMutation(({ ref, body }: { ref: OpportunityRef; body: FollowUpInput }) =>
    api.put(`${base(ref)}/follow-up`, body),
  );
export const useDismissOpportunity = () =>
  useOpportunityMutation(({ ref, body }: { ref: OpportunityRef; body: DismissInput }) =>
    api.post(`${base(ref)}/dismiss`, body),
  );
export const useRestoreOpportunity = () =>
  useOpportunityMutation((ref: OpportunityRef) => api.post(`${base(ref)}/restore`, {}));
