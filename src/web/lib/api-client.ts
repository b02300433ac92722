import type { ApiErrorBody, ErrorCode } from '../../domain/api';

/** An API answer that was not 2xx, with the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK_ERROR',
    message: string,
    readonly fields: Record<string, string> = {},
    /** The rest of the error object a route's error schema names (e.g. Create Invoice's `doubleBilled`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export function withQuery(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

type Listener = () => void;
const unauthorizedListeners = new Set<Listener>();
/** Called when a request answers 401: the session ended (expired, or signed out elsewhere). */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

async function request<T>(method: string, path: string, body?: unknown, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined || body instanceof FormData
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      ...init,
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', 'Cannot reach the server. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const payload: unknown = isJson ? await response.json().catch(() => null) : null;
  if (!response.ok) {
    const error = (payload as ApiErrorBody | null)?.error;
    if (response.status === 401 && !path.startsWith('/api/auth/')) unauthorizedListeners.forEach((l) => l());
    const { code, message, fields, ...details } = error ?? ({} as Partial<ApiErrorBody['error']>);
    throw new ApiError(
      response.status,
      code ?? 'INTERNAL_ERROR',
      message ?? `Request failed (${response.status})`,
      fields ?? {},
      details,
    );
  }
  return payload as T;
}

export const api = {
  get: <T>(path: string, query?: Record<string, QueryValue>, init?: RequestInit) =>
    request<T>('GET', withQuery(path, query), undefined, init),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {}),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body ?? {}),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body ?? {}),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** The message to show for any error thrown by a query or mutation. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // Server-side faults and lost connections get the screen's own wording, not the raw text; a 4xx says what to fix.
    return error.status >= 500 || error.code === 'NETWORK_ERROR' ? fallback : error.message;
  }
  return fallback;
}
