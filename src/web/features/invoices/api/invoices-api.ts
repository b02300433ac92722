import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery, type QueryValue } from '../../../lib/api-client';
import { useHomeOptions } from '../../../lib/home-queries';
import { homeKeys, jobKeys } from '../../../lib/query-keys';
import type {
  InvoiceDetail,
  InvoiceList,
  InvoiceReport,
  InvoiceType,
  JobInvoices,
  PaidInvoiceList,
  PaymentList,
  PaymentMethod,
  PendingInvoiceList,
  RecordPaymentInput,
  UpdateDraftInput,
  AddDiscountInput,
} from '../../../../domain/invoices';

const asQuery = (q: object) => q as Record<string, QueryValue>;

/**
 * Every invoice query starts with 'invoices', so a change refreshes every list, page and report; a
 * job's Invoices card sits under the job's key (`jobKeys.invoices`), with the rest of its page.
 */
const keys = {
  all: ['invoices'] as const,
  list: (q: object) => ['invoices', 'list', q] as const,
  pending: (q: object) => ['invoices', 'pending', q] as const,
  paid: (q: object) => ['invoices', 'paid', q] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
  report: (q: object) => ['invoices', 'report', q] as const,
  payments: (q: object) => ['invoices', 'payments', q] as const,
};

export const invoiceExportUrl = (path: string, filters: object) => withQuery(path, asQuery(filters));

/** The technicians' names, for the chip of a list opened from Home with its Technician select. */
export function useTechnicianName(technicianId: string | undefined): string | null {
  const options = useHomeOptions({ enabled: Boolean(technicianId) });
  if (!technicianId) return null;
  return options.data?.technicians.find((t) => t.id === technicianId)?.name ?? 'One technician';
}

export function useInvoices(query: object) {
  return useQuery({
    queryKey: keys.list(query),
    queryFn: ({ signal }) => api.get<InvoiceList>('/api/invoices', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}
export function usePendingInvoices(query: object) {
  return useQuery({
    queryKey: keys.pending(query),
    queryFn: ({ signal }) => api.get<PendingInvoiceList>('/api/invoices/pending', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}
export function usePaidInvoices(query: object) {
  return useQuery({
    queryKey: keys.paid(query),
    queryFn: ({ signal }) => api.get<PaidInvoiceList>('/api/invoices/paid', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}
export function useInvoice(id: string | undefined) {
  return useQuery({
    queryKey: keys.detail(id ?? ''),
    queryFn: () => api.get<InvoiceDetail>(`/api/invoices/${id}`),
    enabled: Boolean(id),
  });
}

export function useJobInvoices(jobId: string) {
  return useQuery({
    queryKey: jobKeys.invoices(jobId),
    queryFn: () => api.get<JobInvoices>(`/api/jobs/${jobId}/invoices`),
  });
}

function useInvoiceMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  // An invoice change also changes Home's counts (unsent invoices, jobs to invoice) and its job's
  // page (the Invoices card; jobKeys.all covers the job whichever screen made the change).
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: keys.all }),
        client.invalidateQueries({ queryKey: homeKeys.all }),
        client.invalidateQueries({ queryKey: jobKeys.all }),
      ]);
    },
  });
}

export const useCreateInvoice = (jobId: string) =>
  useInvoiceMutation((body: { type: InvoiceType; rebillReason?: string | null }) =>
    api.post<InvoiceDetail>(`/api/jobs/${jobId}/invoices`, body),
  );
export const useSendInvoice = () =>
  useInvoiceMutation(({ id, email }: { id: string; email: string | null }) =>
    api.post<InvoiceDetail>(`/api/invoices/${id}/send`, { email }),
  );
export const useMarkInvoicePaid = () =>
  useInvoiceMutation(
    ({ id, method = 'other', reference = null }: { id: string; method?: PaymentMethod; reference?: string | null }) =>
      api.post<InvoiceDetail>(`/api/invoices/${id}/mark-paid`, { method, reference }),
  );
export const useRecordPayment = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: RecordPaymentInput }) =>
    api.post<InvoiceDetail>(`/api/invoices/${id}/payments`, body),
  );
export const useVoidPayment = () =>
  useInvoiceMutation(({ id, paymentId, reason }: { id: string; paymentId: string; reason: string }) =>
    api.post<InvoiceDetail>(`/api/invoices/${id}/payments/${paymentId}/void`, { reason }),
  );
export function usePayments(query: object) {
  return useQuery({
    queryKey: keys.payments(query),
    queryFn: ({ signal }) => api.get<PaymentList>('/api/invoices/payments', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}
export const useVoidInvoice = () =>
  useInvoiceMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<InvoiceDetail>(`/api/invoices/${id}/void`, { reason }),
  );
export const useUpdateInvoice = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: UpdateDraftInput }) =>
    api.put<InvoiceDetail>(`/api/invoices/${id}`, body),
  );

export function useInvoiceReport(query: object) {
  return useQuery({
    queryKey: keys.report(query),
    queryFn: ({ signal }) => api.get<InvoiceReport>('/api/invoices/reports', asQuery(query), { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Issue 27: a discount on a draft (amount in dollars or percent, with a reason), and its removal. */
export const useAddDiscount = () =>
  useInvoiceMutation(({ id, body }: { id: string; body: AddDiscountInput }) =>
    api.post<InvoiceDetail>(`/api/invoices/${id}/discounts`, body),
  );
export const useRemoveDiscount = () =>
  useInvoiceMutation(({ id, discountId }: { id: string; discountId: string }) =>
    api.delete<InvoiceDetail>(`/api/invoices/${id}/discounts/${discountId}`),
  );
