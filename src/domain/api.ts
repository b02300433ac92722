import { z } from 'zod';

/** The one error shape every API answer uses: { error: { code, message, fields? } }. */
export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorBody = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;

export const MAX_PAGE_SIZE = 100;

/** ?page=1&pageSize=25 on every list endpoint. */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1, 'Page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}`).default(25),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    /** The number of matching rows; a lower bound when totalCapped (see LIST_TOTAL_CAP). */
    total: z.number().int(),
    /** True when the count stopped at its cap: more than `total` rows match ("10,000+"). */
    totalCapped: z.boolean(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export interface Paginated<T> {
  items: T[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

/** Query-string text filter: trimmed, empty means "no filter". */
export const optionalFilter = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));
