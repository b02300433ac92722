import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SearchResults } from '../../../domain/search';
import { SEARCH_MIN_LENGTH, searchKinds, type SearchKind } from '../../../domain/search-kinds';
import { searchHitPath } from './search-hit-paths';
import { api } from '../../lib/api-client';
import { searchKeys } from '../../lib/query-keys';
import { useDebounced } from '../../lib/use-debounced';
import { Combobox } from '../../ui/combobox';

const KIND_LABELS: Record<SearchKind, string> = {
  companies: 'Companies',
  locations: 'Locations',
  units: 'Units',
  jobs: 'Jobs',
  invoices: 'Invoices',
};

/** The text as the server reads it (case and runs of spaces do not change the answer), so one answer serves both spellings. */
const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * One box that finds companies, locations, units, jobs and invoices, five of each, from 2 typed
 * characters. Typing stays responsive: a request leaves 250 ms after the last key; each answer is
 * cached under its own text, so an older answer arriving late can never replace the current one;
 * a request whose text was typed over is aborted (TanStack Query aborts the signal of a query
 * nobody watches any more); and hits are listed only for the text in the box, so Enter never
 * opens a hit of an older text.
 */
export function HeaderSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const typed = normalize(text);
  const query = useDebounced(typed, 250);
  const enabled = query.length >= SEARCH_MIN_LENGTH;
  const current = query === typed;

  const results = useQuery({
    queryKey: searchKeys.results(query),
    queryFn: ({ signal }) => api.get<SearchResults>('/api/search', { q: query }, { signal }),
    enabled,
    staleTime: 10_000,
  });

  const hits = useMemo(
    () =>
      results.data
        ? searchKinds.flatMap((kind) =>
            results.data[kind].map((hit) => ({ ...hit, kind, path: searchHitPath[kind](hit.id) })),
          )
        : [],
    [results.data],
  );
  const go = (path: string) => {
    setText('');
    navigate(path);
  };

  return (
    <Combobox
      className="w-full max-w-md"
      value={text}
      onValueChange={setText}
      options={enabled && current ? hits : []}
      getKey={(hit) => `${hit.kind}-${hit.id}`}
      getLabel={(hit) => hit.title}
      getGroup={(hit) => KIND_LABELS[hit.kind]}
      renderOption={(hit) => (
        <>
          <span className="block font-medium text-slate-800">{hit.title}</span>
          <span className="block text-xs text-slate-600">{hit.subtitle}</span>
        </>
      )}
      onSelect={(hit) => go(hit.path)}
      autoSelect
      clearOnEscape
      listLabel="Search results"
      popupClassName="max-h-96"
      message={
        !typed
          ? null
          : typed.length < SEARCH_MIN_LENGTH
            ? `Type at least ${SEARCH_MIN_LENGTH} characters`
            : results.isError
              ? 'Search failed. Please try again.'
              : !current || !results.data || (results.isFetching && hits.length === 0)
                ? 'Searching...'
                : `No matches for “${query}”`
      }
      icon={
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
          aria-hidden
        />
      }
      inputProps={{
        type: 'search',
        'aria-label': 'Search companies, locations, units, jobs and invoices',
        placeholder: 'Search companies, units, jobs, invoices...',
        className:
          'h-9 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-500 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500',
      }}
    />
  );
}
