import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_MIN_LENGTH, searchKinds, type SearchKind, type SearchResults } from '../../../domain/search';
import { searchHitPath } from './search-hit-paths';
import { api } from '../../lib/api-client';
import { useDebounced } from '../../lib/use-debounced';
import { cn } from '../../ui/cn';
import { useCombobox } from '../../ui/use-combobox';

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
  const listId = useId();
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
    setOpen(false);
    setText('');
    navigate(path);
  };
  const { open, setOpen, active, setActive, boxRef, onKeyDown } = useCombobox(hits, (hit) => go(hit.path));

  return (
    <div ref={boxRef} className="relative w-full max-w-md">
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        type="search"
        role="combobox"
        aria-expanded={open && enabled}
        aria-controls={listId}
        aria-label="Search companies, locations, units, jobs and invoices"
        placeholder="Search companies, units, jobs, invoices..."
        className="h-9 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm placeholder:text-slate-400 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {open && text.trim().length > 0 ? (
        <div id={listId} role="listbox" className="absolute z-30 mt-1 max-h-96 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg">
          {text.trim().length < SEARCH_MIN_LENGTH ? (
            <p className="px-3 py-2 text-sm text-slate-500">Type at least {SEARCH_MIN_LENGTH} characters</p>
          ) : results.isError ? (
            <p className="px-3 py-2 text-sm text-red-600">Search failed. Please try again.</p>
          ) : !results.data || results.isFetching && hits.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">Searching...</p>
          ) : hits.length === 0 ? (
            <p className="px-3 py-2 text-sm text-slate-500">No matches for “{query}”</p>
          ) : (
            searchKinds.map((kind) => {
              const group = hits.filter((h) => h.kind === kind);
              if (group.length === 0) return null;
              return (
                <div key={kind} className="py-1">
                  <p className="px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-400">{KIND_LABELS[kind]}</p>
                  {group.map((hit) => {
                    const index = hits.indexOf(hit);
                    return (
                      <button
                        key={`${kind}-${hit.id}`}
                        type="button"
                        role="option"
                        aria-selected={index === active}
                        className={cn('block w-full px-3 py-1.5 text-left text-sm', index === active ? 'bg-blue-50' : 'hover:bg-slate-50')}
                        onMouseEnter={() => setActive(index)}
                        onClick={() => go(hit.path)}
                      >
                        <span className="block font-medium text-slate-800">{hit.title}</span>
                        <span className="block text-xs text-slate-500">{hit.subtitle}</span>
                      </button>
                    );
                  })}
                </div>
              );
            })
          )}
        </div>
      ) : null}
    </div>
  );
}
