import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery, type QueryValue } from '../../../lib/api-client';
import { scorecardKeys } from '../../../lib/query-keys';
import type { Scorecard } from '../../../../domain/tech-scorecard';

const asQuery = (q: object) => q as Record<string, QueryValue>;

export const scorecardExportUrl = (query: object) => withQuery('/api/tech-scorecard/export', asQuery(query));

export function useScorecard(query: object, enabled: boolean) {
  return useQuery({
    queryKey: scorecardKeys.card(query),
    queryFn: ({ signal }) => api.get<Scorecard>('/api/tech-scorecard', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
