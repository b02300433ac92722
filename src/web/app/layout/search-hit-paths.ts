import type { SearchKind } from '../../../domain/search';

/** Where each kind of header-search hit opens. */
export const searchHitPath: Record<SearchKind, (id: string) => string> = {
  companies: (id) => `/companies/${id}`,
  locations: (id) => `/locations/${id}`,
  units: (id) => `/units/${id}`,
  jobs: (id) => `/jobs/${id}`,
  invoices: (id) => `/invoices/${id}`,
};
