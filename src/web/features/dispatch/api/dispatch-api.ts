import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BoardAnswer,
  BoardSearch,
  CompletedJobsAnswer,
  DispatchOptions,
  MoveJobAnswer,
  UnscheduledAnswer,
} from '../../../../domain/dispatch';
import { DISPATCH_COMPLETED_PAGE } from '../../../../domain/dispatch-board';
import { api, type QueryValue } from '../../../lib/api-client';
import { homeKeys, jobKeys } from '../../../lib/query-keys';

/** The board's queries; a move writes through `moveJob` and refreshes the board, the job lists and Home. */
export const dispatchKeys = {
  all: ['dispatch'] as const,
  board: (q: BoardSearch) => ['dispatch', 'board', q] as const,
  options: ['dispatch', 'options'] as const,
  unscheduled: (q: BoardSearch) => ['dispatch', 'unscheduled', q] as const,
  completed: (q: BoardSearch, technicianId: string) => ['dispatch', 'completed', technicianId, q] as const,
};

/** The tray: the range's unscheduled jobs as their own list (not cut by the board's 2,000 jobs). */
export function useUnscheduled(query: BoardSearch) {
  return useQuery({
    queryKey: dispatchKeys.unscheduled(query),
    queryFn: ({ signal }) =>
      api.get<UnscheduledAnswer>('/api/dispatch/unscheduled', query as Record<string, QueryValue>, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** One row's completed jobs (a technician's id or 'unassigned'), 50 at a time. */
export function useCompletedJobs(query: BoardSearch, technicianId: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: dispatchKeys.completed(query, technicianId),
    queryFn: ({ signal, pageParam }) =>
      api.get<CompletedJobsAnswer>(
        '/api/dispatch/completed',
        {
          ...(query as Record<string, QueryValue>),
          technicianId,
          offset: pageParam,
          limit: DISPATCH_COMPLETED_PAGE.default,
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last) =>
      last.offset + last.jobs.length < last.total && last.jobs.length > 0 ? last.offset + last.jobs.length : undefined,
    enabled,
  });
}

/** One request per change of range or filters; the previous board stays on screen while the next loads. */
export function useBoard(query: BoardSearch, enabled = true) {
  return useQuery({
    queryKey: dispatchKeys.board(query),
    queryFn: ({ signal }) =>
      api.get<BoardAnswer>('/api/dispatch/board', query as Record<string, QueryValue>, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useDispatchOptions() {
  return useQuery({
    queryKey: dispatchKeys.options,
    queryFn: () => api.get<DispatchOptions>('/api/dispatch/options'),
    staleTime: 60_000,
  });
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
    void client.invalidateQueries({ queryKey: jobKeys.all });
    void client.invalidateQueries({ queryKey: homeKeys.all });
  };
}
