import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportPreview, ImportResult } from '../../../../domain/price-book-import';
import type {
  PriceBookOptions,
  PriceKind,
  PriceListQuery,
  PriceRecord,
  PriceUpdateBody,
  PriceValues,
} from '../../../../domain/price-book';
import { PRICE_KIND_SEGMENTS } from '../../../../domain/price-book-lists';
import { api, withQuery } from '../../../lib/api-client';
import { priceBookKeys } from '../../../lib/query-keys';

const ROOT = '/api/price-book';
/** The list itself is lib's `usePriceList` (the job's Add Pricing searches it too). */
const keys = {
  ...priceBookKeys,
  options: [...priceBookKeys.all, 'options'] as const,
};

export function usePriceBookOptions() {
  return useQuery({
    queryKey: keys.options,
    queryFn: () => api.get<PriceBookOptions>(`${ROOT}/options`),
    staleTime: 5 * 60_000,
  });
}

/** The export link for the current filters (the browser streams the download itself). */
export function exportHref(filters: Pick<PriceListQuery, 'q' | 'type' | 'serviceLine'>): string {
  return withQuery(`${ROOT}/export`, { q: filters.q, type: filters.type, serviceLine: filters.serviceLine });
}
export const IMPORT_TEMPLATE_HREF = `${ROOT}/import/template`;

/** After any change: the list, and the options (a new item category may have appeared). */
function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: keys.all });
}

export function useCreatePrice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: PriceKind; body: PriceValues }) =>
      api.post<PriceRecord>(`${ROOT}/${PRICE_KIND_SEGMENTS[kind]}`, body),
    onSuccess: invalidate,
  });
}

export function useUpdatePrice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ kind, id, body }: { kind: PriceKind; id: string; body: PriceUpdateBody }) =>
      api.put<PriceRecord>(`${ROOT}/${PRICE_KIND_SEGMENTS[kind]}/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeletePrice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: PriceKind; id: string }) =>
      api.delete<void>(`${ROOT}/${PRICE_KIND_SEGMENTS[kind]}/${id}`),
    onSuccess: invalidate,
  });
}

const fileForm = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
};

export function usePreviewImport() {
  return useMutation({ mutationFn: (file: File) => api.post<ImportPreview>(`${ROOT}/import/preview`, fileForm(file)) });
}

export function useApplyImport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (file: File) => api.post<ImportResult>(`${ROOT}/import`, fileForm(file)),
    onSuccess: invalidate,
  });
}
