import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiErrorBody } from '../../../../domain/api';
import type {
  EmailTemplate,
  EmailTemplateInput,
  PdfTemplate,
  PdfTemplateList,
  TemplateQuoteType,
} from '../../../../domain/quote-templates';
import { api, ApiError, withQuery } from '../../../lib/api-client';

const pdfTemplatesKey = ['quote-templates', 'pdf'] as const;
const emailTemplatesKey = ['quote-templates', 'email'] as const;

export function usePdfTemplates(type: TemplateQuoteType) {
  return useQuery({
    queryKey: [...pdfTemplatesKey, type],
    queryFn: () => api.get<PdfTemplateList>('/api/quote-templates/pdf', { type }),
  });
}

export function useUsePdfTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, type }: { id: string; type: TemplateQuoteType }) =>
      api.post<PdfTemplate>(withQuery(`/api/quote-templates/pdf/${id}/default`, { type })),
    onSuccess: () => client.invalidateQueries({ queryKey: pdfTemplatesKey }),
  });
}

export function useDeletePdfTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(`/api/quote-templates/pdf/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: pdfTemplatesKey }),
  });
}

export interface PdfTemplateUpload {
  name: string;
  /** '' for a template that applies to every quote type */
  templateType: TemplateQuoteType | '';
  preservedPages: string;
  file: File;
}

/**
 * The upload goes through XMLHttpRequest, not fetch: only XHR reports the request body's upload
 * progress, which the dialog shows as a percentage. Errors come back as the same ApiError the
 * fetch client throws, so the dialog handles them like every other form.
 */
export function uploadPdfTemplate(
  input: PdfTemplateUpload,
  onProgress: (percent: number) => void,
): Promise<PdfTemplate> {
  const body = new FormData();
  // Text fields first: the server reads the parts in order and the file last.
  body.append('name', input.name);
  body.append('templateType', input.templateType);
  body.append('preservedPages', input.preservedPages);
  body.append('file', input.file, input.file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/quote-templates/pdf');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let payload: unknown = null;
      try {
        payload = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        payload = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(payload as PdfTemplate);
        return;
      }
      const error = (payload as ApiErrorBody | null)?.error;
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? 'INTERNAL_ERROR',
          error?.message ?? `Request failed (${xhr.status})`,
          error?.fields ?? {},
        ),
      );
    };
    xhr.onerror = () =>
      reject(new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server. Check your connection and try again.'));
    xhr.onabort = () => reject(new ApiError(0, 'NETWORK_ERROR', 'The upload was cancelled.'));
    xhr.send(body);
  });
}

export function useUploadPdfTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, onProgress }: { input: PdfTemplateUpload; onProgress: (percent: number) => void }) =>
      uploadPdfTemplate(input, onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: pdfTemplatesKey }),
  });
}

/** The wording a quote of this type is sent with: the stored default, or the built-in one (id null). */
export function useDefaultEmailTemplate(type: TemplateQuoteType) {
  return useQuery({
    queryKey: [...emailTemplatesKey, 'default', type],
    queryFn: () => api.get<EmailTemplate>('/api/quote-templates/email/default', { type }),
  });
}

export function useSaveEmailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: EmailTemplateInput }) =>
      id
        ? api.put<EmailTemplate>(`/api/quote-templates/email/${id}`, input)
        : api.post<EmailTemplate>('/api/quote-templates/email', input),
    onSuccess: () => client.invalidateQueries({ queryKey: emailTemplatesKey }),
  });
}
