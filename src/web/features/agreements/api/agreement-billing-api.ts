import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgreementInvoice, DeferredRevenueReport, DeferredRevenueSummary } from '../../../../domain/agreements';
import { api } from '../../../lib/api-client';
import { agreementKeys } from '../../../lib/query-keys';

/** The agreement's invoices (its detail page's Invoices card). */
export function useAgreementInvoices(id: string) {
  return useQuery({
    queryKey: [...agreementKeys.detail(id), 'invoices'],
    queryFn: () => api.get<{ items: AgreementInvoice[] }>(`/api/agreements/${id}/invoices`),
  });
}

/** The deferred revenue report for a range of months (YYYY-MM; both optional). */
export function useDeferredRevenue(range: { from?: string; to?: string }) {
  const query = Object.fromEntries(Object.entries(range).filter(([, v]) => v)) as Record<string, string>;
  return useQuery({
    queryKey: [...agreementKeys.all, 'deferred-revenue', query],
    queryFn: () => api.get<DeferredRevenueReport>('/api/agreements/deferred-revenue', query),
    placeholderData: keepPreviousData,
  });
}

/** Deferred revenue today (Home's card). */
export function useDeferredRevenueSummary(enabled = true) {
  return useQuery({
    queryKey: [...agreementKeys.all, 'deferred-revenue', 'summary'],
    queryFn: () => api.get<DeferredRevenueSummary>('/api/agreements/deferred-revenue/summary'),
    enabled,
  });
}
