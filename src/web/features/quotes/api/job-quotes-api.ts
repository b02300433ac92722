import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobQuotesView, SendQuoteInput, SendQuoteResult, WithdrawQuoteResult } from '../../../../domain/quotes';
import { api } from '../../../lib/api-client';
import { invalidateJob, jobKeys } from '../../../lib/query-keys';

/** Under the job's key (lib/query-keys): any change on the job page refreshes the Quotes card. */
export const jobQuotesKey = (jobId: string) => jobKeys.quotes(jobId);

/** The Quotes card's state: per-type tabs, the badges, the history newest first (decision 018). */
export function useJobQuotes(jobId: string) {
  return useQuery({
    queryKey: jobQuotesKey(jobId),
    queryFn: () => api.get<JobQuotesView>(`/api/jobs/${jobId}/quotes`),
  });
}

/** A free QT-{jobNumber}-{4 digits} for the send dialog (asked each time the dialog opens). */
export function useNextQuoteNumber(jobId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...jobQuotesKey(jobId), 'next-number'],
    queryFn: () => api.get<{ number: string }>(`/api/jobs/${jobId}/quotes/next-number`),
    enabled,
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function useSendQuote(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SendQuoteInput) => api.post<SendQuoteResult>(`/api/jobs/${jobId}/quotes/send`, input),
    // The job's badges, this card and the inspection tab's resend banner all depend on a send.
    onSuccess: () => invalidateJob(client, jobId),
  });
}

/** The office withdraws a quote awaiting the customer (issue 26): its link then says so. */
export function useWithdrawQuote(jobId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => api.post<WithdrawQuoteResult>(`/api/quotes/${quoteId}/withdraw`, {}),
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: jobQuotesKey(jobId) }),
        client.invalidateQueries({ queryKey: jobKeys.detail(jobId) }),
      ]);
    },
  });
}
