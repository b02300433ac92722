import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  FinishRepairsResult,
  Inspection,
  InspectionPayload,
  InspectionPhoto,
  InspectionQuoteState,
  JobInspections,
  MarkCompleteResult,
} from '../../../../domain/inspections';
import type { Repair, RepairPayload, RepairSummary } from '../../../../domain/repairs';
import { api } from '../../../lib/api-client';
import type { EarlierRecommendations, ResolveRecommendationInput } from '../../../../domain/unit-history';
import { customerKeys, invalidateJob, jobKeys } from '../../../lib/query-keys';

/** Every query of one job's Inspection/Repair tab sits under this key, itself under the job's (lib/query-keys). */
export const jobInspectionsRoot = (jobId: string) => jobKeys.inspections(jobId);
const listKey = (jobId: string) => [...jobInspectionsRoot(jobId), 'list'] as const;
const summaryKey = (jobId: string) => [...jobInspectionsRoot(jobId), 'repair-summary'] as const;
const quoteStateKey = (jobId: string) => [...jobInspectionsRoot(jobId), 'quote-state'] as const;

/**
 * After a change: the whole job page (the job, this tab, the Quotes and Invoices cards: one key,
 * `invalidateJob`), and what the page adds (`onChanged`: the lists, Home counts).
 */
type OnChanged = (() => void) | undefined;
const refresh = (client: QueryClient, jobId: string, onChanged?: OnChanged) => {
  onChanged?.();
  return invalidateJob(client, jobId);
};

/** The job's inspections, newest first, each with its repair record and photos. */
export function useJobInspections(jobId: string) {
  return useQuery({
    queryKey: listKey(jobId),
    queryFn: () => api.get<JobInspections>(`/api/jobs/${jobId}/inspections`),
  });
}

/** "Repair Details for All Inspections": each repair's chosen option and total, and the combined total. */
export function useRepairSummary(jobId: string) {
  return useQuery({
    queryKey: summaryKey(jobId),
    queryFn: () => api.get<RepairSummary>(`/api/jobs/${jobId}/repairs/summary`),
  });
}

/** Whether the inspections changed after the latest quote was sent (the resend banner). */
export function useInspectionQuoteState(jobId: string) {
  return useQuery({
    queryKey: quoteStateKey(jobId),
    queryFn: () => api.get<InspectionQuoteState>(`/api/jobs/${jobId}/inspections/quote-state`),
  });
}

export function useSaveInspection(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: InspectionPayload }) =>
      id
        ? api.put<Inspection>(`/api/inspections/${id}`, input)
        : api.post<Inspection>(`/api/jobs/${jobId}/inspections`, input),
    onSuccess: () => refresh(client, jobId, onChanged),
  });
}

export function useDeleteInspection(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/inspections/${id}`),
    onSuccess: () => refresh(client, jobId, onChanged),
  });
}

export function useMarkComplete(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MarkCompleteResult>(`/api/jobs/${jobId}/inspections/complete`),
    onSuccess: () => refresh(client, jobId, onChanged),
  });
}

export function useFinishRepairs(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<FinishRepairsResult>(`/api/jobs/${jobId}/repairs/finish`),
    onSuccess: (result) => {
      client.setQueryData(summaryKey(jobId), result.summary);
      return refresh(client, jobId, onChanged);
    },
  });
}

export function useSaveRepair(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ inspectionId, input }: { inspectionId: string; input: RepairPayload }) =>
      api.put<Repair>(`/api/inspections/${inspectionId}/repair`, input),
    onSuccess: () => refresh(client, jobId, onChanged),
  });
}

export function useUploadPhoto(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ inspectionId, file }: { inspectionId: string; file: File }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api.post<InspectionPhoto>(`/api/inspections/${inspectionId}/photos`, body);
    },
    onSettled: () => refresh(client, jobId, onChanged),
  });
}

export function useDeletePhoto(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ inspectionId, photoId }: { inspectionId: string; photoId: string }) =>
      api.delete<void>(`/api/inspections/${inspectionId}/photos/${photoId}`),
    onSuccess: () => refresh(client, jobId, onChanged),
  });
}

// -- open recommendations from earlier visits (issue 29, decision 044) --------------------------

const earlierKey = (jobId: string) => [...jobInspectionsRoot(jobId), 'earlier-recommendations'] as const;

/** The open repair options of the job's unit found on its other jobs. */
export function useEarlierRecommendations(jobId: string) {
  return useQuery({
    queryKey: earlierKey(jobId),
    queryFn: () => api.get<EarlierRecommendations>(`/api/jobs/${jobId}/earlier-recommendations`),
  });
}

/** A recommendation settled here changes the unit page and the other job too. */
const refreshAfterRecommendation = (client: QueryClient, jobId: string, onChanged?: OnChanged) => {
  void client.invalidateQueries({ queryKey: customerKeys.all });
  return refresh(client, jobId, onChanged);
};

/** Add an open recommendation to this job's repair options (a copy of its inspection and repair). */
export function useAddRecommendation(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (repairId: string) =>
      api.post<Inspection>(`/api/jobs/${jobId}/earlier-recommendations/${repairId}/add`),
    onSuccess: () => refreshAfterRecommendation(client, jobId, onChanged),
  });
}

/** Mark an open recommendation resolved, with a reason. */
export function useResolveRecommendation(jobId: string, onChanged?: OnChanged) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ repairId, body }: { repairId: string; body: ResolveRecommendationInput }) =>
      api.post<null>(`/api/jobs/${jobId}/earlier-recommendations/${repairId}/resolve`, body),
    onSuccess: () => refreshAfterRecommendation(client, jobId, onChanged),
  });
}
