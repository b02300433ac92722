import { useQuery } from '@tanstack/react-query';
import type { AgreementHomeCounts } from '../../../../domain/agreements';
import { api } from '../../../lib/api-client';
import { agreementKeys, homeKeys } from '../../../lib/query-keys';

/** Home's two agreement cards; stale with Home (jobs scheduled) and with any agreement change. */
export function useAgreementHomeCounts(enabled: boolean) {
  return useQuery({
    queryKey: [...homeKeys.all, ...agreementKeys.all, 'home-counts'],
    queryFn: () => api.get<AgreementHomeCounts>('/api/agreements/home-counts'),
    enabled,
  });
}
