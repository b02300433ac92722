import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_LENGTH, searchKinds, type SearchKind, type SearchResults } from '../../../domain/search';
import { searchHitPath } from './search-hit-paths';
import { api } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { Combobox } from '../../ui/combobox';

const KIND_LABELS: Record<SearchKind, string> = {
  companies: 'Companies',
  locations: 'Locations',
  units: 'Units',
  jobs: 'Jobs',
  invoices: 'Invoices',
};

/** One box that finds companies, locations, units, jobs and invoices, five of each, from 2 typed characters. */
export function HeaderSearch() {
  const [text, setText] = useState('');
  const navigate = useNavigate();
  const query = useDebounced(text.trim(), 250);
  const enabled = query.length >= SEARCH_MIN_LENGTH;

  const results = useQuery({
    queryKey: ['search', query],
    queryFn: ({ signal }) => api.get<SearchResults>('/api/search', { q: query }, { signal }),
    enabled,
    staleTime: 10_000,
  });

  const hits = useMemo(
    () => (results.data ? searchKinds.flatMap((kind) => results.data[kind].map((hit) => ({ ...hit, kind, path: searchHitPath[kind](hit.id) }))) : []),
    [results.data],
  );
  const go = (path: string) => {
    setText('');
    navigate(path);
  };
  const typed = text.trim();

  return (
    <Combobox
      className="w-full max-w-md"
      value={text}
      onValueChange={setText}
      options={enabled && typed.length >= SEARCH_MIN_LENGTH ? hits : []}
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
              : !results.data || (results.isFetching && hits.length === 0)
                ? 'Searching...'
                : `No matches for “${query}”`
      }
      icon={<Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" aria-hidden />}
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
