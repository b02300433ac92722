import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardAnswer, BoardSearch, DispatchOptions, MoveJobAnswer } from '../../../../domain/dispatch';
import { api, type QueryValue } from '../../../lib/api-client';

/** The board's queries; a move writes through `moveJob` and refreshes the board, the job lists and Home. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  board: (q: BoardSearch) => ['dispatch', 'board', q] as const,
  options: ['dispatch', 'options'] as const,
};

/** One request per change of range or filters; the previous board stays on screen while the next loads. */
export function useBoard(query: BoardSearch, enabled = true) {
  return useQuery({
    queryKey: dispatchKeys.board(query),
    queryFn: ({ signal }) => api.get<BoardAnswer>('/api/dispatch/board', query as Record<string, QueryValue>, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDispatchOptions() {
  return useQuery({ queryKey: dispatchKeys.options, queryFn: () => api.get<DispatchOptions>('/api/dispatch/options'), staleTime: 60_000 });
}

export interface MoveBody {
  scheduleStart: string | null;
  scheduleDuration?: number;
  fromTechnicianId?: string | null;
  toTechnicianId?: string | null;
  expectedUpdatedAt: string;
  confirmOverlap?: boolean;
}

export const moveJob = (id: string, body: MoveBody) => api.post<MoveJobAnswer>(`/api/jobs/${id}/move`, body);

/** After a move: the board (counts, dates) and every job view are stale. */
export function useInvalidateAfterMove() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: dispatchKeys.all });
    void client.invalidateQueries({ queryKey: ['jobs'] });
    void client.invalidateQueries({ queryKey: ['home'] });
  };
}
