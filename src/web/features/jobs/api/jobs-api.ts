import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignTechniciansInput,
  CalendarAnswer,
  CreateJobAnswer,
  EditJobAnswer,
  JobHistory,
  CreateJobFormValues,
  JobDetail,
  JobItem,
  JobItemFormValues,
  JobList,
  JobListQuery,
  JobOptions,
  JobPreset,
  PresetData,
  UpdateJobInput,
} from '../../../../domain/jobs';
import type { PriceKind } from '../../../../domain/price-book';
import { api, withQuery, type QueryValue } from '../../../lib/api-client';
import { useLocations, useUnits } from '../../../lib/customer-queries';
import { usePriceList } from '../../../lib/price-book-queries';
import { customerKeys, homeKeys, jobKeys as sharedJobKeys } from '../../../lib/query-keys';

/**
 * Queries and mutations of the job screens. The job detail's query key is `jobKeys.detail(id)`
 * (['jobs', 'detail', id], in lib/query-keys for the features that refresh a job); any change to
 * a job invalidates every ['jobs'] query (lists, the calendar, the detail), the Home counts and
 * the customer queries. The customer and price-book lookups are the shared ones of lib.
 */
export const jobKeys = {
  ...sharedJobKeys,
  list: (q: Partial<JobListQuery>) => [...sharedJobKeys.all, 'list', q] as const,
  calendar: (from: string, to: string, perDay: number) => [...sharedJobKeys.all, 'calendar', from, to, perDay] as const,
  options: [...sharedJobKeys.all, 'options'] as const,
  presets: [...sharedJobKeys.all, 'presets'] as const,
};

const ROOT = '/api/jobs';
const asQuery = (q: object) => q as Record<string, QueryValue>;

/** The .xlsx of the filtered list (every page): a plain link the browser downloads. */
export const jobsExportHref = (filters: Partial<JobListQuery>) => {
  const { page: _page, pageSize: _pageSize, ...rest } = filters;
  return withQuery(`${ROOT}/export`, asQuery(rest));
};

export function useJobs(query: Partial<JobListQuery>, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: jobKeys.list(query),
    queryFn: ({ signal }) => api.get<JobList>(ROOT, asQuery(query), { signal }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The calendar's range with the first `perDay` jobs of each day (and every day's total). */
export function useJobCalendar(from: string, to: string, perDay: number, enabled: boolean) {
  return useQuery({
    queryKey: jobKeys.calendar(from, to, perDay),
    queryFn: ({ signal }) =>
      api.get<CalendarAnswer>(`${ROOT}/calendar`, { from, to, perDay: String(perDay) }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useJobOptions() {
  return useQuery({
    queryKey: jobKeys.options,
    queryFn: () => api.get<JobOptions>(`${ROOT}/options`),
    staleTime: 60_000,
  });
}

/** The job detail. Slots of the job page refresh it with `useInvalidateJob()` or this key. */
export function useJob(id: string | undefined) {
  return useQuery({
    queryKey: jobKeys.detail(id ?? ''),
    queryFn: () => api.get<JobDetail>(`${ROOT}/${id}`),
    enabled: Boolean(id),
  });
}

/** Marks every job query stale (the lists, the calendar, the detail) and the Home counts. */
export function useInvalidateJobs() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: jobKeys.all });
    void client.invalidateQueries({ queryKey: homeKeys.all });
    void client.invalidateQueries({ queryKey: customerKeys.all });
  };
}

function useJobMutation<TVariables, TResult>(fn: (variables: TVariables) => Promise<TResult>) {
  const invalidate = useInvalidateJobs();
  return useMutation({ mutationFn: fn, onSuccess: invalidate });
}

export const useCreateJob = () =>
  useJobMutation((input: CreateJobFormValues) => api.post<CreateJobAnswer>(ROOT, input));
/** Edit Job: the whole form (technicians aside); the answer says what changed, the warnings and a quote to update. */
export const useEditJob = () =>
  useJobMutation(({ id, input }: { id: string; input: CreateJobFormValues }) => {
    const { technicianIds: _technicians, ...body } = input;
    return api.put<EditJobAnswer>(`${ROOT}/${id}`, body);
  });

/** The job's edit history (under the job's key, so every job change refreshes it). */
export function useJobHistory(id: string) {
  return useQuery({
    queryKey: [...jobKeys.detail(id), 'history'] as const,
    queryFn: () => api.get<JobHistory>(`${ROOT}/${id}/history`),
  });
}
export const useCompleteJob = () => useJobMutation((id: string) => api.post<JobDetail>(`${ROOT}/${id}/complete`));
export const useUpdateJob = () =>
  useJobMutation(({ id, input }: { id: string; input: UpdateJobInput }) =>
    api.patch<JobDetail>(`${ROOT}/${id}`, input),
  );
export const useCancelJob = () => useJobMutation((id: string) => api.post<JobDetail>(`${ROOT}/${id}/cancel`));
export const useDeleteJob = () => useJobMutation((id: string) => api.delete<void>(`${ROOT}/${id}`));
export const useAssignTechnicians = () =>
  useJobMutation(({ id, input }: { id: string; input: AssignTechniciansInput }) =>
    api.put<JobDetail>(`${ROOT}/${id}/technicians`, input),
  );
export const useAddJobItem = () =>
  useJobMutation(({ id, input }: { id: string; input: JobItemFormValues }) =>
    api.post<JobItem>(`${ROOT}/${id}/items`, input),
  );
export const useUpdateJobItem = () =>
  useJobMutation(
    ({ id, itemId, input }: { id: string; itemId: string; input: { quantity: number; unitPrice: number } }) =>
      api.patch<JobItem>(`${ROOT}/${id}/items/${itemId}`, input),
  );
export const useDeleteJobItem = () =>
  useJobMutation(({ id, itemId }: { id: string; itemId: string }) => api.delete<void>(`${ROOT}/${id}/items/${itemId}`));

// Presets: the signed-in user's saved Create Job forms.
const PRESETS = '/api/job-presets';
export function usePresets() {
  return useQuery({ queryKey: jobKeys.presets, queryFn: () => api.get<{ items: JobPreset[] }>(PRESETS) });
}
function usePresetMutation<TVariables, TResult>(fn: (variables: TVariables) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void client.invalidateQueries({ queryKey: jobKeys.presets }) });
}
export const useSavePreset = () =>
  usePresetMutation((input: { name: string; data: PresetData }) => api.post<JobPreset>(PRESETS, input));
export const useDeletePreset = () => usePresetMutation((id: string) => api.delete<void>(`${PRESETS}/${id}`));

/** The price book, searched by code or name for the Add Pricing dialog (at most 8 matches). */
export function usePriceSearch(kind: PriceKind, q: string, enabled: boolean) {
  return usePriceList(
    { q, type: kind, page: 1, pageSize: 8 },
    { enabled, keepPrevious: false, staleTime: 10_000, abortStale: true },
  );
}

/** The chosen company's locations (the Create Job form's location select). */
export function useCompanyLocations(companyId: string | null | undefined) {
  return useLocations(
    { companyId: companyId ?? undefined, pageSize: 100 },
    { enabled: Boolean(companyId), keepPrevious: false },
  );
}

/** The units at the chosen location (optional on a job). */
export function useLocationUnits(locationId: string | null | undefined) {
  return useUnits(
    { locationId: locationId ?? undefined, pageSize: 100 },
    { enabled: Boolean(locationId), keepPrevious: false },
  );
}
